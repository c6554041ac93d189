/**
 * Scorecards on the server (docs/decisions/163-scorecards-blind-and-a-second-review.md): a cohort's rubric, each
 * team member's own scorecard of an application, and the others' scorecards only once they have scored (an admin
 * sees them all). Saving a scorecard asks the review chart for a second review, or lets the reviews stand.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SCORECARD_MESSAGES, checkRubric, scorecardPaths } from '../../machines/rules/scorecard';
import type { Context } from '../context';
import { fieldFail } from '../http';
import { object, str } from '../routes/schemas';
import { queueCohort } from './queueStore';
import type { StaffGuard } from './staffGuard';
import { staffSchema } from './routeSchema';
import { rubricOf, saveRubric, saveScorecard, scorableApplication, scorecardsFor } from './scorecardStore';

const idParams = object({ id: { type: 'string', pattern: '^[0-9]{1,9}$' } }, ['id']);
const numberParams = object({ number: { type: 'string', pattern: '^[0-9]{1,6}$' } }, ['number']);
const schema = (summary: string, parts: Record<string, unknown> = {}) =>
  staffSchema(summary, undefined, parts);

export function scorecardRoutes(app: FastifyInstance, ctx: Context, staff: StaffGuard): void {
  const { db, config } = ctx;
  const idOf = (request: FastifyRequest) => Number((request.params as { id: string }).id);

  app.get(
    scorecardPaths.scorecards,
    schema("An application's scorecards: one's own, and the others' once one has scored (admins: all)", {
      params: idParams,
    }),
    async (request) => {
      const member = await staff(request);
      const id = idOf(request);
      const { cohortId } = await scorableApplication(db, id);
      return { message: 'Scorecards', data: await scorecardsFor(db, member, id, cohortId) };
    },
  );

  app.put<{ Body: { ratings?: unknown } }>(
    scorecardPaths.scorecards,
    schema("Save one's own scorecard of an application (1 to 5 for each criterion of its cohort's rubric)", {
      params: idParams,
      body: object({ ratings: { type: 'object', maxProperties: 40 } }, ['ratings']),
    }),
    async (request) => {
      const member = await staff(request);
      const data = await saveScorecard(db, member, idOf(request), request.body?.ratings, config.now());
      return { message: SCORECARD_MESSAGES.saved, data };
    },
  );

  app.get<{ Params: { number: string } }>(
    scorecardPaths.rubric,
    schema("A cohort's rubric: the criteria its applications are scored on", { params: numberParams }),
    async (request) => {
      await staff(request);
      const cohort = await queueCohort(db, ctx, request.params.number);
      return { message: 'Rubric', data: { criteria: await rubricOf(db, cohort.id) } };
    },
  );

  app.put<{ Params: { number: string }; Body: { criteria?: unknown } }>(
    scorecardPaths.rubric,
    schema("Change a cohort's rubric (admins)", {
      params: numberParams,
      body: object(
        {
          criteria: {
            type: 'array',
            maxItems: 40,
            items: object({ label: str(200), guidance: str(1000) }),
          },
        },
        ['criteria'],
      ),
    }),
    async (request) => {
      const admin = await staff(request, 'admin');
      const cohort = await queueCohort(db, ctx, request.params.number);
      const checked = checkRubric(request.body?.criteria);
      if ('field' in checked) throw fieldFail(400, checked.field, checked.message);
      await saveRubric(db, admin, cohort, checked.rubric, config.now());
      return { message: 'Rubric saved', data: { criteria: checked.rubric } };
    },
  );
}
