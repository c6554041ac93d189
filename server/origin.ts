/**
 * Writes from other sites are refused (docs/decisions/021-production-is-safe-by-default.md). A page on another origin of the
 * same site (another port or subdomain) gets the applicant's SameSite=Lax cookie with its requests, so the cookie
 * alone does not prove the request came from our own pages. The browser says where a request comes from:
 * `Sec-Fetch-Site` (which pages cannot forge), else `Origin`. Requests carrying neither come from no browser
 * (curl, a server): they are let through, since a browser always sends `Origin` on a cross-origin POST.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fail } from './http';
import { SERVER_MESSAGES } from './messages';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);

const originOf = (url: string): string | null => {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
};

/** Whether a state-changing request comes from the site itself (or from no browser at all). */
export function fromOwnSite(request: FastifyRequest, publicOrigin: string | null): boolean {
  if (SAFE_METHODS.has(request.method)) return true;
  const site = request.headers['sec-fetch-site'];
  // 'none': typed or bookmarked by the person themselves.
  if (typeof site === 'string') return site === 'same-origin' || site === 'none';
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  const claimed = originOf(origin);
  if (claimed === null) return false;
  // Our own address as configured, or as this very request reached us (PUBLIC_URL unset or not yet right).
  return claimed === publicOrigin || claimed === originOf(`${request.protocol}://${request.host}`);
}

/** Refuses, before the body is read, any write whose browser says it comes from another origin: 403. */
export function refuseCrossSiteWrites(app: FastifyInstance, publicUrl: string): void {
  const publicOrigin = originOf(publicUrl);
  app.addHook('onRequest', async (request) => {
    if (!fromOwnSite(request, publicOrigin)) throw fail(403, SERVER_MESSAGES.crossSite);
  });
}
