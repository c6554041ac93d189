/**
 * Issue 24's proof at 100,000 applications: scorecards on a share of the seeded cohort, in two bulk statements, then
 * the calls a review team makes most (median of RUNS each): the triage's list of the filtered view (200 rows, as
 * src/staff/TriageNav.tsx asks it), the next application it prefetches, the first page sorted by score, and the
 * cohort's reports (decisions 063 and 163).
 */
import { reportPaths } from '../../machines/rules/reports';
import { DEFAULT_RUBRIC } from '../../machines/rules/scorecard';
import { staffPaths } from '../../machines/rules/staff/paths';
import { staffQueuePaths, type StaffQueuePage } from '../../machines/rules/staff/queue';
import type { Db } from '../../server/db/index';
import { median } from '../support/report';

export const RUNS = 5;
/** Every third submitted application is scored, by two of the REVIEWERS. */
const SCORED_EVERY = 3;
const REVIEWERS = 4;
/** The triage's view: scored twice or more, highest score first. */
export const TRIAGE_VIEW = 'status=submitted&reviews=2%2B&sort=score';

export interface ScaleResult {
  scorecards: number;
  scoredApplications: number;
  triageListMs: number;
  nextApplicationMs: number;
  scoreSortMs: number;
  reportsMs: number;
}

/**
 * Two scorecards on every SCORED_EVERY-th submitted application, by two of REVIEWERS reviewers, each rating every
 * criterion the same 1..5 (spread so that some reviewers disagree): one INSERT … SELECT, no round trip per row.
 */
export async function seedScorecards(db: Db): Promise<{ scorecards: number; scoredApplications: number }> {
  await db.query(
    `INSERT INTO staff (email, role, created_at)
     SELECT 'reviewer' || n || '@staff.example', 'reviewer', now() FROM generate_series(1, ${REVIEWERS}) AS n`,
  );
  const ratings = DEFAULT_RUBRIC.map((c) => `'${c.key}', r.rating`).join(', ');
  const { rows } = await db.query<{ n: number | string; apps: number | string }>(
    `WITH reviewers AS (
       SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM staff WHERE email LIKE 'reviewer%@staff.example'
     ), cards AS (
       SELECT a.id AS application_id, s.id AS staff_id, 1 + (a.id * 7 + s.k * 3) % 5 AS rating
       FROM applications a JOIN reviewers s ON s.k IN (a.id % ${REVIEWERS}, (a.id + 1) % ${REVIEWERS})
       WHERE a.submitted_at IS NOT NULL AND a.id % ${SCORED_EVERY} = 0
     ), inserted AS (
       INSERT INTO scorecards (application_id, staff_id, ratings, mean, created_at, updated_at)
       SELECT r.application_id, r.staff_id, jsonb_build_object(${ratings}), r.rating, now(), now() FROM cards r
       RETURNING application_id
     )
     SELECT count(*) AS n, count(DISTINCT application_id) AS apps FROM inserted`,
  );
  if (db.engine === 'postgres') await db.query('ANALYZE scorecards');
  return { scorecards: Number(rows[0].n), scoredApplications: Number(rows[0].apps) };
}

const ms = (from: bigint) => Number(process.hrtime.bigint() - from) / 1e6;

/** `get`: a GET on the app with an admin's session. */
export async function measureAtScale(
  get: (path: string) => Promise<Response>,
): Promise<Omit<ScaleResult, 'scorecards' | 'scoredApplications'>> {
  const timed = async (path: string) => {
    const started = process.hrtime.bigint();
    const res = await get(path);
    const body = (await res.json()) as { data: unknown };
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    return { ms: ms(started), data: body.data };
  };
  const triage: number[] = [];
  const next: number[] = [];
  const scoreSort: number[] = [];
  const reports: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const list = await timed(`${staffQueuePaths.queue}?${TRIAGE_VIEW}&limit=200`);
    triage.push(list.ms);
    // Each run opens another application of the view, as j does: the one after the i-th.
    const { rows } = list.data as StaffQueuePage;
    const id = rows[i + 1]?.id;
    if (id === undefined) throw new Error('the triage view has too few applications');
    next.push((await timed(staffPaths.application.replace(':id', String(id)))).ms);
    scoreSort.push((await timed(`${staffQueuePaths.queue}?sort=score`)).ms);
    reports.push((await timed(`${reportPaths.reports}?per=week`)).ms);
  }
  return {
    triageListMs: median(triage),
    nextApplicationMs: median(next),
    scoreSortMs: median(scoreSort),
    reportsMs: median(reports),
  };
}
