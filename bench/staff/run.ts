/**
 * The staff back office at scale: ROWS (100 000) seeded applications (scripts/seed.ts) on PGlite (in memory) and on
 * PostgreSQL (a fresh database, when one answers), the app built in this process and listening on 127.0.0.1. It
 * measures the queue with two filters and a search (p50/p95 of REQUESTS requests), the funnel, a full CSV export
 * (time, and the process's RSS growth while streaming it) and a bulk accept of 1000 applications, then checks that
 * the bulk queued exactly one email per accepted application: none more when the same bulk is sent again, and the
 * 1000 emails sent once when the undo window is over, and the cohort's reports once those 1000 decisions exist
 * (docs/decisions/063-the-funnel.md). Writes the "Staff back office" section of
 * docs/performance.md. Then, with scorecards on a share of the cohort (bench/staff/scale.ts), the triage's next
 * application, the queue sorted by score and the reports, written to "Staff at 100,000 applications". `--quick` (BENCH_QUICK=1): 10 000 rows and 10 requests, printed, the doc untouched;
 * `ROWS=10000 ENGINES=pglite npm run bench:staff` for a look at one engine.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { faker } from '@faker-js/faker';
import { reportPaths } from '../../machines/rules/reports';
import { STAFF_COOKIE } from '../../machines/rules/staff/session';
import { staffQueuePaths } from '../../machines/rules/staff/queue';
import { QUEUE_STATUS_FILTERS } from '../../machines/rules/staff/queueViewSchema';
import { DECISION_UNDO_MINUTES } from '../../machines/rules/staff/undo';
import { buildApp } from '../../server/app';
import { defaultConfig } from '../../server/config';
import { migrate } from '../../server/db/migrations';
import { outboxMailer } from '../../server/mail/index';
import { decisionMailer } from '../../server/review/decisionMail';
import { createStaffSession } from '../../server/staff/store';
import { seed } from '../../scripts/seed';
import { busyWarning, loadAverage, loadLabel } from '../support/load';
import { openEngine } from './engine';
import { measureAtScale, RUNS, seedScorecards, TRIAGE_VIEW, type ScaleResult } from './scale';
import { median, met, now, percentile, quick, table, writeSection } from '../support/report';

// A collection before each RSS sample, so that the figure is memory held, not garbage not yet collected.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const ROWS = Number(process.env.ROWS ?? (quick ? 10_000 : 100_000));
const REQUESTS = Number(process.env.REQUESTS ?? (quick ? 10 : 40));
const BULK = 1000;
const goals = {
  queueP95Ms: 100,
  funnelMs: 300,
  exportSeconds: 15,
  rssGrowthMb: 100,
  bulkSeconds: 5,
  reportsMs: 500,
  /** Issue 24: each next application shown in ≤ 300 ms; the same bound for the score sort and a report. */
  scaleMs: 300,
};
const engines = (process.env.ENGINES ?? 'pglite,postgres').split(',');

interface Result {
  engine: string;
  /** Load average before the engine's measurements (after its seed). */
  load: string;
  seedSeconds: number;
  queueP50: number;
  queueP95: number;
  firstPageP95: number;
  funnelMs: number;
  /** The reports of the cohort (five queries: per day, source, country, time to decision, throughput), median of 3. */
  reportsMs: number;
  exportSeconds: number;
  exportRows: number;
  exportMb: number;
  rssGrowthMb: number;
  bulkSeconds: number;
  bulkApplied: number;
  /** Emails pending for the bulk's applications: after it, and after the same bulk sent again. */
  queued: number;
  queuedApplications: number;
  queuedAfterRepeat: number;
  repeatApplied: number;
  /** Decision emails that reached the outbox once the undo window was over, and on a second pass. */
  sent: number;
  sentAgain: number;
  sendSeconds: number;
  /** Scorecards and the scale measures (bench/staff/scale.ts), with the load average before them. */
  scale: ScaleResult;
  scaleLoad: string;
}

const ms = (from: bigint) => Number(process.hrtime.bigint() - from) / 1e6;

async function measure(engine: string): Promise<Result | undefined> {
  const opened = await openEngine(engine);
  if (!opened) return undefined;
  const { db, drop } = opened;
  const storageDir = mkdtempSync(join(tmpdir(), 'bench-staff-'));
  try {
    await migrate(db);
    faker.seed(1);
    let started = process.hrtime.bigint();
    await seed(db, ROWS, storageDir);
    const seedSeconds = ms(started) / 1000;
    if (db.engine === 'postgres') await db.query('ANALYZE');
    await db.query('UPDATE cohorts SET seats = 1000000');
    const config = defaultConfig({ staffEmails: [] });
    const app = await buildApp({ db, mailer: outboxMailer(db), storageDir, config });
    const { rows } = await db.query<{ id: number }>(
      "INSERT INTO staff (email, role, created_at) VALUES ('bench@staff.example', 'admin', now()) RETURNING id",
    );
    const { token } = await createStaffSession(db, rows[0].id, new Date());
    const cookie = `${STAFF_COOKIE}=${token}`;
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const load = loadAverage();
    const get = (path: string) => fetch(`${address}${path}`, { headers: { cookie } });

    // Before the bulk below, so the triage's view is the submitted applications as a review team finds them.
    const scored = await seedScorecards(db);
    const scaleLoad = loadAverage();
    const scale = { ...scored, ...(await measureAtScale(get)) };

    // The queue: two filters and a search (a name's first letters), then following pages by cursor.
    const prefixes = ['a', 'ch', 'mar', 'jo', 'be', 'sa', 'ol', 'ki', 'em', 'da'];
    const times: number[] = [];
    const firstPages: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const query = `country=Nigeria&status=submitted,in_review&q=${prefixes[i % prefixes.length]}&sort=${i % 2 ? 'name' : 'submitted'}`;
      started = process.hrtime.bigint();
      const res = await get(`${staffQueuePaths.queue}?${query}`);
      const body = (await res.json()) as { data: { nextCursor: string | null } };
      const t = ms(started);
      times.push(t);
      firstPages.push(t);
      if (body.data.nextCursor) {
        started = process.hrtime.bigint();
        await (await get(`${staffQueuePaths.queue}?${query}&cursor=${body.data.nextCursor}`)).arrayBuffer();
        times.push(ms(started));
      }
    }

    const funnelTimes: number[] = [];
    for (let i = 0; i < 3; i++) {
      started = process.hrtime.bigint();
      await (await get(staffQueuePaths.funnel)).arrayBuffer();
      funnelTimes.push(ms(started));
    }

    // The whole cohort as CSV, read as it streams; RSS sampled while it flows.
    gc();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      gc();
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 1000);
    started = process.hrtime.bigint();
    // Every status, the applications still in the wizard included: the default view holds the submitted only.
    const res = await get(`${staffQueuePaths.exportCsv}?status=${QUEUE_STATUS_FILTERS.join(',')}`);
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
    }
    const exportSeconds = ms(started) / 1000;
    clearInterval(sampler);

    const ids = (
      await db.query<{ id: number }>(
        `SELECT id FROM applications WHERE submitted_at IS NOT NULL AND review_status IS NULL ORDER BY id LIMIT ${BULK}`,
      )
    ).rows.map((r) => r.id);
    const accept = async () => {
      const res = await fetch(`${address}${staffQueuePaths.bulk}`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', origin: config.publicUrl },
        body: JSON.stringify({ event: 'ACCEPT', ids }),
      });
      const body = (await res.json()) as { data?: { applied: { ACCEPT?: number } }; message: string };
      return body.data?.applied.ACCEPT ?? 0;
    };
    // What waits to be emailed for these applications: rows, and distinct applications among them.
    const pending = async () => {
      const { rows } = await db.query<{ n: number | string; apps: number | string }>(
        `SELECT count(*) AS n, count(DISTINCT application_id) AS apps FROM review_events
         WHERE application_id = ANY($1) AND email_due_at IS NOT NULL AND email_sent_at IS NULL AND undone_at IS NULL`,
        [ids],
      );
      return { n: Number(rows[0].n), apps: Number(rows[0].apps) };
    };
    started = process.hrtime.bigint();
    const bulkApplied = await accept();
    const bulkSeconds = ms(started) / 1000;
    const afterBulk = await pending();
    // The same bulk again (a double click, a retry): the chart refuses ACCEPT from accepted, nothing more queued.
    const repeatApplied = await accept();
    const afterRepeat = await pending();
    // The reports, with the bulk's 1000 decisions to time and count.
    const reportTimes: number[] = [];
    for (let i = 0; i < 3; i++) {
      started = process.hrtime.bigint();
      await (await get(`${reportPaths.reports}?per=week`)).arrayBuffer();
      reportTimes.push(ms(started));
    }
    await app.close();

    // The undo window over: the decision emails go to the outbox, each once; a second pass finds none left.
    const outboxCount = async () =>
      Number((await db.query<{ n: number | string }>('SELECT count(*) AS n FROM outbox')).rows[0].n);
    const later = new Date(Date.now() + (DECISION_UNDO_MINUTES + 1) * 60_000);
    const decisions = decisionMailer({
      db,
      mailer: outboxMailer(db),
      config: { now: () => later, publicUrl: config.publicUrl },
    });
    const outboxBefore = await outboxCount();
    started = process.hrtime.bigint();
    await decisions.sendDue();
    const sendSeconds = ms(started) / 1000;
    const sent = (await outboxCount()) - outboxBefore;
    await decisions.sendDue();
    const sentAgain = (await outboxCount()) - outboxBefore - sent;
    return {
      engine: db.engine,
      load,
      seedSeconds,
      queueP50: median(times),
      queueP95: percentile(times, 95),
      firstPageP95: percentile(firstPages, 95),
      funnelMs: median(funnelTimes),
      reportsMs: median(reportTimes),
      exportSeconds,
      exportRows: lines - 1,
      exportMb: bytes / 1024 ** 2,
      rssGrowthMb: (rssPeak - rssBefore) / 1024 ** 2,
      bulkSeconds,
      bulkApplied,
      queued: afterBulk.n,
      queuedApplications: afterBulk.apps,
      queuedAfterRepeat: afterRepeat.n,
      repeatApplied,
      sent,
      sentAgain,
      sendSeconds,
      scale,
      scaleLoad,
    };
  } finally {
    await db.close();
    await drop();
    rmSync(storageDir, { recursive: true, force: true });
  }
}

const results: Result[] = [];
const load = loadAverage();
for (const engine of engines) {
  console.log(`== ${engine}: seeding ${ROWS} applications`);
  const result = await measure(engine);
  if (result) {
    console.log(result);
    results.push(result);
  }
}

const f = (n: number, digits = 0) => n.toFixed(digits);
const emailsOnce = (r: Result) =>
  r.bulkApplied === BULK &&
  r.queued === BULK &&
  r.queuedApplications === BULK &&
  r.queuedAfterRepeat === BULK &&
  r.repeatApplied === 0 &&
  r.sent === BULK &&
  r.sentAgain === 0;
const verdicts = (r: Result): [string, string, boolean][] => [
  [
    'queue p95 (two filters and a search)',
    `${f(r.queueP95)} ms (p50 ${f(r.queueP50)} ms)`,
    r.queueP95 <= goals.queueP95Ms,
  ],
  ['funnel (median of 3)', `${f(r.funnelMs)} ms`, r.funnelMs <= goals.funnelMs],
  ['reports, with 1000 decisions (median of 3)', `${f(r.reportsMs)} ms`, r.reportsMs <= goals.reportsMs],
  [
    `CSV export of ${r.exportRows} rows`,
    `${f(r.exportSeconds, 1)} s (${f(r.exportMb, 1)} MB)`,
    r.exportSeconds <= goals.exportSeconds && r.exportRows === ROWS,
  ],
  ['RSS growth during the export', `${f(r.rssGrowthMb)} MB`, r.rssGrowthMb <= goals.rssGrowthMb],
  [
    `bulk accept of ${BULK}`,
    `${f(r.bulkSeconds, 2)} s (${r.bulkApplied} accepted)`,
    r.bulkSeconds <= goals.bulkSeconds,
  ],
  [
    'decision emails queued exactly once',
    `${r.queued} queued for ${r.queuedApplications} applications; sent again: ${r.repeatApplied} applied, ` +
      `${r.queuedAfterRepeat} queued; after the undo window ${r.sent} sent (${f(r.sendSeconds, 1)} s), then ${r.sentAgain}`,
    emailsOnce(r),
  ],
];
const goalText = [
  `≤ ${goals.queueP95Ms} ms`,
  `≤ ${goals.funnelMs} ms`,
  `≤ ${goals.reportsMs} ms`,
  `≤ ${goals.exportSeconds} s, all ${ROWS} rows`,
  `≤ ${goals.rssGrowthMb} MB`,
  `≤ ${goals.bulkSeconds} s`,
  `${BULK}, once`,
];
const lines = [
  ...busyWarning([load, ...results.map((r) => r.load)]),
  `Measured ${now()} by \`npm run bench:staff\` (bench/staff/run.ts), load average before: ${loadLabel(load)}. ${ROWS}`,
  'seeded applications in one cohort (`npm run seed`), the app in-process, requests over loopback with an admin',
  'session; PostgreSQL in a fresh database (analysed after the seed), PGlite in memory.',
  `Queue: ${REQUESTS} first pages filtered by country and two review statuses with a name search, sorted by`,
  'submitted date or name, each followed by its next page (keyset cursor). Export: the whole cohort as CSV, read',
  'as it streams; RSS growth is the peak during the download (sampled every second after a collection) over the',
  `RSS before it. Bulk: ACCEPT of ${BULK} ids, then the same request again; the emails pending for those`,
  'applications are counted after each, then the decision-mail worker runs with its clock past the undo window,',
  'twice.',
  '',
  ...table(
    ['measure', 'goal', ...results.map((r) => r.engine), ''],
    verdicts(results[0] ?? ({} as Result)).map(([label], i) => [
      label,
      goalText[i],
      ...results.map((r) => verdicts(r)[i][1]),
      met(results.every((r) => verdicts(r)[i][2])),
    ]),
  ),
  '',
  ...table(
    ['engine', 'seed', 'first page p95', 'load average before its measures'],
    results.map((r) => [r.engine, `${f(r.seedSeconds, 1)} s`, `${f(r.firstPageP95)} ms`, loadLabel(r.load)]),
  ),
];
const scaleVerdicts = (r: Result): [string, number][] => [
  ["triage: the view's list (200 rows, as the next/previous buttons read it)", r.scale.triageListMs],
  ['triage: the next application (the prefetch)', r.scale.nextApplicationMs],
  ['queue sorted by score, first page of 50', r.scale.scoreSortMs],
  ["the cohort's reports (six queries, score agreement included)", r.scale.reportsMs],
];
const scaleLines = [
  ...busyWarning(results.map((r) => r.scaleLoad)),
  `Measured ${now()} by \`npm run bench:staff\` (bench/staff/scale.ts), ${ROWS} seeded applications in one cohort,`,
  'every third submitted one scored by two of four reviewers (one INSERT … SELECT):',
  results
    .map(
      (r) => `${r.scale.scorecards} scorecards on ${r.scale.scoredApplications} applications (${r.engine})`,
    )
    .join(', ') + '.',
  `Median of ${RUNS} runs each, over loopback with an admin session. The triage's view is \`${decodeURIComponent(TRIAGE_VIEW)}\`;`,
  "each run opens another application of it. The reports are `GET {api}/staff/reports?per=week`, the cohort's whole",
  'life, before the bulk decisions of "Staff back office" exist.',
  '',
  ...table(
    ['measure', 'goal', ...results.map((r) => r.engine), ''],
    (results[0] ? scaleVerdicts(results[0]) : []).map(([label], i) => [
      label,
      `≤ ${goals.scaleMs} ms`,
      ...results.map((r) => `${f(scaleVerdicts(r)[i][1])} ms`),
      met(results.every((r) => scaleVerdicts(r)[i][1] <= goals.scaleMs)),
    ]),
  ),
  '',
  ...table(
    ['engine', 'load average before these measures'],
    results.map((r) => [r.engine, loadLabel(r.scaleLoad)]),
  ),
];
if (quick) {
  console.log(lines.join('\n'));
  console.log(scaleLines.join('\n'));
  console.log('quick run: docs/performance.md left as it was');
} else {
  writeSection('Staff back office', lines);
  writeSection('Staff at 100,000 applications', scaleLines, { after: 'Staff back office' });
  console.log('docs/performance.md: "Staff back office" and "Staff at 100,000 applications" written');
}
