/**
 * The applicant's sign-in by emailed code, as "Your data" and the interview page show it: the address, then the
 * code sent to it. The page's machine decides which form shows (`signInStep` in machines/signInByCode.ts); this renders it.
 */
import { useState, type FormEvent, type InputHTMLAttributes } from 'react';
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

/** What each of the two forms asks for, and how its one input is typed. */
const FORMS = {
  email: {
    label: 'Email address',
    submit: 'Email me a code',
    input: { name: 'email', type: 'email', autoComplete: 'email' },
  },
  code: {
    label: 'Code',
    submit: 'Continue',
    input: { name: 'token', inputMode: 'numeric', autoComplete: 'one-time-code' },
  },
} satisfies Record<string, { label: string; submit: string; input: InputHTMLAttributes<HTMLInputElement> }>;

export function SignInByCode({ step, email, busy, idPrefix, onSendCode, onVerify }: SignInByCodeProps) {
  const [typed, setTyped] = useState({ email: '', code: '' });
  if (!step) return null;

  const form = FORMS[step];
  const id = `${idPrefix}-${step}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (step === 'email') onSendCode(typed.email);
    else onVerify(typed.code);
  };
  return (
    <form onSubmit={submit} noValidate>
      <p>
        {step === 'email'
          ? 'Enter the email address you applied with. We will email you a code to prove it is yours.'
          : `We emailed a code to ${email}. Enter it here.`}
      </p>
      <label htmlFor={id}>{form.label}</label>
      <input
        id={id}
        {...form.input}
        value={typed[step]}
        onChange={(e) => setTyped({ ...typed, [step]: e.target.value })}
      />
      <BusyButton type="submit" busy={busy}>
        {form.submit}
      </BusyButton>
    </form>
  );
}
