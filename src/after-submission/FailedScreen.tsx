import type { MouseEvent } from 'react';
import { MESSAGES } from '../../machines/rules/messages';
import { Alert } from '../components/Notice';
import { useArrivalFocus } from '../wizard/ScreenHeading';

export interface FailedScreenProps {
  /** Where the way back leads (the payment options). */
  backHref?: string;
  /** In the app, the router's navigation; without it the link is an ordinary link. */
  onBack?: () => void;
}

/** /failed: a payment that did not go through, and the way back to try again. */
export function FailedScreen({ backHref = '/apply/confirmation', onBack }: FailedScreenProps) {
  const heading = useArrivalFocus<HTMLHeadingElement>();
  return (
    <section className="card failed" aria-labelledby="failed-title">
      <h1 id="failed-title" className="screen-title" tabIndex={-1} ref={heading}>
        Payment failed
      </h1>
      <Alert>{MESSAGES.paymentFailed}</Alert>
      <p>No money has been taken for this attempt. You can choose a payment option again.</p>
      <a
        className="button"
        href={backHref}
        onClick={(event: MouseEvent<HTMLAnchorElement>) => {
          if (!onBack) return;
          event.preventDefault();
          onBack();
        }}
      >
        Back to payment options
      </a>
    </section>
  );
}
