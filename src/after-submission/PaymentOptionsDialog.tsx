import { AppDialog } from '../components/Dialog';
import { bankAccount, type AppConfig } from '../config';
import type { PaymentOptionInfo } from '../../machines/rules/payments';
import { Button } from '../components/Button';

export interface PaymentOptionsDialogProps {
  open: boolean;
  config: AppConfig;
  /** The recorded option, to remind the person what they are paying for and how much. */
  option?: PaymentOptionInfo;
  onClose: () => void;
  onProceed: () => void;
}

/** Said instead of an account number when the server has none configured: never a made-up number. */
export const BANK_NOT_SET_UP =
  'Bank transfer details are not set up on this test site, so no account number is shown.';

/**
 * The payment modal: bank transfer details (from the server's configuration), and the way to the payment portal
 * where the option can be paid there. Only options that charge money open it.
 */
export function PaymentOptionsDialog({
  open,
  config,
  option,
  onClose,
  onProceed,
}: PaymentOptionsDialogProps) {
  const account = bankAccount(config);
  return (
    <AppDialog
      open={open}
      title="Payment details"
      onClose={onClose}
      description={
        option ? (
          <>
            Your choice: <strong>{option.value}</strong>. Amount to pay:{' '}
            <strong className="payment-details__amount">{option.price}</strong>.
          </>
        ) : undefined
      }
      actions={
        <>
          <Button look="secondary" onClick={onClose}>
            Close
          </Button>
          {option?.portal && <Button onClick={onProceed}>Proceed to Payment Portal</Button>}
        </>
      }
    >
      <h3 className="payment-details__heading">Pay by bank transfer</h3>
      {account ? (
        <>
          <dl className="payment-details">
            <dt>Bank</dt>
            <dd>{account.bank}</dd>
            <dt>Account name</dt>
            <dd>{account.accountName}</dd>
            <dt>Account number</dt>
            <dd className="payment-details__number">{account.accountNumber}</dd>
          </dl>
          <p className="hint">
            Transfer exactly {option?.price ?? 'the amount of your option'} and use your email address as the
            transfer reference; we confirm your place once the transfer arrives. Questions? Write to{' '}
            <a href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a>.
          </p>
        </>
      ) : (
        <p className="alert alert--info payment-details__unset">
          {BANK_NOT_SET_UP} {option?.portal ? 'Use the payment portal, or write to ' : 'Write to '}
          <a href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a> to arrange your payment.
        </p>
      )}
    </AppDialog>
  );
}
