/**
 * The staff back office at scale: ROWS (100 000) seeded applications (scripts/seed.ts) on PGlite (in memory) and on
 * PostgreSQL (a fresh schema, when one answers), the app built in this process and listening on 127.0.0.1. It
 * measures the queue with two filters and a search (p50/p95 of REQUESTS requests), the funnel, a full CSV export
 * (time, and the process's RSS growth while streaming it) and a bulk accept of 1000 applications. Writes the
 * "Staff back office" section of docs/performance.md. `ROWS=10000 ENGINES=pglite npm run bench:staff` for a quick look.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { faker } from '@faker-js/faker';
import pg from 'pg';
import { STAFF_COOKIE, staffQueuePaths } from '../../machines/rules/staff';
import { buildApp } from '../../server/app';
import { defaultConfig } from '../../server/config';
import { openPglite, postgresDb, type Db } from '../../server/db/index';
import { migrate } from '../../server/db/migrations';
import { outboxMailer } from '../../server/mail/index';
import { createStaffSession } from '../../server/staff/store';
import { seed } from '../../scripts/seed';
import { loadAverage, median, now, percentile, table, writeSection } from '../support/report';

// A collection before each RSS sample, so that the figure is memory held, not garbage not yet collected.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const ROWS = Number(process.env.ROWS ?? 100_000);
const REQUESTS = Number(process.env.REQUESTS ?? 40);
const BENCH_POSTGRES =
  process.env.BENCH_DATABASE_URL ?? 'postgresql://root@localhost/bootcamp_dev?host=/var/run/postgresql';
const engines = (process.env.ENGINES ?? 'pglite,postgres').split(',');

interface Result {
  engine: string;
  seedSeconds: number;
  queueP50: number;
  queueP95: number;
  firstPageP95: number;
  funnelMs: number;
  exportSeconds: number;
  exportRows: number;
  exportMb: number;
  rssGrowthMb: number;
  bulkSeconds: number;
  bulkApplied: number;
}

async function openEngine(engine: string): Promise<{ db: Db; drop: () => Promise<void> } | undefined> {
  if (engine === 'pglite') return { db: await openPglite(), drop: async () => undefined };
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: BENCH_POSTGRES });
  try {
    await admin.connect();
  } catch {
    console.log('PostgreSQL does not answer: skipped');
    return undefined;
  }
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  return {
    db: postgresDb(BENCH_POSTGRES, schema),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: BENCH_POSTGRES });
      await cleanup.connect();
      await cleanup.query(`DROP SCHEMA ${schema} CASCADE`);
      await cleanup.end();
    },
  };
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
    const get = (path: string) => fetch(`${address}${path}`, { headers: { cookie } });

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
    const res = await get(staffQueuePaths.exportCsv);
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
    }
    const exportSeconds = ms(started) / 1000;
    clearInterval(sampler);

    const ids = await db.query<{ id: number }>(
      'SELECT id FROM applications WHERE submitted_at IS NOT NULL AND review_status IS NULL ORDER BY id LIMIT 1000',
    );
    started = process.hrtime.bigint();
    const bulk = await fetch(`${address}${staffQueuePaths.bulk}`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', origin: config.publicUrl },
      body: JSON.stringify({ event: 'ACCEPT', ids: ids.rows.map((r) => r.id) }),
    });
    const bulkBody = (await bulk.json()) as { data?: { applied: { ACCEPT?: number } }; message: string };
    const bulkSeconds = ms(started) / 1000;
    await app.close();
    return {
      engine: db.engine,
      seedSeconds,
      queueP50: median(times),
      queueP95: percentile(times, 95),
      firstPageP95: percentile(firstPages, 95),
      funnelMs: median(funnelTimes),
      exportSeconds,
      exportRows: lines - 1,
      exportMb: bytes / 1024 ** 2,
      rssGrowthMb: (rssPeak - rssBefore) / 1024 ** 2,
      bulkSeconds,
      bulkApplied: bulkBody.data?.applied.ACCEPT ?? 0,
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
writeSection('Staff back office', [
  `Measured ${now()} by \`npm run bench:staff\` (bench/staff/run.ts), load average before: ${load}. ${ROWS} seeded`,
  'applications in one cohort (`npm run seed`), the app in-process, requests over loopback with an admin session.',
  `Queue: ${REQUESTS} first pages filtered by country and two review statuses with a name search, sorted by`,
  'submitted date or name, each followed by its next page (keyset cursor). Export: the whole cohort as CSV, read',
  'as it streams; RSS growth is the peak during the download (sampled every second after a collection) over the',
  'RSS before it. Bulk: ACCEPT of 1000 ids.',
  '',
  ...table(
    [
      'engine',
      'seed',
      'queue p50',
      'queue p95',
      'first page p95',
      'funnel',
      'CSV export',
      'RSS growth',
      'bulk accept 1000',
    ],
    results.map((r) => [
      r.engine,
      `${f(r.seedSeconds, 1)} s`,
      `${f(r.queueP50)} ms`,
      `${f(r.queueP95)} ms`,
      `${f(r.firstPageP95)} ms`,
      `${f(r.funnelMs)} ms`,
      `${f(r.exportSeconds, 1)} s (${r.exportRows} rows, ${f(r.exportMb, 1)} MB)`,
      `${f(r.rssGrowthMb)} MB`,
      `${f(r.bulkSeconds, 2)} s (${r.bulkApplied} accepted)`,
    ]),
  ),
]);
console.log('docs/performance.md: "Staff back office" written');
