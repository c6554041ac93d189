/**
 * The applicant's financial aid as they may be told it (decision 238): read by their pages, their reminders and the
 * payment checks as by staff's transfer. A decision held for its undo window is not told yet; staff decide in
 * server/staff/aidStore.ts.
 */
import type { AidDecisionKind, AidStanding } from '../../machines/rules/aidDecision';
import type { Queryable } from '../db/index';
import { first, qb } from '../db/query';
import { isHeld } from './events';

export interface AidDecisionRow {
  id: number;
  decision: AidDecisionKind;
  share: number;
  email_due_at: Date;
}

/** The application's standing aid decision (the newest not undone), held or released; undefined when none. */
export const standingAidDecision = (
  db: Queryable,
  applicationId: number,
): Promise<AidDecisionRow | undefined> =>
  first(
    db,
    qb
      .selectFrom('aid_decisions')
      .select(['id', 'decision', 'share', 'email_due_at'])
      .where('application_id', '=', applicationId)
      .where('undone_at', 'is', null)
      .orderBy('id', 'desc')
      .limit(1),
  ) as Promise<AidDecisionRow | undefined>;

/**
 * Where the applicant's request stands, as they may be told it: null when they never applied; `received` until a
 * decision is released (a held one is not told, as a held accept is not: decision 121).
 */
export async function applicantAid(
  db: Queryable,
  row: { id: number; financial_aid: unknown },
  now: Date,
): Promise<AidStanding | null> {
  if (row.financial_aid === null || row.financial_aid === undefined) return null;
  const decided = await standingAidDecision(db, row.id);
  if (!decided || isHeld(decided.email_due_at, now)) return { status: 'received', share: 0 };
  return decided.decision === 'award'
    ? { status: 'awarded', share: decided.share }
    : { status: 'declined', share: 0 };
}
