/**
 * Every email the platform queued for this applicant, oldest first, with what became of it. Subjects only: bodies
 * are emptied after 30 days (docs/decisions/143-cvs-of-applicants-not-accepted.md) and the address is a contact detail.
 */
import { EMAIL_STATUS_LABELS, type StaffEmail } from '../../machines/rules/staffRecord';
import type { StaffApplicationPage } from '../../machines/staffApplication.machine';
import { useStaffDates } from './StaffContext';
import { TableHead } from './TableHead';

/** "Queued (2 failed attempts)": an email waiting again after failing says so. */
const statusWords = (email: StaffEmail) =>
  email.status === 'queued' && email.attempts > 0
    ? `${EMAIL_STATUS_LABELS.queued} (${email.attempts} failed ${email.attempts === 1 ? 'attempt' : 'attempts'})`
    : EMAIL_STATUS_LABELS[email.status];

export function ApplicationEmails({ page }: { page: StaffApplicationPage }) {
  const { time } = useStaffDates();
  return (
    <section className="staff-section" aria-labelledby="emails-title">
      <h2 id="emails-title">Emails</h2>
      {page.emails.length === 0 ? (
        <p>No email sent to this applicant.</p>
      ) : (
        <table className="staff-table">
          <caption>Every email sent to this applicant, oldest first</caption>
          <TableHead columns={['Subject', 'Status', 'Queued', 'Sent']} />
          <tbody>
            {page.emails.map((email, i) => (
              <tr key={i}>
                <th scope="row">{email.subject}</th>
                <td>{statusWords(email)}</td>
                <td>
                  <time dateTime={email.at}>{time(email.at)}</time>
                </td>
                <td>{email.sentAt ? <time dateTime={email.sentAt}>{time(email.sentAt)}</time> : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
