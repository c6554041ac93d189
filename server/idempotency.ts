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
  const { rows } = await db.query<{ status: number; body: unknown }>(
    'SELECT status, body FROM idempotency WHERE route = $1 AND owner = $2 AND key = $3 AND created_at > $4',
    [key.route, key.owner, key.key, since],
  );
  return rows[0];
}

export async function remember(
  tx: Queryable,
  key: IdempotencyKey | null,
  answer: StoredAnswer,
  now: Date,
): Promise<void> {
  if (!key) return;
  // An expired record under the same key is replaced.
  await tx.query(
    `INSERT INTO idempotency (route, owner, key, status, body, created_at) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (route, owner, key)
     DO UPDATE SET status = EXCLUDED.status, body = EXCLUDED.body, created_at = EXCLUDED.created_at`,
    [key.route, key.owner, key.key, answer.status, JSON.stringify(answer.body), now],
  );
}

export async function pruneIdempotency(db: Queryable, now: Date): Promise<void> {
  await db.query('DELETE FROM idempotency WHERE created_at <= $1', [
    new Date(now.getTime() - IDEMPOTENCY_HOURS * 3600_000),
  ]);
}
