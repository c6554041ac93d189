/** An application's timeline in sentences ("Accepted by ada@example.com, email sent 14:05"), oldest first. */
import { timelineSentence } from '../../machines/rules/staffRecord';
import type { StaffApplicationPage } from '../../machines/staffApplication.machine';
import { useStaffDates } from './StaffContext';

export function ApplicationTimeline({ page }: { page: StaffApplicationPage }) {
  const { time, locale } = useStaffDates();
  return (
    <section className="staff-section" aria-labelledby="timeline-title">
      <h2 id="timeline-title">Timeline</h2>
      <ol className="staff-timeline">
        {page.timeline.map((entry, i) => (
          <li key={i}>
            <time dateTime={entry.at}>{time(entry.at)}</time>: {timelineSentence(entry, locale)}
          </li>
        ))}
      </ol>
    </section>
  );
}
