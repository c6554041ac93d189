/**
 * The applicant's sign-in by emailed code, as "Your data" and the interview page show it: the address, then the
 * code sent to it, in the wizard's own fields (TextField, CodeField) and buttons. The page's machine decides which
 * form shows (`signInStep` in machines/signInByCode.ts); this renders it. The code's form replaces the address's, so
 * its heading takes the focus (useArrivalFocus), as a new screen's does.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { BusyButton } from './BusyButton';
import { CodeField } from './CodeInput';
import { TextField } from './Fields';
import { ArrivingHeading } from '../wizard/ScreenHeading';

export interface SignInByCodeProps {
  /** Which form the machine is on: the address, the code, or neither (signed in, or loading). */
  step: 'email' | 'code' | null;
  /** The address the code went to. */
  email: string;
  busy: boolean;
  onSendCode: (email: string) => void;
  onVerify: (code: string) => void;
}

const NO_ERRORS = {};

export function SignInByCode({ step, email, busy, onSendCode, onVerify }: SignInByCodeProps) {
  const [typed, setTyped] = useState({ email: '', code: '' });
  if (!step) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (step === 'email') onSendCode(typed.email);
    else onVerify(typed.code);
  };
  return (
    <form onSubmit={submit} noValidate>
      {step === 'email' ? (
        <>
          <p>Enter the email address you applied with. We will email you a code to prove it is yours.</p>
          <TextField
            name="email"
            label="Email address"
            type="email"
            autoComplete="email"
            inputMode="email"
            errors={NO_ERRORS}
            value={typed.email}
            onChange={(value) => setTyped({ ...typed, email: value })}
          />
        </>
      ) : (
        <CodeStep email={email}>
          <CodeField
            label="Code"
            name="token"
            errors={NO_ERRORS}
            value={typed.code}
            onChange={(code) => setTyped({ ...typed, code })}
          />
        </CodeStep>
      )}
      <div className="actions">
        <BusyButton type="submit" busy={busy}>
          {step === 'email' ? 'Email me a code' : 'Continue'}
        </BusyButton>
      </div>
    </form>
  );
}

/** The code's step: its heading arrives in the address form's place and takes the focus. */
function CodeStep({ email, children }: { email: string; children: ReactNode }) {
  return (
    <>
      <ArrivingHeading>Enter the code we emailed you</ArrivingHeading>
      <p>We emailed a code to {email}. Enter it here.</p>
      {children}
    </>
  );
}
