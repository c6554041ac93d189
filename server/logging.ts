/**
 * Structured logs (pino) without personal data: emails in paths are masked, cookies and bodies never logged.
 * One line per request at most, written when the answer is sent: failures (5xx) at `error`, a client's mistakes
 * (4xx) at `info`, the rest at `debug`. Fastify's own two `info` lines per request would halve what a production
 * server at LOG_LEVEL=info can serve (docs/performance.md).
 */
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';

/** Fastify's logger options object (pino's options). */
export type LogOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/** `/bootcamp/get-application/a@b.co` → `/bootcamp/get-application/:email`; query strings dropped. */
export const maskUrl = (url: string): string =>
  url
    .split('?')[0]
    .replace(/(\/bootcamp\/(?:get-application|update)\/)[^/]*/, '$1:email')
    .replace(/[^/\s]+(?:@|%40)[^/\s]+/gi, ':email');

/** `level` comes from LOG_LEVEL (server/config.ts). */
export function logOptions(level = 'info'): LogOptions {
  return {
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.email',
        '*.token',
        // @fastify/multipart logs its options at trace, the request's headers (and so the session cookie) in them.
        'busboyOptions.headers',
        '*.headers.cookie',
      ],
      censor: '[redacted]',
    },
    serializers: {
      err: safeError,
      req: (req: { method: string; url: string; id: string }) => ({
        id: req.id,
        method: req.method,
        url: maskUrl(req.url),
      }),
    },
  };
}

/**
 * What a log may say about an error: its kind, its code and where it happened, never the data it carried.
 * Database errors hold the statement's text and parameters (PGlite: `query`, `params`; pg: `detail`, `where`),
 * HTTP parser errors the raw bytes (`rawPacket`): none of that is kept. Quoted values, email addresses and runs
 * of digits (codes, phone numbers) are blanked in the message and the stack, which repeats the message.
 */
export function safeError(error: unknown): SafeError {
  if (typeof error !== 'object' || error === null)
    return { type: typeof error, message: scrub(String(error)), stack: '' };
  const e = error as { code?: unknown; statusCode?: unknown; message?: unknown; stack?: unknown };
  const kept: SafeError = {
    type: error.constructor?.name ?? 'Error',
    message: typeof e.message === 'string' ? scrub(e.message) : '',
    stack: typeof e.stack === 'string' ? scrub(e.stack) : '',
  };
  if (typeof e.code === 'string' || typeof e.code === 'number') kept.code = e.code;
  if (typeof e.statusCode === 'number') kept.statusCode = e.statusCode;
  return kept;
}

interface SafeError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** Blanks what a message may quote of the data: quoted text, email addresses, long numbers. */
export const scrub = (text: string): string =>
  text
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '"…"')
    .replace(/[^\s@"'()<>,;:]+@[^\s@"'()<>,;:]+/g, '…@…')
    .replace(/\+?\d[\d\s-]{4,}\d/g, '#');

/** Our own failures, kept by the error handler so that the request's one line can carry the error. */
const failures = new WeakMap<FastifyRequest, Error>();

export const noteFailure = (request: FastifyRequest, error: Error): void => {
  failures.set(request, error);
};

// pino's level numbers; a logger without a known level (Fastify's null logger when logging is off) logs nothing.
const LEVELS: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 };
const enabled = (request: FastifyRequest, level: 'debug' | 'info' | 'error'): boolean =>
  LEVELS[level] >= (LEVELS[String(request.log.level)] ?? Infinity);

/** Fastify's request lines replaced by one line per request, written when the answer has been sent. */
export class RequestLogs extends LogController {
  override incomingRequest(): void {}

  // Fastify's own line names the raw URL, which may hold an email; the answer's line says enough.
  override routeNotFound(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const statusCode = reply.statusCode;
    const level = error || statusCode >= 500 ? 'error' : statusCode >= 400 ? 'info' : 'debug';
    // Builds nothing when the level is off: the common case, a 2xx at `info`.
    if (!enabled(request, level)) return;
    request.log[level](
      {
        req: request,
        res: { statusCode },
        responseTime: Math.round(reply.elapsedTime * 10) / 10,
        err: error ?? failures.get(request),
      },
      'request completed',
    );
  }
}
