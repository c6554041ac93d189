import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { paymentChoiceMachine } from '../../machines/paymentChoice.machine';
import type { reminderMachine } from '../../machines/reminder.machine';
import { MESSAGES } from '../../machines/rules/messages';
import { standingMessage } from '../../machines/rules/standing';
import { acceptanceDates, acceptanceSentence } from '../../machines/rules/payBy';
import {
  FINANCIAL_AID_MAX_DISCOUNT,
  PAYMENT_OPTIONS,
  findOption,
  formatMoney,
  kindOf,
} from '../../machines/rules/payments';
import { AppDialog, ConfirmDialog } from '../components/Dialog';
import { ErrorSummary } from '../components/ErrorSummary';
import { ReminderScheduler } from '../components/ReminderScheduler';
import type { AppConfig } from '../config';
import { PaymentOptionsDialog } from './PaymentOptionsDialog';
import { Alert } from '../components/Notice';
import { Button } from '../components/Button';
import { useArrivalFocus } from '../wizard/ScreenHeading';

export interface ConfirmationScreenProps {
  actor: ActorRefFrom<typeof paymentChoiceMachine>;
  reminder: ActorRefFrom<typeof reminderMachine>;
  config: AppConfig;
}

export const FINANCIAL_AID_URL = '/financial-aid-application';

/** /apply/confirmation: the acceptance banner, the payment options and their dialogs, and the reminder. */
export function ConfirmationScreen({ actor, reminder, config }: ConfirmationScreenProps) {
  const heading = useArrivalFocus<HTMLHeadingElement>();
  const state = useSelector(actor, (s) => s);
  const { region, selected, recorded, error, country, payment } = state.context;
  const send = actor.send;
  const options = region ? PAYMENT_OPTIONS[region] : [];
  const selectedInfo = region ? findOption(region, selected) : undefined;
  const recordedInfo = region ? findOption(region, recorded) : undefined;
  const settled = state.matches('settled') && payment;
  // The same words as the acceptance email (machines/rules/payBy.ts); the general line until the server answers.
  const dates = acceptanceDates(state.context.cohort);

  return (
    <div className="confirmation">
      <section className="card banner" aria-labelledby="banner-title">
        <h1 id="banner-title" className="screen-title" tabIndex={-1} ref={heading}>
          {standingMessage('accepted', '')}
        </h1>
        {settled ? (
          <p className="lede payment-receipt" role="status">
            Your payment of{' '}
            <strong className="payment-receipt__amount">
              {formatMoney({ amount: payment.amount, currency: payment.currency })}
            </strong>{' '}
            has been received ({payment.option}, reference {payment.reference}). Your place is secured.
          </p>
        ) : dates ? (
          <p className="lede acceptance-dates">
            You have a place in {dates.cohort} of The Employment Bootcamp. {acceptanceSentence(dates)} Choose
            how you will pay below.
          </p>
        ) : (
          <p className="lede">
            You have a place in the next cohort of The Employment Bootcamp. Secure it by choosing how you will
            pay the commitment fee.
          </p>
        )}
        {state.matches('loading') && (
          <p className="loading" role="status">
            <span className="spinner" aria-hidden="true" /> Checking your payment…
          </p>
        )}
        {state.matches('banner') && (
          <Button onClick={() => send({ type: 'PROCEED' })}>Proceed to payment</Button>
        )}
        {state.matches('locating') && (
          <p className="loading" role="status">
            <span className="spinner" aria-hidden="true" /> Finding the payment options for your country…
          </p>
        )}
      </section>

      {region && !settled && (
        <section className="card" aria-labelledby="options-title">
          <h2 id="options-title">Payment options</h2>
          <p className="hint">
            {region === 'nigeria'
              ? 'Options for applicants in Nigeria'
              : 'Options for international applicants'}
            {country ? ` (based on: ${country})` : ''}.
          </p>
          <ErrorSummary message={error} errors={{}} />
          <ul className="payment-options">
            {options.map((option, i) => {
              const isChoice = recorded === option.value;
              return (
                <li
                  key={option.value}
                  className={isChoice ? 'payment-option payment-option--chosen' : 'payment-option'}
                >
                  <h3 id={`payment-option-${i}`}>{option.value}</h3>
                  <p className="payment-option__price">{option.price}</p>
                  <p>{option.description}</p>
                  {isChoice && <p className="payment-option__badge">Your choice</p>}
                  <Button
                    look="secondary"
                    aria-describedby={`payment-option-${i}`}
                    disabled={!(state.matches('choosing') || state.matches('chosen'))}
                    onClick={() => send({ type: 'SELECT', option: option.value })}
                  >
                    Choose <span className="visually-hidden">{option.value}</span>
                  </Button>
                </li>
              );
            })}
          </ul>
          {recordedInfo?.payable && state.matches('chosen') && (
            <Button onClick={() => send({ type: 'VIEW_DETAILS' })}>View Payment Details</Button>
          )}
          {state.matches('checkout') && (
            <p className="loading" role="status">
              <span className="spinner" aria-hidden="true" /> Opening the payment portal…
            </p>
          )}
          {state.matches('paymentFailed') && <Alert>{MESSAGES.paymentFailed}</Alert>}
        </section>
      )}

      {/* Once the fee is paid, neither financial aid nor a reminder to pay has anything left to do. */}
      {!settled && (
        <section className="card" aria-labelledby="aid-title">
          <h2 id="aid-title">Need help with the fee?</h2>
          <p>
            Financial aid of up to {FINANCIAL_AID_MAX_DISCOUNT * 100}% off the fee is available to a limited
            number of applicants; it is not guaranteed.
          </p>
          <a
            className="button button--secondary"
            href={FINANCIAL_AID_URL}
            target="_blank"
            rel="noopener noreferrer"
          >
            Apply for Financial Aid <span className="visually-hidden">(opens in a new tab)</span>
          </a>
        </section>
      )}

      {!settled && <ReminderScheduler actor={reminder} />}

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
        {kindOf(recorded) === 'financialAid' && (
          <p>
            Next, tell us about your circumstances:{' '}
            <a href={FINANCIAL_AID_URL} target="_blank" rel="noopener noreferrer">
              Apply for Financial Aid <span className="visually-hidden">(opens in a new tab)</span>
            </a>
            .
          </p>
        )}
      </AppDialog>

      <AppDialog
        open={state.matches('notReady')}
        title="Your preference has been noted"
        description="Thank you for letting us know. Join the waitlist and we will tell you when the next cohort opens."
        onClose={() => send({ type: 'CLOSE' })}
        actions={
          <>
            <Button look="secondary" onClick={() => send({ type: 'CLOSE' })}>
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
        onClose={() => send({ type: 'CLOSE' })}
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
        onClose={() => send({ type: 'CLOSE' })}
        actions={<Button onClick={() => send({ type: 'CLOSE' })}>Close</Button>}
      />
    </div>
  );
}
