/**
 * Sessions: a random token in an HttpOnly cookie, stored hashed, bound to one application for 30 days. A correct
 * code is the only way to get one (docs/api.md), and it ends that application's older sessions; sign-out ends one.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../machines/rules/contract';
import type { Queryable } from './db/index';

export const SESSION_DAYS = 30;

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(
  tx: Queryable,
  applicationId: number,
  now: Date,
): Promise<{ token: string; expires: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(now.getTime() + SESSION_DAYS * 24 * 3600 * 1000);
  // One session per application: a new proof of the email ends the sessions of every other device (a phone left
  // signed in at a cybercafé stops working once the applicant verifies again).
  await tx.query('DELETE FROM sessions WHERE application_id = $1', [applicationId]);
  await tx.query(
    'INSERT INTO sessions (token_hash, application_id, expires_at, created_at) VALUES ($1, $2, $3, $4)',
    [hash(token), applicationId, expires, now],
  );
  return { token, expires };
}

/** Ends the session the request's cookie names (if any); the other sessions of that application are kept. */
export async function endSession(db: Queryable, request: FastifyRequest): Promise<void> {
  const token = request.cookies?.[SESSION_COOKIE];
  if (!token || token.length > 200) return;
  await db.query('DELETE FROM sessions WHERE token_hash = $1', [hash(token)]);
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
  const { rows } = await db.query<{ application_id: number }>(
    'SELECT application_id FROM sessions WHERE token_hash = $1 AND expires_at > $2',
    [hash(token), now],
  );
  return rows[0]?.application_id ?? null;
}
