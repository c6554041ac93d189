/**
 * The staff reports of one cohort (docs/decisions/063-the-funnel.md): applications started and submitted per day,
 * by referral source and by country, the time from submission to the first decision, each team member's decisions
 * per day or week, and how far reviewers' scores lie apart (docs/decisions/163-scorecards-blind-and-a-second-review.md). Each report is
 * one SQL query; days and weeks are UTC, as the server stores moments.
 */
import { sql, type RawBuilder } from 'kysely';
import { DECISION_EVENTS } from '../../machines/review.machine';
import {
  aidCost,
  scoreAgreement,
  type AidReport,
  type ReportPeriod,
  type ScoreAgreement,
  type StaffReports,
} from '../../machines/rules/reports';
import { DISAGREEMENT_POINTS } from '../../machines/rules/scorecard';
import type { StaffQueueCohort } from '../../machines/rules/staff/queue';
import { cohortById, feesOf } from '../db/cohorts';
import type { Db, Queryable } from '../db/index';
import { applicationCohort, qb, run } from '../db/query';

/** The advisory lock one fold of the counts holds (foldCounts). */
const FOLD_LOCK = 4242043;

export interface ReportRange {
  /**
   * The first moment counted, and the first moment no longer counted (the day after the last day): UTC midnights,
   * as the route reads them, since the counts per day are kept by UTC day.
   */
  from: Date | null;
  until: Date | null;
}

const cohortOf = (id: number) => sql<boolean>`${applicationCohort()} = ${id}`;
/** The UTC day of a moment as YYYY-MM-DD text (a `date` would come back as a local Date from the driver). */
const dayOf = (at: RawBuilder<Date>) => sql<string>`to_char(${at} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
const within = (at: RawBuilder<Date>, range: ReportRange) =>
  sql<boolean>`(${range.from}::timestamptz IS NULL OR ${at} >= ${range.from}::timestamptz)
    AND (${range.until}::timestamptz IS NULL OR ${at} < ${range.until}::timestamptz)`;
const decisionEvents = sql.join(DECISION_EVENTS.map((event) => sql.lit(event)));

/** The first day counted and the first day no longer counted, as dates (the range is whole UTC days, the route's). */
const dayRange = (range: ReportRange) =>
  sql<boolean>`(${range.from}::timestamptz IS NULL OR c.day >= (${range.from}::timestamptz AT TIME ZONE 'UTC')::date)
    AND (${range.until}::timestamptz IS NULL OR c.day < (${range.until}::timestamptz AT TIME ZONE 'UTC')::date)`;

/**
 * The cohort's counts per UTC day, referral source and country (migration 43): the folded counts and the changes the
 * trigger appended since the last fold, so that the answer is the applications as they are, folded or not.
 */
const countsOf = (cohortId: number) =>
  qb
    .selectFrom('application_counts')
    .selectAll()
    .where('cohort_id', '=', cohortId)
    .unionAll(qb.selectFrom('application_count_changes').selectAll().where('cohort_id', '=', cohortId))
    .as('c');

/**
 * Moves the changes appended since the last fold into the counts, in one statement, so that the next reports read
 * few of them. One fold at a time (an advisory lock): two would wait on the same rows in no set order.
 */
export async function foldCounts(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await run(tx, qb.selectNoFrom(sql<string>`pg_advisory_xact_lock(${FOLD_LOCK})`.as('locked')));
    const sum = (column: 'started' | 'started_submitted' | 'submitted') =>
      sql<number>`sum(${sql.ref(column)})::int`.as(column);
    const added = (column: 'started' | 'started_submitted' | 'submitted') =>
      sql<number>`${sql.ref(`application_counts.${column}`)} + ${sql.ref(`excluded.${column}`)}`;
    const key = ['cohort_id', 'day', 'referral_source', 'country'] as const;
    await run(
      tx,
      qb
        .with('moved', (q) => q.deleteFrom('application_count_changes').returningAll())
        .insertInto('application_counts')
        .columns([...key, 'started', 'started_submitted', 'submitted'])
        .expression((eb) =>
          eb
            .selectFrom('moved')
            .select([...key, sum('started'), sum('started_submitted'), sum('submitted')])
            .groupBy([...key])
            .orderBy([...key]),
        )
        .onConflict((oc) =>
          oc.columns([...key]).doUpdateSet({
            started: added('started'),
            started_submitted: added('started_submitted'),
            submitted: added('submitted'),
          }),
        ),
    );
  });
}

/** Applications started and submitted per day, from the kept counts: a day with neither is not listed. */
export async function perDay(db: Queryable, cohortId: number, range: ReportRange) {
  return run(
    db,
    qb
      .selectFrom(countsOf(cohortId))
      .select([
        sql<string>`to_char(c.day, 'YYYY-MM-DD')`.as('day'),
        sql<number>`sum(c.started)::int`.as('started'),
        sql<number>`sum(c.submitted)::int`.as('submitted'),
      ])
      .where(dayRange(range))
      .groupBy('c.day')
      .having(sql<boolean>`sum(c.started) <> 0 OR sum(c.submitted) <> 0`)
      .orderBy('c.day'),
  );
}

/**
 * Applications started in the range and how many of them are submitted, per referral source and per country, from
 * the kept counts grouped both ways (grouping sets), each list the most started first, then by value.
 */
export async function startedBy(db: Queryable, cohortId: number, range: ReportRange) {
  const byCountry = sql<number>`GROUPING(c.referral_source)`;
  const rows = await run(
    db,
    qb
      .selectFrom(countsOf(cohortId))
      .select([
        byCountry.as('by_country'),
        sql<string>`CASE WHEN ${byCountry} = 0 THEN c.referral_source ELSE c.country END`.as('value'),
        sql<number>`sum(c.started)::int`.as('started'),
        sql<number>`sum(c.started_submitted)::int`.as('submitted'),
      ])
      .where(dayRange(range))
      .groupBy(sql`GROUPING SETS ((c.referral_source), (c.country))`)
      .having(sql<boolean>`sum(c.started) > 0`)
      .orderBy(sql`1`)
      .orderBy(sql`3`, 'desc')
      .orderBy(sql`2`),
  );
  const counts = ({ value, started, submitted }: (typeof rows)[number]) => ({ value, started, submitted });
  return {
    sources: rows.filter((r) => r.by_country === 0).map(counts),
    countries: rows.filter((r) => r.by_country !== 0).map(counts),
  };
}

/**
 * From submission to each application's first decision that stands (an undone one never reached the applicant),
 * for first decisions made in the range: the count, the quartiles, the 90th percentile and the longest, in seconds.
 */
export async function timeToDecision(
  db: Queryable,
  cohortId: number,
  range: ReportRange,
): Promise<StaffReports['timeToDecision']> {
  const firsts = qb
    .selectFrom('applications as a')
    .innerJoin('review_events as e', 'e.application_id', 'a.id')
    .select(sql<number>`date_part('epoch', min(e.created_at) - a.submitted_at)`.as('seconds'))
    .where(cohortOf(cohortId))
    .where('a.submitted_at', 'is not', null)
    .where(sql<boolean>`e.event IN (${decisionEvents})`)
    .where('e.undone_at', 'is', null)
    .groupBy(['a.id', 'a.submitted_at'])
    .having(within(sql`min(e.created_at)`, range));
  const [row] = await run(
    db,
    qb
      .selectFrom(firsts.as('f'))
      .select([
        sql<number>`count(*)::int`.as('decided'),
        sql<
          number[] | null
        >`percentile_cont(ARRAY[0.25, 0.5, 0.75, 0.9]::float8[]) WITHIN GROUP (ORDER BY f.seconds)`.as(
          'quantiles',
        ),
        sql<number | null>`max(f.seconds)`.as('longest'),
      ]),
  );
  const q = row?.quantiles ?? null;
  const seconds = (value: number | null | undefined) =>
    value === null || value === undefined ? null : Math.round(Number(value));
  return {
    decided: row?.decided ?? 0,
    p25Seconds: seconds(q?.[0]),
    medianSeconds: seconds(q?.[1]),
    p75Seconds: seconds(q?.[2]),
    p90Seconds: seconds(q?.[3]),
    maxSeconds: seconds(row?.longest),
  };
}

/** Each team member's decisions that stand, per UTC day or per week (from its Monday). */
export async function throughput(db: Queryable, cohortId: number, range: ReportRange, per: ReportPeriod) {
  return run(
    db,
    qb
      .selectFrom('review_events as e')
      .innerJoin('applications as a', 'a.id', 'e.application_id')
      .innerJoin('staff as s', 's.id', 'e.staff_id')
      .select([
        's.email as staff',
        dayOf(sql`date_trunc(${sql.lit(per)}, e.created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`).as(
          'period',
        ),
        sql<number>`count(*)::int`.as('decisions'),
      ])
      .where(cohortOf(cohortId))
      .where(sql<boolean>`e.event IN (${decisionEvents})`)
      .where('e.undone_at', 'is', null)
      .where(within(sql`e.created_at`, range))
      .groupBy(['s.email', sql`2`])
      .orderBy(sql`2`)
      .orderBy('s.email'),
  );
}

/**
 * How far reviewers' means lie apart (docs/decisions/163-scorecards-blind-and-a-second-review.md): the cohort's applications with two or
 * more scorecards, the last saved in the range, and per pair of reviewers of the same application the distance
 * between their means. One query: a row per pair of reviewers, each carrying the applications compared and agreeing
 * (highest minus lowest mean closer than DISAGREEMENT_POINTS, the rule of a second review).
 */
export async function agreement(
  db: Queryable,
  cohortId: number,
  range: ReportRange,
): Promise<ScoreAgreement> {
  const rows = await run(
    db,
    qb
      .with('compared', (q) =>
        q
          .selectFrom('scorecards as sc')
          .innerJoin('applications as a', 'a.id', 'sc.application_id')
          .select(['sc.application_id', sql<number>`max(sc.mean) - min(sc.mean)`.as('spread')])
          .where(cohortOf(cohortId))
          // The count kept on the application (decision 163): only the scored twice, through their index.
          .where('a.reviews', '>=', 2)
          .groupBy('sc.application_id')
          .having(sql<boolean>`count(*) >= 2`)
          .having(within(sql`max(sc.updated_at)`, range)),
      )
      .selectFrom('compared as c')
      .innerJoin('scorecards as s1', 's1.application_id', 'c.application_id')
      .innerJoin('scorecards as s2', (join) =>
        join.onRef('s2.application_id', '=', 'c.application_id').onRef('s2.staff_id', '>', 's1.staff_id'),
      )
      .innerJoin('staff as f', 'f.id', 's1.staff_id')
      .innerJoin('staff as g', 'g.id', 's2.staff_id')
      .select([
        'f.email as first',
        'g.email as second',
        sql<number>`count(*)::int`.as('applications'),
        sql<number>`sum(abs(s1.mean - s2.mean))::float8`.as('totalDifference'),
        sql<number>`(count(*) FILTER (WHERE abs(s1.mean - s2.mean) < ${DISAGREEMENT_POINTS}))::int`.as(
          'agreeing',
        ),
        sql<number>`(SELECT count(*) FROM compared)::int`.as('compared'),
        sql<number>`(SELECT count(*) FROM compared WHERE spread < ${DISAGREEMENT_POINTS})::int`.as(
          'comparedAgreeing',
        ),
      ])
      .groupBy(['f.email', 'g.email']),
  );
  // Every row carries the same totals; with no row, nothing was compared.
  const [totals] = rows;
  return scoreAgreement(totals?.compared ?? 0, totals?.comparedAgreeing ?? 0, rows);
}

/** The cohort's aid requests and standing decisions (held or released, not undone), with the awards' cost. */
export async function aidReport(db: Queryable, cohortId: number): Promise<AidReport> {
  const rows = await run(
    db,
    qb
      .selectFrom('applications as a')
      .leftJoin(
        (eb) =>
          eb
            .selectFrom('aid_decisions')
            .distinctOn('application_id')
            .select(['application_id', 'decision', 'share'])
            .where('undone_at', 'is', null)
            .orderBy('application_id')
            .orderBy('id', 'desc')
            .as('d'),
        (join) => join.onRef('d.application_id', '=', 'a.id'),
      )
      .select(['a.country', 'a.fees', 'd.decision', 'd.share'])
      .where(cohortOf(cohortId))
      .where('a.erased_at', 'is', null)
      .where('a.financial_aid', 'is not', null),
  );
  // Each award waives a share of the applicant's fee table: the one kept with their choice, else the cohort's.
  const cohort = await cohortById(db, cohortId);
  const cohortFees = cohort ? feesOf(cohort) : null;
  const awards = rows.flatMap((r) => {
    const fees = r.fees ?? cohortFees;
    return r.decision === 'award' && r.share !== null && fees
      ? [{ country: r.country, share: r.share, fees }]
      : [];
  });
  return {
    requests: rows.length,
    awarded: awards.length,
    declined: rows.filter((r) => r.decision === 'decline').length,
    cost: aidCost(awards),
  };
}

export async function reports(
  db: Db,
  cohort: StaffQueueCohort,
  range: ReportRange,
  per: ReportPeriod,
  asked: { from: string | null; to: string | null },
): Promise<StaffReports> {
  await foldCounts(db);
  const [days, { sources, countries }, decisionTimes, decisions, agreeing, aid] = await Promise.all([
    perDay(db, cohort.id, range),
    startedBy(db, cohort.id, range),
    timeToDecision(db, cohort.id, range),
    throughput(db, cohort.id, range, per),
    agreement(db, cohort.id, range),
    aidReport(db, cohort.id),
  ]);
  return {
    cohort,
    ...asked,
    per,
    days,
    sources: sources.map(({ value, ...n }) => ({ source: value, ...n })),
    countries: countries.map(({ value, ...n }) => ({ country: value, ...n })),
    timeToDecision: decisionTimes,
    throughput: decisions,
    agreement: agreeing,
    aid,
  };
}
