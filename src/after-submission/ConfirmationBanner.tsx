import type { Ref } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { paymentChoiceMachine } from '../../machines/paymentChoice.machine';
import { acceptanceDates, acceptanceSentence } from '../../machines/rules/payBy';
import { formatMoney } from '../../machines/rules/payments';
import { standingMessage } from '../../machines/rules/standing';
import { Button } from '../components/Button';

export interface ConfirmationBannerProps {
  state: SnapshotFrom<typeof paymentChoiceMachine>;
  send: ActorRefFrom<typeof paymentChoiceMachine>['send'];
  heading: Ref<HTMLHeadingElement>;
}

/** The acceptance banner: the place offered (or the payment received), and the way on to the payment options. */
export function ConfirmationBanner({ state, send, heading }: ConfirmationBannerProps) {
  const { payment } = state.context;
  const settled = state.matches('settled') && payment;
  // The same words as the acceptance email (machines/rules/payBy.ts); the general line until the server answers.
  const dates = acceptanceDates(state.context.cohort);
  return (
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
      {state.matches('loading') && <Loading>Checking your payment…</Loading>}
      {state.matches('banner') && (
        <Button onClick={() => send({ type: 'PROCEED' })}>Proceed to payment</Button>
      )}
      {state.matches('locating') && <Loading>Finding the payment options for your country…</Loading>}
    </section>
  );
}

/** A wait the machine is in, announced. */
export function Loading({ children }: { children: string }) {
  return (
    <p className="loading" role="status">
      <span className="spinner" aria-hidden="true" /> {children}
    </p>
  );
}
