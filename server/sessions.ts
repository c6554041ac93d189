/**
 * Sessions: a random token in an HttpOnly cookie, stored hashed, bound to one application for 30 days. A correct
 * code is the only way to get one (docs/api.md), and it ends that application's older sessions; sign-out ends one.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../machines/rules/contract';
import type { Queryable } from './db/index';
import { first, qb, run } from './db/query';

export const SESSION_DAYS = 30;

/** Only a token's hash is stored: a copy of the table opens no session. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Stores a new session of one owner (an application, a team member) for `ms`; its token goes in the cookie. */
export async function insertSession(
  tx: Queryable,
  into: { table: 'sessions' | 'staff_sessions'; owner: 'application_id' | 'staff_id' },
  ownerId: number,
  now: Date,
  ms: number,
): Promise<{ token: string; expires: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(now.getTime() + ms);
  const session = { token_hash: tokenHash(token), expires_at: expires, created_at: now };
  await run(
    tx,
    into.table === 'sessions'
      ? qb.insertInto('sessions').values({ ...session, application_id: ownerId })
      : qb.insertInto('staff_sessions').values({ ...session, staff_id: ownerId }),
  );
  return { token, expires };
}

export async function createSession(
  tx: Queryable,
  applicationId: number,
  now: Date,
): Promise<{ token: string; expires: Date }> {
  // One session per application: a new proof of the email ends the sessions of every other device (a phone left
  // signed in at a cybercafé stops working once the applicant verifies again).
  await run(tx, qb.deleteFrom('sessions').where('application_id', '=', applicationId));
  const into = { table: 'sessions', owner: 'application_id' } as const;
  return insertSession(tx, into, applicationId, now, SESSION_DAYS * 24 * 3600 * 1000);
}

/** Ends the session the request's cookie names (if any); the other sessions of that application are kept. */
export async function endSession(db: Queryable, request: FastifyRequest): Promise<void> {
  const token = request.cookies?.[SESSION_COOKIE];
  if (!token || token.length > 200) return;
  await run(db, qb.deleteFrom('sessions').where('token_hash', '=', tokenHash(token)));
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', path: '/', secure });
}

export function setSessionCookie(reply: FastifyReply, token: string, expires: Date, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure,
    expires,
  });
}

/** The application id the request's cookie proves, or null. */
export async function sessionApplicationId(
  db: Queryable,
  request: FastifyRequest,
  now: Date,
): Promise<number | null> {
  const token = request.cookies?.[SESSION_COOKIE];
  if (!token || token.length > 200) return null;
  const session = await first(
    db,
    qb
      .selectFrom('sessions')
      .select('application_id')
      .where('token_hash', '=', tokenHash(token))
      .where('expires_at', '>', now),
  );
  return session?.application_id ?? null;
}
