import { AppDialog } from '../components/Dialog';
import type { AppConfig } from '../config';
import type { PaymentOptionInfo } from '../../machines/rules/payments';

export interface PaymentOptionsModalProps {
  open: boolean;
  config: AppConfig;
  /** The recorded option, to remind the person what they are paying for. */
  option?: PaymentOptionInfo;
  onClose: () => void;
  onProceed: () => void;
}

/** The payment modal: bank transfer details, and the way to the payment portal. */
export function PaymentOptionsModal({ open, config, option, onClose, onProceed }: PaymentOptionsModalProps) {
  const { bank, accountName, accountNumber } = config.bankTransfer;
  return (
    <AppDialog
      open={open}
      title="Payment details"
      onClose={onClose}
      description={
        option ? (
          <>
            Your choice: <strong>{option.value}</strong> ({option.price}).
          </>
        ) : undefined
      }
      actions={
        <>
          <button type="button" className="button button--secondary" onClick={onClose}>
            Close
          </button>
          <button type="button" className="button" onClick={onProceed}>
            Proceed to Payment Portal
          </button>
        </>
      }
    >
      <h3 className="payment-details__heading">Pay by bank transfer</h3>
      <dl className="payment-details">
        <dt>Bank</dt>
        <dd>{bank}</dd>
        <dt>Account name</dt>
        <dd>{accountName}</dd>
        <dt>Account number</dt>
        <dd className="payment-details__number">{accountNumber}</dd>
      </dl>
      <p className="hint">
        Use your email address as the transfer reference. Questions? Write to{' '}
        <a href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a>.
      </p>
    </AppDialog>
  );
}
