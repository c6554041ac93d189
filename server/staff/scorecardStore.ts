/**
 * The scorecards' repository (docs/decisions/163-scorecards-blind-and-a-second-review.md, 153-one-way-to-the-data.md):
 * a cohort's rubric, the scorecards of an application and what a team member may see of them, and saving either.
 * The routes in server/staff/scorecards.ts parse, call these and answer.
 */
import { sql } from 'kysely';
import {
  DEFAULT_RUBRIC,
  SCORECARD_MESSAGES,
  checkRatings,
  reviewsEvent,
  scorecardMean,
  summarise,
  type RubricCriterion,
  type StaffScorecard,
  type StaffScorecards,
} from '../../machines/rules/scorecard';
import { STAFF_MESSAGES } from '../../machines/rules/staff/messages';
import { iso, type Db, type Queryable } from '../db/index';
import { applicationCohort, first, qb, run } from '../db/query';
import { fail, fieldFail } from '../http';
import { followServerEvent } from '../review/events';
import { audit, type StaffMember } from './store';

/** The cohort's rubric: the one an admin set, or the default from the selection criteria. */
export async function rubricOf(db: Queryable, cohortId: number | null): Promise<RubricCriterion[]> {
  if (cohortId === null) return [...DEFAULT_RUBRIC];
  const row = await first(
    db,
    qb.selectFrom('cohort_rubrics').select('criteria').where('cohort_id', '=', cohortId),
  );
  return row ? (row.criteria as unknown as RubricCriterion[]) : [...DEFAULT_RUBRIC];
}

/** A submitted application that is anyone's to review: its cohort; 404 otherwise. */
export async function scorableApplication(db: Queryable, id: number): Promise<{ cohortId: number | null }> {
  const row = await first(
    db,
    qb
      .selectFrom('applications as a')
      .select([applicationCohort().as('cohort_id'), sql<boolean>`a.submitted_at IS NOT NULL`.as('submitted')])
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

/**
 * Saves a team member's scorecard of an application (a second save replaces the first), lets the review chart
 * follow, audits it, and gives back what the member now sees. Ratings that do not fit the rubric: 400, nothing saved.
 */
export async function saveScorecard(
  db: Db,
  member: StaffMember,
  applicationId: number,
  ratings: unknown,
  now: Date,
): Promise<StaffScorecards> {
  return db.transaction(async (tx) => {
    const { cohortId } = await scorableApplication(tx, applicationId);
    const rubric = await rubricOf(tx, cohortId);
    const checked = checkRatings(rubric, ratings);
    if ('field' in checked) throw fieldFail(400, checked.field, checked.message);
    const mean = scorecardMean(rubric, checked.ratings) as number;
    const stored = JSON.stringify(checked.ratings);
    await run(
      tx,
      qb
        .insertInto('scorecards')
        .values({
          application_id: applicationId,
          staff_id: member.id,
          ratings: stored,
          mean,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) =>
          oc.columns(['application_id', 'staff_id']).doUpdateSet({ ratings: stored, mean, updated_at: now }),
        ),
    );
    const seen = await scorecardsFor(tx, member, applicationId, cohortId);
    // The chart decides whether the application now awaits another review; where it does not apply (a decision
    // taken, an eligibility review) the status stays as it is.
    const summary = seen.summary ?? summarise([]);
    await followServerEvent(tx, applicationId, reviewsEvent(summary), now);
    await audit(tx, member.id, 'score', now, applicationId, { mean });
    return seen;
  });
}

/** Sets a cohort's rubric (checked already), in place of the default or the earlier one, and audits it. */
export async function saveRubric(
  db: Db,
  admin: StaffMember,
  cohort: { id: number; number: number },
  rubric: readonly RubricCriterion[],
  now: Date,
): Promise<void> {
  const criteria = JSON.stringify(rubric);
  await db.transaction(async (tx) => {
    await run(
      tx,
      qb
        .insertInto('cohort_rubrics')
        .values({ cohort_id: cohort.id, criteria, updated_by: admin.id, updated_at: now })
        .onConflict((oc) =>
          oc.column('cohort_id').doUpdateSet({ criteria, updated_by: admin.id, updated_at: now }),
        ),
    );
    await audit(tx, admin.id, 'rubric', now, null, { cohort: cohort.number, criteria: rubric.length });
  });
}
