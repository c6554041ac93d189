/**
 * Financial aid decided (decision 238), its store (routes: server/staff/aidRoutes.ts): an admin awards a share of the fee (up to the cohort's ceiling, within its
 * number of awards) or declines. The decision is held for the undo window exactly as an accept is (its email is due
 * at the window's end, `isHeld` says whether it still is, an undo marks it undone), then released: the decision
 * mailer sends its email, the applicant's page shows it and the payment checks charge the fee less the share.
 * The rules are machines/rules/aidDecision.ts; what the applicant is told is server/review/applicantAid.ts.
 */
import { sql } from 'kysely';
import { type AidDecisionKind, type StaffAidDecision } from '../../machines/rules/aidDecision';
import { STAFF_MESSAGES } from '../../machines/rules/staff/messages';
import { cohortById } from '../db/cohorts';
import { applicantFees } from '../fees';
import type { Queryable } from '../db/index';
import { applicationCohort, first, qb, run } from '../db/query';
import { fail } from '../http';
import { standingAidDecision } from '../review/applicantAid';
import { isHeld } from '../review/events';

/**
 * The awards a cohort's applications hold now, held or released (an undone one holds none, nor an erased
 * application's): the count the cohort's number of awards bounds. `except` leaves one application out.
 */
export async function awardsMade(db: Queryable, cohortId: number, except?: number): Promise<number> {
  const [row] = await run(
    db,
    qb
      .selectFrom('applications as a')
      .select(sql<number>`count(*)::int`.as('n'))
      .where(sql<boolean>`${applicationCohort()} = ${cohortId}`)
      .where('a.erased_at', 'is', null)
      .where('a.id', '<>', except ?? 0)
      .where(
        sql<boolean>`(SELECT d.decision FROM aid_decisions d WHERE d.application_id = a.id AND d.undone_at IS NULL
          ORDER BY d.id DESC LIMIT 1) = 'award'`,
      ),
  );
  return row!.n;
}

/** The application's cohort, for its aid settings. */
export async function cohortOf(db: Queryable, applicationId: number) {
  const row = await first(
    db,
    qb
      .selectFrom('applications')
      .select([
        'id',
        'financial_aid',
        'submitted_at',
        'fees',
        applicationCohort('applications').as('cohort_id'),
      ])
      .where('id', '=', applicationId)
      // An erased application is no one's to decide (docs/privacy.md, "After an erasure").
      .where('erased_at', 'is', null),
  );
  if (!row?.submitted_at) throw fail(404, STAFF_MESSAGES.notFound);
  const cohort = row.cohort_id == null ? undefined : await cohortById(db, row.cohort_id);
  if (!cohort) throw fail(404, STAFF_MESSAGES.notFound);
  // The ceiling the applicant was offered: their kept table's, else their cohort's now (decision 244), as their
  // pages and emails name it.
  const { aid_ceiling } = await applicantFees(db, { ...row, applied_cohort_id: null });
  return { application: row, cohort, aid_ceiling };
}

/** The staff page's view of the application's aid decision and its cohort's awards. */
export async function staffAidDecision(
  db: Queryable,
  applicationId: number,
  now: Date,
): Promise<StaffAidDecision> {
  const { cohort, aid_ceiling } = await cohortOf(db, applicationId);
  const decided = await standingAidDecision(db, applicationId);
  const held = decided && isHeld(decided.email_due_at, now);
  return {
    decision: decided?.decision ?? null,
    share: decided?.share ?? 0,
    held_until: held ? new Date(decided.email_due_at).toISOString() : '',
    ceiling: aid_ceiling,
    awards: cohort.aid_awards,
    awards_made: await awardsMade(db, cohort.id),
  };
}

/** Stores a decision, its email due at the end of the undo window (then it is released). */
export async function insertAidDecision(
  tx: Queryable,
  applicationId: number,
  staffId: number,
  decision: AidDecisionKind,
  share: number,
  now: Date,
  undoMs: number,
): Promise<void> {
  await run(
    tx,
    qb.insertInto('aid_decisions').values({
      application_id: applicationId,
      staff_id: staffId,
      decision,
      share,
      email_due_at: new Date(now.getTime() + undoMs),
      created_at: now,
    }),
  );
}

/** Marks a held decision undone: it is never released, and its email never leaves. */
export const undoAidDecision = (tx: Queryable, decisionId: number, now: Date) =>
  run(tx, qb.updateTable('aid_decisions').set({ undone_at: now }).where('id', '=', decisionId));
