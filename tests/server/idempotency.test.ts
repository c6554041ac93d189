/**
 * Idempotency never grants what the request did not earn (docs/decisions/022-idempotent-replays-earn-nothing.md):
 * a stored answer belongs to one route and one owner, a replay never mints a session, and verify-email always
 * checks the code.
 */
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER, paths, SESSION_COOKIE } from '../../machines/rules/contract';
import { MESSAGES } from '../../machines/rules/messages';
import { openPglite } from '../../server/db/index';
import { migrate, MIGRATIONS } from '../../server/db/migrations';
import { SERVER_MESSAGES } from '../../server/messages';
import { applicant, bothEngines, json, sessionCookie, useTestApp, verifiedApplicant } from './support';

const setsSession = (res: { cookies: Array<{ name: string }> }) =>
  res.cookies.some((cookie) => cookie.name === SESSION_COOKIE);

describe.each(bothEngines)('idempotent replays on $name', (database) => {
  const t = useTestApp(database);

  const create = (email: string, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: paths.create,
      payload: applicant(email),
      headers: key ? { [IDEMPOTENCY_HEADER]: key } : {},
    });
  const verify = (email: string, token: string, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: paths.verifyEmail,
      payload: { email, token },
      headers: key ? { [IDEMPOTENCY_HEADER]: key } : {},
    });
  /** Whether an anonymous caller holding this cookie is treated as the owner of `email`. */
  const ownsWith = async (email: string, cookie: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: paths.lookup(email),
      headers: { cookie },
    });
    return 'firstname' in (json<{ data: Array<Record<string, unknown>> }>(res).data[0] ?? {});
  };
  const sessionsOf = async (email: string) =>
    Number(
      (
        await t.db.query<{ n: string | number }>(
          'SELECT count(*) AS n FROM sessions s JOIN applications a ON a.id = s.application_id WHERE lower(a.email) = lower($1)',
          [email],
        )
      ).rows[0].n,
    );

  it('a look-alike address containing "|" is refused, and cannot reach another applicant’s key', async () => {
    // Joined with "|", ("verify", attacker, "x.io|k1") and ("verify", victim, "k1") were one string.
    const attacker = 'ada@example.com';
    const lookAlike = 'ada@example.com|x.io';
    expect((await create(attacker)).statusCode).toBe(201);
    const own = await verify(attacker, await t.latestCode(attacker), 'x.io|k1');
    expect(own.statusCode).toBe(200);

    // Such an address is no bare address (decision 012): refused before any key is read.
    expect((await create(lookAlike)).statusCode).toBe(400);
    const attack = await verify(lookAlike, '000000', 'k1');
    expect(attack.statusCode).toBe(400);
    expect(json<{ data: { error: unknown } }>(attack).data.error).toEqual({ email: [MESSAGES.emailFormat] });
    expect(setsSession(attack)).toBe(false);
    expect(await sessionsOf(attacker)).toBe(1);
  });

  it('replaying the key of someone’s successful verification with a wrong code mints no session', async () => {
    const email = 'obi@example.com';
    expect((await create(email)).statusCode).toBe(201);
    const first = await verify(email, await t.latestCode(email), 'seen-key');
    expect(first.statusCode).toBe(200);
    expect(await sessionsOf(email)).toBe(1);
    const victimCookie = sessionCookie(first);

    for (const token of ['000000', '123456']) {
      const replayed = await verify(email, token, 'seen-key');
      expect(replayed.statusCode).toBe(409);
      expect(setsSession(replayed)).toBe(false);
      expect(json(replayed).message).toBe(SERVER_MESSAGES.codeUsed);
    }
    expect(await sessionsOf(email)).toBe(1);
    expect(await ownsWith(email, victimCookie)).toBe(true);
  });

  it('a replayed verification earns nothing new: three replays, still one session, and no replay’s cookie', async () => {
    const email = 'kemi@example.com';
    await create(email);
    const code = await t.latestCode(email);
    const first = await verify(email, code, 'lost-answer');
    expect(first.statusCode).toBe(200);
    const firstCookie = sessionCookie(first);

    // Anyone repeating the key (the same code or another) is told the code was used, and gets no session.
    for (const token of [code, code, '000000']) {
      const replayed = await verify(email, token, 'lost-answer');
      expect(replayed.statusCode).toBe(409);
      expect(json(replayed).message).toBe(SERVER_MESSAGES.codeUsed);
      expect(setsSession(replayed)).toBe(false);
    }
    expect(await sessionsOf(email)).toBe(1);
    expect(await ownsWith(email, firstCookie)).toBe(true);

    // The browser that got the session but lost the body is answered the first answer again, with no new cookie.
    const own = await t.app.inject({
      method: 'POST',
      url: paths.verifyEmail,
      payload: { email, token: code },
      headers: { [IDEMPOTENCY_HEADER]: 'lost-answer', cookie: firstCookie },
    });
    expect(own.statusCode).toBe(200);
    expect(json<{ message: string; data: { email: string } }>(own)).toMatchObject({
      message: json(first).message,
      data: { email },
    });
    expect(setsSession(own)).toBe(false);
    expect(await sessionsOf(email)).toBe(1);

    // The used code does nothing under another key either.
    const other = await verify(email, code, 'another-key');
    expect(other.statusCode).toBe(400);
    expect(setsSession(other)).toBe(false);
    expect(await sessionsOf(email)).toBe(1);
  });

  it('a stored answer is replayed to its owner only', async () => {
    const ada = 'ada@example.com';
    const obi = 'obi@example.com';
    await create(ada);
    await create(obi);
    // Ada's resend is too soon: 429, not stored. After the wait, stored under her key.
    t.advance(3 * 60_000);
    const resend = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: paths.resendCode,
        payload: { email },
        headers: { [IDEMPOTENCY_HEADER]: 'shared-key' },
      });
    const first = await resend(ada);
    expect(first.statusCode).toBe(200);
    const mailsBefore = (await t.mails()).length;
    // Same key, same owner: the stored answer, and no second email.
    const again = await resend(ada);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await t.mails()).length).toBe(mailsBefore);
    // Same key, another owner: Obi's own request runs (and sends Obi a code).
    const obis = await resend(obi);
    expect(obis.statusCode).toBe(200);
    expect((await t.mails()).filter((m) => m.to === obi)).toHaveLength(2);
  });

  it('a replayed step write carries no session and needs the owner’s session', async () => {
    const ada = 'ada@example.com';
    const cookie = await verifiedApplicant(t, ada);
    const intruder = await verifiedApplicant(t, 'obi@example.com');
    const save = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: paths.update(ada),
        payload: { reminderDate: '2026-12-01T09:00:00.000Z' },
        headers: { [IDEMPOTENCY_HEADER]: 'step-key', ...headers },
      });
    const first = await save({ cookie });
    expect(first.statusCode).toBe(200);
    const replayed = await save({ cookie });
    expect(replayed.statusCode).toBe(200);
    expect(replayed.json()).toEqual(first.json());
    expect(setsSession(replayed)).toBe(false);
    expect((await save({})).statusCode).toBe(401);
    expect((await save({ cookie: intruder })).statusCode).toBe(403);
  });
});

describe('the upgrade to three-column keys', () => {
  it('keeps unambiguous stored answers and drops ambiguous ones', async () => {
    const db = await openPglite();
    try {
      // The schema as it was before the migration, with answers under joined keys.
      await db.query(
        'CREATE TABLE migrations (id integer PRIMARY KEY, name text NOT NULL, run_at timestamptz NOT NULL DEFAULT now())',
      );
      const target = MIGRATIONS.find((m) => m.name.startsWith('idempotency keys in three columns'));
      expect(target).toBeDefined();
      for (const m of MIGRATIONS.filter((m) => m.id < target!.id)) {
        for (const statement of m.sql
          .split(/;\s*\n/)
          .map((s) => s.trim())
          .filter(Boolean))
          await db.query(statement);
        await db.query('INSERT INTO migrations (id, name) VALUES ($1, $2)', [m.id, m.name]);
      }
      const now = new Date();
      await db.query(
        `INSERT INTO idempotency (key, status, body, created_at) VALUES
         ('create|ada@example.com|k1', 201, '{"message":"Application created"}', $1),
         ('verify|ada@example.com|x.io|k1', 200, '{"message":"Email verified"}', $1)`,
        [now],
      );
      expect(await migrate(db)).toContain(target!.id);
      const { rows } = await db.query('SELECT route, owner, key, status FROM idempotency');
      expect(rows).toEqual([{ route: 'create', owner: 'ada@example.com', key: 'k1', status: 201 }]);
    } finally {
      await db.close();
    }
  });
});
