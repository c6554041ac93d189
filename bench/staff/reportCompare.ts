/**
 * The staff reports before and after migration 43 (docs/architecture.md, "The staff reports"), in the same conditions:
 * ROWS seeded applications with scorecards as bench/staff/scale.ts gives them, then each report function and the
 * whole `reports()` the route calls (no HTTP), median of RUNS, old and new alternately so that a busy machine slows
 * both alike. "Old" is the module before the change (REPORTS_BEFORE, e.g.
 * `git show COMMIT:server/staff/reportStore.ts > server/staff/reportStoreBefore.ts`), run in a transaction that drops
 * the index migration 43 added for the aid report and is rolled back (except the whole reports, see below). The
 * answers are checked equal first.
 * `ROWS=100000 ENGINES=pglite,postgres REPORTS_BEFORE=../../server/staff/reportStoreBefore.ts node --import tsx bench/staff/reportCompare.ts`;
 * EXPLAIN=1 prints each new statement's plan.
 */
import type { Db, Queryable } from '../../server/db/index';
import { queueCohort } from '../../server/staff/queueStore';
import type { Context } from '../../server/context';
import * as reportsNow from '../../server/staff/reportStore';
import { loadAverage, loadLabel } from '../support/load';
import { median } from '../support/report';
import { eachSeededEngine, ROWS } from './seeded';
import { RUNS } from './scale';

if (!process.env.REPORTS_BEFORE) throw new Error('REPORTS_BEFORE: the report module before the change');
const reportsBefore = (await import(process.env.REPORTS_BEFORE)) as {
  perDay: (q: Queryable, id: number, r: reportsNow.ReportRange) => Promise<unknown>;
  startedBy: (q: Queryable, id: number, r: reportsNow.ReportRange) => Promise<unknown>;
  agreement: (q: Queryable, id: number, r: reportsNow.ReportRange) => Promise<unknown>;
  aidReport: (q: Queryable, id: number) => Promise<unknown>;
  reports: (
    q: Queryable,
    ...rest: Parameters<typeof reportsNow.reports> extends [Db, ...infer R] ? R : never
  ) => Promise<unknown>;
};

const ms = (from: bigint) => Number(process.hrtime.bigint() - from) / 1e6;

/** Runs `work` as the code before migration 43 found the database: without the aid requests' index. */
async function asBefore<T>(db: Db, work: (q: Queryable) => Promise<T>): Promise<{ result: T; ms: number }> {
  let result: T | undefined;
  let took = 0;
  await db
    .transaction(async (tx) => {
      await tx.query('DROP INDEX applications_aid_requests');
      const started = process.hrtime.bigint();
      result = await work(tx);
      took = ms(started);
      throw new Error('rollback');
    })
    .catch((error: unknown) => {
      if (!(error instanceof Error) || error.message !== 'rollback') throw error;
    });
  return { result: result as T, ms: took };
}

async function asNow<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = process.hrtime.bigint();
  const result = await work();
  return { result, ms: ms(started) };
}

await eachSeededEngine(
  process.env.BENCH_DATABASE ?? 'bench_reports',
  async (db, { engine, number, scored }) => {
    const cohort = await queueCohort(db, {} as Context, String(number));
    const all = { from: null, until: null };
    // The route's first call folds the seed's changes (one statement); the measures then read what a team reads.
    await reportsNow.foldCounts(db);
    const measures: [string, (q: Queryable) => Promise<unknown>, () => Promise<unknown>][] = [
      [
        'per day',
        (q) => reportsBefore.perDay(q, cohort.id, all),
        () => reportsNow.perDay(db, cohort.id, all),
      ],
      [
        'by source and by country',
        (q) => reportsBefore.startedBy(q, cohort.id, all),
        () => reportsNow.startedBy(db, cohort.id, all),
      ],
      [
        'score agreement',
        (q) => reportsBefore.agreement(q, cohort.id, all),
        () => reportsNow.agreement(db, cohort.id, all),
      ],
      ['aid', (q) => reportsBefore.aidReport(q, cohort.id), () => reportsNow.aidReport(db, cohort.id)],
      [
        "the reports (the route's call, per=week)",
        (q) => reportsBefore.reports(q, cohort, all, 'week', { from: null, to: null }),
        () => reportsNow.reports(db, cohort, all, 'week', { from: null, to: null }),
      ],
    ];
    const load = loadAverage();
    console.log(
      `== ${engine}: ${ROWS} applications, ${scored.scorecards} scorecards on ${scored.scoredApplications}; load ${loadLabel(load)}`,
    );
    for (const [label, oldWork, now] of measures) {
      // The whole reports' six queries run at once on PostgreSQL's pool, which one transaction's connection would
      // make one after another: the old reports run on the pool too, the aid index left in place (their favour).
      const whole = label.startsWith('the reports');
      // Not inside asBefore's transaction, whose dropped index locks the table the pool's queries wait on.
      const old = () => (whole ? asNow(() => oldWork(db)) : asBefore(db, oldWork));
      const [a, b] = [(await old()).result, (await asNow(now)).result];
      if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error(`${label}: the answers differ`);
      const olds: number[] = [];
      const news: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        olds.push((await old()).ms);
        news.push((await asNow(now)).ms);
      }
      const [o, n] = [median(olds), median(news)];
      console.log(`| ${label} | ${o.toFixed(0)} ms | ${n.toFixed(0)} ms | ${(o / n).toFixed(1)}× |`);
    }
    console.log(`load after: ${loadLabel(loadAverage())}`);
    if (process.env.ANALYZE_AFTER) {
      // What statistics would change: the new reports again, after ANALYZE (PGlite has none until it runs).
      const started = process.hrtime.bigint();
      await db.query('ANALYZE');
      console.log(`ANALYZE: ${ms(started).toFixed(0)} ms`);
      for (const [label, , now] of measures) {
        const times: number[] = [];
        for (let i = 0; i < RUNS; i++) times.push((await asNow(now)).ms);
        console.log(`| ${label}, analysed | ${median(times).toFixed(0)} ms |`);
      }
    }
    if (process.env.EXPLAIN) {
      const statements: [string, unknown[] | undefined][] = [];
      const recorded = (q: Queryable): Queryable => ({
        query: (text, params) => (statements.push([text, params]), q.query(text, params)) as never,
      });
      await reportsNow.reports(
        { ...db, ...recorded(db), transaction: (fn) => db.transaction((tx) => fn(recorded(tx))) },
        cohort,
        all,
        'week',
        { from: null, to: null },
      );
      for (const [text, params] of statements) {
        if (!/^\s*(select|with)/i.test(text) || /DELETE/.test(text)) continue;
        const plan = (await db.query<Record<string, string>>(`EXPLAIN ANALYZE ${text}`, params)).rows.map(
          (r) => Object.values(r)[0],
        );
        const took = Number(/Execution Time: ([\d.]+)/.exec(plan.join('\n'))?.[1] ?? 0);
        console.log(`-- ${took.toFixed(0)} ms: ${text.replace(/\s+/g, ' ').slice(0, 140)}`);
        if (took > 20) console.log(plan.join('\n'));
      }
    }
  },
);
