/**
 * The frame of a page the applicant reaches by emailed code ("Your data", the interview page): its heading, the
 * machine's failure and notice, a wait, the sign-in forms while they show, then the page's own content.
 */
import type { ReactNode } from 'react';
import type { SignInEvent } from '../../machines/signInByCode';
import { SignInByCode } from './SignInByCode';

export interface CodeSignInPageProps {
  title: string;
  /** Said under the heading, before anything else. */
  intro?: ReactNode;
  error: string;
  notice?: string;
  loading: boolean;
  signIn: {
    step: 'email' | 'code' | null;
    email: string;
    busy: boolean;
    /** Prefix of the inputs' ids, unique on the page. */
    idPrefix: string;
    send: (event: SignInEvent) => void;
  };
  children?: ReactNode;
}

export function CodeSignInPage({
  title,
  intro,
  error,
  notice,
  loading,
  signIn,
  children,
}: CodeSignInPageProps) {
  const { send, ...form } = signIn;
  return (
    <main className="shell" id="main">
      <h1>{title}</h1>
      {intro}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {notice && <p role="status">{notice}</p>}
      {loading && (
        <p className="loading" role="status">
          Loading…
        </p>
      )}
      <SignInByCode
        {...form}
        onSendCode={(typed) => send({ type: 'SEND_CODE', email: typed })}
        onVerify={(code) => send({ type: 'VERIFY', code })}
      />
      {children}
    </main>
  );
}
