/**
 * Scorecards on the server (docs/decisions/163-scorecards-blind-and-a-second-review.md): a cohort's rubric, each
 * team member's own scorecard of an application, and the others' scorecards only once they have scored (an admin
 * sees them all). Saving a scorecard asks the review chart for a second review, or lets the reviews stand.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import {
  DEFAULT_RUBRIC,
  SCORECARD_MESSAGES,
  checkRatings,
  checkRubric,
  scorecardMean,
  scorecardPaths,
  summarise,
  type RubricCriterion,
  type StaffScorecard,
  type StaffScorecards,
} from '../../machines/rules/scorecard';
import { STAFF_MESSAGES } from '../../machines/rules/staff';
import type { Context } from '../context';
import { iso, type Queryable } from '../db/index';
import { fail, fieldFail } from '../http';
import { object, str } from '../routes/schemas';
import { queueCohort, type StaffGuard } from './queue';
import { followServerEvent } from './review';
import { qb, run } from '../db/query';
import { audit, type StaffMember } from './store';

const idParams = object({ id: { type: 'string', pattern: '^[0-9]{1,9}$' } }, ['id']);
const numberParams = object({ number: { type: 'string', pattern: '^[0-9]{1,6}$' } }, ['number']);
const schema = (summary: string, parts: Record<string, unknown> = {}) => ({
  schema: { summary, tags: ['staff'], ...parts },
});

/** The cohort's rubric: the one an admin set, or the default from the selection criteria. */
export async function rubricOf(db: Queryable, cohortId: number | null): Promise<RubricCriterion[]> {
  if (cohortId === null) return [...DEFAULT_RUBRIC];
  const [row] = await run(
    db,
    qb.selectFrom('cohort_rubrics').select('criteria').where('cohort_id', '=', cohortId),
  );
  return row ? (row.criteria as unknown as RubricCriterion[]) : [...DEFAULT_RUBRIC];
}

/** A submitted application that is anyone's to review: its cohort; 404 otherwise. */
async function scorableApplication(db: Queryable, id: number): Promise<{ cohortId: number | null }> {
  const [row] = await run(
    db,
    qb
      .selectFrom('applications as a')
      .select([
        sql<number | null>`COALESCE(a.cohort_id, a.applied_cohort_id)`.as('cohort_id'),
        sql<boolean>`a.submitted_at IS NOT NULL`.as('submitted'),
      ])
      .where('a.id', '=', id)
      .where(sql<boolean>`a.erased_at IS NULL`),
  );
  if (!row) throw fail(404, STAFF_MESSAGES.notFound);
  if (!row.submitted) throw fail(409, SCORECARD_MESSAGES.notSubmitted);
  return { cohortId: row.cohort_id };
}

async function scorecardsOf(db: Queryable, applicationId: number) {
  return run(
    db,
    qb
      .selectFrom('scorecards as s')
      .innerJoin('staff as m', 'm.id', 's.staff_id')
      .select(['s.staff_id', 'm.email', 's.ratings', sql<number>`s.mean::float8`.as('mean'), 's.updated_at'])
      .where('s.application_id', '=', applicationId)
      .orderBy('s.created_at')
      .orderBy('s.staff_id'),
  );
}

/**
 * What this team member may see of an application's scorecards: their own always; the others' and the summary
 * only once they have scored, or as an admin.
 */
export async function scorecardsFor(
  db: Queryable,
  member: StaffMember,
  applicationId: number,
  cohortId: number | null,
): Promise<StaffScorecards> {
  const cards = (await scorecardsOf(db, applicationId)).map((c) => ({
    staffId: c.staff_id,
    card: {
      by: c.email,
      ratings: c.ratings as unknown as StaffScorecard['ratings'],
      mean: c.mean,
      at: iso(c.updated_at),
    },
  }));
  const mine = cards.find((c) => c.staffId === member.id)?.card ?? null;
  const othersVisible = member.role === 'admin' || mine !== null;
  return {
    rubric: await rubricOf(db, cohortId),
    mine,
    othersVisible,
    others: othersVisible ? cards.filter((c) => c.staffId !== member.id).map((c) => c.card) : [],
    summary: othersVisible ? summarise(cards.map((c) => c.card.mean)) : null,
  };
}

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
      const id = idOf(request);
      const data = await db.transaction(async (tx) => {
        const { cohortId } = await scorableApplication(tx, id);
        const rubric = await rubricOf(tx, cohortId);
        const checked = checkRatings(rubric, request.body?.ratings);
        if ('field' in checked) throw fieldFail(400, checked.field, checked.message);
        const mean = scorecardMean(rubric, checked.ratings) as number;
        const now = config.now();
        await tx.query(
          `INSERT INTO scorecards (application_id, staff_id, ratings, mean, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $5)
           ON CONFLICT (application_id, staff_id) DO UPDATE SET ratings = $3, mean = $4, updated_at = $5`,
          [id, member.id, JSON.stringify(checked.ratings), mean, now],
        );
        const seen = await scorecardsFor(tx, member, id, cohortId);
        // The chart decides whether the application now awaits another review; where it does not apply (a
        // decision taken, an eligibility review) the status stays as it is.
        const summary = seen.summary ?? summarise([]);
        await followServerEvent(
          tx,
          id,
          summary.needsAnotherReview ? 'ASK_SECOND_REVIEW' : 'REVIEWS_AGREE',
          now,
        );
        await audit(tx, member.id, 'score', now, id, { mean });
        return seen;
      });
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
      const now = config.now();
      await db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO cohort_rubrics (cohort_id, criteria, updated_by, updated_at) VALUES ($1, $2, $3, $4)
           ON CONFLICT (cohort_id) DO UPDATE SET criteria = $2, updated_by = $3, updated_at = $4`,
          [cohort.id, JSON.stringify(checked.rubric), admin.id, now],
        );
        await audit(tx, admin.id, 'rubric', now, null, {
          cohort: cohort.number,
          criteria: checked.rubric.length,
        });
      });
      return { message: 'Rubric saved', data: { criteria: checked.rubric } };
    },
  );
}
