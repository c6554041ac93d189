/**
 * Idempotent writes: a request carrying an `idempotency-key` header stores its successful answer under that key
 * (scoped by route and email, kept 24 h) in the same transaction as the write, so a retry gets the same answer and
 * nothing is applied twice.
 */
import type { FastifyRequest } from 'fastify';
import { IDEMPOTENCY_HEADER } from '../machines/rules/contract';
import type { Queryable } from './db/index';

export const IDEMPOTENCY_HOURS = 24;

export interface StoredAnswer {
  status: number;
  body: unknown;
}

/** The scoped key of a request, or null when it carries none (or an unusable one). */
export function idempotencyKey(request: FastifyRequest, route: string, email: string): string | null {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || key.length > 200) return null;
  return `${route}|${email.trim().toLowerCase()}|${key}`;
}

export async function replay(
  db: Queryable,
  key: string | null,
  now: Date,
): Promise<StoredAnswer | undefined> {
  if (!key) return undefined;
  const since = new Date(now.getTime() - IDEMPOTENCY_HOURS * 3600_000);
  const { rows } = await db.query<{ status: number; body: unknown }>(
    'SELECT status, body FROM idempotency WHERE key = $1 AND created_at > $2',
    [key, since],
  );
  return rows[0];
}

export async function remember(
  tx: Queryable,
  key: string | null,
  answer: StoredAnswer,
  now: Date,
): Promise<void> {
  if (!key) return;
  // An expired record under the same key is replaced.
  await tx.query(
    `INSERT INTO idempotency (key, status, body, created_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (key) DO UPDATE SET status = EXCLUDED.status, body = EXCLUDED.body, created_at = EXCLUDED.created_at`,
    [key, answer.status, JSON.stringify(answer.body), now],
  );
}

export async function pruneIdempotency(db: Queryable, now: Date): Promise<void> {
  await db.query('DELETE FROM idempotency WHERE created_at <= $1', [
    new Date(now.getTime() - IDEMPOTENCY_HOURS * 3600_000),
  ]);
}
