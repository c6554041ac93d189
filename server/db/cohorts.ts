/**
 * Cohorts are data. The rule for the ones after cohort 6 (docs/api.md): a new cohort every 3 calendar months after
 * the one before (cohort 7 starts 10 June 2025, …), applications close 7 days before the start, same seats as the
 * previous cohort. Missing cohorts are added on demand, so there is always an open one and one after it for the
 * waitlist.
 */
import type { CohortInfo } from '../../machines/rules/contract';
import { SEAT_STATUSES } from '../../machines/review.machine';
import { cohortOpenness } from '../../machines/rules/seats';
import { sql } from 'kysely';
import type { Db, Queryable } from './index';
import { first, qb, run } from './query';
import type { CohortRow } from './schema';

export const COHORT_MONTHS = 3;
export const DEADLINE_DAYS_BEFORE = 7;

/** A cohort's row, its dates as calendar days (YYYY-MM-DD text). */
const cohorts = qb
  .selectFrom('cohorts')
  .select([
    'id',
    'number',
    'name',
    sql<string>`start_date::text`.as('start_date'),
    sql<string>`application_deadline::text`.as('application_deadline'),
    'seats',
    'interview',
  ]);

const day = (date: Date) => date.toISOString().slice(0, 10);

export const toCohortInfo = (row: CohortRow): CohortInfo => ({
  id: row.id,
  name: row.name,
  number: row.number,
  start_date: row.start_date,
  application_deadline: row.application_deadline,
});

function following(last: CohortRow): Omit<CohortRow, 'id'> {
  const start = new Date(`${last.start_date}T00:00:00Z`);
  start.setUTCMonth(start.getUTCMonth() + COHORT_MONTHS);
  const deadline = new Date(start);
  deadline.setUTCDate(deadline.getUTCDate() - DEADLINE_DAYS_BEFORE);
  const number = last.number + 1;
  return {
    number,
    name: `Cohort ${number}`,
    start_date: day(start),
    application_deadline: day(deadline),
    seats: last.seats,
    // Each cohort turns interviews on for itself (docs/decisions/175-the-interview-stage.md).
    interview: false,
  };
}

/** Adds the cohort that follows `last` by the rule (a concurrent add of the same number wins quietly). */
async function insertFollowing(db: Queryable, last: CohortRow): Promise<Omit<CohortRow, 'id'>> {
  const next = following(last);
  await run(
    db,
    qb
      .insertInto('cohorts')
      .values(next)
      .onConflict((conflict) => conflict.column('number').doNothing()),
  );
  return next;
}

/** Adds cohorts by the rule until one is open on `today` and one more follows it. */
async function ensureCohorts(db: Queryable, today: string): Promise<void> {
  for (let guard = 0; guard < 400; guard++) {
    const [last, previous] = await run(db, cohorts.orderBy('number', 'desc').limit(2));
    if (!last) return;
    if (previous && previous.application_deadline >= today) return;
    await insertFollowing(db, last);
  }
}

/** The cohort open on `now`: the earliest whose deadline has not passed (the deadline day itself counts). */
export async function currentCohort(db: Queryable, now: Date): Promise<CohortRow> {
  const today = day(now);
  await ensureCohorts(db, today);
  const [open] = await run(db, cohorts.where('application_deadline', '>=', today).orderBy('number').limit(1));
  return open;
}

export async function cohortById(db: Queryable, id: number): Promise<CohortRow | undefined> {
  return first(db, cohorts.where('id', '=', id));
}

export async function nextCohort(db: Queryable, after: CohortRow, now: Date): Promise<CohortRow> {
  await ensureCohorts(db, day(now));
  const found = await first(db, cohorts.where('number', '>', after.number).orderBy('number').limit(1));
  if (found) return found;
  const next = await insertFollowing(db, after);
  const [added] = await run(db, cohorts.where('number', '=', next.number));
  return added;
}

/**
 * The seats a cohort's acceptances hold (machines/rules/seats.ts): the one count that submissions, single and bulk
 * accepts, Get Started and the staff queue all read. An erased acceptance holds none (decision 218).
 */
export async function seatsTaken(db: Queryable, cohortId: number): Promise<number> {
  const [seats] = await run(
    db,
    qb
      .selectFrom('applications')
      .select(sql<number>`count(*)::int`.as('taken'))
      .where('cohort_id', '=', cohortId)
      .where('submitted_at', 'is not', null)
      .where('erased_at', 'is', null)
      .where('review_status', 'in', SEAT_STATUSES),
  );
  return seats.taken;
}

/**
 * Takes the cohort's seat lock for the rest of `tx` and counts its seats taken: submissions and accepts, one or in
 * bulk, each take it before they count, so two of them never both take the last seat.
 */
export async function lockSeatsTaken(tx: Queryable, cohortId: number): Promise<number> {
  await run(tx, qb.selectNoFrom(sql`pg_advisory_xact_lock(4242060, ${cohortId})`.as('locked')));
  return seatsTaken(tx, cohortId);
}

/** Where an application started now goes: the cohort open now, or the first after it with a seat. */
export interface ApplyingCohort {
  cohort: CohortRow;
  /** The cohort open now, when it is full and the application goes on to `cohort`. */
  full?: CohortRow;
}

export async function applyingCohort(db: Queryable, now: Date): Promise<ApplyingCohort> {
  const current = await currentCohort(db, now);
  let cohort = current;
  for (let guard = 0; guard < 12; guard++) {
    const taken = await seatsTaken(db, cohort.id);
    if (cohortOpenness({ ...cohort, taken }, day(now)) === 'open') break;
    cohort = await nextCohort(db, cohort, now);
  }
  return cohort === current ? { cohort } : { cohort, full: current };
}

export type { CohortRow };

/** How long a process keeps the current cohort before asking the database again (cohorts edited by hand). */
export const COHORT_CACHE_MS = 30_000;

export interface CohortCache {
  /** The cohort open now, from memory when it was read today (by `now`) less than COHORT_CACHE_MS ago. */
  current(): Promise<CohortRow>;
  /** Where an application started now goes (full cohorts passed over), kept the same way. */
  applying(): Promise<ApplyingCohort>;
}

/** One value kept per day for at most `ttlMs`; concurrent misses share one read, a failed read is not kept. */
function dailyCache<T>(now: () => Date, ttlMs: number, read: (at: Date) => Promise<T>): () => Promise<T> {
  let cached: { day: string; until: number; value: Promise<T> } | undefined;
  return () => {
    const at = now();
    const today = day(at);
    if (cached && cached.day === today && at.getTime() < cached.until) return cached.value;
    const entry = { day: today, until: at.getTime() + ttlMs, value: read(at) };
    cached = entry;
    entry.value.catch(() => {
      if (cached === entry) cached = undefined;
    });
    return entry.value;
  };
}

/**
 * The current cohort changes at most when a day begins (a deadline passes), so one process keeps it for a short
 * while instead of running a transaction per request. Keyed by the day, so it is never kept past a deadline;
 * concurrent misses share one read.
 */
export function cohortCache(db: Db, now: () => Date, ttlMs = COHORT_CACHE_MS): CohortCache {
  return {
    current: dailyCache(now, ttlMs, (at) => db.transaction((tx) => currentCohort(tx, at))),
    // Seats change with every acceptance, so this is kept no longer; a submission counts them again itself.
    applying: dailyCache(now, ttlMs, (at) => db.transaction((tx) => applyingCohort(tx, at))),
  };
}

/** The cohorts, newest first (the staff's cohort picker): at most the last 200. */
export const newestCohorts = (db: Queryable) =>
  run(db, qb.selectFrom('cohorts').select(['number', 'name']).orderBy('number', 'desc').limit(200));
