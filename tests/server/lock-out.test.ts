/**
 * No lock-out by a stranger, and no brute force (docs/decisions/031-sessions-sign-out-and-caching.md): code requests
 * and wrong tries count per requesting address (IP), so someone without the mailbox cannot keep its owner from
 * signing in; the totals per code and per day keep guessing out of reach.
 */
import { describe, expect, it } from 'vitest';
import { paths } from '../../machines/rules/contract';
import { STAFF_COOKIE } from '../../machines/rules/staff/session';
import { staffPaths } from '../../machines/rules/staff/paths';
import {
  WRONG_TRIES_A_DAY,
  WRONG_TRIES_A_DAY_PER_REQUESTER,
  WRONG_TRIES_PER_CODE,
  WRONG_TRIES_PER_REQUESTER,
} from '../../server/codes';
import { CODE_EMAILS_PER_HOUR } from '../../server/mailQuota';
import { SERVER_MESSAGES } from '../../server/messages';
import { applicant, databases, json, START, useTestApp } from './support';

const OWNER_IP = '198.51.100.7';
const STRANGER_IP = '203.0.113.9';
const ADMIN = 'director@bootcamp.example';
const EMAIL = 'ada@example.com';

describe.each(databases)('no lock-out by a stranger on $name', (database) => {
  const t = useTestApp(database, { config: { staffEmails: [ADMIN] } });

  const post = (url: string, payload: object, ip: string) =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });
  const verify = (token: string, ip: string) => post(paths.verifyEmail, { email: EMAIL, token }, ip);
  const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');
  /** A code request from `ip` once that address's wait is over. */
  async function resendFrom(ip: string) {
    let res = await post(paths.resendCode, { email: EMAIL }, ip);
    if (res.statusCode === 429 && /^Please wait/.test(json(res).message)) {
      t.advance(Number(res.headers['retry-after']) * 1000);
      res = await post(paths.resendCode, { email: EMAIL }, ip);
    }
    return res;
  }

  it('an applicant: a stranger spends requests and guesses from one address; the owner still gets a code and signs in', async () => {
    expect((await post(paths.create, applicant(EMAIL), OWNER_IP)).statusCode).toBe(201);
    const ownerCode = await t.latestCode(EMAIL);

    // The stranger guesses at the owner's code until their own tries are spent; it is not voided for the owner.
    const guesses = [];
    for (let i = 0; i < 8; i++) guesses.push(json(await verify(wrongFor(ownerCode), STRANGER_IP)).message);
    expect(guesses.slice(0, WRONG_TRIES_PER_REQUESTER - 1)).toEqual(
      Array(WRONG_TRIES_PER_REQUESTER - 1).fill(SERVER_MESSAGES.codeWrong),
    );
    expect(guesses.slice(WRONG_TRIES_PER_REQUESTER - 1)).toEqual(
      Array(8 - WRONG_TRIES_PER_REQUESTER + 1).fill(SERVER_MESSAGES.codeTooManyTries),
    );
    expect((await verify(ownerCode, OWNER_IP)).statusCode).toBe(200);

    // The stranger asks for every code their address may have this hour, and then some.
    const asked = [];
    for (let i = 0; i < CODE_EMAILS_PER_HOUR + 2; i++) asked.push((await resendFrom(STRANGER_IP)).statusCode);
    expect(asked).toEqual([200, 200, 200, 200, 200, 429, 429]);
    // The owner, from another address, is not made to wait: a code at once, and a session with it.
    const own = await post(paths.resendCode, { email: EMAIL }, OWNER_IP);
    expect(own.statusCode).toBe(200);
    const signedIn = await verify(await t.latestCode(EMAIL), OWNER_IP);
    expect(signedIn.statusCode).toBe(200);
  });

  it('a staff member: five sign-in requests and five wrong tries by a stranger neither lock them out nor void their code', async () => {
    const signIn = (ip: string) => post(staffPaths.signIn, { email: ADMIN }, ip);
    const staffVerify = (token: string, ip: string) => post(staffPaths.verify, { email: ADMIN, token }, ip);
    expect((await signIn(OWNER_IP)).statusCode).toBe(200);
    const code = await t.latestCode(ADMIN);
    for (let i = 0; i < WRONG_TRIES_PER_REQUESTER + 2; i++)
      expect((await staffVerify(wrongFor(code), STRANGER_IP)).statusCode).toBe(400);
    const first = await staffVerify(code, OWNER_IP);
    expect(first.statusCode).toBe(200);
    expect(first.cookies.some((c) => c.name === STAFF_COOKIE)).toBe(true);

    const strangers = [];
    for (let i = 0; i < CODE_EMAILS_PER_HOUR + 1; i++) strangers.push((await signIn(STRANGER_IP)).statusCode);
    expect(strangers).toEqual([200, 200, 200, 200, 200, 429]);
    const again = await signIn(OWNER_IP);
    expect(again.statusCode).toBe(200);
    expect(again.headers['retry-after']).toBeUndefined();
    expect((await staffVerify(await t.latestCode(ADMIN), OWNER_IP)).statusCode).toBe(200);
  });

  it(`a code takes ${WRONG_TRIES_PER_CODE} wrong tries from all addresses together, then it is void for everyone`, async () => {
    expect((await post(paths.create, applicant(EMAIL), OWNER_IP)).statusCode).toBe(201);
    const code = await t.latestCode(EMAIL);
    const addresses = WRONG_TRIES_PER_CODE / WRONG_TRIES_PER_REQUESTER;
    for (let a = 0; a < addresses; a++)
      for (let i = 0; i < WRONG_TRIES_PER_REQUESTER; i++)
        expect((await verify(wrongFor(code), `203.0.113.${10 + a}`)).statusCode).toBe(400);
    const { rows } = await t.db.query<{ attempts: number; voided: boolean }>(
      'SELECT attempts, voided_at IS NOT NULL AS voided FROM codes',
    );
    expect(rows).toEqual([{ attempts: WRONG_TRIES_PER_CODE, voided: true }]);
    const late = await verify(code, OWNER_IP);
    expect(late.statusCode).toBe(400);
    expect(json(late).message).toBe(SERVER_MESSAGES.codeTooManyTries);
    // A new code works as ever.
    expect((await resendFrom(OWNER_IP)).statusCode).toBe(200);
    expect((await verify(await t.latestCode(EMAIL), OWNER_IP)).statusCode).toBe(200);
  });

  it(`one address has ${WRONG_TRIES_A_DAY_PER_REQUESTER} wrong tries a day, all addresses ${WRONG_TRIES_A_DAY}: then every try waits for the day to end`, async () => {
    expect((await post(paths.create, applicant(EMAIL), OWNER_IP)).statusCode).toBe(201);
    const perCode = WRONG_TRIES_PER_CODE / WRONG_TRIES_PER_REQUESTER;
    const addresses = Math.ceil(WRONG_TRIES_A_DAY / WRONG_TRIES_A_DAY_PER_REQUESTER);
    let spent = 0;
    let slot = 0;
    // Each stranger address spends its 5 tries at two different codes (its 10 of the day); the owner asks for a
    // new code once one is void.
    while (spent < WRONG_TRIES_A_DAY) {
      const code = await t.latestCode(EMAIL);
      for (let a = 0; a < perCode && spent < WRONG_TRIES_A_DAY; a++, slot++) {
        const ip = `203.0.113.${20 + (slot % addresses)}`;
        for (let i = 0; i < WRONG_TRIES_PER_REQUESTER && spent < WRONG_TRIES_A_DAY; i++, spent++)
          expect((await verify(wrongFor(code), ip)).statusCode).toBe(400);
      }
      t.advance(20 * 60_000);
      expect((await resendFrom(OWNER_IP)).statusCode).toBe(200);
    }
    // One more stranger address, and the owner with the right code: refused until the day's window ends.
    const code = await t.latestCode(EMAIL);
    const stranger = await verify(wrongFor(code), '203.0.113.99');
    expect(stranger.statusCode).toBe(429);
    expect(json(stranger).message).toMatch(/^Too many requests\. Please wait \d+ seconds/);
    const owner = await verify(code, OWNER_IP);
    expect(owner.statusCode).toBe(429);
    const wait = Number(owner.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(24 * 3600);
    // The day over, the owner signs in with a fresh code.
    t.setNow(new Date(START.getTime() + 25 * 3600_000));
    expect((await resendFrom(OWNER_IP)).statusCode).toBe(200);
    expect((await verify(await t.latestCode(EMAIL), OWNER_IP)).statusCode).toBe(200);
  });

  it(`one address that spent its ${WRONG_TRIES_A_DAY_PER_REQUESTER} tries of the day is refused, another is not`, async () => {
    expect((await post(paths.create, applicant(EMAIL), OWNER_IP)).statusCode).toBe(201);
    for (let round = 0; round < 2; round++) {
      const code = await t.latestCode(EMAIL);
      for (let i = 0; i < WRONG_TRIES_PER_REQUESTER; i++)
        expect((await verify(wrongFor(code), STRANGER_IP)).statusCode).toBe(400);
      t.advance(20 * 60_000);
      expect((await resendFrom(OWNER_IP)).statusCode).toBe(200);
    }
    const code = await t.latestCode(EMAIL);
    expect((await verify(wrongFor(code), STRANGER_IP)).statusCode).toBe(429);
    expect((await verify(code, OWNER_IP)).statusCode).toBe(200);
  });
});
