/**
 * Beyond one process, with real processes (the built server, as `npm start` runs it):
 * - SIGTERM with an upload in flight: new connections are refused, the upload finishes with 200, the process exits 0;
 * - WORKERS=N is refused without PostgreSQL, saying why;
 * - with PostgreSQL (when DATABASE_URL is set): three processes started at once on an empty database all become
 *   ready and migrate it once, and together they allow what one allows; WORKERS=3 serves on one port, answers
 *   /metrics for all its workers, and stops cleanly; and a round set up in the back office reaches every process
 *   (decisions 235, 244, 246, 247): with WORKERS=2, an admin creates the next cohort at N80,000, pauses the one open
 *   now, publishes new landing words and saves a new support address, each through whichever process answers, and
 *   five seconds later every answer from either process says all of it (`get-current` names the new cohort with its
 *   fee and the pause; `/` carries the fee, the new FAQ answer and the new address).
 */
import { request as httpRequest, get as httpGet } from 'node:http';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { paths, SESSION_COOKIE, type CohortInfo } from '../../machines/rules/contract';
import {
  cohortIntakePath,
  cohortSettingsPaths,
  type StaffCohortSettings,
} from '../../machines/rules/cohortSettings';
import { landingWordsPaths, type LandingWords } from '../../machines/rules/landingWords';
import { programmeSettingsPath, type StaffProgrammeSettings } from '../../machines/rules/programmeSettings';
import { MIGRATIONS } from '../../server/db/migrations';
import { applicant } from '../support/answers';
import { DECIDING, staffCookie } from './support/decision';
import { postgresUrl, scratchSchema } from './support/postgres';
import { latestCode, startServer, type RunningServer } from './support/server';

const running: RunningServer[] = [];
const drops: (() => Promise<void>)[] = [];

afterAll(async () => {
  await Promise.all(running.map((s) => s.stop()));
  for (const drop of drops) await drop();
});

const start = async (env: Record<string, string> = {}) => {
  const server = await startServer({ LOG_LEVEL: 'info', ...env });
  running.push(server);
  return server;
};

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

/** Whether a brand-new TCP connection to the port is refused. */
const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });

const exited = (server: RunningServer) =>
  new Promise<number | null>((resolve) => {
    if (server.process.exitCode !== null) resolve(server.process.exitCode);
    else server.process.once('exit', (code) => resolve(code));
  });

/** A GET on a connection of its own (no keep-alive), so that a cluster spreads them over its workers. */
const getFresh = (url: string) =>
  new Promise<number>((resolve, reject) => {
    httpGet(url, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    }).on('error', reject);
  });

it('finishes an upload in flight on SIGTERM, refuses new connections, closes and exits 0', async () => {
  const server = await start();
  const email = `slow-${randomBytes(3).toString('hex')}@example.com`;
  expect((await post(server.url + paths.create, applicant(email))).status).toBe(201);
  const verified = await post(server.url + paths.verifyEmail, {
    email,
    token: await latestCode(server.url, email),
  });
  expect(verified.status).toBe(200);
  const session = verified.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
  const cookie = session.split(';')[0];

  // A 300 KB PDF sent in 12 pieces, 250 ms apart: a phone on a slow link.
  const boundary = `----scaleout${randomBytes(6).toString('hex')}`;
  const file = Buffer.alloc(300 * 1024, 0x20);
  Buffer.from('%PDF-1.7\n').copy(file);
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\n${email}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="cv"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const pieces = 12;
  const size = Math.ceil(body.length / pieces);
  const upload = httpRequest(server.url + paths.uploadCv, {
    method: 'POST',
    agent: false,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(body.length),
      cookie,
    },
  });
  const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
    upload.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    upload.on('error', reject);
  });
  const pause = () => new Promise((r) => setTimeout(r, 250));
  upload.write(body.subarray(0, size));
  await pause();
  upload.write(body.subarray(size, 2 * size));
  await pause();

  const exit = exited(server);
  const signalled = Date.now();
  server.process.kill('SIGTERM');
  // New connections are refused while the upload is still arriving.
  let refusedAt = 0;
  for (let i = 0; i < 100 && !refusedAt; i++) {
    if (await refused(server.port)) refusedAt = Date.now();
    else await new Promise((r) => setTimeout(r, 50));
  }
  expect(refusedAt).toBeGreaterThan(0);
  expect(server.process.exitCode).toBeNull();

  for (let i = 2; i < pieces; i++) {
    upload.write(body.subarray(i * size, (i + 1) * size));
    await pause();
  }
  upload.end();
  const result = await answer;
  expect(result.status).toBe(200);
  expect(JSON.parse(result.text)).toMatchObject({ message: 'CV uploaded', data: { size: file.length } });
  expect(await exit).toBe(0);
  console.info(
    `SIGTERM: new connections refused after ${refusedAt - signalled} ms; ` +
      `the upload finished and the process exited ${Date.now() - signalled} ms after the signal`,
  );
  expect(server.output()).toContain('shutting down');
});

it('refuses WORKERS without DATABASE_URL, saying why', async () => {
  await expect(start({ WORKERS: '2' })).rejects.toThrow(/WORKERS=2 needs DATABASE_URL/);
});

it('stops WORKERS with exit code 1 when the workers cannot start, instead of restarting them for ever', async () => {
  // Nothing listens on port 1: every worker fails to reach the database before it serves.
  const failing = await startServer({
    WORKERS: '2',
    DATABASE_URL: 'postgresql://nobody@127.0.0.1:1/none',
  }).then(
    () => 'started',
    (error: Error) => error.message,
  );
  expect(failing).toMatch(/^server exited early \(1\)/);
  expect(failing).toContain('a worker stopped before it could serve; stopping the server');
  expect(failing).toContain('ECONNREFUSED');
});

/** A schema of its own for one test, dropped after the file. */
async function freshSchema(): Promise<string> {
  const schema = await scratchSchema('scale');
  drops.push(schema.drop);
  return schema.url;
}

const query = async <T extends pg.QueryResultRow>(url: string, sql: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
};

/**
 * The workers that have logged Fastify's "Server listening", by pid. Waiting on these lines, not on a count of
 * tries, keeps the test true on a loaded machine: only the file's timeout bounds it.
 */
const listening = (server: RunningServer) =>
  [...server.output().matchAll(/"pid":(\d+)[^\n]*"msg":"Server listening at/g)].map((m) => m[1]);

const until = async (done: () => boolean) => {
  while (!done()) await new Promise((r) => setTimeout(r, 100));
};

/** One value of a Prometheus text answer. */
const series = (text: string, name: string): number | undefined => {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
};

describe.each(postgresUrl ? ['PostgreSQL'] : [])('several processes on %s', () => {
  it('starts three processes at once on an empty database: all ready, migrated once, limits counted together', async () => {
    const url = await freshSchema();
    const started = Date.now();
    const servers = await Promise.all(
      [1, 2, 3].map(() =>
        start({ DATABASE_URL: url, RATE_LIMIT_EMAIL_PER_15_MIN: '5', RATE_LIMIT_IP_PER_MINUTE: '8' }),
      ),
    );
    console.info(`three processes on an empty database: all healthy after ${Date.now() - started} ms`);
    for (const server of servers) {
      const ready = await fetch(`${server.url}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({
        status: 'ready',
        checks: { database: 'ok', migrations: 'ok', storage: 'ok' },
      });
    }
    const ran = await query<{ id: number; times: string }>(
      url,
      'SELECT id, count(*) AS times FROM migrations GROUP BY id ORDER BY id',
    );
    expect(ran).toEqual(MIGRATIONS.map((m) => ({ id: m.id, times: '1' })));
    for (const server of servers) expect(server.output()).not.toMatch(/"level":(50|60)|Error/);

    // The per-email limit (5 per 15 minutes) over resend-token and verify-email, round-robin over the three.
    const email = `shared-${randomBytes(3).toString('hex')}@example.com`;
    expect((await post(servers[0].url + paths.create, applicant(email))).status).toBe(201);
    const messages: string[] = [];
    for (let i = 0; i < 8; i++) {
      const server = servers[i % 3];
      const res =
        i % 2
          ? await post(server.url + paths.resendCode, { email })
          : await post(server.url + paths.verifyEmail, { email, token: '000000' });
      messages.push(`${res.status} ${((await res.json()) as { message: string }).message}`);
    }
    const limited = messages.map((m) => /^429 Too many requests\./.test(m));
    // Each process counting alone would allow 5 each, 15 in all; together they allow 5.
    expect(limited).toEqual([false, false, false, false, false, true, true, true]);

    // The per-IP limit of the lookup (8 a minute), round-robin: the 9th is refused, whichever process gets it.
    const lookups: number[] = [];
    for (let i = 0; i < 10; i++) lookups.push((await fetch(servers[i % 3].url + paths.lookup(email))).status);
    expect(lookups).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 429, 429]);
  });

  it('runs WORKERS=3 on one port, answers /metrics for all of them, and stops on SIGTERM', async () => {
    const url = await freshSchema();
    const server = await start({ DATABASE_URL: url, WORKERS: '3' });
    const pid = server.process.pid!;
    const workers = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/);
    expect(workers).toHaveLength(3);
    await until(() => listening(server).length === 3);
    // 12 requests on 12 connections: the cluster spreads them over its workers, and /metrics counts all of them.
    for (let i = 0; i < 12; i++) expect(await getFresh(server.url + paths.currentCohort)).toBe(200);
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    expect(
      series(
        metrics,
        'http_request_duration_seconds_count{method="GET",route="/api/v1/bootcamp/get-current",status_code="200"}',
      ),
    ).toBe(12);
    expect(series(metrics, 'bootcamp_db_pool_connections')).toBeGreaterThanOrEqual(3);

    // A worker that dies while serving is replaced; the port keeps answering meanwhile.
    process.kill(Number(workers[0]), 'SIGKILL');
    await until(() => listening(server).length === 4);
    const replaced = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/);
    expect(replaced).toHaveLength(3);
    expect(replaced).not.toContain(workers[0]);
    expect(await getFresh(server.url + paths.currentCohort)).toBe(200);
    workers.splice(0, workers.length, ...replaced);

    const exit = exited(server);
    server.process.kill('SIGTERM');
    expect(await exit, server.output()).toBe(0);
    for (const worker of workers) expect(() => process.kill(Number(worker), 0)).toThrow();
    expect(await refused(server.port)).toBe(true);
    const ran = await query<{ n: string }>(url, 'SELECT count(*) AS n FROM migrations');
    expect(Number(ran[0].n)).toBe(MIGRATIONS.length);
  });

  it('serve a change made through either within 5 s, every answer alike', async () => {
    const server = await start({ ...DECIDING, DATABASE_URL: await freshSchema(), WORKERS: '2' });
    const base = server.url;
    const cookie = await staffCookie(base);
    const call = async <T>(path: string, body?: object): Promise<T> => {
      const res = await fetch(base + path, {
        method: body ? 'POST' : 'GET',
        headers: { cookie, origin: base, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await res.text();
      expect(res.status, `${path}: ${text}`).toBeLessThan(300);
      return (JSON.parse(text) as { data: T }).data;
    };

    // Every process has read, and keeps, what it serves before anything changes.
    await answers(base);
    // The next cohort at N80,000, then a pause of the one open now.
    const { cohorts, suggestion } = await call<StaffCohortSettings>(cohortSettingsPaths.cohorts);
    const current = cohorts.find((c) => c.state === 'open')!;
    const { number: _number, ...next } = suggestion;
    await call(cohortSettingsPaths.cohorts, { ...next, seats: 40, fee_ngn: 80_000 });
    await call(cohortIntakePath(current.number), { action: 'pause' });
    // New words for the FAQ's first answer.
    const words = await call<{ published: LandingWords; version: number }>(landingWordsPaths.words);
    const answer = `Answered across processes ${randomBytes(3).toString('hex')}.`;
    const faq = words.published.faq.map((entry, i) => (i === 0 ? { ...entry, answer } : entry));
    await call(landingWordsPaths.publish, { words: { ...words.published, faq }, version: words.version });
    // The bank details and a new support address (the server started with none set: the back office's first save).
    const support = `help.${randomBytes(3).toString('hex')}@bootcamp.example`;
    await call<StaffProgrammeSettings>(programmeSettingsPath, {
      bank_name: 'First Bank',
      bank_account_name: 'The Employment Bootcamp Ltd',
      bank_account_number: '0123456789',
      support_email: support,
    });
    const changed = Date.now();

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, changed + SETTLED_MS - Date.now())));
    const seen = await answers(base, (cohort, page) =>
      [
        cohort?.name === next.name,
        Boolean(cohort?.paused),
        cohort?.fees?.fee_ngn === 80_000,
        page.includes('N80,000'),
        page.includes(answer),
        page.includes(support),
      ].join(' '),
    );
    expect(seen).toEqual(Array.from({ length: ANSWERS }, () => 'true true true true true true'));
  });
});

/** How long another process may serve what it read before a change (decisions 235, 246, 247: 2 s each). */
const SETTLED_MS = 5_000;
const ANSWERS = 12;

/** What `get-current` and `/` say, asked ANSWERS times, each on a new connection (the cluster's next process). */
async function answers(
  base: string,
  read: (cohort: CohortInfo | undefined, page: string) => string = () => '',
): Promise<string[]> {
  const seen: string[] = [];
  for (let i = 0; i < ANSWERS; i++) {
    const current = (await (
      await fetch(base + paths.currentCohort, { headers: { connection: 'close' } })
    ).json()) as { data: CohortInfo[] };
    const page = await (await fetch(`${base}/`, { headers: { connection: 'close' } })).text();
    seen.push(read(current.data[0], page));
  }
  return seen;
}
