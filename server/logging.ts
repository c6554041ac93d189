/**
 * Structured logs (pino) without personal data: emails in paths are masked, cookies and bodies never logged.
 */
import type { FastifyServerOptions } from 'fastify';

/** `/bootcamp/get-application/a@b.co` → `/bootcamp/get-application/:email`; query strings dropped. */
export const maskUrl = (url: string): string =>
  url
    .split('?')[0]
    .replace(/(\/bootcamp\/(?:get-application|update)\/)[^/]*/, '$1:email')
    .replace(/[^/\s]+@[^/\s]+/g, ':email');

export function logOptions(): FastifyServerOptions['logger'] {
  return {
    level: process.env.LOG_LEVEL || 'info',
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.email',
        '*.token',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; id: string }) => ({
        id: req.id,
        method: req.method,
        url: maskUrl(req.url),
      }),
    },
  };
}
