/**
 * How many code emails one inbox may receive, whatever route asks (create, resend-token, the financial-aid check-in,
 * which uses resend-token, the staff sign-in): in any hour, at most CODE_EMAILS_PER_HOUR asked from one address (the
 * client's IP) and CODE_EMAILS_PER_HOUR_ALL from every address together. Counted per address first, so a stranger's
 * requests spend their own allowance and never the owner's (docs/decisions/103-no-lock-out-by-a-stranger.md). In the
 * database, so several processes share the counts, and inside the caller's transaction or statement, so a refused or
 * failed send leaves nothing behind (docs/decisions/029-code-emails-per-inbox.md).
 */
import { createHash } from 'node:crypto';
import type { Queryable } from './db/index';
import { HttpError } from './http';
import { SERVER_MESSAGES } from './messages';

export const CODE_EMAILS_PER_HOUR = 5;
export const CODE_EMAILS_PER_HOUR_ALL = 20;
const HOUR_MS = 3600 * 1000;

const GMAIL = new Set(['gmail.com', 'googlemail.com']);

/**
 * The inbox an address delivers to (its canonical form, docs/decisions/101-one-mailbox-one-spelling.md), as far as we
 * can tell without asking its provider: case does not matter, the local part's included,
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
 * One send in one row's sliding hour: an upsert that locks the row, so two requests at once cannot both take the
 * last one. The window's send times live in an array (never longer than the limit). Returns `granted` and the oldest
 * send still in the window; `onlyIf` (a condition) skips it, returning no row.
 */
function takeSendSql(key: string, max: string, p: QuotaPlaceholders, onlyIf: string): string {
  const inWindow = `FROM unnest(q.sends) AS s(t) WHERE t > ${p.windowStart}::timestamptz`;
  return `INSERT INTO code_mail_quota AS q (mailbox, sends, granted)
  SELECT ${key}::text, ARRAY[${p.now}::timestamptz], true WHERE ${onlyIf}
  ON CONFLICT (mailbox) DO UPDATE SET
    granted = (SELECT count(*) ${inWindow}) < ${max}::integer,
    sends = CASE WHEN (SELECT count(*) ${inWindow}) < ${max}::integer
      THEN array_append(ARRAY(SELECT t ${inWindow} ORDER BY t), ${p.now}::timestamptz)
      ELSE q.sends END
  RETURNING granted,
    (SELECT min(t) FROM unnest(sends) AS s(t) WHERE t > ${p.windowStart}::timestamptz) AS oldest`;
}

/** Placeholders of the quota's values (see `quotaParams`). */
export interface QuotaPlaceholders {
  mailbox: string;
  requester: string;
  now: string;
  windowStart: string;
  max: string;
  maxAll: string;
}

/**
 * Two CTEs, `from_requester` (this address's sends to the mailbox) and `quota` (everyone's), written as SQL with
 * placeholders so that create can run them inside its one statement. The mailbox's total is taken only when the
 * requester's own allowance grants the send: a stranger refused for their address spends nothing of the owner's.
 * `onlyIf` skips both (no rows: `granted` is null). `QUOTA_GRANTED` and `QUOTA_OLDEST` read the outcome.
 */
export function takeCodeEmailCtes(p: QuotaPlaceholders, onlyIf = 'true'): string {
  return `from_requester AS (
  ${takeSendSql(p.requester, p.max, p, onlyIf)}
), quota AS (
  ${takeSendSql(p.mailbox, p.maxAll, p, 'coalesce((SELECT granted FROM from_requester), false)')}
)`;
}
export const QUOTA_GRANTED = '(SELECT granted FROM from_requester) AND (SELECT granted FROM quota)';
export const QUOTA_OLDEST = `CASE WHEN (SELECT granted FROM from_requester)
  THEN (SELECT oldest FROM quota) ELSE (SELECT oldest FROM from_requester) END`;

const TAKE = `WITH ${takeCodeEmailCtes({
  mailbox: '$1',
  requester: '$2',
  now: '$3',
  windowStart: '$4',
  max: '$5',
  maxAll: '$6',
})} SELECT ${QUOTA_GRANTED} AS granted, ${QUOTA_OLDEST} AS oldest`;

/** The key of one address's sends to a mailbox: the mailbox and a digest of the IP, never the IP itself. */
export const requesterKey = (address: string, requester: string): string =>
  `${mailboxOf(address)} from ${createHash('sha256').update(requester).digest('base64url').slice(0, 27)}`;

/** The values of the placeholders: mailbox, requester's key, time, start of the window, the two limits. */
export const quotaParams = (
  address: string,
  requester: string,
  now: Date,
): [string, string, Date, Date, number, number] => [
  mailboxOf(address),
  requesterKey(address, requester),
  now,
  new Date(now.getTime() - HOUR_MS),
  CODE_EMAILS_PER_HOUR,
  CODE_EMAILS_PER_HOUR_ALL,
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

/**
 * The code emails this address (IP) asked for this mailbox in the last hour: how many, and when the latest went
 * (the resend wait doubles with each, server/verification.ts).
 */
export async function sendsFrom(
  db: Queryable,
  address: string,
  requester: string,
  now: Date,
): Promise<{ count: number; latest: Date | null }> {
  const { rows } = await db.query<{ count: number | string; latest: Date | string | null }>(
    `SELECT count(*) AS count, max(t) AS latest FROM code_mail_quota q, unnest(q.sends) AS s(t)
     WHERE q.mailbox = $1 AND t > $2`,
    [requesterKey(address, requester), new Date(now.getTime() - HOUR_MS)],
  );
  const row = rows[0];
  return { count: Number(row?.count ?? 0), latest: row?.latest ? new Date(row.latest) : null };
}

/**
 * Forgets the code emails this address (IP) asked for this mailbox: its wait and its hourly allowance start over once
 * it has proved the mailbox. The mailbox's total is kept.
 */
export async function forgetSendsFrom(tx: Queryable, address: string, requester: string): Promise<void> {
  await tx.query('DELETE FROM code_mail_quota WHERE mailbox = $1', [requesterKey(address, requester)]);
}

/** Takes one code email for this address's inbox asked from `requester`, or throws the 429 that says how long to wait. */
export async function takeCodeEmail(
  tx: Queryable,
  address: string,
  requester: string,
  now: Date,
): Promise<void> {
  const { rows } = await tx.query<{ granted: boolean | null; oldest: Date | string | null }>(
    TAKE,
    quotaParams(address, requester, now),
  );
  const row = rows[0];
  if (!row?.granted) throw inboxFull(row?.oldest ? new Date(row.oldest) : null, now);
}

/**
 * Messages staff write (docs/decisions/161-messages-to-applicants.md): at most STAFF_MESSAGES_PER_INBOX to one inbox
 * in any STAFF_MESSAGE_WINDOW_HOURS, whoever sends them, counted in the same table as the code emails under a key of
 * their own.
 */
export const STAFF_MESSAGES_PER_INBOX = 3;
export const STAFF_MESSAGE_WINDOW_HOURS = 24;
const messageKey = (address: string) => `message to ${mailboxOf(address)}`;
const messageWindowStart = (now: Date) => new Date(now.getTime() - STAFF_MESSAGE_WINDOW_HOURS * HOUR_MS);
const TAKE_MESSAGE = `WITH taken AS (${takeSendSql(
  '$1',
  '$4',
  { mailbox: '$1', requester: '$1', now: '$2', windowStart: '$3', max: '$4', maxAll: '$4' },
  'true',
)}) SELECT granted FROM taken`;

/** Takes one staff message for this address's inbox; false when the inbox has had its messages for the window. */
export async function takeStaffMessage(tx: Queryable, address: string, now: Date): Promise<boolean> {
  const { rows } = await tx.query<{ granted: boolean }>(TAKE_MESSAGE, [
    messageKey(address),
    now,
    messageWindowStart(now),
    STAFF_MESSAGES_PER_INBOX,
  ]);
  return rows[0]?.granted === true;
}

/** Of these addresses, the ones whose inbox has had its staff messages for the window (for a dry run). */
export async function inboxesFull(db: Queryable, addresses: string[], now: Date): Promise<Set<string>> {
  const keys = [...new Set(addresses.map(messageKey))];
  const { rows } = await db.query<{ mailbox: string }>(
    `SELECT q.mailbox FROM code_mail_quota q, unnest(q.sends) AS s(t)
     WHERE q.mailbox = ANY($1::text[]) AND t > $2 GROUP BY q.mailbox HAVING count(*) >= $3`,
    [keys, messageWindowStart(now), STAFF_MESSAGES_PER_INBOX],
  );
  const full = new Set(rows.map((r) => r.mailbox));
  return new Set(addresses.filter((address) => full.has(messageKey(address))));
}
