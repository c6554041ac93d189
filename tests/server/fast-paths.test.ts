/**
 * What makes the API fast must not weaken it (docs/performance.md, "API"): one log line per request at most and
 * no personal data in it; the current cohort served from memory but never past a deadline; a create written in one
 * statement that still stores each application, code, code email and idempotent answer exactly once.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { API, IDEMPOTENCY_HEADER, paths } from '../../machines/rules/contract';
import { RETRY_POLICY } from '../../machines/rules/network';
import { COHORT_CACHE_MS, cohortCache } from '../../server/db/cohorts';
import { logOptions } from '../../server/logging';
import { SERVER_MESSAGES } from '../../server/messages';
import {
  applicant,
  bothEngines,
  databases,
  json,
  recordingDb,
  START,
  testApp,
  type TestApp,
  type TestDatabase,
} from './support';

interface LogLine {
  level: number;
  msg: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
  err?: { message: string };
}

/** An app whose pino logs (the production options, at `level`) are collected as parsed lines. */
async function loggedApp(database: TestDatabase, level: string, failOn?: (sql: string) => boolean) {
  const lines: LogLine[] = [];
  const t = await testApp(database, {
    logger: { ...logOptions(), level, stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
    wrapDb: failOn ? (db) => recordingDb(db, failOn).db : undefined,
  });
  return { t, lines };
}

/** An app whose statements to the database are recorded, in order. */
async function recordedApp(database: TestDatabase) {
  let statements: string[] = [];
  const t = await testApp(database, {
    wrapDb: (db) => {
      const recording = recordingDb(db);
      statements = recording.statements;
      return recording.db;
    },
  });
  return { t, statements };
}

describe('request logs', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('writes nothing at info for answers that went well, and one line for a client mistake', async () => {
    const logged = await loggedApp(databases[0], 'info');
    t = logged.t;
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: paths.currentCohort })).statusCode).toBe(200);
    expect(logged.lines).toEqual([]);
    const lookup = await t.app.inject({ method: 'GET', url: paths.lookup('not-an-email@') });
    expect(lookup.statusCode).toBe(400);
    expect(logged.lines).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'request completed',
        req: expect.objectContaining({ method: 'GET', url: '/api/v1/bootcamp/get-application/:email' }),
        res: { statusCode: 400 },
      }),
    ]);
  });

  it('logs every request once at debug, without the email it was about', async () => {
    const logged = await loggedApp(databases[0], 'debug');
    t = logged.t;
    await t.app.inject({ method: 'GET', url: paths.lookup('ada@example.com') });
    await t.app.inject({ method: 'POST', url: paths.create, payload: applicant('ada@example.com') });
    expect(logged.lines.map((line) => [line.level, line.res?.statusCode])).toEqual([
      [20, 200],
      [20, 201],
    ]);
    expect(JSON.stringify(logged.lines)).not.toContain('ada@example.com');
  });

  it('logs our own failure once, at error, with the error and without the email', async () => {
    const logged = await loggedApp(databases[0], 'info', (sql) => /from "?applications"?/i.test(sql));
    t = logged.t;
    const res = await t.app.inject({ method: 'GET', url: paths.lookup('ada@example.com') });
    expect(res.statusCode).toBe(500);
    expect(json(res)).toEqual({ message: SERVER_MESSAGES.serverError });
    expect(logged.lines).toEqual([
      expect.objectContaining({
        level: 50,
        res: { statusCode: 500 },
        err: expect.objectContaining({ message: 'the database is unavailable (test)' }),
      }),
    ]);
    expect(JSON.stringify(logged.lines)).not.toContain('ada@example.com');
  });

  it('answers a database connection cut under the request with 503 and Retry-After, which the browser retries', async () => {
    const cut = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    t = await testApp(databases[0], {
      wrapDb: (db) => ({
        ...db,
        query: async (sql, params, name) => {
          if (/from "?applications"?/i.test(sql)) throw cut;
          return db.query(sql, params, name);
        },
      }),
    });
    const res = await t.app.inject({ method: 'GET', url: paths.lookup('ada@example.com') });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(json(res)).toEqual({ message: SERVER_MESSAGES.serverError });
    expect(RETRY_POLICY.statuses).toContain(503);
  });
});

describe('security headers', () => {
  it('puts the page CSP and browser protections on pages, 404s and health checks, and the API set on every API answer, failures too', async () => {
    const t = await testApp(databases[0], {
      // The lookup's read fails; the cohort's seat count (also on applications) does not.
      wrapDb: (db) =>
        recordingDb(db, (sql) => /from "?applications"?/i.test(sql) && sql.includes('lower(')).db,
    });
    try {
      const get = (urls: string[]) => Promise.all(urls.map((url) => t.app.inject({ method: 'GET', url })));
      const pages = await get(['/healthz', '/api/nope', '/nope.txt']);
      expect(pages.map((res) => res.statusCode)).toEqual([200, 404, 404]);
      for (const res of pages) {
        expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
        expect(String(res.headers['content-security-policy'])).toContain("object-src 'none'");
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
        expect(res.headers['referrer-policy']).toBe('no-referrer');
      }
      const api = await get([paths.currentCohort, `${API}/nope`, paths.lookup('ada@example.com')]);
      expect(api.map((res) => res.statusCode)).toEqual([200, 404, 500]);
      for (const res of api)
        expect(res.headers).toMatchObject({
          'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
          'x-content-type-options': 'nosniff',
          'x-frame-options': 'DENY',
          'referrer-policy': 'no-referrer',
          'cross-origin-resource-policy': 'same-origin',
        });
    } finally {
      await t.close();
    }
  });
});

describe('security headers behind https', () => {
  it('puts HSTS on pages and API answers alike', async () => {
    const t = await testApp(databases[0], { config: { publicUrl: 'https://apply.example.org' } });
    try {
      for (const url of ['/healthz', paths.currentCohort])
        expect(
          String((await t.app.inject({ method: 'GET', url })).headers['strict-transport-security']),
        ).toMatch(/^max-age=\d+/);
    } finally {
      await t.close();
    }
  });
});

describe.each(bothEngines)('the current cohort from memory on $name', (database) => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  it('asks the database once for many requests, again after COHORT_CACHE_MS (2 s), and at once on the next day', async () => {
    const recorded = await recordedApp(database);
    t = recorded.t;
    const cohortName = async () =>
      json<{ data: { name: string }[] }>(await t.app.inject({ method: 'GET', url: paths.currentCohort }))
        .data[0].name;
    const read = await Promise.all(Array.from({ length: 5 }, cohortName));
    expect(read).toEqual(Array(5).fill('Cohort 13'));
    const afterFirst = recorded.statements.length;
    expect(afterFirst).toBeGreaterThan(0);
    await cohortName();
    expect(recorded.statements).toHaveLength(afterFirst);

    // A cohort edited by hand shows once the short cache has run out.
    await t.db.query("UPDATE cohorts SET name = 'Cohort 13 (renamed)' WHERE number = 13");
    expect(await cohortName()).toBe('Cohort 13');
    t.advance(COHORT_CACHE_MS - 1);
    expect(await cohortName()).toBe('Cohort 13');
    t.advance(2);
    expect(await cohortName()).toBe('Cohort 13 (renamed)');

    // The deadline (3 December) counts; the day after it, the next cohort at once, cache or not.
    t.setNow(new Date('2026-12-03T23:59:59Z'));
    expect(await cohortName()).toBe('Cohort 13 (renamed)');
    t.setNow(new Date('2026-12-04T00:00:00Z'));
    expect(await cohortName()).toBe('Cohort 14');
  });

  it('does not keep a failed read', async () => {
    t = await testApp(database);
    let failing = true;
    const cache = cohortCache(
      {
        ...t.db,
        transaction: (fn) => (failing ? Promise.reject(new Error('down')) : t.db.transaction(fn)),
      },
      () => START,
    );
    await expect(cache.current()).rejects.toThrow('down');
    failing = false;
    await expect(cache.current()).resolves.toMatchObject({ name: 'Cohort 13' });
  });
});

describe.each(bothEngines)('create in one statement on $name', (database) => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  const count = async (table: string) =>
    Number((await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n);

  it('stores the application, its code, its code email and its answer with one statement', async () => {
    const recording = await recordedApp(database);
    t = recording.t;
    await t.app.inject({ method: 'GET', url: paths.currentCohort });
    recording.statements.length = 0;
    const res = await t.app.inject({
      method: 'POST',
      url: paths.create,
      payload: applicant('ada@example.com'),
      headers: { [IDEMPOTENCY_HEADER]: 'one-statement' },
    });
    expect(res.statusCode).toBe(201);
    // The per-IP limit counts in the database (docs/decisions/024-one-process-per-pglite-directory.md); the write
    // itself is one statement.
    const writes = recording.statements.filter((sql) => !sql.includes('rate_counters'));
    expect(writes).toHaveLength(1);
    expect([await count('applications'), await count('codes'), await count('outbox')]).toEqual([1, 1, 1]);
    const { rows } = await t.db.query<{ applied: string }>(
      `SELECT c.name AS applied FROM applications a JOIN cohorts c ON c.id = a.applied_cohort_id`,
    );
    expect(rows).toEqual([{ applied: 'Cohort 13' }]);
    // The stored answer is what a retry gets.
    const again = await t.app.inject({
      method: 'POST',
      url: paths.create,
      payload: applicant('ada@example.com'),
      headers: { [IDEMPOTENCY_HEADER]: 'one-statement' },
    });
    expect([again.statusCode, again.json()]).toEqual([201, res.json()]);
  });

  it('lets one of many racing creates for an email win: one row, one code, one email; retries replay it', async () => {
    t = await testApp(database);
    const attempt = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: paths.create,
        payload: applicant(i % 2 ? 'ADA@example.com' : 'ada@example.com'),
        // Attempts 0–3 are one browser retrying with one key; the others are someone else each.
        headers: { [IDEMPOTENCY_HEADER]: i < 4 ? 'same-browser' : `other-${i}` },
      });
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => attempt(i)));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    expect([await count('applications'), await count('codes'), await count('outbox')]).toEqual([1, 1, 1]);
    // Whoever won, every attempt under the winner's key answers 201 and every other attempt 409.
    const winner = answers.findIndex((res) => res.statusCode === 201);
    const sameKey = (i: number) => i < 4 === winner < 4 && (winner < 4 || i === winner);
    expect(statuses).toEqual(statuses.map((_, i) => (sameKey(i) ? 201 : 409)));
  });
});
