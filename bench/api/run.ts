/**
 * API load: autocannon against the server started the way `npm start` starts it (PGlite on a fresh data dir, and
 * PostgreSQL on a fresh database when one answers), and against a bare Fastify hello-world for a baseline.
 * Each measurement runs DURATION seconds (6) at CONNECTIONS (50), REPEATS times (3); the medians go into the
 * "API" section of docs/performance.md. Create is measured twice: flat out (its maximum), then at a steady rate of
 * half the maximum just measured, evenly spaced (bench/api/paced.ts), where its p99 is the goal. On PostgreSQL, get-current
 * and create are measured again with WORKERS=2 (server/cluster.ts) on the same database in the same repeat.
 * `--quick` (BENCH_QUICK=1): one repeat of 3 s per measure, printed, the doc untouched. After each create run the rows are counted straight from the database and
 * compared with the 2xx answers: nothing may be lost or duplicated. Usage: `npm run bench:api`.
 * To measure one thing while working on it: `MEASURES=get-current,healthz ENGINES=pglite npm run bench:api` runs
 * only those (hello, healthz, get-current, create, lookup; lookup needs create) and prints them, writing nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { paths } from '../../machines/rules/contract';
import { adminQuery, withDatabase } from '../../scripts/postgresAdmin';
import { applicant } from '../../tests/support/answers';
import { startProcess, type BenchProcess } from '../support/process';
import { pacedLoad, type PacedResult } from './paced';
import { busyWarning, loadAverage, loadLabel } from '../support/load';
import { median, met, now, quick, table, writeMachineSection, writeSection } from '../support/report';

const DURATION = Number(process.env.DURATION ?? (quick ? 3 : 6));
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const REPEATS = Number(process.env.REPEATS ?? (quick ? 1 : 3));
/** The lookup is not a goal: a shorter run. */
const LOOKUP_SECONDS = Math.max(2, Math.round(DURATION / 2));
const LOCAL_POSTGRES = 'postgresql://root@localhost/bootcamp_dev?host=/var/run/postgresql';
const goals = { getCurrentRatio: 0.6, createPglite: 1000, createPostgres: 2000, p99Ms: 50 };

type Engine = 'pglite' | 'postgres';
const MEASURE_NAMES = ['hello', 'healthz', 'get-current', 'create', 'lookup'] as const;
type MeasureName = (typeof MEASURE_NAMES)[number];
const only = process.env.MEASURES?.split(',').map((name) => name.trim()) as MeasureName[] | undefined;
const onlyEngines = process.env.ENGINES?.split(',').map((name) => name.trim()) as Engine[] | undefined;

interface Measure extends PacedResult {
  load: string;
}

interface Integrity {
  engine: Engine;
  repeat: number;
  ok: number;
  rows: number;
  lost: number;
  duplicates: number;
  mails: number;
}

interface Repeat {
  hello: Measure;
  getCurrent: Measure;
  create: Measure;
  /** Create at a steady rate of half `create`'s maximum. */
  steady: Measure;
  steadyRate: number;
  lookup: Measure;
  /** PostgreSQL only: the same measures with WORKERS=2. */
  cluster?: { getCurrent: Measure; create: Measure };
  integrity: Integrity;
}

const measureOf = (result: autocannon.Result, load: string): Measure => ({
  rps: result['2xx'] / result.duration,
  p50: result.latency.p50,
  p99: result.latency.p99,
  ok: result['2xx'],
  failed: result.non2xx,
  errors: result.errors,
  load,
});

async function cannon(
  url: string,
  requests: autocannon.Request[] = [{}],
  seconds = DURATION,
  connections = CONNECTIONS,
): Promise<Measure> {
  const load = loadAverage();
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    requests,
  });
  return measureOf(result, load);
}

const warmUp = (url: string) => cannon(url, [{}], 2, 10);

/**
 * Create with a new email per request, as the wizard sends it (with an idempotency key); collects the 2xx emails.
 * Flat out through autocannon; with `rate`, that many requests a second evenly spaced (bench/api/paced.ts).
 */
async function createLoad(
  url: string,
  tag: string,
  rate?: number,
): Promise<{ measure: Measure; created: string[] }> {
  let sequence = 0;
  const created: string[] = [];
  const nextApplicant = () => {
    sequence += 1;
    const id = `${tag}-${sequence}`;
    return { id, body: JSON.stringify(applicant(`bench.${id}@example.com`)) };
  };
  const onAnswer = (status: number, body: string) => {
    if (status >= 200 && status < 300)
      created.push((JSON.parse(body) as { data: { email: string } }).data.email);
  };
  if (rate) {
    const load = loadAverage();
    const result = await pacedLoad({
      url,
      rate,
      seconds: DURATION,
      connections: CONNECTIONS,
      next: () => {
        const { id, body } = nextApplicant();
        const headers = {
          'content-type': 'application/json',
          accept: 'application/json',
          'idempotency-key': id,
        };
        return { method: 'POST', path: paths.create, headers, body };
      },
      onAnswer,
    });
    return { measure: { ...result, load }, created };
  }
  const measure = await cannon(`${url}${paths.create}`, [
    {
      method: 'POST',
      setupRequest: (request) => {
        const { id, body } = nextApplicant();
        return { ...request, body, headers: { ...request.headers, 'idempotency-key': id } };
      },
      onResponse: onAnswer,
    },
  ]);
  return { measure, created };
}

/** The lookup of existing applications, round-robin over the emails the create run stored. */
async function lookupLoad(url: string, emails: string[]): Promise<{ measure: Measure; found: number }> {
  let next = 0;
  let found = 0;
  const measure = await cannon(
    url,
    [
      {
        method: 'GET',
        setupRequest: (request) => ({ ...request, path: paths.lookup(emails[next++ % emails.length]) }),
        onResponse: (status, body) => {
          const data = (JSON.parse(body) as { data: { exists?: boolean }[] }).data;
          if (status === 200 && data[0]?.exists) found += 1;
        },
      },
    ],
    LOOKUP_SECONDS,
  );
  return { measure, found };
}

/** Counts what the database holds after the load: rows, emails stored twice, code emails in the outbox. */
async function countRows(
  query: (sql: string) => Promise<{ rows: Record<string, unknown>[] }>,
  created: string[],
): Promise<Omit<Integrity, 'engine' | 'repeat' | 'ok'>> {
  const stored = (await query('SELECT lower(email) AS email FROM applications')).rows.map((r) =>
    String(r.email),
  );
  const distinct = new Set(stored);
  const mails = Number((await query('SELECT count(*) AS n FROM outbox')).rows[0].n);
  return {
    rows: stored.length,
    lost: created.filter((email) => !distinct.has(email.toLowerCase())).length,
    duplicates: stored.length - distinct.size,
    mails,
  };
}

async function postgresAdminUrl(): Promise<string | undefined> {
  const candidate = process.env.DATABASE_URL || LOCAL_POSTGRES;
  const client = new pg.Client({ connectionString: candidate });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return candidate;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function runHello(dir: string): Promise<Measure> {
  const hello = await startProcess('bench/api/hello.ts', {}, join(dir, 'hello.log'), '/');
  try {
    await warmUp(hello.url);
    return await cannon(hello.url);
  } finally {
    await hello.stop();
  }
}

async function repeatOnce(
  engine: Engine,
  repeat: number,
  adminUrl: string | undefined,
  hello: Measure,
): Promise<Repeat> {
  const dir = mkdtempSync(join(tmpdir(), `bench-api-${engine}-`));
  const database = `bench_api_${process.pid}_${repeat}`;
  const databaseUrl = engine === 'postgres' && adminUrl ? withDatabase(adminUrl, database) : '';
  if (databaseUrl) await adminQuery(adminUrl!, `CREATE DATABASE ${database}`);
  let server: BenchProcess | undefined;
  try {
    server = await startProcess(
      'server/main.ts',
      serverEnv(dir, databaseUrl),
      join(dir, 'server.log'),
      '/healthz',
    );
    const getCurrentUrl = `${server.url}${paths.currentCohort}`;
    await warmUp(getCurrentUrl);
    const getCurrent = await cannon(getCurrentUrl);
    const tag = `${engine}-${repeat}-${Date.now()}`;
    const { measure: create, created } = await createLoad(server.url, `${tag}-max`);
    if (created.length === 0) throw new Error(`no application was created; see ${join(dir, 'server.log')}`);
    const steadyRate = Math.max(1, Math.floor(create.rps / 2));
    const steadyRun = await createLoad(server.url, `${tag}-steady`, steadyRate);
    created.push(...steadyRun.created);
    const { measure: lookup, found } = await lookupLoad(server.url, created);
    if (found !== lookup.ok)
      throw new Error(`the lookup found ${found} of ${lookup.ok} existing applications`);

    let cluster: Repeat['cluster'];
    if (databaseUrl) {
      // The same database, now served by two processes on one port (node:cluster), right after the one process.
      await server.stop();
      server = await startProcess(
        'server/main.ts',
        { ...serverEnv(dir, databaseUrl), WORKERS: '2' },
        join(dir, 'server-workers.log'),
        '/healthz',
      );
      await warmUp(`${server.url}${paths.currentCohort}`);
      const clusterGet = await cannon(`${server.url}${paths.currentCohort}`);
      const clusterCreate = await createLoad(server.url, `${tag}-workers`);
      created.push(...clusterCreate.created);
      cluster = { getCurrent: clusterGet, create: clusterCreate.measure };
    }

    let counted: Omit<Integrity, 'engine' | 'repeat' | 'ok'>;
    if (databaseUrl) {
      await server.stop();
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        counted = await countRows((sql) => client.query(sql), created);
      } finally {
        await client.end();
      }
    } else {
      // PGlite is one process per data dir: stop the server first, then open its files here.
      await server.stop();
      const db = new PGlite(join(dir, 'pgdata'));
      try {
        counted = await countRows((sql) => db.query<Record<string, unknown>>(sql), created);
      } finally {
        await db.close();
      }
    }
    const ok = create.ok + steadyRun.measure.ok + (cluster?.create.ok ?? 0);
    const integrity: Integrity = { engine, repeat, ok, ...counted };
    const result = {
      hello,
      getCurrent,
      create,
      steady: steadyRun.measure,
      steadyRate,
      lookup,
      cluster,
      integrity,
    };
    console.log(engine, repeat, JSON.stringify(result));
    return result;
  } finally {
    await server?.stop();
    if (databaseUrl) await adminQuery(adminUrl!, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    rmSync(dir, { recursive: true, force: true });
  }
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-GB', { maximumFractionDigits: digits });

function summary(label: string, measures: Measure[], goal: string, verdict: string): string[] {
  return [
    label,
    fmt(median(measures.map((m) => m.rps))),
    `${fmt(median(measures.map((m) => m.p50)))} ms`,
    `${fmt(median(measures.map((m) => m.p99)))} ms`,
    fmt(measures.reduce((sum, m) => sum + m.failed + m.errors, 0)),
    goal,
    verdict,
  ];
}

const serverEnv = (dir: string, databaseUrl: string) => ({
  DATA_DIR: dir,
  DATABASE_URL: databaseUrl,
  // The benchmark measures the server, not the limiter: every request comes from one IP.
  RATE_LIMIT_IP_PER_MINUTE: '100000000',
  RATE_LIMIT_EMAIL_PER_15_MIN: '100000000',
  SMTP_URL: '',
});

/** MEASURES=…: the named measures only, printed one line each (req/s, p50, p99, failures), the doc untouched. */
async function measureOnly(names: MeasureName[], engines: Engine[], adminUrl: string | undefined) {
  const unknown = names.filter((name) => !MEASURE_NAMES.includes(name));
  if (unknown.length)
    throw new Error(`unknown measures ${unknown.join(', ')}; known: ${MEASURE_NAMES.join(', ')}`);
  const show = (engine: string, repeat: number, name: string, m: Measure) =>
    console.log(
      `${engine} ${repeat} ${name.padEnd(11)} ${fmt(m.rps).padStart(7)}/s  p50 ${m.p50} ms  p99 ${m.p99} ms  ` +
        `non-2xx ${m.failed} errors ${m.errors}  load ${m.load}`,
    );
  for (let repeat = 1; repeat <= REPEATS; repeat++) {
    const dir = mkdtempSync(join(tmpdir(), 'bench-api-only-'));
    try {
      if (names.includes('hello')) show('-', repeat, 'hello', await runHello(dir));
      for (const engine of engines) {
        const database = `bench_api_${process.pid}_${repeat}`;
        const databaseUrl = engine === 'postgres' && adminUrl ? withDatabase(adminUrl, database) : '';
        if (databaseUrl) await adminQuery(adminUrl!, `CREATE DATABASE ${database}`);
        const engineDir = join(dir, engine);
        const server = await startProcess(
          'server/main.ts',
          serverEnv(engineDir, databaseUrl),
          join(dir, `${engine}.log`),
          '/healthz',
        );
        try {
          for (const name of ['healthz', 'get-current'] as const) {
            if (!names.includes(name)) continue;
            const url = `${server.url}${name === 'healthz' ? '/healthz' : paths.currentCohort}`;
            await warmUp(url);
            show(engine, repeat, name, await cannon(url));
          }
          if (names.includes('create') || names.includes('lookup')) {
            const { measure, created } = await createLoad(server.url, `${engine}-${repeat}-${Date.now()}`);
            show(engine, repeat, 'create', measure);
            if (names.includes('lookup') && created.length)
              show(engine, repeat, 'lookup', (await lookupLoad(server.url, created)).measure);
          }
        } finally {
          await server.stop();
          if (databaseUrl) await adminQuery(adminUrl!, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

async function main(): Promise<void> {
  const adminUrl = await postgresAdminUrl();
  if (only) {
    const available: Engine[] = adminUrl ? ['pglite', 'postgres'] : ['pglite'];
    return measureOnly(only, onlyEngines?.filter((e) => available.includes(e)) ?? available, adminUrl);
  }
  const engines: Engine[] = adminUrl ? ['pglite', 'postgres'] : ['pglite'];
  const results: Record<Engine, Repeat[]> = { pglite: [], postgres: [] };
  const started = now();
  const loadBefore = loadAverage();
  for (let repeat = 1; repeat <= REPEATS; repeat++) {
    // One baseline per repeat, taken right before that repeat's engines: ratios are within a repeat.
    const dir = mkdtempSync(join(tmpdir(), 'bench-api-hello-'));
    let hello: Measure;
    try {
      hello = await runHello(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    for (const engine of engines) results[engine].push(await repeatOnce(engine, repeat, adminUrl, hello));
  }

  const rows: string[][] = [];
  const shortfalls: string[] = [];
  const allHello = results[engines[0]].map((r) => r.hello);
  rows.push(summary('bare Fastify hello-world (baseline)', allHello, '—', ''));
  for (const engine of engines) {
    const runs = results[engine];
    const name = engine === 'pglite' ? 'PGlite' : 'PostgreSQL';
    const ratio = median(runs.map((r) => r.getCurrent.rps / r.hello.rps));
    const ratioOk = ratio >= goals.getCurrentRatio;
    rows.push(
      summary(
        `GET get-current, ${name}`,
        runs.map((r) => r.getCurrent),
        `≥ 60% of hello-world: ${Math.round(ratio * 100)}%`,
        met(ratioOk),
      ),
    );
    if (!ratioOk)
      shortfalls.push(
        `get-current on ${name} serves ${Math.round(ratio * 100)}% of the hello-world rate (goal 60%).`,
      );
    const create = runs.map((r) => r.create);
    const goalRps = engine === 'pglite' ? goals.createPglite : goals.createPostgres;
    const createRps = median(create.map((m) => m.rps));
    rows.push(
      summary(
        `POST application (create + code email), flat out, ${name}`,
        create,
        `≥ ${fmt(goalRps)}/s`,
        met(createRps >= goalRps),
      ),
    );
    if (createRps < goalRps)
      shortfalls.push(
        `create on ${name}: ${fmt(createRps)}/s is ${Math.round((createRps / goalRps) * 100)}% of the goal of ${fmt(goalRps)}/s.`,
      );
    const steady = runs.map((r) => r.steady);
    const steadyP99 = median(steady.map((m) => m.p99));
    rows.push(
      summary(
        `POST application at half the maximum (${runs.map((r) => fmt(r.steadyRate)).join(', ')}/s), ${name}`,
        steady,
        'p99 ≤ 50 ms',
        met(steadyP99 <= goals.p99Ms),
      ),
    );
    if (steadyP99 > goals.p99Ms)
      shortfalls.push(
        `create on ${name} at half its maximum: p99 ${fmt(steadyP99)} ms is over the 50 ms goal.`,
      );
    rows.push(
      summary(
        `GET get-application/:email (existing), ${name}`,
        runs.map((r) => r.lookup),
        '—',
        '',
      ),
    );
  }
  const clustered = results.postgres.filter((r) => r.cluster);
  const clusterRows: string[][] = [];
  if (clustered.length) {
    for (const [label, pick] of [
      ['GET get-current', (r: Repeat) => [r.getCurrent, r.cluster!.getCurrent]],
      ['POST application, flat out', (r: Repeat) => [r.create, r.cluster!.create]],
    ] as const) {
      const pairs = clustered.map(pick);
      clusterRows.push([
        label,
        `${fmt(median(pairs.map(([one]) => one.rps)))} / ${fmt(median(pairs.map(([one]) => one.p99)))} ms`,
        `${fmt(median(pairs.map(([, two]) => two.rps)))} / ${fmt(median(pairs.map(([, two]) => two.p99)))} ms`,
        `${median(pairs.map(([one, two]) => two.rps / one.rps)).toFixed(2)}×`,
      ]);
    }
  }
  const integrity = engines.flatMap((e) => results[e].map((r) => r.integrity));
  const intact = integrity.every((i) => i.lost === 0 && i.duplicates === 0 && i.mails === i.rows);
  if (!intact) shortfalls.push('Rows were lost or duplicated under load: see the table below.');

  const loads = engines.flatMap((engine) =>
    results[engine].flatMap((r) => [r.getCurrent.load, r.create.load, r.steady.load]),
  );
  const everyRun = engines.flatMap((engine) =>
    results[engine].map((r, i) => [
      engine,
      String(i + 1),
      `${fmt(r.hello.rps)} / ${fmt(r.hello.p99)} ms`,
      `${fmt(r.getCurrent.rps)} / ${fmt(r.getCurrent.p99)} ms`,
      `${fmt(r.create.rps)} / ${fmt(r.create.p99)} ms`,
      `${fmt(r.steady.rps)} / ${fmt(r.steady.p99)} ms`,
      `${fmt(r.lookup.rps)} / ${fmt(r.lookup.p99)} ms`,
      r.cluster ? `${fmt(r.cluster.getCurrent.rps)} / ${fmt(r.cluster.create.rps)}` : '—',
      `${loadLabel(r.getCurrent.load)}; ${loadLabel(r.create.load)}`,
    ]),
  );

  const lines = [
    ...busyWarning(loads),
    `Measured by \`npm run bench:api\` (bench/api/run.ts) from ${started} (load average ${loadLabel(loadBefore)} at the start):`,
    `autocannon ${CONNECTIONS} connections for ${DURATION} s per measure (the lookup ${LOOKUP_SECONDS} s), ${REPEATS} repeats, medians.`,
    'The server runs from its sources (`node --import tsx server/main.ts`, logs at `info` to a file) on',
    '127.0.0.1 with the per-IP limits raised, so the limiter is not what is measured; each repeat gets a fresh PGlite',
    `data dir and ${engines.includes('postgres') ? 'a fresh PostgreSQL database (created for the run, dropped after)' : 'no PostgreSQL (none answered)'}.`,
    'Requests/s counts 2xx answers only. Create sends what the wizard sends (a new email each time, an',
    'idempotency key) and stores the application, the code, the code email (outbox) and the idempotent answer',
    'atomically. Create is measured flat out (its maximum throughput), then at a steady rate of half the maximum',
    'just measured, where the p99 goal applies: at full throughput the latency is bound to be about connections ÷',
    'throughput. "Steady" is requests sent at evenly spaced moments over up to 50 sockets, latency counted from',
    "the moment each was due (bench/api/paced.ts); autocannon's `overallRate` sends flat out until each connection",
    'has made its share of the second, then waits for the next, which is full load for half of every second',
    '(decision 012). The hello-world baseline is measured at the start of each repeat.',
    'autocannon shares the 2 cores with the server: these are lower bounds.',
    '',
    ...table(['measure', 'req/s', 'p50', 'p99', 'non-2xx + errors', 'goal', ''], rows),
    '',
    shortfalls.length
      ? `**Short of the goals:** ${shortfalls.join(' ')}`
      : 'Every API goal is met in this run.',
    '',
  ];
  if (clusterRows.length)
    lines.push(
      'Several processes (PostgreSQL): the same measures right after the one process, on the same database, with',
      '`WORKERS=2` (server/cluster.ts: two processes on one port). Reported, not a goal: the two workers, PostgreSQL',
      'and autocannon share the same 2 cores, so a second process can only win the time one process leaves idle.',
      '',
      ...table(['measure', 'one process (req/s / p99)', 'WORKERS=2 (req/s / p99)', 'ratio'], clusterRows),
      '',
    );
  lines.push(
    'Nothing lost or duplicated: after each repeat the server was stopped and the database read directly. Every',
    'email answered 2xx (flat out, steady and, on PostgreSQL, with two workers) is stored once; rows beyond the 2xx',
    'count are requests the server finished but autocannon never counted: in flight when the clock stopped (one per',
    'connection) or answered after autocannon\'s 10 s timeout (the "errors"; a browser retrying with its idempotency',
    'key gets the stored answer). Each application has one code email.',
    '',
    ...table(
      ['engine', 'repeat', '2xx', 'rows', 'lost', 'duplicated', 'finished, not counted', 'code emails'],
      integrity.map((i) => [
        i.engine,
        String(i.repeat),
        fmt(i.ok),
        fmt(i.rows),
        fmt(i.lost),
        fmt(i.duplicates),
        fmt(i.rows - i.ok),
        fmt(i.mails),
      ]),
    ),
    '',
    'Every run (2xx req/s / p99; load average before get-current and before create, with the share of the cores',
    'other processes took over the minute before, "(busy)" above 20%):',
    '',
    ...table(
      [
        'engine',
        'repeat',
        'hello-world',
        'get-current',
        'create, flat out',
        'create, steady',
        'lookup',
        'WORKERS=2 get-current / create',
        'load average',
      ],
      everyRun,
    ),
  );
  if (quick) {
    console.log(lines.join('\n'));
    console.log('quick run: docs/performance.md left as it was');
    return;
  }
  writeMachineSection();
  writeSection('API', lines);
  console.log(`API section written; ${shortfalls.length ? shortfalls.join(' ') : 'all goals met'}`);
}

await main();
