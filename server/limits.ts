/**
 * The per-email limit on resend-token and verify-email. @fastify/rate-limit runs one limiter per request (its
 * per-IP limit on these routes), so this second one, keyed by the email in the body, is a small fixed window here.
 * In memory: with several processes each counts its own (docs/api.md).
 */
import type { FastifyRequest } from 'fastify';
import { normalizeEmail } from '../machines/rules/schemas';
import { HttpError } from './http';
import { SERVER_MESSAGES } from './messages';

export function perEmailLimit(max: number, windowMs: number, now: () => Date) {
  const windows = new Map<string, { start: number; count: number }>();
  return async (request: FastifyRequest): Promise<void> => {
    const body = request.body as { email?: unknown } | undefined;
    if (typeof body?.email !== 'string') return;
    const key = normalizeEmail(body.email);
    const t = now().getTime();
    if (windows.size > 50_000) {
      for (const [k, w] of windows) if (t - w.start >= windowMs) windows.delete(k);
    }
    const current = windows.get(key);
    const win = current && t - current.start < windowMs ? current : { start: t, count: 0 };
    win.count += 1;
    windows.set(key, win);
    if (win.count > max) {
      const seconds = Math.max(1, Math.ceil((win.start + windowMs - t) / 1000));
      throw new HttpError(
        429,
        { message: SERVER_MESSAGES.tooManyRequests(seconds), data: { retryAfter: seconds } },
        { 'retry-after': String(seconds) },
      );
    }
  };
}
