/**
 * Cohorts are data, set by an admin in the back office (server/staff/cohortRoutes.ts, decision 235). The automatic
 * rule (machines/rules/cohortSettings.ts `followingCohort`: a new cohort every 3 calendar months after the one before,
 * applications closing 7 days before the start, the same seats) is the suggestion for the next one, and makes one
 * only when applicants need it: when no cohort is open any more, or a waitlist needs the cohort after the last.
 */
import type { CohortInfo } from '../../machines/rules/contract';
import { SEAT_STATUSES } from '../../machines/review.machine';
import { followingCohort, type CohortSettings } from '../../machines/rules/cohortSettings';
import type { AidSettings } from '../../machines/rules/aidDecision';
import type { FeeTable } from '../../machines/rules/payments';
import { cohortOpenness, type CohortIntake } from '../../machines/rules/seats';
import { sql } from 'kysely';
import type { Db, Queryable } from './index';
import { first, qb, run } from './query';
import type { CohortRow } from './schema';

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
    'intake',
    sql<string | null>`reopens_on::text`.as('reopens_on'),
    'aid_ceiling',
    'aid_awards',
    'fee_ngn',
    'fee_usd',
    'full_discount',
    'instalments',
  ]);

const day = (date: Date) => date.toISOString().slice(0, 10);

export const toCohortInfo = (row: CohortRow): CohortInfo => ({
  id: row.id,
  name: row.name,
  number: row.number,
  start_date: row.start_date,
  application_deadline: row.application_deadline,
  fees: feesOf(row),
});

function following(last: CohortRow): Omit<CohortRow, 'id'> {
  return {
    ...followingCohort(last),
    // Each cohort turns interviews on for itself (docs/decisions/175-the-interview-stage.md).
    interview: false,
    intake: 'open',
    reopens_on: null,
    // The rule's cohort keeps the aid settings of the one before (decision 238) and its fee table, the aid ceiling
    // in it (decision 244).
    aid_awards: last.aid_awards,
    ...feesOf(last),
  };
}

/** A cohort's fee table (decision 244), with its aid ceiling (decision 238). */
export const feesOf = (row: FeeTable): FeeTable => ({
  fee_ngn: row.fee_ngn,
  fee_usd: row.fee_usd,
  full_discount: row.full_discount,
  instalments: row.instalments,
  aid_ceiling: row.aid_ceiling,
});

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

/**
 * Adds cohorts by the rule until one is open on `today` (its deadline not past). The one after it is the admin's to
 * create (the rule's suggestion prefilled), or the rule's when a waitlist needs it (`nextCohort`): decision 235.
 */
async function ensureCohorts(db: Queryable, today: string): Promise<void> {
  for (let guard = 0; guard < 400; guard++) {
    const [last] = await run(db, cohorts.orderBy('number', 'desc').limit(1));
    if (!last || last.application_deadline >= today) return;
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

export const cohortByNumber = (db: Queryable, number: number): Promise<CohortRow | undefined> =>
  first(db, cohorts.where('number', '=', number));

export async function nextCohort(db: Queryable, after: CohortRow, now: Date): Promise<CohortRow> {
  await ensureCohorts(db, day(now));
  const found = await first(db, cohorts.where('number', '>', after.number).orderBy('number').limit(1));
  if (found) return found;
  const next = await insertFollowing(db, after);
  const [added] = await run(db, cohorts.where('number', '=', next.number));
  return added;
}

/** The applications a cohort's counts read: submitted and not erased (an erased acceptance holds no seat, decision 149). */
const submittedIn = (cohortId: number) =>
  qb
    .selectFrom('applications')
    .where('cohort_id', '=', cohortId)
    .where('submitted_at', 'is not', null)
    .where('erased_at', 'is', null);

/**
 * The seats a cohort's acceptances hold (machines/rules/seats.ts): the one count that submissions, single and bulk
 * accepts, Get Started and the staff queue all read. Submissions and accepts count under the cohort's seat lock, so
 * it reads the seat statuses' rows only.
 */
export async function seatsTaken(db: Queryable, cohortId: number): Promise<number> {
  const [seats] = await run(
    db,
    submittedIn(cohortId)
      .select(sql<number>`count(*)::int`.as('taken'))
      .where('review_status', 'in', SEAT_STATUSES),
  );
  return seats.taken;
}

/** The seats taken and the waitlist beside them, in one statement: the staff queue's seats line (decision 252). */
export async function cohortCounts(
  db: Queryable,
  cohortId: number,
): Promise<{ taken: number; waitlisted: number }> {
  const [counts] = await run(
    db,
    submittedIn(cohortId)
      .select((eb) => [
        eb.fn.countAll<number>().filterWhere('review_status', 'in', SEAT_STATUSES).as('taken'),
        eb.fn.countAll<number>().filterWhere('review_status', '=', 'waitlisted').as('waitlisted'),
      ])
      .where('review_status', 'in', [...SEAT_STATUSES, 'waitlisted']),
  );
  // count(*) is a bigint, which the drivers hand back as text.
  return { taken: Number(counts.taken), waitlisted: Number(counts.waitlisted) };
}

/**
 * Takes the cohort's seat lock for the rest of `tx` and counts its seats taken: submissions and accepts, one or in
 * bulk, each take it before they count, so two of them never both take the last seat.
 */
export async function lockSeatsTaken(tx: Queryable, cohortId: number): Promise<number> {
  await run(tx, qb.selectNoFrom(sql`pg_advisory_xact_lock(4242060, ${cohortId})`.as('locked')));
  return seatsTaken(tx, cohortId);
}

/** Where an application started now goes: the cohort open now, or the first after it that takes applications. */
export interface ApplyingCohort {
  cohort: CohortRow;
  /** The cohort open now, when it is full and the application goes on to `cohort`. */
  full?: CohortRow;
  /** The cohort open now, when an admin paused it and the application goes on to `cohort` (decision 235). */
  paused?: CohortRow;
}

export async function applyingCohort(db: Queryable, now: Date): Promise<ApplyingCohort> {
  const current = await currentCohort(db, now);
  const today = day(now);
  let cohort = current;
  let passed: ReturnType<typeof cohortOpenness> | undefined;
  for (let guard = 0; guard < 12; guard++) {
    const taken = await seatsTaken(db, cohort.id);
    const openness = cohortOpenness({ ...cohort, taken }, today);
    if (openness === 'open') break;
    passed ??= openness;
    cohort = await nextCohort(db, cohort, now);
  }
  if (cohort === current) return { cohort };
  // An early close says nothing: the cohort simply takes no more applications, as after its deadline.
  return passed === 'full'
    ? { cohort, full: current }
    : passed === 'paused'
      ? { cohort, paused: current }
      : { cohort };
}

export type { CohortRow };

/**
 * How long a process keeps the current cohort before asking the database again: an admin's change through another
 * process is served within this (decision 235); the process that made it forgets at once.
 */
export const COHORT_CACHE_MS = 2_000;

export interface CohortCache {
  /** The cohort open now, from memory when it was read today (by `now`) less than COHORT_CACHE_MS ago. */
  current(): Promise<CohortRow>;
  /** Where an application started now goes (full, paused and closed cohorts passed over), kept the same way. */
  applying(): Promise<ApplyingCohort>;
  /** Drops what is kept: the next ask reads the database (after an admin's change). */
  forget(): void;
}

/** One value kept per day for at most `ttlMs`; concurrent misses share one read, a failed read is not kept. */
function dailyCache<T>(
  now: () => Date,
  ttlMs: number,
  read: (at: Date) => Promise<T>,
): { get: () => Promise<T>; forget: () => void } {
  let cached: { day: string; until: number; value: Promise<T> } | undefined;
  return {
    get: () => {
      const at = now();
      const today = day(at);
      if (cached && cached.day === today && at.getTime() < cached.until) return cached.value;
      const entry = { day: today, until: at.getTime() + ttlMs, value: read(at) };
      cached = entry;
      entry.value.catch(() => {
        if (cached === entry) cached = undefined;
      });
      return entry.value;
    },
    forget: () => (cached = undefined),
  };
}

/**
 * The current cohort changes when a day begins (a deadline passes) or an admin changes a cohort, so one process
 * keeps it for a short while instead of running a transaction per request. Keyed by the day, so it is never kept
 * past a deadline; concurrent misses share one read.
 */
export function cohortCache(db: Db, now: () => Date, ttlMs = COHORT_CACHE_MS): CohortCache {
  const current = dailyCache(now, ttlMs, (at) => db.transaction((tx) => currentCohort(tx, at)));
  // Seats change with every acceptance, so this is kept no longer; a submission counts them again itself.
  const applying = dailyCache(now, ttlMs, (at) => db.transaction((tx) => applyingCohort(tx, at)));
  return {
    current: current.get,
    applying: applying.get,
    forget: () => {
      current.forget();
      applying.forget();
    },
  };
}

/** The cohorts, newest first (the staff's cohort picker): at most the last 200. */
export const newestCohorts = (db: Queryable) =>
  run(db, qb.selectFrom('cohorts').select(['number', 'name']).orderBy('number', 'desc').limit(200));

/** Every cohort with the seats its acceptances take (the back office's list), newest first: at most the last 200. */
export async function cohortsWithSeats(db: Queryable): Promise<Array<CohortRow & { taken: number }>> {
  const rows = await run(db, cohorts.orderBy('number', 'desc').limit(200));
  return Promise.all(rows.map(async (row) => ({ ...row, taken: await seatsTaken(db, row.id) })));
}

export const lastCohort = (db: Queryable) => first(db, cohorts.orderBy('number', 'desc').limit(1));

/** The cohorts either side of `number` (by number), whose starts a changed cohort's must fall between. */
export async function neighbours(
  db: Queryable,
  number: number,
): Promise<{ previous?: CohortRow; next?: CohortRow }> {
  const previous = await first(db, cohorts.where('number', '<', number).orderBy('number', 'desc').limit(1));
  const next = await first(db, cohorts.where('number', '>', number).orderBy('number').limit(1));
  return { ...(previous ? { previous } : {}), ...(next ? { next } : {}) };
}

/** Takes a cohort's row lock for the rest of `tx`: two admins' changes to one cohort follow each other. */
export const lockCohort = (tx: Queryable, id: number) => first(tx, cohorts.where('id', '=', id).forUpdate());

/** Adds a cohort an admin created, numbered after the last one. */
export async function insertCohort(
  tx: Queryable,
  number: number,
  settings: CohortSettings & AidSettings & FeeTable,
): Promise<CohortRow> {
  await run(tx, qb.insertInto('cohorts').values({ number, ...settings }));
  return (await first(tx, cohorts.where('number', '=', number)))!;
}

export async function updateCohort(
  tx: Queryable,
  id: number,
  change: Partial<CohortSettings & AidSettings & FeeTable> & {
    intake?: CohortIntake;
    reopens_on?: string | null;
  },
): Promise<CohortRow> {
  await run(tx, qb.updateTable('cohorts').set(change).where('id', '=', id));
  return (await cohortById(tx, id))!;
}
