/**
 * The frame of a page the applicant reaches by emailed code ("Your data", the interview page): the site's header,
 * the page's heading (focused on arrival, as every screen's), the machine's failure and notice, a wait, the sign-in
 * forms while they show, then the page's own content, in the wizard's card.
 */
import type { ReactNode } from 'react';
import type { SignInEvent } from '../../machines/signInByCode';
import { ScreenHeading } from '../wizard/ScreenHeading';
import { Alert } from './Notice';
import { SignInByCode } from './SignInByCode';
import { SiteHeader } from './SiteHeader';

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
    <>
      <SiteHeader />
      <main className="shell" id="main">
        <div className="card">
          {/* A new title is a new heading, focused as it arrives (Your data's once the data is erased). */}
          <ScreenHeading key={title}>{title}</ScreenHeading>
          {intro}
          <Alert>{error}</Alert>
          {notice && (
            <p className="notice" role="status">
              {notice}
            </p>
          )}
          {loading && (
            <p className="loading" role="status">
              <span className="spinner" aria-hidden="true" />
              Loading…
            </p>
          )}
          <SignInByCode
            {...form}
            onSendCode={(typed) => send({ type: 'SEND_CODE', email: typed })}
            onVerify={(code) => send({ type: 'VERIFY', code })}
          />
          {children}
        </div>
      </main>
    </>
  );
}
