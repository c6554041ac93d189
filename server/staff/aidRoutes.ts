/**
 * The financial-aid decision's routes (decision 238): any team member reads an application's aid decision, an admin
 * awards a share of the fee, declines, or undoes within the window. The SQL is server/staff/aidStore.ts; the rules
 * machines/rules/aidDecision.ts; what the applicant is told server/review/applicantAid.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { aidDecisionPath, awardIssue, isAidDecisionKind } from '../../machines/rules/aidDecision';
import { AID_MESSAGES as M } from '../../machines/rules/messages';
import { STAFF_MESSAGES } from '../../machines/rules/staff/messages';
import type { Context } from '../context';
import { lockCohort } from '../db/cohorts';
import { fail, fieldFail } from '../http';
import { closed, envelope, int, text } from '../routes/answers';
import { object, str } from '../routes/schemas';
import type { StaffGuard } from './staffGuard';
import { standingAidDecision } from '../review/applicantAid';
import { isHeld } from '../review/events';
import { staffSchema, withRefusals } from './routeSchema';
import { audit } from './store';
import { staffAidDecision, cohortOf, undoAidDecision, awardsMade, insertAidDecision } from './aidStore';

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
