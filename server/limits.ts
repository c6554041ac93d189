/**
 * The request limits that protect codes and mail, counted in the database (db/rateCounters.ts), so that several
 * processes on one PostgreSQL share them:
 * - per IP on the lookup and code routes: @fastify/rate-limit, given `dbRateLimitStore` as its store;
 * - per email and IP on resend-token and verify-email: `perEmailLimit`, a preHandler keyed by the canonical mailbox
 *   of the email in the body and the client's IP together, so that a stranger's requests never spend the owner's
 *   (docs/decisions/031-sessions-sign-out-and-caching.md; @fastify/rate-limit runs one limiter per request, the per-IP
 *   one).
 */
import type { FastifyRequest } from 'fastify';
import type { RateCounters } from './db/rateCounters';
import { bucketOf } from './db/rateCounters';
import { HttpError } from './http';
import { mailboxOf } from './mailQuota';
import { SERVER_MESSAGES } from './messages';

/** The 429 that says how many seconds to wait. */
export const tooManyRequests = (seconds: number): HttpError =>
  new HttpError(
    429,
    { message: SERVER_MESSAGES.tooManyRequests(seconds), data: { retryAfter: seconds } },
    { 'retry-after': String(seconds) },
  );

export function perEmailLimit(counters: RateCounters, max: number, windowMs: number, now: () => Date) {
  return async (request: FastifyRequest): Promise<void> => {
    const body = request.body as { email?: unknown } | undefined;
    if (typeof body?.email !== 'string') return;
    // The bucket's key is a digest (db/rateCounters.ts); a space never occurs in a mailbox.
    const key = `${mailboxOf(body.email)} ${request.ip}`;
    const { hits, resetsAt } = await counters.hit(bucketOf('email', key), windowMs);
    if (hits > max)
      throw tooManyRequests(Math.max(1, Math.ceil((resetsAt.getTime() - now().getTime()) / 1000)));
  };
}

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A store for @fastify/rate-limit (its `store` option) on the rate counters. Each route gets its own child, as
 * with the plugin's in-memory store: a route's limit counts that route's hits (by method and route pattern).
 */
export function dbRateLimitStore(counters: RateCounters, now: () => Date) {
  return class DbRateLimitStore {
    constructor(
      _options: unknown,
      private readonly scope = 'ip',
    ) {}

    incr(key: string, done: IncrCallback, timeWindow: number): void {
      counters.hit(bucketOf(this.scope, key), timeWindow).then(
        ({ hits, resetsAt }) =>
          done(null, { current: hits, ttl: Math.max(0, resetsAt.getTime() - now().getTime()) }),
        (error: Error) => done(error),
      );
    }

    // Typed as a route's options, but given the route's limit settings with the route in `routeInfo`.
    child(options: object): DbRateLimitStore {
      const route = (options as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {};
      const method = [route.method ?? ''].flat().join(',');
      return new DbRateLimitStore(options, `ip ${method} ${route.url ?? ''}`.trimEnd());
    }
  };
}
