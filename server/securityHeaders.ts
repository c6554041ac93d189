/**
 * The security headers (CSP, HSTS, nosniff …) that @fastify/helmet sends, set from a table built once at start.
 * @fastify/helmet rebuilds its middleware, CSP parsing included, on every request (about a tenth of the server's
 * CPU on a cached GET); the headers never depend on the request here (no CSP nonces), so they are computed once
 * by running the plugin itself on a throwaway instance, and every answer gets exactly what it would have sent.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';

type Headers = Record<string, string>;

async function headersOf(withHelmet: FastifyHelmetOptions | undefined): Promise<Headers> {
  const probe = Fastify({ logger: false });
  if (withHelmet) await probe.register(helmet, withHelmet);
  probe.get('/', async () => 'probe');
  try {
    const res = await probe.inject({ method: 'GET', url: '/' });
    return Object.fromEntries(Object.entries(res.headers).map(([name, value]) => [name, String(value)]));
  } finally {
    await probe.close();
  }
}

/** The headers helmet adds to an answer with these options (those a bare answer does not carry). */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<Headers> {
  const [bare, secured] = await Promise.all([headersOf(undefined), headersOf(options)]);
  const dynamic = new Set(['date', 'content-length', 'connection', 'keep-alive']);
  return Object.fromEntries(
    Object.entries(secured).filter(([name, value]) => !dynamic.has(name) && bare[name] !== value),
  );
}

/**
 * What an API answer carries instead (docs/decisions/021-production-is-safe-by-default.md): JSON is never a
 * document, so it needs no script, style or image sources, only to be nothing at all if one were made of it (no
 * source, no framing, no sniffing, no referrer), and HSTS where the site has it. Five headers and 200 bytes instead of
 * a page's eleven and 700, on every call the wizard makes.
 */
export function apiHeaders(page: Headers): Headers {
  const hsts = page['strict-transport-security'];
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    ...(hsts ? { 'strict-transport-security': hsts } : {}),
  };
}

/**
 * What the staff CV route sends instead of the API's framing refusal (docs/decisions/021-production-is-safe-by-default.md):
 * the staff application page shows a PDF CV in a frame, so the CV may be framed by this origin's pages and by
 * nothing else; it stays inert (no script, style or source of its own: `default-src 'none'`) and is never sniffed
 * into another type. No `sandbox`: Chromium does not run its PDF viewer in a sandboxed document.
 */
export const CV_FRAME_HEADERS: Headers = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'self'",
  'x-frame-options': 'SAMEORIGIN',
  'x-content-type-options': 'nosniff',
};

/**
 * Every answer of `app` (its routes, 404s, errors, static files) carries the page headers, or the API's under
 * `apiPrefix`.
 */
export function sendSecurityHeaders(app: FastifyInstance, page: Headers, apiPrefix: string): void {
  const pageEntries = Object.entries(page);
  const apiEntries = Object.entries(apiHeaders(page));
  app.addHook('onRequest', (request, reply, done) => {
    const entries = request.url.startsWith(apiPrefix) ? apiEntries : pageEntries;
    for (const [name, value] of entries) reply.raw.setHeader(name, value);
    done();
  });
}
