/**
 * The interview the applicant booked (docs/decisions/175-the-interview-stage.md): when, in UTC (decision 176), and
 * with whom. Shown only where the cohort has interviews on or a booking exists.
 */
import type { StaffApplicationPage } from '../../machines/staffApplication.machine';

export function ApplicationInterview({ page }: { page: StaffApplicationPage }) {
  const interview = page.interview ?? null;
  if (!interview && !page.review?.interviews) return null;
  return (
    <section className="staff-section" aria-labelledby="interview-title">
      <h2 id="interview-title">Interview</h2>
      {interview ? (
        <p>
          <time dateTime={interview.start}>{interview.words}</time>, with {interview.offeredBy}.
        </p>
      ) : (
        <p>No interview booked.</p>
      )}
    </section>
  );
}
