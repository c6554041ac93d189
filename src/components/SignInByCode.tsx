/**
 * The applicant's sign-in by emailed code, as "Your data" and the interview page show it: the address, then the
 * code sent to it. The page's machine decides which form shows (`signInStep` in machines/signInByCode.ts); this renders it.
 */
import { useState, type FormEvent } from 'react';
import { BusyButton } from './BusyButton';

export interface SignInByCodeProps {
  /** Which form the machine is on: the address, the code, or neither (signed in, or loading). */
  step: 'email' | 'code' | null;
  /** The address the code went to. */
  email: string;
  busy: boolean;
  /** Prefix of the inputs' ids, unique on the page. */
  idPrefix: string;
  onSendCode: (email: string) => void;
  onVerify: (code: string) => void;
}

export function SignInByCode({ step, email, busy, idPrefix, onSendCode, onVerify }: SignInByCodeProps) {
  const [typedEmail, setTypedEmail] = useState('');
  const [code, setCode] = useState('');

  const submitEmail = (event: FormEvent) => {
    event.preventDefault();
    onSendCode(typedEmail);
  };
  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    onVerify(code);
  };

  if (step === 'email')
    return (
      <form onSubmit={submitEmail} noValidate>
        <p>Enter the email address you applied with. We will email you a code to prove it is yours.</p>
        <label htmlFor={`${idPrefix}-email`}>Email address</label>
        <input
          id={`${idPrefix}-email`}
          name="email"
          type="email"
          autoComplete="email"
          value={typedEmail}
          onChange={(e) => setTypedEmail(e.target.value)}
        />
        <BusyButton type="submit" busy={busy}>
          Email me a code
        </BusyButton>
      </form>
    );
  if (step === 'code')
    return (
      <form onSubmit={submitCode} noValidate>
        <p>We emailed a code to {email}. Enter it here.</p>
        <label htmlFor={`${idPrefix}-code`}>Code</label>
        <input
          id={`${idPrefix}-code`}
          name="token"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        <BusyButton type="submit" busy={busy}>
          Continue
        </BusyButton>
      </form>
    );
  return null;
}
