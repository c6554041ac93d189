/**
 * What a load balancer and a monitoring system see: /readyz says whether this process can serve (database,
 * migrations, CV storage) and /metrics gives request durations by route pattern, the outbox, the reminder lag and
 * the pool, behind a token when one is set.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { paths } from '../../machines/rules/contract';
import { readEnv } from '../../server/config';
import { MIGRATIONS } from '../../server/db/migrations';
import { bothEngines, recordingDb, START, testApp, type TestApp, verifiedApplicant } from './support';

const readyz = async (t: TestApp) => {
  const res = await t.app.inject({ method: 'GET', url: '/readyz' });
  return { status: res.statusCode, body: res.json() as { status: string; checks: Record<string, string> } };
};

/** The value of one series in a Prometheus text answer, or undefined when it is not there. */
const series = (text: string, name: string): number | undefined => {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
};

describe.each(bothEngines)('readiness and metrics on $name', (database) => {
  it('is ready when the database answers, every migration has run and the CV directory takes a file', async () => {
    const t = await testApp(database);
    expect(await readyz(t)).toEqual({
      status: 200,
      body: { status: 'ready', checks: { database: 'ok', migrations: 'ok', storage: 'ok' } },
    });
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    await t.close();
  });

  it('is not ready while the database does not answer', async () => {
    let down = false;
    const t = await testApp(database, { wrapDb: (db) => recordingDb(db, () => down).db });
    expect((await readyz(t)).status).toBe(200);
    down = true;
    expect(await readyz(t)).toEqual({
      status: 503,
      body: {
        status: 'not ready',
        checks: { database: 'unreachable', migrations: 'pending', storage: 'ok' },
      },
    });
    // Still alive: an orchestrator should wait for the database, not restart the process.
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    down = false;
    expect((await readyz(t)).status).toBe(200);
    await t.close();
  });

  it('is not ready while a migration has not run', async () => {
    const t = await testApp(database);
    const last = MIGRATIONS.at(-1)!;
    await t.db.query('DELETE FROM migrations WHERE id = $1', [last.id]);
    try {
      const answer = await readyz(t);
      expect(answer.status).toBe(503);
      expect(answer.body.checks).toEqual({ database: 'ok', migrations: 'pending', storage: 'ok' });
    } finally {
      await t.db.query('INSERT INTO migrations (id, name) VALUES ($1, $2)', [last.id, last.name]);
    }
    await t.close();
  });

  it('is not ready while the CV directory cannot take a file', async () => {
    const t = await testApp(database);
    // A file where the directory was: nothing can be written under it, even by root.
    rmSync(t.storageDir, { recursive: true, force: true });
    writeFileSync(t.storageDir, 'not a directory');
    expect(await readyz(t)).toEqual({
      status: 503,
      body: { status: 'not ready', checks: { database: 'ok', migrations: 'ok', storage: 'not writable' } },
    });
    await t.close();
  });

  it('times requests by route pattern, never by address, and counts the outbox and the late reminders', async () => {
    const t = await testApp(database);
    const email = 'metrics.person@example.com';
    const cookie = await verifiedApplicant(t, email);
    await t.app.inject({ method: 'GET', url: paths.lookup(email) });
    await t.app.inject({ method: 'GET', url: paths.lookup('someone.else@example.com') });
    const due = new Date(START.getTime() + 3600_000);
    const set = await t.app.inject({
      method: 'POST',
      url: paths.update(email),
      payload: { email, reminderDate: due.toISOString() },
      headers: { cookie },
    });
    expect(set.statusCode).toBe(200);
    t.setNow(new Date(due.getTime() + 2 * 3600_000));

    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const text = res.body;
    expect(
      series(
        text,
        'http_request_duration_seconds_count{method="GET",route="/api/v1/bootcamp/get-application/:email",status_code="200"}',
      ),
    ).toBe(2);
    expect(
      series(
        text,
        'http_request_duration_seconds_count{method="POST",route="/api/v1/bootcamp/application",status_code="201"}',
      ),
    ).toBe(1);
    expect(text).not.toMatch(/example\.com|%40/);
    // One code email in the outbox; the reminder is two hours late.
    expect(series(text, 'bootcamp_outbox_messages')).toBe(1);
    expect(series(text, 'bootcamp_reminder_lag_seconds')).toBe(7200);
    if (database.name === 'postgres') {
      expect(series(text, 'bootcamp_db_pool_connections')).toBeGreaterThan(0);
      // The two database figures above may be waiting for a connection while the pool is read.
      expect(series(text, 'bootcamp_db_pool_idle')).toBeGreaterThanOrEqual(0);
      expect(series(text, 'bootcamp_db_pool_waiting')).toBeGreaterThanOrEqual(0);
    } else {
      expect(text).not.toContain('bootcamp_db_pool_connections');
    }
    await t.close();
  });

  it('asks for the token when METRICS_TOKEN is set, and has no /metrics when turned off', async () => {
    const guarded = await testApp(database, {
      config: { metrics: { enabled: true, token: 's3cret-token' } },
    });
    const get = (authorization?: string) =>
      guarded.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
    const none = await get();
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer');
    expect(none.body).not.toContain('http_request_duration_seconds');
    expect((await get('Bearer wrong')).statusCode).toBe(401);
    expect((await get('s3cret-token')).statusCode).toBe(401);
    const allowed = await get('Bearer s3cret-token');
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toContain('http_request_duration_seconds');
    await guarded.close();

    const off = await testApp(database, { config: { metrics: { enabled: false, token: '' } } });
    expect((await off.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    await off.close();
  });
});

describe('the metrics setting', () => {
  const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example:587' };
  it('keeps /metrics off in production unless METRICS_TOKEN is set', () => {
    expect(readEnv(production).metrics).toEqual({ enabled: false, token: '' });
    expect(readEnv({ ...production, METRICS_TOKEN: 'abc' }).metrics).toEqual({ enabled: true, token: 'abc' });
    expect(readEnv({}).metrics).toEqual({ enabled: true, token: '' });
  });
});
