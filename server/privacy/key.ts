/**
 * The key of the keyed hash an erasure's tombstone holds instead of the address (decision 149).
 * PRIVACY_HMAC_KEY sets it; without it, the first process to start on a database makes a random 32-byte key and
 * keeps it there, and every process after it, and every restart, reads the same one. A production server is then safe
 * with no setting, and the tombstones stay comparable for as long as the database lives.
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/index';
import { qb, run } from '../db/query';

/** The configured key, else the one kept in the database, made now if there is none yet. Never logged. */
export async function erasureKey(db: Queryable, configured: string | null): Promise<string> {
  if (configured) return configured;
  // Two processes starting at once both try: the primary key lets one row in, and both then read that one.
  await run(
    db,
    qb
      .insertInto('privacy_keys')
      .values({ erasure_key: randomBytes(32).toString('hex') })
      .onConflict((conflict) => conflict.column('id').doNothing()),
  );
  const [kept] = await run(db, qb.selectFrom('privacy_keys').select('erasure_key'));
  return kept.erasure_key;
}
