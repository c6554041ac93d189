import { formatMoney } from '../../machines/rules/payments';
import { PAYMENT_LABELS } from '../../machines/rules/staff/queue';
import type { StaffApplicationPage } from '../../machines/staffApplication.machine';
import { Alert } from '../components/Notice';
import { useStaffDates } from './StaffContext';
import { TableHead } from './TableHead';

/** Every payment issued: the one paid, and any paid again (a duplicate for the team to refund). */
export function PaymentsIssued({ page }: { page: StaffApplicationPage }) {
  const refunds = page.payments.filter((p) => p.status === 'duplicate');
  const { time: when } = useStaffDates();
  return (
    <section className="staff-section" aria-labelledby="payments-title">
      <h2 id="payments-title">Payments</h2>
      {refunds.length > 0 && (
        <Alert>
          {refunds.length === 1
            ? 'This applicant paid twice: refund the duplicate payment below.'
            : `This applicant paid ${refunds.length + 1} times: refund the duplicate payments below.`}
        </Alert>
      )}
      {page.payments.length === 0 ? (
        <p>No payment issued.</p>
      ) : (
        <table className="staff-table">
          <caption>Payments issued for this application, oldest first</caption>
          <TableHead columns={['Reference', 'Option', 'Amount', 'Status', 'Paid at', 'Provider reference']} />
          <tbody>
            {page.payments.map((p) => (
              <tr key={p.reference}>
                <th scope="row">{p.reference}</th>
                <td>{p.option}</td>
                <td>{formatMoney({ amount: p.amount, currency: p.currency })}</td>
                <td>{PAYMENT_LABELS[p.status]}</td>
                <td>{p.paid_at ? when(p.paid_at) : '—'}</td>
                <td>{p.provider_reference || '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
