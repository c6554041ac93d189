/**
 * Email codes: 6 digits from `crypto`, stored as a salted hash, valid 10 minutes, void after 5 wrong tries. A new
 * code kills the old one. Resend waits double per application: 120 s, 240 s, 480 s … (capped), and start over once
 * the email is proved or a day has passed.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { codeWaitSeconds } from '../machines/rules/otp';
import type { Queryable } from './db/index';
import { SERVER_MESSAGES } from './messages';

export const CODE_MINUTES = 10;
export const MAX_WRONG_TRIES = 5;
const RESET_AFTER_MS = 24 * 3600 * 1000;

/** The stored form of a code: sha256 of salt and code (staff sign-in codes use it too). */
export const codeDigest = (salt: string, code: string) =>
  createHash('sha256').update(`${salt}:${code}`).digest('hex');

/** The wait that follows the n-th code sent (n ≥ 1). */
export const waitAfterSends = (sends: number): number => (sends <= 0 ? 0 : codeWaitSeconds(sends - 1));

/** Seconds left before another code may be sent, 0 when it may be sent now. */
export function secondsUntilResend(sends: number, sentAt: Date | null, now: Date): number {
  if (!sentAt || now.getTime() - sentAt.getTime() > RESET_AFTER_MS) return 0;
  const left = waitAfterSends(sends) * 1000 - (now.getTime() - sentAt.getTime());
  return left > 0 ? Math.ceil(left / 1000) : 0;
}

/** A fresh code and what is stored of it: the salted hash, never the code. */
export function newCode(now: Date): { code: string; salt: string; codeHash: string; expiresAt: Date } {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const salt = randomBytes(16).toString('hex');
  return {
    code,
    salt,
    codeHash: codeDigest(salt, code),
    expiresAt: new Date(now.getTime() + CODE_MINUTES * 60_000),
  };
}

/** Stores a new code (voiding the previous ones) and returns it with the wait before the next one. */
export async function issueCode(
  tx: Queryable,
  application: { id: number; code_sends: number; code_sent_at: Date | null },
  now: Date,
): Promise<{ code: string; retryAfter: number }> {
  const { code, salt, codeHash, expiresAt } = newCode(now);
  const stale =
    !application.code_sent_at || now.getTime() - application.code_sent_at.getTime() > RESET_AFTER_MS;
  const sends = (stale ? 0 : application.code_sends) + 1;
  await tx.query(
    'UPDATE codes SET voided_at = $2 WHERE application_id = $1 AND voided_at IS NULL AND used_at IS NULL',
    [application.id, now],
  );
  await tx.query(
    'INSERT INTO codes (application_id, salt, code_hash, expires_at, created_at) VALUES ($1, $2, $3, $4, $5)',
    [application.id, salt, codeHash, expiresAt, now],
  );
  await tx.query('UPDATE applications SET code_sends = $2, code_sent_at = $3 WHERE id = $1', [
    application.id,
    sends,
    now,
  ]);
  return { code, retryAfter: waitAfterSends(sends) };
}

export type CodeCheck = { ok: true } | { ok: false; message: string };

/** Where codes are kept: the applicants' and the staff's tables follow the same rules. */
export const APPLICANT_CODES = { table: 'codes', owner: 'application_id' } as const;
export const STAFF_CODES = { table: 'staff_codes', owner: 'staff_id' } as const;
export type CodeTable = typeof APPLICANT_CODES | typeof STAFF_CODES;

/**
 * Checks a code against the newest unused one; a wrong try is counted even though the answer is a failure. A used
 * code never counts again (decision 102).
 */
export async function checkCode(
  tx: Queryable,
  ownerId: number,
  code: string,
  now: Date,
  options: { codes?: CodeTable } = {},
): Promise<CodeCheck> {
  // Both names come from the two constants above, never from a request.
  const { table, owner } = options.codes ?? APPLICANT_CODES;
  const { rows } = await tx.query<{
    id: number;
    salt: string;
    code_hash: string;
    expires_at: Date;
    attempts: number;
    voided_at: Date | null;
  }>(
    `SELECT id, salt, code_hash, expires_at, attempts, voided_at FROM ${table} WHERE ${owner} = $1 AND used_at IS NULL
     ORDER BY id DESC LIMIT 1 FOR UPDATE`,
    [ownerId],
  );
  const current = rows[0];
  if (!current) return { ok: false, message: SERVER_MESSAGES.codeExpired };
  if (current.attempts >= MAX_WRONG_TRIES) return { ok: false, message: SERVER_MESSAGES.codeTooManyTries };
  if (current.voided_at) return { ok: false, message: SERVER_MESSAGES.codeExpired };
  if (new Date(current.expires_at).getTime() <= now.getTime())
    return { ok: false, message: SERVER_MESSAGES.codeExpired };
  const given = Buffer.from(codeDigest(current.salt, code));
  const expected = Buffer.from(current.code_hash);
  if (given.length === expected.length && timingSafeEqual(given, expected)) {
    await tx.query(`UPDATE ${table} SET used_at = $2 WHERE id = $1`, [current.id, now]);
    return { ok: true };
  }
  const attempts = current.attempts + 1;
  await tx.query(
    `UPDATE ${table} SET attempts = $2, voided_at = CASE WHEN $2 >= ${MAX_WRONG_TRIES} THEN $3::timestamptz ELSE voided_at END WHERE id = $1`,
    [current.id, attempts, now],
  );
  return {
    ok: false,
    message: attempts >= MAX_WRONG_TRIES ? SERVER_MESSAGES.codeTooManyTries : SERVER_MESSAGES.codeWrong,
  };
}
