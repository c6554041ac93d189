/** Proving an email: a new code on request (after the wait), and a correct code that starts a session. */
import type { SavedApplication } from '../machines/rules/contract';
import { MESSAGES } from '../machines/rules/messages';
import { findByEmail, markVerified, savedApplication, type ApplicationRow } from './applications';
import { checkCode, CODE_MINUTES, issueCode, secondsUntilResend } from './codes';
import type { Queryable } from './db/index';
import { fieldFail, HttpError } from './http';
import type { Mailer } from './mail/index';
import { codeEmail } from './mail/templates';
import { takeCodeEmail } from './mailQuota';
import { SERVER_MESSAGES } from './messages';
import { createSession } from './sessions';

async function lockedApplication(tx: Queryable, email: string): Promise<ApplicationRow> {
  const row = await findByEmail(tx, email, true);
  if (!row) throw fieldFail(404, 'email', MESSAGES.notRegistered);
  return row;
}

/** Emails a new code (the old one stops working), once the wait since the last one is over (else 429). */
export async function resendCode(
  tx: Queryable,
  email: string,
  now: Date,
  mailer: Mailer,
): Promise<{ retryAfter: number }> {
  const row = await lockedApplication(tx, email);
  const wait = secondsUntilResend(row.code_sends, row.code_sent_at, now);
  if (wait > 0) {
    throw new HttpError(
      429,
      { message: SERVER_MESSAGES.resendTooSoon(wait), data: { retryAfter: wait } },
      { 'retry-after': String(wait) },
    );
  }
  await takeCodeEmail(tx, row.email, now);
  const { code, retryAfter } = await issueCode(tx, row, now);
  await mailer.send(codeEmail(row.email, row.firstname, code, CODE_MINUTES), tx);
  return { retryAfter };
}

export type Verification =
  | { ok: true; session: { token: string; expires: Date }; application: SavedApplication }
  | { ok: false; message: string };

/**
 * Checks the code; a correct one proves the email and starts the application's only session. A used code never
 * works again, whatever idempotency key comes with it (decision 102). A wrong try is counted, so the caller commits
 * before it answers the failure.
 */
export async function verifyCode(
  tx: Queryable,
  email: string,
  code: string,
  now: Date,
): Promise<Verification> {
  const row = await lockedApplication(tx, email);
  const check = await checkCode(tx, row.id, code, now);
  if (!check.ok) return check;
  await markVerified(tx, row.id, now);
  const session = await createSession(tx, row.id, now);
  const fresh = (await findByEmail(tx, email)) as ApplicationRow;
  return { ok: true, session, application: await savedApplication(tx, fresh) };
}
