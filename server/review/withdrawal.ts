/**
 * The applicant withdraws their own submitted application (docs/decisions/250-an-applicant-withdraws-their-application.md):
 * the review chart's WITHDRAW, sent as the applicant's (no team member), under the row lock every review event takes.
 * A seat the application held is free again because a withdrawn status is no seat status (machines/rules/seats.ts);
 * the confirmation email goes through the outbox in the same transaction, so it leaves once, with the change.
 */
import {
  nextReviewStatus,
  reviewMeta,
  SEAT_STATUSES,
  type ReviewStatus,
} from '../../machines/review.machine';
import { WITHDRAWAL_MESSAGES as W } from '../../machines/rules/withdrawal';
import { sql } from 'kysely';
import type { Queryable } from '../db/index';
import { applicationCohort, first, qb } from '../db/query';
import { fieldFail } from '../http';
import type { Mailer } from '../mail/index';
import { SERVER_MESSAGES } from '../messages';
import { withdrawnEmail } from './emails';
import { lockReviewPosition, writeReviewChanges } from './events';

export interface Withdrawal {
  /** False when the application was withdrawn already (by this applicant before, or by staff): nothing changed. */
  changed: boolean;
  from: ReviewStatus;
}

/** The address of application `applicationId` (the idempotency key's owner), or undefined when there is none. */
export async function applicationEmail(db: Queryable, applicationId: number): Promise<string | undefined> {
  const row = await first(db, qb.selectFrom('applications').select('email').where('id', '=', applicationId));
  return row?.email;
}

/** Why the chart refuses the applicant's WITHDRAW, in the catalogue's words. */
function refusal(status: ReviewStatus, held: boolean): string {
  if (held) return W.notNow;
  if (status === 'paid') return W.paid;
  if (reviewMeta(status).standing === 'not_successful') return W.decided;
  return W.notNow;
}

/**
 * Withdraws application `applicationId` inside `tx`: 403 when it is not submitted, 409 when the chart does not let
 * the applicant withdraw from where it stands (a decision still held, a paid fee, a rejection), and no change at all
 * when it is withdrawn already.
 */
export async function withdrawApplication(
  tx: Queryable,
  deps: { mailer: Mailer; publicUrl: string },
  applicationId: number,
  now: Date,
): Promise<Withdrawal> {
  const position = await lockReviewPosition(tx, applicationId, now);
  if (!position) throw fieldFail(403, 'email', SERVER_MESSAGES.incomplete);
  const { status: from, held } = position;
  if (from === 'withdrawn') return { changed: false, from };
  const to = nextReviewStatus(from, { type: 'WITHDRAW' }, held);
  if (to === null) throw fieldFail(409, 'withdraw', refusal(from, held));
  // No team member: the timeline says "the applicant" for an event they may send (server/staff/record.ts).
  await writeReviewChanges(tx, [{ id: applicationId, event: 'WITHDRAW', from, to }], null, now, 0);
  const recipient = await first(
    tx,
    qb
      .selectFrom('applications as a')
      .leftJoin('cohorts as c', (join) => join.onRef('c.id', '=', applicationCohort()))
      .select([
        'a.email',
        'a.firstname',
        'c.name as cohort_name',
        sql<string | null>`c.start_date::text`.as('cohort_start'),
      ])
      .where('a.id', '=', applicationId),
  );
  if (recipient)
    await deps.mailer.send(
      withdrawnEmail(
        {
          email: recipient.email,
          firstname: recipient.firstname,
          cohortName: recipient.cohort_name ?? 'the next cohort',
          cohortStart: recipient.cohort_start,
        },
        SEAT_STATUSES.includes(from),
        deps.publicUrl,
      ),
      tx,
    );
  return { changed: true, from };
}
