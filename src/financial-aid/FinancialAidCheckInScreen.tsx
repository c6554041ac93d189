import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { financialAidMachine } from '../../machines/financialAid.machine';
import { BusyButton } from '../components/BusyButton';
import { CodeInput } from '../components/CodeInput';
import { FieldError, describedBy, fieldId } from '../components/ErrorSummary';
import { Notice } from '../components/Notice';
import { AidCard } from './AidCard';
import { Button } from '../components/Button';

export interface FinancialAidCheckInScreenProps {
  actor: ActorRefFrom<typeof financialAidMachine>;
}

/** /financial-aid-application: the email, then (for a browser that has not proved it) the emailed code. */
export function FinancialAidCheckInScreen({ actor }: FinancialAidCheckInScreenProps) {
  const state = useSelector(actor, (s) => s);
  const { email, code, errors, info } = state.context;
  const codeStep = state.matches('code') || state.matches('verifying') || state.matches('sendingCode');

  if (codeStep) {
    return (
      <AidCard actor={actor} id="aid-code-title" title="Check your email">
        <Notice>{info}</Notice>
        <p className="hint" id="aid-code-hint">
          We sent a 6-digit code to <strong>{email}</strong>. Enter it to continue to your financial aid form.
        </p>
        <div className="field">
          <label htmlFor={fieldId('token')}>Code</label>
          <CodeInput
            id={fieldId('token')}
            value={code}
            autoFocus
            onChange={(value) => actor.send({ type: 'EDIT', values: { code: value } })}
            {...describedBy('token', errors, 'aid-code-hint')}
          />
          <FieldError name="token" errors={errors} />
        </div>
        <div className="actions">
          <Button look="secondary" onClick={() => actor.send({ type: 'BACK' })}>
            Use a different email
          </Button>
          <Button
            look="link"
            disabled={state.matches('sendingCode')}
            onClick={() => actor.send({ type: 'RESEND' })}
          >
            Resend code
          </Button>
          <BusyButton type="submit" busy={state.hasTag('busy')}>
            Verify
          </BusyButton>
        </div>
      </AidCard>
    );
  }

  return (
    <AidCard actor={actor} id="aid-check-in-title" title="Check-In">
      <p className="hint" id="aid-email-hint">
        Enter the email address you applied to the bootcamp with.
      </p>
      <div className="field">
        <label htmlFor={fieldId('email')}>Email address</label>
        <input
          id={fieldId('email')}
          name="email"
          className="input"
          type="email"
          autoComplete="email"
          spellCheck={false}
          value={email}
          onChange={(event) => actor.send({ type: 'EDIT', values: { email: event.target.value } })}
          {...describedBy('email', errors, 'aid-email-hint')}
        />
        <FieldError name="email" errors={errors} />
      </div>
      <BusyButton type="submit" busy={state.hasTag('busy')}>
        Proceed
      </BusyButton>
    </AidCard>
  );
}
