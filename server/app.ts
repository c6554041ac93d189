/**
 * The back office: builds the Fastify app (no listen) from a database, a mailer and a storage directory, so that
 * tests can run it in memory with `app.inject()` and `main.ts` can run it for real.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API, paths } from '../machines/rules/contract';
import { CV_MAX_BYTES } from '../machines/rules/cv';
// Phone numbers are read in the applicant's country, as the browser reads them (decision 002).
import '../machines/rules/phone';
import type { Context } from './context';
import { proxyTrust, type Config } from './config';
import { cohortCache } from './db/cohorts';
import { browserSettings, seedSettings, settingsCache } from './db/programmeSettings';
import type { Db } from './db/index';
import { rateCounters } from './db/rateCounters';
import { errorHandler, frameworkError } from './errors';
import { documentAnswers } from './openapi';
import { HttpError } from './http';
import { RequestLogs } from './logging';
import type { Mailer } from './mail/index';
import { dbRateLimitStore } from './limits';
import { SERVER_MESSAGES } from './messages';
import { metricsRoutes } from './metrics';
import { helmetHeaders, sendSecurityHeaders } from './securityHeaders';
import { inlineScriptHashes } from './inlineScripts';
import { noStoreApi } from './noStore';
import { refuseCrossSiteWrites } from './origin';
import { cutSlowBodies, serverTimeouts, TIMEOUTS, type Timeouts } from './timeouts';
import { cvRoutes } from './routes/cv';
import { devRoutes } from './routes/dev';
import { flowRoutes } from './routes/flow';
import { geoRoutes } from './routes/geo';
import { healthRoutes } from './routes/health';
import { paymentRoutes } from './routes/payments';
import { erasureKey } from './privacy/key';
import { privacyRoutes } from './privacy/routes';
import { sessionRoutes } from './routes/session';
import { selectionQuizRoutes } from './routes/selectionQuiz';
import { currentVersion } from './selectionQuiz';
import { standingRoutes } from './routes/standing';
import { withdrawRoutes } from './routes/withdraw';
import { interviewRoutes } from './routes/interview';
import { staticRoutes } from './routes/static';
import { landingWordsCache } from './db/landingWords';
import { builtRenderer, landingPage, type LandingWordsRenderer } from './landingPage';
import { DEFAULT_CONTACT_EMAIL } from '../machines/rules/pages';
import { stepRoutes } from './routes/steps';
import { countRefusedSaves } from './staff/funnel';
import { staffRoutes } from './staff/routes';
import { staffDocument } from './staff/answers';
import { localStorage, type CvStorage } from './storage/index';

export interface AppOptions {
  db: Db;
  mailer: Mailer;
  /** The CVs' local directory, used when no `storage` is given. */
  storageDir: string;
  /** Where CVs live (server/storage/index.ts); the local directory by default. */
  storage?: CvStorage;
  clientDir?: string;
  config: Config;
  logger?: FastifyServerOptions['logger'];
  /** Add the process's CPU, memory and event-loop figures to /metrics (the real server; not tests). */
  processMetrics?: boolean;
  /** The erasure tombstones' key when the caller has it already (server/main.ts); else it is read here. */
  erasureKey?: string;
  /** How long a slow client may take (server/timeouts.ts); tests shorten them. */
  timeouts?: Partial<Timeouts>;
  /**
   * false: no response schemas (nor answers in the OpenAPI document), every answer written by JSON.stringify. Only
   * bench/schemas uses it, to measure what the schemas' serialiser gains.
   */
  responseSchemas?: boolean;
  /** What renders the landing page's words (decision 246); by default the SSR build's beside `clientDir`. */
  renderLandingWords?: LandingWordsRenderer;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const timeouts = { ...TIMEOUTS, ...options.timeouts };
  const app = Fastify({
    ...serverTimeouts(timeouts),
    frameworkErrors: frameworkError,
    logger: options.logger ?? false,
    // One line per request at most (logging.ts).
    logController: new RequestLogs(),
    trustProxy: proxyTrust(config.trustProxy),
    bodyLimit: 256 * 1024,
    ajv: {
      // Wrong types are refused, not coerced; unknown fields are stripped (docs/api.md).
      customOptions: { coerceTypes: false, removeAdditional: true, useDefaults: true, allErrors: false },
    },
    // The wizard never sends a URL this long; it also bounds what a path parameter can hold.
    routerOptions: { maxParamLength: 400 },
  });
  const https = config.publicUrl.startsWith('https:');
  // BANK_* and SUPPORT_EMAIL fill the settings until an admin first saves them (decision 247).
  await seedSettings(options.db, config.settingsSeed);
  const ctx: Context = {
    db: options.db,
    mailer: options.mailer,
    config,
    storage: options.storage ?? (await localStorage(options.storageDir)),
    secureCookies: https,
    cohorts: cohortCache(options.db, config.now),
    settings: settingsCache(options.db, config.now),
    landingWords: landingWordsCache(options.db),
    counters: rateCounters(options.db, config.now),
    uploadMs: timeouts.uploadMs,
    erasureKey: options.erasureKey ?? (await erasureKey(options.db, config.privacy.erasureKey)),
  };
  const clientDir = options.clientDir && existsSync(options.clientDir) ? options.clientDir : undefined;
  if (clientDir)
    ctx.landing = landingPage(
      join(clientDir, 'index.html'),
      () => ctx.cohorts.applying(),
      // The support address as the back office has it now (decision 247).
      async () => (await ctx.settings.get()).support_email || DEFAULT_CONTACT_EMAIL,
      () => ctx.landingWords.published(),
      options.renderLandingWords ?? (await builtRenderer(clientDir)),
    );

  app.setErrorHandler(errorHandler);
  cutSlowBodies(app, timeouts, (request) => request.routeOptions.url === paths.uploadCv);
  await app.register(cookie);
  sendSecurityHeaders(
    app,
    await helmetHeaders({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...inlineScriptHashes(options.clientDir)],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:'],
          mediaSrc: ["'self'", 'data:', 'blob:'],
          connectSrc: ["'self'"],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'self'"],
          upgradeInsecureRequests: https ? [] : null,
        },
      },
      hsts: https,
    }),
    `${API}/`,
  );
  noStoreApi(app);
  // After the security headers' hook, so that a refusal carries them too.
  refuseCrossSiteWrites(app, config.publicUrl);
  await app.register(rateLimit, {
    global: false,
    store: dbRateLimitStore(ctx.counters, config.now),
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new HttpError(
        429,
        { message: SERVER_MESSAGES.tooManyRequests(seconds), data: { retryAfter: seconds } },
        { 'retry-after': String(seconds) },
      );
    },
  });
  metricsRoutes(app, ctx, { processMetrics: options.processMetrics });
  // Off in production unless API_DOCS=1: a map of every route is of no use to applicants.
  if (config.apiDocs) {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'The Employment Bootcamp back office',
          version: '1.0.0',
          description:
            'Answers are { message, data }; failures are 4xx { message, data: { error: { field: [messages] } } }.',
        },
      },
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  }

  // Every API route's answers and their schemas, for the document and the serialiser (server/openapi.ts).
  if (options.responseSchemas !== false) app.addHook('onRoute', documentAnswers(staffDocument));
  // Before the routes, so that their refused saves are counted (server/staff/funnel.ts).
  countRefusedSaves(app, ctx);
  await app.register(async (api) => healthRoutes(api, ctx));
  await app.register(async (api) => flowRoutes(api, ctx));
  await app.register(async (api) => sessionRoutes(api, ctx));
  await app.register(async (api) => standingRoutes(api, ctx));
  await app.register(async (api) => withdrawRoutes(api, ctx));
  await app.register(async (api) => selectionQuizRoutes(api, ctx));
  await app.register(async (api) => interviewRoutes(api, ctx));
  // Multipart only where a form may be posted: its hooks cost every other route (a listener per response).
  const withMultipart = (api: FastifyInstance) =>
    api.register(multipart, {
      limits: { fileSize: CV_MAX_BYTES, files: 1, fields: 5, fieldSize: 16 * 1024, parts: 6 },
    });
  await app.register(async (api) => {
    await withMultipart(api);
    await stepRoutes(api, ctx);
  });
  await app.register(async (api) => {
    await withMultipart(api);
    await cvRoutes(api, ctx);
  });
  await app.register(async (api) => geoRoutes(api, ctx));
  await app.register(async (api) => paymentRoutes(api, ctx));
  await app.register(async (api) => staffRoutes(api, ctx));
  await app.register(async (api) => privacyRoutes(api, ctx));
  // The outbox shows every code: never in production (config.ts), even if an outbox mailer were given.
  if (options.mailer.transport === 'outbox' && config.devMailbox)
    await app.register(async (dev) => devRoutes(dev, ctx));
  await staticRoutes(
    app,
    clientDir,
    async () => ({ ...config.appConfig, ...browserSettings(await ctx.settings.get()) }),
    ctx.landing,
    async () => ({
      controllerName: config.privacy.controllerName,
      // PRIVACY_CONTACT_EMAIL, else the support address as the back office has it now.
      contactEmail: config.privacy.contactEmail ?? (await ctx.settings.get()).support_email,
      retention: config.retention,
    }),
    async () => currentVersion(ctx.db, config.appConfig, config.now()),
  );
  return app;
}
