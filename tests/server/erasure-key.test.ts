/**
 * The erasure tombstones' key with no PRIVACY_HMAC_KEY (decision 149): the first process on a database makes a
 * random key and keeps it; every other process, and every restart, uses the same one, so "did we erase this
 * address?" has the same answer whichever process is asked and after any restart. The setting still wins, and the
 * key never reaches the log.
 */
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { privacyPaths } from '../../machines/rules/privacy';
import { buildApp } from '../../server/app';
import { defaultConfig } from '../../server/config';
import { logOptions } from '../../server/logging';
import { outboxMailer } from '../../server/mail/index';
import { emailHmac } from '../../server/privacy/erase';
import { erasureKey } from '../../server/privacy/key';
import { databases, eraseOwnData, testApp, verifiedApplicant, type TestApp } from './support';

const EMAIL = 'kelechi.key@example.com';

describe.each(databases)('the erasure key on $name', (database) => {
  const open: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((app) => app.close()));
  });

  /** A test app on a database whose key is not made yet. */
  async function firstStart(options: Parameters<typeof testApp>[1] = {}): Promise<TestApp> {
    const t = await testApp(database, options);
    open.push(t);
    // The test database outlives its apps: start as a database no process has used yet would.
    await t.db.query('DELETE FROM privacy_keys');
    return t;
  }

  /** One more server process on the same database (same clock, same mail outbox), as `main.ts` builds it. */
  async function anotherProcess(t: TestApp, logger?: Parameters<typeof buildApp>[0]['logger']) {
    const app = await buildApp({
      db: t.db,
      mailer: outboxMailer(t.db, t.now),
      storageDir: t.storageDir,
      config: defaultConfig({ now: t.now }),
      logger,
    });
    open.push(app);
    return { ...t, app };
  }

  /** The applicant applies through `t`'s process and erases their data there; the tombstone's hash. */
  async function applyAndErase(t: TestApp): Promise<string> {
    const cookie = await verifiedApplicant(t, EMAIL);
    const erased = await eraseOwnData(t, cookie);
    expect(erased.statusCode).toBe(200);
    const { rows } = await t.db.query<{ email_hmac: string }>(
      'SELECT email_hmac FROM erasures ORDER BY id DESC LIMIT 1',
    );
    return rows[0].email_hmac;
  }

  const keptKeys = async (t: TestApp) =>
    (await t.db.query<{ erasure_key: string }>('SELECT erasure_key FROM privacy_keys')).rows.map(
      (row) => row.erasure_key,
    );

  it('processes started at once agree on one random key, kept in one row', { timeout: 120_000 }, async () => {
    const t = await firstStart();
    // Many asking at once on a fresh database (on PostgreSQL, on several connections) all get one key.
    const asked = await Promise.all(Array.from({ length: 8 }, () => erasureKey(t.db, null)));
    expect(new Set(asked).size).toBe(1);
    expect(await keptKeys(t)).toEqual([asked[0]]);

    // Two servers starting at once on a database with no key yet: one random key, kept in one row.
    await t.db.query('DELETE FROM privacy_keys');
    const [a, b] = await Promise.all([anotherProcess(t), anotherProcess(t)]);
    const keys = await keptKeys(t);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(keys[0]).not.toBe(asked[0]);

    // The same address erased through one process, then (applying again) through the other: one hash.
    const throughA = await applyAndErase(a);
    const throughB = await applyAndErase(b);
    expect(throughB).toBe(throughA);
    expect(throughA).toBe(emailHmac(keys[0], EMAIL));
  });

  it('a tombstone’s hash is the same after a restart, and differs on another database’s key', async () => {
    const t = await firstStart();
    const first = await anotherProcess(t);
    const before = await applyAndErase(first);
    await first.app.close();
    open.splice(open.indexOf(first.app as FastifyInstance), 1);

    const restarted = await anotherProcess(t);
    expect(await applyAndErase(restarted)).toBe(before);
    // Not a fixed key shared by every installation: a database with no key yet gets a new one.
    await t.db.query('DELETE FROM privacy_keys');
    const fresh = await anotherProcess(t);
    expect(await applyAndErase(fresh)).not.toBe(before);
  });

  it('PRIVACY_HMAC_KEY, when set, is the key, and none is made', async () => {
    const configured = 'k3y-0f-the-tombstones';
    const t = await firstStart({
      config: { privacy: { ...defaultConfig().privacy, erasureKey: configured } },
    });
    expect(await applyAndErase(t)).toBe(emailHmac(configured, EMAIL));
    expect(await keptKeys(t)).toEqual([]);
  });

  it('the key never appears in the log, at start or through an erasure', async () => {
    const t = await firstStart();
    let log = '';
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        log += chunk.toString();
        done();
      },
    });
    const logged = await anotherProcess(t, { ...logOptions(), level: 'trace', stream });
    await applyAndErase(logged);
    const [key] = await keptKeys(t);
    expect(log).toContain(privacyPaths.erase);
    expect(log).not.toContain(key);
  });
});
