/**
 * The applicant's payment at a glance: the option they chose, what it charges (the price table, for their
 * country), and the payment that counts (a paid one, else the latest issued) with its references and status.
 */
import { formatMoney } from '../../machines/rules/payments';
import { PAYMENT_LABELS } from '../../machines/rules/staff/queue';
import { amountDue } from '../../machines/rules/staffRecord';
import type { StaffApplicationPage } from '../../machines/staffApplication.machine';
import { transferOffered } from '../../machines/recordTransfer.machine';
import { RecordTransfer } from './RecordTransfer';
import { useStaffDates } from './StaffContext';

export function ApplicationPayment({
  page,
  onRecorded,
}: {
  page: StaffApplicationPage;
  /** A transfer recorded here: the page loads again, saying so. */
  onRecorded: (notice: string) => void;
}) {
  const { time } = useStaffDates();
  const { payment_option: option, country, payment, aid, fees } = page.answers;
  const due = option ? amountDue(fees, option, country, aid) : null;
  const issued = payment ? page.payments.find((p) => p.reference === payment.reference) : undefined;
  const rows: [string, string][] = [
    ['Option chosen', option || 'Not chosen yet'],
    ['Amount', due ? formatMoney(due) : option ? 'Nothing to pay now' : '—'],
    ['Reference', payment?.reference ?? '—'],
    ['Bank or provider reference', issued?.provider_reference || '—'],
    ['Status', payment ? PAYMENT_LABELS[payment.status] : 'No payment recorded'],
    ['Paid at', payment?.paid_at ? time(payment.paid_at) : '—'],
  ];
  return (
    <section className="staff-section" aria-labelledby="payment-choice-title">
      <h2 id="payment-choice-title">Payment choice</h2>
      <dl className="staff-answers">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {due && transferOffered(page) && (
        <RecordTransfer id={page.id} amount={formatMoney(due)} onRecorded={onRecorded} />
      )}
    </section>
  );
}
