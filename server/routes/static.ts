/**
 * The built client: `/` is the landing page (index.html, filled with the cohort open now: server/landingPage.ts),
 * each of the app's pages (machines/pages.ts) is the app shell (app.html, 200) so that /apply/biodata works on
 * reload, and any other path is the app shell with 404 (it shows 'You are lost'). Unknown /api/* is a JSON 404.
 * Hashed assets are cached for a year.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compressPage, pickEncoding, type FilledPage, type LandingPages } from '../landingPage';
import { isAppPage } from '../../machines/pages';
import { screenRow } from '../../machines/screens';
import { isStaffPage, VIDEO_POSTER_PLACEHOLDER } from '../../machines/rules/pages';
import { SERVER_MESSAGES } from '../messages';
import { PRIVACY_PATH, type NoticeFacts } from '../../machines/rules/privacy';
import { privacyPage } from '../privacyPage';

/** Get Started's address (machines/application.machine.ts ROUTES), where every Apply Now lands. */
const GET_STARTED_PATH = '/apply';

/** The poster given (the newest version's, decision 245), else the one shipped, as the app's defaults say (src/config.ts). */
const posterOf = (appConfig: Record<string, string | number>) =>
  String(appConfig.selectionVideoPoster || '/media/selection-video.jpg');

/** The selection video's addresses of the newest published version (server/selectionQuiz.ts). */
export type VideoAddresses = () => Promise<{ video_url: string; poster_url: string; captions_url: string }>;

const SELECTION_VIDEO_PAGE = screenRow('selectionVideo').path;

const isBackend = (path: string) =>
  path === '/api' ||
  path.startsWith('/api/') ||
  path === '/dev' ||
  path.startsWith('/dev/') ||
  path === '/healthz';

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The app shell with the runtime configuration in its `app-config` meta, so one build serves every setting. */
export function renderAppShell(html: string, appConfig: Record<string, string | number>): string {
  return html.replace(
    /<meta name="app-config" content="[^"]*"\s*\/?>/,
    `<meta name="app-config" content="${escapeAttribute(JSON.stringify(appConfig))}" />`,
  );
}

/** A page compressed once (compressPage), sent in the encoding the browser accepts. */
function sendPage(request: FastifyRequest, reply: FastifyReply, page: FilledPage) {
  const { encoding, body } = pickEncoding(page, request.headers['accept-encoding']);
  reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding');
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(body);
}

/**
 * The runtime configuration as it is now: the bank details and the support address follow the back office's
 * settings (decision 247), so every page written from it is kept only while it is the same.
 */
type AppConfigNow = () => Promise<Record<string, string | number>>;

export async function staticRoutes(
  app: FastifyInstance,
  clientDir: string | undefined,
  appConfigNow: AppConfigNow = async () => ({}),
  landing?: LandingPages,
  notice?: () => Promise<NoticeFacts>,
  videoAddresses?: VideoAddresses,
): Promise<void> {
  // Every shell below is written from `appConfig` and kept until the configuration changes (an admin's save).
  let appConfig: Record<string, string | number> = {};
  let writtenFor: string | undefined;
  let shell: string | undefined;
  let staffShellPage: string | undefined;
  let apply: Promise<FilledPage | null> | undefined;
  const videoShells = new Map<string, string>();
  const compressed = new Map<string, Promise<FilledPage>>();
  const configNow = async () => {
    const now = await appConfigNow();
    const key = JSON.stringify(now);
    if (key !== writtenFor) {
      appConfig = now;
      writtenFor = key;
      shell = staffShellPage = apply = undefined;
      videoShells.clear();
      compressed.clear();
    }
  };
  const appShell = () =>
    (shell ??= renderAppShell(readFileSync(join(clientDir!, 'app.html'), 'utf8'), appConfig));
  // A staff address opened cold paints staff's words, not the applicant's (scripts/prerender.ts, decision 085); a
  // build without staff.html (a test's bare client folder) answers the app shell.
  const staffShell = () =>
    (staffShellPage ??= existsSync(join(clientDir!, 'staff.html'))
      ? renderAppShell(readFileSync(join(clientDir!, 'staff.html'), 'utf8'), appConfig)
      : appShell());
  if (clientDir && landing) {
    const serveLanding = async (request: FastifyRequest, reply: FastifyReply) =>
      sendPage(request, reply, await landing.page());
    app.get('/', serveLanding);
    app.get('/index.html', serveLanding);
  }
  if (clientDir) {
    // `/apply`, where every Apply Now lands: Get Started prerendered with its CSS inlined (apply.html, decision
    // 085), compressed once. A build without it (a test's bare client folder) answers the app shell.
    const applyPage = () =>
      (apply ??= existsSync(join(clientDir, 'apply.html'))
        ? compressPage(renderAppShell(readFileSync(join(clientDir, 'apply.html'), 'utf8'), appConfig))
        : Promise.resolve(null));
    const serveApply = async (request: FastifyRequest, reply: FastifyReply) => {
      await configNow();
      return sendPage(request, reply, (await applyPage()) ?? (await pageShell(GET_STARTED_PATH)));
    };
    app.get(GET_STARTED_PATH, serveApply);
    app.get(`${GET_STARTED_PATH}/`, serveApply);
    // `/privacy`: the notice prerendered, with the configured controller and retention periods (server/privacyPage.ts).
    if (notice && existsSync(join(clientDir, 'privacy.html'))) {
      const privacy = privacyPage(join(clientDir, 'privacy.html'), notice);
      app.get(PRIVACY_PATH, async (request, reply) => sendPage(request, reply, await privacy()));
    }
    app.get('/app.html', async (_request, reply) => {
      await configNow();
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(appShell());
    });
    await app.register(fastifyStatic, {
      root: clientDir,
      index: ['index.html'],
      // The build writes .br and .gz beside each file (scripts/compress.ts); phones on slow networks get those.
      preCompressed: true,
      cacheControl: false,
      wildcard: true,
      // The landing page's file is a template with the cohort left out: only `/` answers it, filled.
      // apply.html is only ever sent as `/apply`, with the configuration written in.
      allowedPath: (path) =>
        !isBackend(path) &&
        !(landing && path.startsWith('/index.html')) &&
        !path.startsWith('/apply.html') &&
        !path.startsWith('/staff.html') &&
        !path.startsWith('/video.html') &&
        !path.startsWith('/privacy.html'),
      setHeaders: (res, path) => {
        res.header(
          'cache-control',
          /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  // The selection video's page: its opening shows the poster from the first response (video.html, prerendered with
  // the app's Opening), here the newest published version's, and its configuration carries that version's addresses
  // (docs/decisions/224-the-selection-video-opens-with-its-poster.md, 245). A build without it (a test's bare client
  // folder) answers the app shell. Filled once a version, as the other shells are once.
  const videoPageShell = async () => {
    const addresses = videoAddresses ? await videoAddresses() : undefined;
    const config = addresses
      ? {
          ...appConfig,
          selectionVideoUrl: addresses.video_url,
          selectionVideoPoster: addresses.poster_url,
          selectionVideoCaptions: addresses.captions_url,
        }
      : appConfig;
    const key = JSON.stringify(addresses ?? null);
    let page = videoShells.get(key);
    if (page === undefined) {
      page = existsSync(join(clientDir!, 'video.html'))
        ? renderAppShell(readFileSync(join(clientDir!, 'video.html'), 'utf8'), config).replaceAll(
            VIDEO_POSTER_PLACEHOLDER,
            escapeAttribute(posterOf(config)),
          )
        : appShell();
      videoShells.set(key, page);
    }
    return { key, page };
  };
  // Each shell compressed once, as `/apply` is: app.html holds its CSS now (decision 085).
  const pageShell = async (page: string) => {
    const kind = page === SELECTION_VIDEO_PAGE ? 'video' : isStaffPage(page) ? 'staff' : 'app';
    const video = kind === 'video' ? await videoPageShell() : undefined;
    const key = video ? `video ${video.key}` : kind;
    let shellPage = compressed.get(key);
    if (!shellPage) {
      shellPage = compressPage(video ? video.page : kind === 'staff' ? staffShell() : appShell());
      compressed.set(key, shellPage);
    }
    return shellPage;
  };
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0];
    const page = (request.method === 'GET' || request.method === 'HEAD') && !isBackend(path);
    // A missing file (it has an extension or is under /assets) is a real 404, not the app shell.
    const looksLikeFile = path.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(path);
    if (clientDir && page && !looksLikeFile) {
      // Every page path gets the app shell (its router shows the screen); a path that is none of the app's pages
      // gets it with 404, and the app shows 'You are lost'.
      reply.code(isAppPage(path) ? 200 : 404);
      await configNow();
      return sendPage(request, reply, await pageShell(path.replace(/(.)\/+$/, '$1')));
    }
    return reply.code(404).send({ message: SERVER_MESSAGES.notFound });
  });
}
