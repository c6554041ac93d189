/**
 * Idempotent writes: a request carrying an `idempotency-key` header stores its successful answer under that key
 * (kept 24 h) in the same transaction as the write, so a retry gets the same answer and nothing is applied twice.
 *
 * A stored answer belongs to one route and one owner (the application's email, normalised), each its own column:
 * joined into one string, an address containing the separator could name another applicant's answer. A replay
 * only ever repeats the stored body; it never earns what the first request earned: a replayed verify-email mints no
 * session (docs/decisions/022-idempotent-replays-earn-nothing.md and 102-a-replayed-verification-mints-no-session.md).
 */
import type { FastifyRequest } from 'fastify';
import { IDEMPOTENCY_HEADER } from '../machines/rules/contract';
import type { Queryable } from './db/index';
import { first, qb, run } from './db/query';

export const IDEMPOTENCY_HOURS = 24;

export interface StoredAnswer {
  status: number;
  body: unknown;
}

/** Where a stored answer lives: the route, whose it is, and the client's key. */
export interface IdempotencyKey {
  route: string;
  owner: string;
  key: string;
}

/** The request's key for `route` and the application with this email, or null when it carries none usable. */
export function idempotencyKey(request: FastifyRequest, route: string, email: string): IdempotencyKey | null {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || key.length > 200) return null;
  return { route, owner: email.trim().toLowerCase(), key };
}

export async function replay(
  db: Queryable,
  key: IdempotencyKey | null,
  now: Date,
): Promise<StoredAnswer | undefined> {
  if (!key) return undefined;
  const since = new Date(now.getTime() - IDEMPOTENCY_HOURS * 3600_000);
  return first(
    db,
    qb
      .selectFrom('idempotency')
      .select(['status', 'body'])
      .where('route', '=', key.route)
      .where('owner', '=', key.owner)
      .where('key', '=', key.key)
      .where('created_at', '>', since),
  );
}

export async function remember(
  tx: Queryable,
  key: IdempotencyKey | null,
  answer: StoredAnswer,
  now: Date,
): Promise<void> {
  if (!key) return;
  // An expired record under the same key is replaced.
  await run(
    tx,
    qb
      .insertInto('idempotency')
      .values({
        route: key.route,
        owner: key.owner,
        key: key.key,
        status: answer.status,
        body: JSON.stringify(answer.body),
        created_at: now,
      })
      .onConflict((conflict) =>
        conflict.columns(['route', 'owner', 'key']).doUpdateSet((eb) => ({
          status: eb.ref('excluded.status'),
          body: eb.ref('excluded.body'),
          created_at: eb.ref('excluded.created_at'),
        })),
      ),
  );
}

export async function pruneIdempotency(db: Queryable, now: Date): Promise<void> {
  const before = new Date(now.getTime() - IDEMPOTENCY_HOURS * 3600_000);
  await run(db, qb.deleteFrom('idempotency').where('created_at', '<=', before));
}
