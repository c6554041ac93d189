import { useLocation, useNavigate } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { paymentChoiceMachine } from '../../machines/paymentChoice.machine';
import { useApplicationActor } from '../app/ApplicationProvider';
import { Button } from '../components/Button';
import { AppDialog } from '../components/Dialog';

/**
 * Shown over the confirmation page at the end of the financial-aid flow: the aid application is in, and the
 * payment options are still there (docs/decisions/111-financial-aid-ends-on-the-payment-options.md). Closing it
 * opens the options for an accepted applicant; anyone else sees where they stand.
 */
export function AidReceivedDialog() {
  const navigate = useNavigate();
  const location = useLocation();
  const application = useApplicationActor();
  const close = () => {
    // The dialog belongs to this one arrival: a reload or Back does not show it again.
    navigate(location.pathname, { replace: true, state: null });
    const payment = application.getSnapshot().children.paymentChoice as
      ActorRefFrom<typeof paymentChoiceMachine> | undefined;
    if (payment?.getSnapshot().matches('banner')) payment.send({ type: 'PROCEED' });
  };
  return (
    <AppDialog
      open
      title="Financial aid application received"
      description="Thank you. We will review your financial aid application and write to you by email. Your payment options stay open on this page meanwhile."
      onClose={close}
      actions={<Button onClick={close}>See your payment options</Button>}
    />
  );
}
