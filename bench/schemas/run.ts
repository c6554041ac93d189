/**
 * What the response schemas of server/openapi.ts do to serialisation: the same app built twice on one PGlite (in
 * memory, ROWS seeded applications), once as it runs (every answer written by fast-json-stringify from its schema)
 * and once with `responseSchemas: false` (JSON.stringify), both listening on 127.0.0.1. Three JSON-heavy routes:
 * get-current, a staff queue page of 200 rows and the audit log (100 entries). For each route, ROUNDS rounds, each
 * measuring with and without schemas one after the other (the order alternates), autocannon for SECONDS after a
 * 1 s warm-up at CONNECTIONS; medians of requests/s and of the median latency go into the "Response schemas"
 * section of docs/performance.md. Both apps must send the same bodies, checked before measuring.
 * `--quick` (BENCH_QUICK=1): one round of 1 s, printed, the doc untouched. Usage: `npm run bench:schemas`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { faker } from '@faker-js/faker';
import { paths } from '../../machines/rules/contract';
import { STAFF_COOKIE } from '../../machines/rules/staff/session';
import { staffPaths } from '../../machines/rules/staff/paths';
import { staffQueuePaths } from '../../machines/rules/staff/queue';
import { buildApp } from '../../server/app';
import { defaultConfig } from '../../server/config';
import { openPglite } from '../../server/db/index';
import { migrate } from '../../server/db/migrations';
import { outboxMailer } from '../../server/mail/index';
import { createStaffSession } from '../../server/staff/store';
import { seed } from '../../scripts/seed';
import { busyWarning, loadAverage, loadLabel } from '../support/load';
import { median, now, quick, table, writeSection } from '../support/report';

const ROWS = Number(process.env.ROWS ?? 2000);
const ROUNDS = Number(process.env.ROUNDS ?? (quick ? 1 : 3));
const SECONDS = Number(process.env.SECONDS ?? (quick ? 1 : 3));
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);

const ROUTES = [
  { name: 'GET get-current', path: paths.currentCohort },
  { name: 'GET staff queue, 200 rows (admin)', path: `${staffQueuePaths.queue}?limit=200` },
  { name: 'GET audit log, 100 entries (admin)', path: staffPaths.audit },
];

interface Sample {
  rps: number;
  p50: number;
}

async function measure(url: string, cookie: string, seconds: number): Promise<Sample> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers: { cookie } });
  if (result.non2xx || result.errors)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result['2xx'] / result.duration, p50: result.latency.p50 };
}

const storageDir = mkdtempSync(join(tmpdir(), 'bench-schemas-'));
const db = await openPglite();
try {
  await migrate(db);
  faker.seed(1);
  await seed(db, ROWS, storageDir);
  const { rows } = await db.query<{ id: number }>(
    "INSERT INTO staff (email, role, created_at) VALUES ('bench@staff.example', 'admin', now()) RETURNING id",
  );
  const { token } = await createStaffSession(db, rows[0].id, new Date());
  const cookie = `${STAFF_COOKIE}=${token}`;
  // 100 entries for the audit log to answer with.
  await db.query(
    `INSERT INTO audit_log (staff_id, action, application_id, detail, created_at)
     SELECT $1, 'view_application', id, '{"event":"ACCEPT","from":"submitted","to":"accepted"}', now()
     FROM applications ORDER BY id LIMIT 100`,
    [rows[0].id],
  );
  const variants = {} as Record<'with' | 'without', string>;
  const apps = [];
  for (const [variant, responseSchemas] of [
    ['with', true],
    ['without', false],
  ] as const) {
    const config = defaultConfig({ staffEmails: [] });
    const app = await buildApp({ db, mailer: outboxMailer(db), storageDir, config, responseSchemas });
    apps.push(app);
    variants[variant] = await app.listen({ port: 0, host: '127.0.0.1' });
  }

  for (const route of ROUTES) {
    const bodies = await Promise.all(
      [variants.with, variants.without].map(async (base) =>
        (await fetch(`${base}${route.path}`, { headers: { cookie } })).json(),
      ),
    );
    if (!isDeepStrictEqual(bodies[0], bodies[1]))
      throw new Error(`${route.name}: the two apps answer differently`);
  }

  const loads: string[] = [loadAverage()];
  const results = ROUTES.map((route) => ({ route, with: [] as Sample[], without: [] as Sample[] }));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const result of results) {
      const order = round % 2 === 0 ? (['with', 'without'] as const) : (['without', 'with'] as const);
      for (const variant of order) {
        const url = `${variants[variant]}${result.route.path}`;
        await measure(url, cookie, 1);
        result[variant].push(await measure(url, cookie, SECONDS));
      }
    }
    loads.push(loadAverage());
  }
  for (const app of apps) await app.close();

  const rps = (samples: Sample[]) => median(samples.map((s) => s.rps));
  const p50 = (samples: Sample[]) => median(samples.map((s) => s.p50));
  const lines = [
    ...busyWarning(loads),
    `Measured by \`npm run bench:schemas\` (bench/schemas/run.ts) on ${now()}: the app built twice in one process on`,
    `PGlite in memory with ${ROWS} seeded applications, with its response schemas (fast-json-stringify) and without`,
    `them (\`responseSchemas: false\`: JSON.stringify), both answering the same bodies; autocannon on 127.0.0.1 in`,
    `the same process, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s each after a 1 s warm-up, with and`,
    'without alternating first; medians of the rounds. Load average before each round and at the end:',
    `${loads.map(loadLabel).join('; ')}.`,
    '',
    ...table(
      [
        'route',
        'with schemas, requests/s',
        'without, requests/s',
        'change',
        'median latency with',
        'without',
      ],
      results.map((r) => [
        r.route.name,
        `${rps(r.with).toFixed(0)} (${r.with.map((s) => s.rps.toFixed(0)).join(', ')})`,
        `${rps(r.without).toFixed(0)} (${r.without.map((s) => s.rps.toFixed(0)).join(', ')})`,
        rps(r.without) > 0 ? `${(((rps(r.with) - rps(r.without)) / rps(r.without)) * 100).toFixed(0)}%` : '–',
        `${p50(r.with)} ms`,
        `${p50(r.without)} ms`,
      ]),
    ),
  ];
  console.log(lines.join('\n'));
  if (quick) console.log('quick run: docs/performance.md left as it was');
  else writeSection('Response schemas', lines);
} finally {
  await db.close();
  rmSync(storageDir, { recursive: true, force: true });
}
