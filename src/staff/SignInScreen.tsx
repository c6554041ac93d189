import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { staffSessionMachine } from '../../machines/staffSession.machine';
import { SiteHeader } from '../components/SiteHeader';
import { BusyButton } from '../components/BusyButton';
import { CodeField } from '../components/CodeInput';
import { ErrorSummary } from '../components/ErrorSummary';
import { TextField, useFieldState } from '../components/Fields';
import { PageTitle } from './PageTitle';
import { Notice } from '../components/Notice';
import { Form } from '../components/Form';
import { Button } from '../components/Button';

type SessionRef = ActorRefFrom<typeof staffSessionMachine>;

/** Sign in to the staff area: an email, then the 6-digit code sent to it. */
export function SignInScreen({ session }: { session: SessionRef }) {
  const codeStep = useSelector(session, (s) => s.hasTag('codeStep'));
  const busy = useSelector(session, (s) => s.hasTag('busy'));
  const { email, errors, message, notice } = useSelector(session, (s) => s.context);
  const typed = useFieldState('email', errors, email);
  const [code, setCode] = useState('');

  return (
    <>
      <SiteHeader home="/staff" name="Bootcamp staff" />
      <main className="shell" id="main">
        <PageTitle title={codeStep ? 'Enter your code' : 'Staff sign in'} />
        <Notice>{notice}</Notice>
        <ErrorSummary message={message} errors={errors} />
        {codeStep ? (
          <Form onSubmit={() => session.send({ type: 'VERIFY', code })}>
            <p className="lede">
              We sent a code to <strong>{email}</strong> if it belongs to the programme team.
            </p>
            <CodeField label="6-digit code" name="token" value={code} onChange={setCode} errors={errors} />
            <div className="actions">
              <BusyButton type="submit" busy={busy}>
                Sign in
              </BusyButton>
              <Button look="link" onClick={() => session.send({ type: 'CHANGE_EMAIL' })} disabled={busy}>
                Use another email
              </Button>
            </div>
          </Form>
        ) : (
          <Form onSubmit={() => session.send({ type: 'SEND_CODE', email: typed.value })}>
            <p className="lede">For the programme team. We will email you a 6-digit code.</p>
            <TextField {...typed} label="Work email address" type="email" autoComplete="email" />
            <div className="actions">
              <BusyButton type="submit" busy={busy}>
                Send me a code
              </BusyButton>
            </div>
          </Form>
        )}
      </main>
    </>
  );
}
