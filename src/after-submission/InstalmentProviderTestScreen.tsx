import { useState } from 'react';
import { MESSAGES } from '../../machines/rules/messages';
import {
  OPTION_INSTALMENTS,
  checkoutOrder,
  STANDARD_FEES,
  formatMoney,
  merchantReference,
  type CheckoutOrder,
} from '../../machines/rules/payments';
import { BusyButton } from '../components/BusyButton';

export interface InstalmentProviderTestScreenProps {
  /** Opens the portal (src/after-submission/instalmentCheckout.ts `openCheckout`) with this order. */
  pay: (order: CheckoutOrder) => Promise<string>;
}

type Outcome =
  { kind: 'idle' } | { kind: 'paying' } | { kind: 'paid'; reference: string } | { kind: 'failed' };

const TEST_EMAIL = 'test@example.com';

/**
 * /test/klump-payment: the instalment button on its own, to try the provider (or its sandbox) with the instalment
 * order of the standard fee table (STANDARD_FEES). Nothing is recorded against any application here.
 */
export function InstalmentProviderTestScreen({ pay }: InstalmentProviderTestScreenProps) {
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  // The same order the confirmation page's instalment option opens, from the same table.
  const [order] = useState(() =>
    checkoutOrder(STANDARD_FEES, 'nigeria', OPTION_INSTALMENTS, TEST_EMAIL, merchantReference(Date.now()))!,
  );
  const start = async () => {
    setOutcome({ kind: 'paying' });
    try {
      await pay(order);
      setOutcome({ kind: 'paid', reference: order.merchant_reference });
    } catch {
      setOutcome({ kind: 'failed' });
    }
  };
  return (
    <section className="card" aria-labelledby="klump-title">
      <h1 id="klump-title" className="screen-title">
        Instalment payment test
      </h1>
      <p>
        Opens the instalment checkout for{' '}
        <strong className="klump-test__amount">
          {formatMoney({ amount: order.amount, currency: order.currency })}
        </strong>{' '}
        ({OPTION_INSTALMENTS}), through the payment provider, or through the sandbox when no provider is
        configured. This page records nothing against any application.
      </p>
      <BusyButton type="button" busy={outcome.kind === 'paying'} onClick={start}>
        Pay in instalments
      </BusyButton>
      <div aria-live="polite">
        {outcome.kind === 'paid' && (
          <p className="alert alert--info">Test checkout complete. Reference {outcome.reference}.</p>
        )}
        {outcome.kind === 'failed' && <p className="alert alert--error">{MESSAGES.paymentFailed}</p>}
      </div>
    </section>
  );
}
