/** The reminder the applicant asked for on their confirmation page: set or not, for when, and whether it left. */
import type { StaffApplicationPage } from '../../machines/staffApplication.machine';
import { useStaffDates } from './StaffContext';

export function ApplicationReminder({ page }: { page: StaffApplicationPage }) {
  const { time } = useStaffDates();
  const reminder = page.reminder;
  return (
    <section className="staff-section" aria-labelledby="reminder-title">
      <h2 id="reminder-title">Reminder</h2>
      {reminder ? (
        <p>
          Set for <time dateTime={reminder.at}>{time(reminder.at)}</time>
          {reminder.sentAt ? (
            <>
              ; sent <time dateTime={reminder.sentAt}>{time(reminder.sentAt)}</time>.
            </>
          ) : (
            '; not sent yet.'
          )}
        </p>
      ) : (
        <p>No reminder set.</p>
      )}
    </section>
  );
}
