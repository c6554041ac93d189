/**
 * Rate counters in the database, so that every process sharing a PostgreSQL counts the same hits: N processes
 * allow what one allows (docs/decisions/024-one-process-per-pglite-directory.md). One row per bucket holds a fixed
 * window that starts at the bucket's first hit, and one statement per hit counts it: `INSERT … ON CONFLICT DO
 * UPDATE … RETURNING`, whose row lock makes two hits at once count as two.
 *
 * The table is UNLOGGED: a hit writes no WAL, so its commit does not wait for a disk flush (many applicants behind
 * one carrier address share one row); a database crash empties it, which only forgets recent counts.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Queryable } from './index';
import { qb, run } from './query';

export interface Hit {
  /** Hits in the current window, this one included. */
  hits: number;
  /** When the current window ends (the count starts over). */
  resetsAt: Date;
}

/** A bucket's name: a readable scope and a digest of the key, so no address or IP is stored as it is. */
export const bucketOf = (scope: string, key: string): string =>
  `${scope}:${createHash('sha256').update(key).digest('base64url').slice(0, 27)}`;

/**
 * One hit on `bucket` of a counter table (`rate_counters` here; `code_tries`, the wrong codes, in server/codes.ts): a
 * new window of `windowMs` starts when the bucket's has ended, else the hit adds to it. `name` keeps a hot counter a
 * named prepared statement.
 */
export async function countHit(
  db: Queryable,
  table: 'rate_counters' | 'code_tries',
  bucket: string,
  windowMs: number,
  now: Date,
  name?: string,
): Promise<Hit> {
  const resetsAt = sql<Date>`${new Date(now.getTime() + windowMs)}::timestamptz`;
  // The stored row's window (the table's own name in DO UPDATE), not the proposed one's.
  const ended = sql<boolean>`${sql.ref(`${table}.resets_at`)} <= ${now}::timestamptz`;
  const [row] = await run(
    db,
    qb
      .insertInto(table)
      .values({ bucket, hits: 1, resets_at: resetsAt })
      .onConflict((conflict) =>
        conflict.column('bucket').doUpdateSet((eb) => ({
          hits: eb
            .case()
            .when(ended)
            .then(1)
            .else(eb(`${table}.hits`, '+', 1))
            .end(),
          resets_at: eb
            .case()
            .when(ended)
            .then(resetsAt)
            .else(eb.ref(`${table}.resets_at`))
            .end(),
        })),
      )
      .returning(['hits', 'resets_at']),
    name,
  );
  return { hits: Number(row.hits), resetsAt: new Date(row.resets_at) };
}

/** Counts one hit on `bucket` in a window of `windowMs` that started at the bucket's first hit. */
export const hit = (db: Queryable, bucket: string, windowMs: number, now: Date): Promise<Hit> =>
  countHit(db, 'rate_counters', bucket, windowMs, now, 'rate_counters_hit');

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
    run(db, qb.deleteFrom('rate_counters').where('resets_at', '<=', t)).catch(() => (lastPrune = 0));
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
