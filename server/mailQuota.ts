/**
 * How many code emails one inbox may receive: at most CODE_EMAILS_PER_HOUR in any hour, whatever route asks
 * (create, resend-token, the financial-aid check-in, which uses resend-token). Counted per mailbox in the database,
 * so several processes share the count, and inside the caller's transaction, so a refused or failed send leaves
 * nothing behind (docs/decisions/029-code-emails-per-inbox.md).
 */
import type { Queryable } from './db/index';
import { HttpError } from './http';
import { SERVER_MESSAGES } from './messages';

export const CODE_EMAILS_PER_HOUR = 5;
const HOUR_MS = 3600 * 1000;

const GMAIL = new Set(['gmail.com', 'googlemail.com']);

/**
 * The inbox an address delivers to, as far as we can tell without asking its provider: case does not matter,
 * `+tag` is dropped (every large provider delivers a+1@x.com to a@x.com), and at Gmail dots do not count and
 * googlemail.com is gmail.com. Dots are kept elsewhere: other providers treat a.b@x.com and ab@x.com as two people.
 */
export function mailboxOf(address: string): string {
  const value = address.trim().toLowerCase();
  const at = value.lastIndexOf('@');
  if (at < 0) return value;
  let local = value.slice(0, at).split('+')[0];
  let domain = value.slice(at + 1);
  if (GMAIL.has(domain)) {
    domain = 'gmail.com';
    local = local.replace(/\./g, '');
  }
  return `${local}@${domain}`;
}

/**
 * Takes one send in the hour's sliding window: an upsert that locks the mailbox's row, so two requests at once
 * cannot both take the last one. The window's send times live in an array (never longer than the limit). Returns
 * `granted` and the oldest send still in the window. Written as SQL with placeholders so that create can run it
 * inside its one statement; `onlyIf` (a condition) skips it, returning no row.
 */
export function takeCodeEmailSql(
  p: { mailbox: string; now: string; windowStart: string; max: string },
  onlyIf = 'true',
): string {
  const inWindow = `FROM unnest(q.sends) AS s(t) WHERE t > ${p.windowStart}::timestamptz`;
  return `INSERT INTO code_mail_quota AS q (mailbox, sends, granted)
  SELECT ${p.mailbox}::text, ARRAY[${p.now}::timestamptz], true WHERE ${onlyIf}
  ON CONFLICT (mailbox) DO UPDATE SET
    granted = (SELECT count(*) ${inWindow}) < ${p.max}::integer,
    sends = CASE WHEN (SELECT count(*) ${inWindow}) < ${p.max}::integer
      THEN array_append(ARRAY(SELECT t ${inWindow} ORDER BY t), ${p.now}::timestamptz)
      ELSE q.sends END
  RETURNING granted,
    (SELECT min(t) FROM unnest(sends) AS s(t) WHERE t > ${p.windowStart}::timestamptz) AS oldest`;
}

const TAKE = takeCodeEmailSql({ mailbox: '$1', now: '$2', windowStart: '$3', max: '$4' });

/** The values of the placeholders: the mailbox, the time, the start of the window, the limit. */
export const quotaParams = (address: string, now: Date): [string, Date, Date, number] => [
  mailboxOf(address),
  now,
  new Date(now.getTime() - HOUR_MS),
  CODE_EMAILS_PER_HOUR,
];

/** The 429 for an inbox that has had its codes for the hour: wait until its oldest send leaves the window. */
export function inboxFull(oldest: Date | null, now: Date): HttpError {
  const from = oldest ? oldest.getTime() : now.getTime();
  const seconds = Math.max(1, Math.ceil((from + HOUR_MS - now.getTime()) / 1000));
  return new HttpError(
    429,
    { message: SERVER_MESSAGES.tooManyCodes(seconds), data: { retryAfter: seconds } },
    { 'retry-after': String(seconds) },
  );
}

/** Takes one code email for this address's inbox, or throws the 429 that says how long to wait. */
export async function takeCodeEmail(tx: Queryable, address: string, now: Date): Promise<void> {
  const { rows } = await tx.query<{ granted: boolean; oldest: Date | string | null }>(
    TAKE,
    quotaParams(address, now),
  );
  const row = rows[0];
  if (!row?.granted) throw inboxFull(row?.oldest ? new Date(row.oldest) : null, now);
}
