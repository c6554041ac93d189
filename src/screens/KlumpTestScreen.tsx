import { useState } from 'react';
import type { CheckoutOutput } from '../../machines/paymentChoice.machine';
import { MESSAGES } from '../../machines/rules/messages';
import { INSTALMENT_AMOUNT, formatMoney } from '../../machines/rules/payments';
import { BusyButton } from '../components/BusyButton';

export interface KlumpTestScreenProps {
  /** The instalment checkout (the adapter of src/payment/instalmentCheckout.ts), bound to a test email. */
  pay: () => Promise<CheckoutOutput>;
}

type Outcome =
  { kind: 'idle' } | { kind: 'paying' } | { kind: 'paid'; reference: string } | { kind: 'failed' };

/** /test/klump-payment: the instalment button on its own, to try the provider (or its sandbox). */
export function KlumpTestScreen({ pay }: KlumpTestScreenProps) {
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const start = async () => {
    setOutcome({ kind: 'paying' });
    try {
      const { reference } = await pay();
      setOutcome({ kind: 'paid', reference });
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
        Pays {formatMoney({ amount: INSTALMENT_AMOUNT, currency: 'NGN' })} in instalments through the payment
        provider, or through the sandbox when no provider is configured.
      </p>
      <BusyButton type="button" busy={outcome.kind === 'paying'} onClick={start}>
        Pay in instalments
      </BusyButton>
      <div aria-live="polite">
        {outcome.kind === 'paid' && (
          <p className="alert alert--info">Payment complete. Reference {outcome.reference}.</p>
        )}
        {outcome.kind === 'failed' && <p className="alert alert--error">{MESSAGES.paymentFailed}</p>}
      </div>
    </section>
  );
}
