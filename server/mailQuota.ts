/**
 * How many code emails one inbox may receive, whatever route asks (create, resend-token, the financial-aid check-in,
 * which uses resend-token, the staff sign-in): in any hour, at most CODE_EMAILS_PER_HOUR asked from one address (the
 * client's IP) and CODE_EMAILS_PER_HOUR_ALL from every address together. Counted per address first, so a stranger's
 * requests spend their own allowance and never the owner's (docs/decisions/031-sessions-sign-out-and-caching.md). In the
 * database, so several processes share the counts, and inside the caller's transaction or statement, so a refused or
 * failed send leaves nothing behind (docs/decisions/031-sessions-sign-out-and-caching.md).
 */
import { createHash } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import type { Queryable } from './db/index';
import { qb, run } from './db/query';
import { HttpError } from './http';
import { SERVER_MESSAGES } from './messages';

export const CODE_EMAILS_PER_HOUR = 5;
export const CODE_EMAILS_PER_HOUR_ALL = 20;
const HOUR_MS = 3600 * 1000;

const GMAIL = new Set(['gmail.com', 'googlemail.com']);

/**
 * The inbox an address delivers to (its canonical form, docs/decisions/012-emails.md), as far as we
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

/** The quota's values for one request: mailbox, requester's key, time, start of the window, the two limits. */
export interface Quota {
  mailbox: string;
  requester: string;
  now: Date;
  windowStart: Date;
  max: number;
  maxAll: number;
}

/**
 * One send in one row's sliding hour: an upsert that locks the row, so two requests at once cannot both take the
 * last one. The window's send times live in an array (never longer than the limit). Returns `granted` and the oldest
 * send still in the window; `onlyIf` (a condition) skips it, returning no row.
 */
function takeSend(key: string, max: number, q: Quota, onlyIf: RawBuilder<boolean>) {
  const inWindow = sql`FROM unnest(code_mail_quota.sends) AS s(t) WHERE t > ${q.windowStart}::timestamptz`;
  const underLimit = sql<boolean>`(SELECT count(*) ${inWindow}) < ${max}::integer`;
  return qb
    .insertInto('code_mail_quota')
    .columns(['mailbox', 'sends', 'granted'])
    .expression(
      qb
        .selectNoFrom([
          sql<string>`${key}::text`.as('mailbox'),
          sql<Date[]>`ARRAY[${q.now}::timestamptz]`.as('sends'),
          sql<boolean>`true`.as('granted'),
        ])
        .where(onlyIf),
    )
    .onConflict((conflict) =>
      conflict.column('mailbox').doUpdateSet({
        granted: underLimit,
        sends: sql<Date[]>`CASE WHEN ${underLimit}
          THEN array_append(ARRAY(SELECT t ${inWindow} ORDER BY t), ${q.now}::timestamptz)
          ELSE code_mail_quota.sends END`,
      }),
    )
    .returning([
      'granted',
      sql<Date | null>`(SELECT min(t) FROM unnest(sends) AS s(t) WHERE t > ${q.windowStart}::timestamptz)`.as(
        'oldest',
      ),
    ]);
}

/**
 * Adds two CTEs to a query, `from_requester` (this address's sends to the mailbox) and `quota` (everyone's), so
 * that create can run them inside its one statement. The mailbox's total is taken only when the requester's own
 * allowance grants the send: a stranger refused for their address spends nothing of the owner's. `onlyIf` skips
 * both (no rows: `granted` is null). `QUOTA_GRANTED` and `QUOTA_OLDEST` read the outcome.
 */
export const withCodeEmailTaken = (q: Quota, onlyIf: RawBuilder<boolean> = sql<boolean>`true`) =>
  qb
    .with('from_requester', () => takeSend(q.requester, q.max, q, onlyIf))
    .with('quota', () =>
      takeSend(q.mailbox, q.maxAll, q, sql<boolean>`coalesce((SELECT granted FROM from_requester), false)`),
    );
/** Null when `onlyIf` skipped the quota. */
export const QUOTA_GRANTED = sql<boolean>`(SELECT granted FROM from_requester) AND (SELECT granted FROM quota)`;
export const QUOTA_OLDEST = sql<Date | string | null>`CASE WHEN (SELECT granted FROM from_requester)
  THEN (SELECT oldest FROM quota) ELSE (SELECT oldest FROM from_requester) END`;

/** The key of one address's sends to a mailbox: the mailbox and a digest of the IP, never the IP itself. */
export const requesterKey = (address: string, requester: string): string =>
  `${mailboxOf(address)} from ${createHash('sha256').update(requester).digest('base64url').slice(0, 27)}`;

/** The quota's values for a code email to `address` asked from `requester` at `now`. */
export const quotaOf = (address: string, requester: string, now: Date): Quota => ({
  mailbox: mailboxOf(address),
  requester: requesterKey(address, requester),
  now,
  windowStart: new Date(now.getTime() - HOUR_MS),
  max: CODE_EMAILS_PER_HOUR,
  maxAll: CODE_EMAILS_PER_HOUR_ALL,
});

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
  const [row] = await run(
    db,
    qb
      // unnest's column takes its alias's name: `s.s` is one send time.
      .selectFrom(['code_mail_quota as q', sql<{ s: Date }>`unnest(q.sends)`.as('s')])
      .select((eb) => [eb.fn.countAll<number | string>().as('count'), eb.fn.max('s.s').as('latest')])
      .where('q.mailbox', '=', requesterKey(address, requester))
      .where('s.s', '>', new Date(now.getTime() - HOUR_MS)),
  );
  return { count: Number(row?.count ?? 0), latest: row?.latest ? new Date(row.latest) : null };
}

/**
 * Forgets the code emails this address (IP) asked for this mailbox: its wait and its hourly allowance start over once
 * it has proved the mailbox. The mailbox's total is kept.
 */
export async function forgetSendsFrom(tx: Queryable, address: string, requester: string): Promise<void> {
  await run(tx, qb.deleteFrom('code_mail_quota').where('mailbox', '=', requesterKey(address, requester)));
}

/** Takes one code email for this address's inbox asked from `requester`, or throws the 429 that says how long to wait. */
export async function takeCodeEmail(
  tx: Queryable,
  address: string,
  requester: string,
  now: Date,
): Promise<void> {
  const [row] = await run(
    tx,
    withCodeEmailTaken(quotaOf(address, requester, now)).selectNoFrom([
      QUOTA_GRANTED.as('granted'),
      QUOTA_OLDEST.as('oldest'),
    ]),
  );
  if (!row?.granted) throw inboxFull(row?.oldest ? new Date(row.oldest) : null, now);
}

/**
 * Messages staff write (docs/decisions/012-emails.md): at most STAFF_MESSAGES_PER_INBOX to one inbox
 * in any STAFF_MESSAGE_WINDOW_HOURS, whoever sends them, counted in the same table as the code emails under a key of
 * their own.
 */
export const STAFF_MESSAGES_PER_INBOX = 3;
export const STAFF_MESSAGE_WINDOW_HOURS = 24;
const messageKey = (address: string) => `message to ${mailboxOf(address)}`;
const messageWindowStart = (now: Date) => new Date(now.getTime() - STAFF_MESSAGE_WINDOW_HOURS * HOUR_MS);
/** Takes one staff message for this address's inbox; false when the inbox has had its messages for the window. */
export async function takeStaffMessage(tx: Queryable, address: string, now: Date): Promise<boolean> {
  const key = messageKey(address);
  const max = STAFF_MESSAGES_PER_INBOX;
  const quota: Quota = {
    mailbox: key,
    requester: key,
    now,
    windowStart: messageWindowStart(now),
    max,
    maxAll: max,
  };
  const rows = await run(tx, takeSend(key, max, quota, sql<boolean>`true`));
  return rows[0]?.granted === true;
}

/** Of these addresses, the ones whose inbox has had its staff messages for the window (for a dry run). */
export async function inboxesFull(db: Queryable, addresses: string[], now: Date): Promise<Set<string>> {
  const keys = [...new Set(addresses.map(messageKey))];
  if (keys.length === 0) return new Set();
  const rows = await run(
    db,
    qb
      .selectFrom('code_mail_quota')
      .select('mailbox')
      .where('mailbox', 'in', keys)
      .where(
        sql<number>`(SELECT count(*) FROM unnest(sends) AS s(t) WHERE t > ${messageWindowStart(now)}::timestamptz)`,
        '>=',
        STAFF_MESSAGES_PER_INBOX,
      ),
  );
  const full = new Set(rows.map((r) => r.mailbox));
  return new Set(addresses.filter((address) => full.has(messageKey(address))));
}

/**
 * Forgets every count kept under this address's inbox (an erasure, docs/privacy.md): the mailbox's total, each
 * requesting address's sends to it, and the staff messages to it. No row names the address afterwards.
 */
export async function forgetInbox(tx: Queryable, address: string): Promise<void> {
  const mailbox = mailboxOf(address);
  await run(
    tx,
    qb
      .deleteFrom('code_mail_quota')
      .where((eb) =>
        eb.or([
          eb('mailbox', 'in', [mailbox, messageKey(address)]),
          sql<boolean>`starts_with(mailbox, ${`${mailbox} from `})`,
        ]),
      ),
  );
}
