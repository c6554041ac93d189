import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { otpTimerMachine } from '../../machines/otpTimer.machine';
import { countdownAnnouncement, formatCountdown } from '../../machines/rules';
import { useApplication, useErrors, useForm, useSend } from '../app/ApplicationProvider';
import { CodeField } from '../components/CodeInput';
import { BusyButton } from '../components/BusyButton';
import { ErrorSummary } from '../components/ErrorSummary';
import { ScreenHeading } from './ScreenHeading';
import { Notice } from '../components/Notice';
import { Form } from '../components/Form';
import { Button } from '../components/Button';

type TimerRef = ActorRefFrom<typeof otpTimerMachine>;

export function VerifyEmailScreen() {
  const send = useSend();
  const form = useForm();
  const { errors, message } = useErrors();
  const token = useApplication((s) => s.context.token);
  const notice = useApplication((s) => s.context.notice);
  const canResend = useApplication((s) => s.context.canResend);
  const verifying = useApplication((s) => s.matches({ verifyEmail: 'verifying' }));
  const sending = useApplication(
    (s) => s.matches({ verifyEmail: 'sendingCode' }) || s.matches({ verifyEmail: 'resending' }),
  );
  const timer = useApplication((s) => s.children.otpTimer as TimerRef | undefined);

  return (
    <Form onSubmit={() => send({ type: 'SAVE' })}>
      <ScreenHeading>Verify your email address</ScreenHeading>
      <p className="lede">
        We sent a 6-digit code to <strong>{form.email}</strong>. It is valid for 10 minutes. Check your spam
        folder if you cannot see it.
      </p>
      <Notice>{notice}</Notice>
      <ErrorSummary message={message} errors={errors} />
      <CodeField
        label="Enter the code"
        value={token}
        onChange={(value) => send({ type: 'CODE.CHANGE', value })}
        errors={errors}
      />
      <div className="actions">
        <BusyButton type="submit" busy={verifying}>
          Verify email
        </BusyButton>
        <Button look="secondary" disabled={!canResend || sending} onClick={() => send({ type: 'RESEND' })}>
          Resend OTP
        </Button>
      </div>
      {timer && !canResend && <ResendCountdown timer={timer} />}
      <div className="change-email">
        <h2>Wrong email address?</h2>
        <p>
          Your application is saved under <strong>{form.email}</strong>, and a saved address cannot be edited:
          the code is how we know the inbox is yours. If the address is wrong, start again with the right one.
        </p>
        <button type="button" className="button--link" onClick={() => send({ type: 'EMAIL.CHANGE' })}>
          Use a different email address
        </button>
      </div>
    </Form>
  );
}

/** The visible countdown changes every second; what screen readers hear changes only now and then. */
function ResendCountdown({ timer }: { timer: TimerRef }) {
  const remaining = useSelector(timer, (s) => s.context.remaining);
  if (!Number.isFinite(remaining)) return null;
  return (
    <>
      <p className="hint" aria-hidden="true">
        You can ask for a new code in {formatCountdown(remaining)}.
      </p>
      <p className="visually-hidden" role="status" aria-live="polite">
        {countdownAnnouncement(remaining)}
      </p>
    </>
  );
}
