/**
 * GET /api/v1/geo: the visitor's country, looked up server-side so that the key never reaches the browser.
 * GEO_API_URL may hold `{key}` and `{ip}` placeholders; without them `apiKey` and `ip` are added as query params.
 */
import type { FastifyInstance } from 'fastify';
import { paths } from '../../machines/rules/contract';
import type { Context } from '../context';
import { HttpError } from '../http';
import { SERVER_MESSAGES } from '../messages';
import { describe } from './schemas';

const unavailable = (status: number, message: string) =>
  new HttpError(status, { message, data: { country_name: '' } });

export function geoUrl(template: string, key: string, ip: string): string {
  if (template.includes('{key}') || template.includes('{ip}')) {
    return template.replaceAll('{key}', encodeURIComponent(key)).replaceAll('{ip}', encodeURIComponent(ip));
  }
  const url = new URL(template);
  url.searchParams.set('apiKey', key);
  if (ip) url.searchParams.set('ip', ip);
  return url.toString();
}

export async function geoRoutes(app: FastifyInstance, ctx: Context): Promise<void> {
  const { geo } = ctx.config;
  app.get(
    paths.geo,
    {
      config: { rateLimit: { max: ctx.config.rateLimits.ipPerMinute, timeWindow: 60_000 } },
      schema: describe("The visitor's country"),
    },
    async (request) => {
      if (geo.fixedCountry) return { message: 'Location found', data: { country_name: geo.fixedCountry } };
      if (!geo.url || !geo.key) throw unavailable(503, SERVER_MESSAGES.geoUnavailable);
      const loopback =
        request.ip === '127.0.0.1' || request.ip === '::1' || request.ip === '::ffff:127.0.0.1';
      let response: Response;
      try {
        response = await fetch(geoUrl(geo.url, geo.key, loopback ? '' : request.ip), {
          signal: AbortSignal.timeout(4000),
        });
      } catch {
        throw unavailable(503, SERVER_MESSAGES.geoUnavailable);
      }
      if (response.status === 429 || response.status === 403)
        throw unavailable(429, SERVER_MESSAGES.geoLimited);
      const body = (await response.json().catch(() => null)) as { country_name?: unknown } | null;
      if (!response.ok || typeof body?.country_name !== 'string' || !body.country_name) {
        throw unavailable(503, SERVER_MESSAGES.geoUnavailable);
      }
      return { message: 'Location found', data: { country_name: body.country_name.slice(0, 100) } };
    },
  );
}
