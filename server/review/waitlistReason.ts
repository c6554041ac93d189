/** Why an application is on the waitlist, read when its email is written (docs/decisions/012-emails.md). */
import { sql } from 'kysely';
import { waitlistReason, type WaitlistReason } from '../../machines/rules/waitlistReason';
import { seatsTaken } from '../db/cohorts';
import type { Queryable } from '../db/index';
import { applicationCohort, first, qb } from '../db/query';

/** The reason the product has for the application's waitlisting: its cohort's seats as they stand now. */
export async function waitlistReasonOf(db: Queryable, applicationId: number): Promise<WaitlistReason> {
  const row = await first(
    db,
    qb
      .selectFrom('applications as a')
      .leftJoin('cohorts as c', (join) => join.onRef('c.id', '=', applicationCohort()))
      .select(['a.waitlisted', sql<number | null>`c.id`.as('cohort_id'), 'c.seats'])
      .where('a.id', '=', applicationId),
  );
  const seats =
    row?.cohort_id != null && row.seats != null
      ? { seats: row.seats, taken: await seatsTaken(db, row.cohort_id) }
      : null;
  return waitlistReason({ seats, placedAtSubmission: row?.waitlisted ?? false });
}
