/**
 * Email codes, for applicants and staff alike: 6 digits from `crypto`, stored as a salted hash, valid 10 minutes. A
 * new code kills the old one (it is emailed to the same inbox). Wrong tries are counted per requesting address (the
 * client's IP), so a stranger's guesses never spend the tries of the person who holds the code, with totals that keep
 * guessing out of reach (docs/decisions/031-sessions-sign-out-and-caching.md):
 * - one address: WRONG_TRIES_PER_REQUESTER at one code, WRONG_TRIES_A_DAY_PER_REQUESTER at one owner's codes a day;
 * - every address together: WRONG_TRIES_PER_CODE at one code (then it is void), WRONG_TRIES_A_DAY at one owner's
 *   codes a day (a window of 24 h from the first wrong try): any 24 hours meet at most two windows, 96 compared
 *   guesses, so the chance to guess a live code stays below 1 in 10,000 a day.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { codeWaitSeconds } from '../machines/rules/otp';
import { sql } from 'kysely';
import type { Queryable } from './db/index';
import { qb, run } from './db/query';
import { countHit } from './db/rateCounters';
import { SERVER_MESSAGES } from './messages';

export const CODE_MINUTES = 10;
export const WRONG_TRIES_PER_REQUESTER = 5;
export const WRONG_TRIES_PER_CODE = 20;
export const WRONG_TRIES_A_DAY_PER_REQUESTER = 10;
export const WRONG_TRIES_A_DAY = 48;
const DAY_MS = 24 * 3600 * 1000;

/** The stored form of a code: sha256 of salt and code (staff sign-in codes use it too). */
export const codeDigest = (salt: string, code: string) =>
  createHash('sha256').update(`${salt}:${code}`).digest('hex');

/** The wait that follows the n-th code sent from one address in the hour (n ≥ 1): 120 s, 240 s, 480 s … */
export const waitAfterSends = (sends: number): number => (sends <= 0 ? 0 : codeWaitSeconds(sends - 1));

/** Seconds left before the next code may be sent after `sends` sends, the latest at `latest`; 0 when it may now. */
export function secondsUntilResend(sends: number, latest: Date | null, now: Date): number {
  if (!latest) return 0;
  const left = waitAfterSends(sends) * 1000 - (now.getTime() - latest.getTime());
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

/** Where codes are kept: the applicants' and the staff's tables follow the same rules. */
export const APPLICANT_CODES = { table: 'codes', owner: 'application_id' } as const;
export const STAFF_CODES = { table: 'staff_codes', owner: 'staff_id' } as const;
export type CodeTable = typeof APPLICANT_CODES | typeof STAFF_CODES;

/** Stores a new code for its owner, voiding the owner's earlier ones, and returns the code to email. */
export async function issueCode(
  tx: Queryable,
  codes: CodeTable,
  ownerId: number,
  now: Date,
): Promise<string> {
  const { table, owner } = codes;
  const { code, salt, codeHash, expiresAt } = newCode(now);
  await run(
    tx,
    qb
      .updateTable(table)
      .set({ voided_at: now })
      .where(owner, '=', ownerId)
      .where('voided_at', 'is', null)
      .where('used_at', 'is', null),
  );
  const stored = { salt, code_hash: codeHash, expires_at: expiresAt, created_at: now };
  await run(
    tx,
    codes.table === 'codes'
      ? qb.insertInto('codes').values({ ...stored, application_id: ownerId })
      : qb.insertInto('staff_codes').values({ ...stored, staff_id: ownerId }),
  );
  return code;
}

/** A failed check: the words to answer, and for a spent daily allowance the seconds until it starts over. */
export type CodeCheck = { ok: true } | { ok: false; message: string; retryAfter?: number };

/** The wrong-try counters of one check, as `code_tries` buckets: digests, so no IP is stored. */
function triesBuckets(codes: CodeTable, ownerId: number, codeId: number, requester: string) {
  const from = createHash('sha256').update(requester).digest('base64url').slice(0, 27);
  return {
    codeFromRequester: `${codes.table}:${codeId} from ${from}`,
    dayFromRequester: `${codes.table} owner ${ownerId} from ${from}`,
    day: `${codes.table} owner ${ownerId}`,
  };
}

/**
 * Checks a code from `requester` against the owner's newest unused one. A used code never counts again (decision
 * 102). A wrong try is counted, so the caller commits before it answers the failure; a try refused by a spent
 * allowance is not compared at all.
 */
export async function checkCode(
  tx: Queryable,
  codes: CodeTable,
  ownerId: number,
  code: string,
  requester: string,
  now: Date,
): Promise<CodeCheck> {
  const { table, owner } = codes;
  const [current] = await run(
    tx,
    qb
      .selectFrom(table)
      .select(['id', 'salt', 'code_hash', 'expires_at', 'attempts', 'voided_at'])
      .where(owner, '=', ownerId)
      .where('used_at', 'is', null)
      .orderBy('id', 'desc')
      .limit(1)
      .forUpdate(),
  );
  if (!current) return { ok: false, message: SERVER_MESSAGES.codeExpired };
  if (current.attempts >= WRONG_TRIES_PER_CODE)
    return { ok: false, message: SERVER_MESSAGES.codeTooManyTries };
  if (current.voided_at || new Date(current.expires_at).getTime() <= now.getTime())
    return { ok: false, message: SERVER_MESSAGES.codeExpired };

  const buckets = triesBuckets(codes, ownerId, current.id, requester);
  const counted = await run(
    tx,
    qb
      .selectFrom('code_tries')
      .select(['bucket', 'hits', 'resets_at'])
      .where('bucket', '=', sql<string>`ANY(${Object.values(buckets)})`)
      .where('resets_at', '>', now),
  );
  const hits = (bucket: string) => counted.find((c) => c.bucket === bucket);
  if ((hits(buckets.codeFromRequester)?.hits ?? 0) >= WRONG_TRIES_PER_REQUESTER)
    return { ok: false, message: SERVER_MESSAGES.codeTooManyTries };
  const spent = [
    [hits(buckets.dayFromRequester), WRONG_TRIES_A_DAY_PER_REQUESTER],
    [hits(buckets.day), WRONG_TRIES_A_DAY],
  ] as const;
  for (const [count, max] of spent) {
    if (count && count.hits >= max) {
      const seconds = Math.max(1, Math.ceil((new Date(count.resets_at).getTime() - now.getTime()) / 1000));
      return { ok: false, message: SERVER_MESSAGES.tooManyRequests(seconds), retryAfter: seconds };
    }
  }

  const given = Buffer.from(codeDigest(current.salt, code));
  const expected = Buffer.from(current.code_hash);
  if (given.length === expected.length && timingSafeEqual(given, expected)) {
    await run(tx, qb.updateTable(table).set({ used_at: now }).where('id', '=', current.id));
    return { ok: true };
  }
  const attempts = current.attempts + 1;
  // The try that spends the code's last one voids it.
  await run(
    tx,
    qb
      .updateTable(table)
      .set({ attempts, ...(attempts >= WRONG_TRIES_PER_CODE ? { voided_at: now } : {}) })
      .where('id', '=', current.id),
  );
  const countTry = async (bucket: string, windowMs: number) =>
    (await countHit(tx, 'code_tries', bucket, windowMs, now)).hits;
  const fromRequester = await countTry(buckets.codeFromRequester, CODE_MINUTES * 60_000);
  await countTry(buckets.dayFromRequester, DAY_MS);
  await countTry(buckets.day, DAY_MS);
  const spentHere = attempts >= WRONG_TRIES_PER_CODE || fromRequester >= WRONG_TRIES_PER_REQUESTER;
  return { ok: false, message: spentHere ? SERVER_MESSAGES.codeTooManyTries : SERVER_MESSAGES.codeWrong };
}

/** Deletes the wrong-try counters whose window has ended (they only bound the table). */
export async function pruneCodeTries(db: Queryable, now: Date): Promise<void> {
  await run(db, qb.deleteFrom('code_tries').where('resets_at', '<=', now));
}
