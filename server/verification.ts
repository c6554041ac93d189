/** Proving an email: a new code on request (after the wait), and a correct code that starts a session. */
import type { SavedApplication } from '../machines/savedApplication';
import { MESSAGES } from '../machines/rules/messages';
import { findByEmail, markVerified, savedApplication, type ApplicationRow } from './applications';
import {
  APPLICANT_CODES,
  checkCode,
  CODE_MINUTES,
  issueCode,
  secondsUntilResend,
  waitAfterSends,
  type CodeCheck,
} from './codes';
import type { Queryable } from './db/index';
import { fieldFail, HttpError } from './http';
import type { Mailer } from './mail/index';
import { codeEmail } from './mail/templates';
import { CODE_EMAILS_PER_HOUR, forgetSendsFrom, sendsFrom, takeCodeEmail } from './mailQuota';
import { SERVER_MESSAGES } from './messages';
import { createSession } from './sessions';

async function lockedApplication(tx: Queryable, email: string): Promise<ApplicationRow> {
  const row = await findByEmail(tx, email, true);
  if (!row) throw fieldFail(404, 'email', MESSAGES.notRegistered);
  return row;
}

/**
 * Emails a new code (the old one stops working), once the wait since the last code this address (IP) asked for this
 * inbox is over (else 429): 120 s, then 240, 480 … within the hour. The wait is the requester's, not the
 * application's, so a stranger's requests never make the owner wait (decision 031).
 */
export async function resendCode(
  tx: Queryable,
  email: string,
  requester: string,
  now: Date,
  mailer: Mailer,
): Promise<{ retryAfter: number }> {
  const row = await lockedApplication(tx, email);
  const earlier = await sendsFrom(tx, row.email, requester, now);
  // A full hour answers with the hour's message (takeCodeEmail below); before that, the doubling wait.
  const wait =
    earlier.count < CODE_EMAILS_PER_HOUR ? secondsUntilResend(earlier.count, earlier.latest, now) : 0;
  if (wait > 0) {
    throw new HttpError(
      429,
      { message: SERVER_MESSAGES.resendTooSoon(wait), data: { retryAfter: wait } },
      { 'retry-after': String(wait) },
    );
  }
  await takeCodeEmail(tx, row.email, requester, now);
  const code = await issueCode(tx, APPLICANT_CODES, row.id, now);
  await mailer.send(codeEmail(row.email, row.firstname, code, CODE_MINUTES), tx);
  return { retryAfter: waitAfterSends(earlier.count + 1) };
}

export type Verification =
  | { ok: true; session: { token: string; expires: Date }; application: SavedApplication }
  | Exclude<CodeCheck, { ok: true }>;

/**
 * Checks the code sent from `requester`; a correct one proves the email and starts the application's only session.
 * A used code never works again, whatever idempotency key comes with it (decision 031). A wrong try is counted, so
 * the caller commits before it answers the failure.
 */
export async function verifyCode(
  tx: Queryable,
  email: string,
  code: string,
  requester: string,
  now: Date,
): Promise<Verification> {
  const row = await lockedApplication(tx, email);
  const check = await checkCode(tx, APPLICANT_CODES, row.id, code, requester, now);
  if (!check.ok) return check;
  await markVerified(tx, row.id, now);
  // The mailbox is proved from here: this address's resend wait starts over (a returning applicant asks again).
  await forgetSendsFrom(tx, row.email, requester);
  const session = await createSession(tx, row.id, now);
  const fresh = (await findByEmail(tx, email)) as ApplicationRow;
  return { ok: true, session, application: await savedApplication(tx, fresh, now) };
}
