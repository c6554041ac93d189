/**
 * Before and after migration 33 (docs/decisions/163-scorecards-blind-and-a-second-review.md), in the same conditions:
 * ROWS seeded applications with scorecards as bench/staff/scale.ts gives them, then the queue's score sort, the
 * triage's list and the reports, each run alternately with the old expressions (each application's reviews and mean
 * recomputed from its scorecards by a correlated subquery) and the new ones (the figures kept on the row), so that a
 * busy machine slows both alike. `ROWS=100000 ENGINES=pglite,postgres node --import tsx bench/staff/scoreCompare.ts`.
 */
import type { Context } from '../../server/context';
import type { Db, Queryable } from '../../server/db/index';
import { queuePage } from '../../server/staff/queueStore';
import { readQueueView } from '../../server/staff/queueView';
import * as reportsNow from '../../server/staff/reportStore';
import { loadAverage, loadLabel } from '../support/load';
import { median } from '../support/report';
import { eachSeededEngine, ROWS } from './seeded';
import { RUNS } from './scale';

/** The reports' module as it was, e.g. `git show COMMIT:server/staff/reports.ts > server/staff/reportsBefore.ts` (reportStore.ts since the split). */
const reportsBefore = (
  process.env.REPORTS_BEFORE ? await import(process.env.REPORTS_BEFORE) : reportsNow
) as typeof reportsNow;

// The expressions of server/staff/queueStore.ts (then server/staff/queue.ts) before migration 33, put back into the same compiled statements.
const OLD_MEAN = '(SELECT round(avg(s.mean), 2)::float8 FROM scorecards s WHERE s.application_id = a.id)';
const toOld = (text: string) =>
  text
    .replaceAll('COALESCE(round(a.review_mean * 100), 0)::int', `COALESCE(round(${OLD_MEAN} * 100), 0)::int`)
    .replaceAll('a.review_mean::float8', OLD_MEAN)
    .replaceAll('a.reviews', '(SELECT count(*)::int FROM scorecards s WHERE s.application_id = a.id)');
const oldOf = (q: Queryable): Queryable =>
  ({ query: (text, params) => q.query(toOld(text), params) }) as Queryable;
const asBefore = (db: Db): Db => ({
  ...db,
  query: (text, params) => db.query(toOld(text), params),
  transaction: (fn) => db.transaction((tx) => fn(oldOf(tx))),
});

const ms = (from: bigint) => Number(process.hrtime.bigint() - from) / 1e6;
async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = process.hrtime.bigint();
  await work();
  return ms(started);
}

await eachSeededEngine('bench_score', async (db, { engine, number, scored }) => {
  const cohort = { number };
  const ctx = {} as Context; // the cohort is named, so readQueueView asks nothing of the context
  const view = (query: Record<string, string>) =>
    readQueueView(db, ctx, { cohort: String(cohort.number), ...query }, 'admin', true, 1);
  const triage = await view({ status: 'submitted', reviews: '2+', sort: 'score', limit: '200' });
  const scoreSort = await view({ sort: 'score' });
  const scoreMin = await view({ scoreMin: '4', sort: 'score' });
  const { cohort: reportCohort } = scoreSort;
  const everything = { from: null, until: null };
  type Reports = typeof reportsNow;
  // `m` is the reports' module: the one before the change (REPORTS_BEFORE) on the old side, this one on the new.
  const measures: [string, (q: Db, m: Reports) => Promise<unknown>][] = [
    ["triage: the view's list (200 rows)", (q) => queuePage(q, triage)],
    ['queue sorted by score, first page of 50', (q) => queuePage(q, scoreSort)],
    ['queue filtered by score ≥ 4', (q) => queuePage(q, scoreMin)],
    ['report: per day', (q, m) => m.perDay(q, reportCohort.id, everything)],
    ['report: time to decision', (q, m) => m.timeToDecision(q, reportCohort.id, everything)],
    ['report: throughput', (q, m) => m.throughput(q, reportCohort.id, everything, 'week')],
    ['report: score agreement', (q, m) => m.agreement(q, reportCohort.id, everything)],
    [
      'reports (six queries)',
      (q, m) => m.reports(q, reportCohort, everything, 'week', { from: null, to: null }),
    ],
  ];
  const load = loadAverage();
  console.log(
    `== ${engine}: ${ROWS} applications, ${scored.scorecards} scorecards on ${scored.scoredApplications}; load ${loadLabel(load)}`,
  );
  const before = asBefore(db);
  for (const [label, work] of measures) {
    // Same answer both ways, then alternate old and new.
    const [old, now] = [await work(before, reportsBefore), await work(db, reportsNow)];
    if (JSON.stringify(old) !== JSON.stringify(now)) throw new Error(`${label}: the answers differ`);
    const olds: number[] = [];
    const news: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      olds.push(await timed(() => work(before, reportsBefore)));
      news.push(await timed(() => work(db, reportsNow)));
    }
    const [o, n] = [median(olds), median(news)];
    console.log(`| ${label} | ${o.toFixed(0)} ms | ${n.toFixed(0)} ms | ${(o / n).toFixed(1)}× |`);
  }
  console.log(`load after: ${loadLabel(loadAverage())}`);
  if (process.env.EXPLAIN) {
    // Each statement of each measure, with its plan where it takes more than 20 ms.
    for (const [label, work] of measures) {
      const statements: [string, unknown[] | undefined][] = [];
      const recorded = (q: Queryable): Queryable =>
        ({
          query: (text, params) => (statements.push([text, params]), q.query(text, params)),
        }) as Queryable;
      await work(
        { ...db, ...recorded(db), transaction: (fn) => db.transaction((tx) => fn(recorded(tx))) },
        reportsNow,
      );
      for (const [text, params] of statements) {
        const plan = (await db.query<Record<string, string>>(`EXPLAIN ANALYZE ${text}`, params)).rows.map(
          (r) => Object.values(r)[0],
        );
        const took = Number(/Execution Time: ([\d.]+)/.exec(plan.join('\n'))?.[1] ?? 0);
        console.log(`-- ${label}: ${took.toFixed(0)} ms: ${text.replace(/\s+/g, ' ').slice(0, 160)}`);
        if (took > 20) console.log(plan.join('\n'));
      }
    }
  }
});
