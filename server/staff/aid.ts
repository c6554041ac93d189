/**
 * Financial aid decided (decision 238): an admin awards a share of the fee (up to the cohort's ceiling, within its
 * number of awards) or declines. The decision is held for the undo window exactly as an accept is (its email is due
 * at the window's end, `isHeld` says whether it still is, an undo marks it undone), then released: the decision
 * mailer sends its email, the applicant's page shows it and the payment checks charge the fee less the share.
 * The rules are machines/rules/aidDecision.ts; what the applicant is told is server/review/applicantAid.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import {
  aidDecisionPath,
  awardIssue,
  isAidDecisionKind,
  type AidDecisionKind,
  type StaffAidDecision,
} from '../../machines/rules/aidDecision';
import { AID_MESSAGES as M } from '../../machines/rules/messages';
import { STAFF_MESSAGES } from '../../machines/rules/staff/messages';
import type { Context } from '../context';
import { cohortById, lockCohort } from '../db/cohorts';
import { applicantFees } from '../fees';
import type { Queryable } from '../db/index';
import { first, qb, run } from '../db/query';
import { fail, fieldFail } from '../http';
import { closed, envelope, int, text } from '../routes/answers';
import { object, str } from '../routes/schemas';
import type { StaffGuard } from './staffGuard';
import { standingAidDecision } from '../review/applicantAid';
import { isHeld } from '../review/events';
import { staffSchema, withRefusals } from './routeSchema';
import { audit } from './store';

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
      .where(sql<boolean>`COALESCE(a.cohort_id, a.applied_cohort_id) = ${cohortId}`)
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
async function cohortOf(db: Queryable, applicationId: number) {
  const row = await first(
    db,
    qb
      .selectFrom('applications')
      .select([
        'id',
        'financial_aid',
        'submitted_at',
        'fees',
        sql<number | null>`COALESCE(cohort_id, applied_cohort_id)`.as('cohort_id'),
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
async function insertAidDecision(
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
const undoAidDecision = (tx: Queryable, decisionId: number, now: Date) =>
  run(tx, qb.updateTable('aid_decisions').set({ undone_at: now }).where('id', '=', decisionId));

type AidBody = { decision?: unknown; share?: unknown };

const params = object({ id: { type: 'string', pattern: '^[0-9]{1,9}$' } }, ['id']);
const body = object(
  { decision: str(40), share: { anyOf: [{ type: 'number' }, { type: 'string', maxLength: 20 }] } },
  ['decision'],
);
const aidAnswer = closed({
  decision: { type: ['string', 'null'], enum: ['award', 'decline', null] },
  share: int,
  held_until: { ...text, description: "ISO date and time; '' once released" },
  ceiling: int,
  awards: int,
  awards_made: int,
});
const idOf = (request: FastifyRequest) => Number((request.params as { id: string }).id);

export function aidRoutes(app: FastifyInstance, ctx: Context, staff: StaffGuard): void {
  const { db, config } = ctx;

  app.get(
    aidDecisionPath,
    staffSchema(
      "An application's aid decision and its cohort's awards (any team member)",
      withRefusals(envelope('Financial aid', aidAnswer), false, 404),
      { params },
    ),
    async (request) => {
      await staff(request);
      return { message: 'Financial aid', data: await staffAidDecision(db, idOf(request), config.now()) };
    },
  );

  app.post<{ Body: AidBody }>(
    aidDecisionPath,
    staffSchema(
      'Award financial aid (a share of the fee), decline it, or undo the decision within its window (admins)',
      withRefusals(envelope('Decided', aidAnswer), true, 400, 404, 409),
      { params, body },
    ),
    async (request) => {
      // A decision, as accept, waitlist and reject are: admins only (machines/review.machine.ts).
      const admin = await staff(request, 'admin');
      const id = idOf(request);
      const decision = request.body?.decision;
      if (decision !== 'undo' && !isAidDecisionKind(decision)) throw fieldFail(400, 'decision', M.decision);
      const message = await db.transaction(async (tx) => {
        const now = config.now();
        const { application, cohort, aid_ceiling } = await cohortOf(tx, id);
        // The cohort's lock: two awards never both take its last one, nor a settings change slip between.
        await lockCohort(tx, cohort.id);
        if (application.financial_aid === null) throw fail(409, M.notApplied);
        const standing = await standingAidDecision(tx, id);
        const held = standing !== undefined && isHeld(standing.email_due_at, now);
        if (decision === 'undo') {
          if (!standing) throw fail(409, M.nothingToUndo);
          if (!held) throw fail(409, STAFF_MESSAGES.undoWindowOver(config.decisionUndoMs));
          await undoAidDecision(tx, standing.id, now);
          await audit(tx, admin.id, 'aid_decision', now, id, { decision: 'undo' });
          return M.undone;
        }
        // One decision stands at a time: a held one is undone first, a released one is final.
        if (standing) throw fail(409, held ? M.undoFirst : M.alreadyDecided);
        const settings = { aid_ceiling, aid_awards: cohort.aid_awards };
        const issue = awardIssue(
          decision,
          request.body?.share,
          settings,
          await awardsMade(tx, cohort.id, id),
        );
        if (issue) throw fieldFail(issue === M.noAwardsLeft(settings.aid_awards) ? 409 : 400, 'share', issue);
        const share = decision === 'award' ? Number(request.body?.share) : 0;
        await insertAidDecision(tx, id, admin.id, decision, share, now, config.decisionUndoMs);
        await audit(tx, admin.id, 'aid_decision', now, id, { decision, share });
        return decision === 'award' ? M.awarded(share) : M.declined;
      });
      return { message, data: await staffAidDecision(db, id, config.now()) };
    },
  );
}
