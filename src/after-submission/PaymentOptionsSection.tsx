import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { optionOf, type paymentChoiceMachine } from '../../machines/paymentChoice.machine';
import { MESSAGES } from '../../machines/rules/messages';
import { aidedOptions } from '../../machines/rules/aidDecision';
import { Button } from '../components/Button';
import { ErrorSummary } from '../components/ErrorSummary';
import { Alert } from '../components/Notice';
import { useArrivalFocus } from '../wizard/ScreenHeading';
import { Loading } from './ConfirmationBanner';

export interface PaymentOptionsSectionProps {
  state: SnapshotFrom<typeof paymentChoiceMachine>;
  send: ActorRefFrom<typeof paymentChoiceMachine>['send'];
}

/** The payment options of the applicant's region, the one recorded marked, and the way on to paying it. */
export function PaymentOptionsSection({ state, send }: PaymentOptionsSectionProps) {
  const { region, recorded, error, country, aid, fees } = state.context;
  if (!region) return null;
  // Priced from the applicant's fee table as the server gave it (decision 244): without it, no price is shown.
  if (!fees)
    return (
      <section className="card" aria-labelledby="options-title">
        <OptionsHeading />
        <Alert>{MESSAGES.lookupFailed}</Alert>
      </section>
    );
  const recordedInfo = optionOf(state.context, recorded);
  const choosable = state.matches('choosing') || state.matches('chosen');
  return (
    <section className="card" aria-labelledby="options-title">
      <OptionsHeading />
      <p className="hint">
        {region === 'nigeria' ? 'Options for applicants in Nigeria' : 'Options for international applicants'}
        {country ? ` (based on: ${country})` : ''}.
      </p>
      <ErrorSummary message={error} errors={{}} />
      <ul className="payment-options">
        {aidedOptions(fees, region, aid).map((option, i) => {
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
                disabled={!choosable}
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
      {state.matches('checkout') && <Loading>Opening the payment portal…</Loading>}
      {state.matches('paymentFailed') && <Alert>{MESSAGES.paymentFailed}</Alert>}
    </section>
  );
}

/**
 * The section's heading, focused when it arrives: the options come only after "Proceed to payment" (the region is
 * found then), whose button goes with that press, so focus would otherwise fall to the page (docs/design.md §2a).
 */
function OptionsHeading() {
  const heading = useArrivalFocus<HTMLHeadingElement>();
  return (
    <h2 id="options-title" tabIndex={-1} ref={heading}>
      Payment options
    </h2>
  );
}
