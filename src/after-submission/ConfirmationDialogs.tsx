import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { optionOf, type paymentChoiceMachine } from '../../machines/paymentChoice.machine';
import { acceptanceDates } from '../../machines/rules/payBy';
import { formatMoney, kindOf, notReadyNote } from '../../machines/rules/payments';
import { Button } from '../components/Button';
import { AppDialog, ConfirmDialog } from '../components/Dialog';
import type { AppConfig } from '../config';
import { FinancialAidLink } from './FinancialAidCard';
import { PaymentOptionsDialog } from './PaymentOptionsDialog';

export interface ConfirmationDialogsProps {
  state: SnapshotFrom<typeof paymentChoiceMachine>;
  send: ActorRefFrom<typeof paymentChoiceMachine>['send'];
  config: AppConfig;
}

/** The payment choice's dialogs: confirm the option, its record, not ready yet, the details, and the payment made. */
export function ConfirmationDialogs({ state, send, config }: ConfirmationDialogsProps) {
  const { selected, recorded, payment, aid } = state.context;
  // The options as this applicant is offered them: after a released aid award (decision 238).
  const selectedInfo = optionOf(state.context, selected);
  const recordedInfo = optionOf(state.context, recorded);
  const close = () => send({ type: 'CLOSE' });
  return (
    <>
      <ConfirmDialog
        open={state.matches('confirming') || state.matches('recording')}
        title="Confirm your payment option"
        text={
          selectedInfo ? (
            <>
              You chose <strong>{selectedInfo.value}</strong> ({selectedInfo.price}). Do you want to proceed?
            </>
          ) : (
            'Do you want to proceed?'
          )
        }
        confirmLabel="Yes proceed"
        cancelLabel="Change selection"
        busy={state.hasTag('busy')}
        onConfirm={() => send({ type: 'CONFIRM' })}
        onCancel={() => send({ type: 'CHANGE' })}
      />

      <AppDialog
        open={state.matches('recorded')}
        title="Your choice has been recorded"
        description={recordedInfo ? `${recordedInfo.value}: ${recordedInfo.price}.` : undefined}
        onClose={() => send({ type: 'LATER' })}
        actions={
          <>
            <Button look="secondary" onClick={() => send({ type: 'LATER' })}>
              Later
            </Button>
            {recordedInfo?.payable && (
              <Button onClick={() => send({ type: 'VIEW_DETAILS' })}>View Payment Details</Button>
            )}
          </>
        }
      >
        {kindOf(recorded) === 'financialAid' && !aid && (
          <p>
            Next, tell us about your circumstances: <FinancialAidLink />.
          </p>
        )}
      </AppDialog>

      <AppDialog
        open={state.matches('notReady')}
        title="Your preference has been noted"
        description={`Thank you for letting us know. ${notReadyNote(acceptanceDates(state.context.cohort))}`}
        onClose={close}
        actions={
          <>
            <Button look="secondary" onClick={close}>
              Close
            </Button>
            <a className="button" href={config.waitlistUrl}>
              Join the waitlist
            </a>
          </>
        }
      />

      <PaymentOptionsDialog
        open={state.matches('paymentDetails')}
        config={config}
        option={recordedInfo}
        onClose={close}
        onProceed={() => send({ type: 'PORTAL' })}
      />

      <AppDialog
        open={state.matches('paid')}
        title="Payment successful"
        description={
          payment
            ? `Thank you. Your payment of ${formatMoney({ amount: payment.amount, currency: payment.currency })} has been received and your place is secured.`
            : 'Thank you. Your payment has been received and your place is secured.'
        }
        onClose={close}
        actions={<Button onClick={close}>Close</Button>}
      />
    </>
  );
}
