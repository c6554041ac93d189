/**
 * Rate counters in the database, so that every process sharing a PostgreSQL counts the same hits: N processes
 * allow what one allows (docs/decisions/056-limits-counted-in-the-database.md). One row per bucket holds a fixed
 * window that starts at the bucket's first hit, and one statement per hit counts it: `INSERT … ON CONFLICT DO
 * UPDATE … RETURNING`, whose row lock makes two hits at once count as two.
 *
 * The table is UNLOGGED: a hit writes no WAL, so its commit does not wait for a disk flush (many applicants behind
 * one carrier address share one row); a database crash empties it, which only forgets recent counts.
 */
import { createHash } from 'node:crypto';
import type { Queryable } from './index';

export interface Hit {
  /** Hits in the current window, this one included. */
  hits: number;
  /** When the current window ends (the count starts over). */
  resetsAt: Date;
}

/** A bucket's name: a readable scope and a digest of the key, so no address or IP is stored as it is. */
export const bucketOf = (scope: string, key: string): string =>
  `${scope}:${createHash('sha256').update(key).digest('base64url').slice(0, 27)}`;

const HIT = `
INSERT INTO rate_counters AS c (bucket, hits, resets_at) VALUES ($1, 1, $3::timestamptz)
ON CONFLICT (bucket) DO UPDATE SET
  hits = CASE WHEN c.resets_at <= $2::timestamptz THEN 1 ELSE c.hits + 1 END,
  resets_at = CASE WHEN c.resets_at <= $2::timestamptz THEN $3::timestamptz ELSE c.resets_at END
RETURNING hits, resets_at`;

/** Counts one hit on `bucket` in a window of `windowMs` that started at the bucket's first hit. */
export async function hit(db: Queryable, bucket: string, windowMs: number, now: Date): Promise<Hit> {
  const { rows } = await db.query<{ hits: number; resets_at: Date | string }>(
    HIT,
    [bucket, now, new Date(now.getTime() + windowMs)],
    'rate_counters_hit',
  );
  return { hits: Number(rows[0].hits), resetsAt: new Date(rows[0].resets_at) };
}

/** How often a process deletes the windows that have ended (rows are small; this only bounds the table). */
export const PRUNE_EVERY_MS = 5 * 60_000;

/**
 * `hit` plus, at most every PRUNE_EVERY_MS per process, a delete of the ended windows (in the background: a hit
 * never waits for it, and a failed prune is tried again next time).
 */
export function rateCounters(db: Queryable, now: () => Date) {
  let lastPrune = 0;
  const prune = () => {
    const t = now();
    if (t.getTime() - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = t.getTime();
    db.query('DELETE FROM rate_counters WHERE resets_at <= $1', [t]).catch(() => (lastPrune = 0));
  };
  return {
    hit(bucket: string, windowMs: number): Promise<Hit> {
      const t = now();
      prune();
      return hit(db, bucket, windowMs, t);
    },
  };
}

export type RateCounters = ReturnType<typeof rateCounters>;
