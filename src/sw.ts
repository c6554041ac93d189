/**
 * The service worker (docs/decisions/168-the-service-worker-s-cache-rules.md): a returning applicant's phone answers
 * the app's scripts and styles itself, so that Get Started's first press waits for the page and the lookup, not for
 * 150 KB of scripts again.
 * - The applicant's hashed chunks and CSS are precached (vite.config.ts lists them; never the staff pages'), together
 *   with `/apply` and the app shell as the server answers them: one build's files, installed all or nothing.
 * - A page is asked of the network first, every time, so a new deploy is what the next visit opens; only when the
 *   network fails does the page come from the precache, the one built with the chunks beside it.
 * - Nothing else is answered here: the API, staff pages and the landing page go to the network as if there were no
 *   worker (the API's answers are personal and `no-store`, decision 036).
 */
import {
  addRoute,
  cleanupOutdatedCaches,
  matchPrecache,
  precache,
  type PrecacheEntry,
} from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { isApplicantPage, offlinePageFor } from './app/serviceWorkerScope';

/** The little of the worker's global scope used here (the project's types are the page's: lib DOM). */
interface WorkerScope {
  __WB_MANIFEST: (PrecacheEntry | string)[];
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  registration: { navigationPreload?: { enable(): Promise<void> } };
  addEventListener(type: 'install', listener: (event: InstallEvent) => void): void;
  addEventListener(
    type: 'activate',
    listener: (event: { waitUntil(p: Promise<unknown>): void }) => void,
  ): void;
}
/** The install event, with Chromium's static routing (absent elsewhere). */
interface InstallEvent {
  waitUntil(p: Promise<unknown>): void;
  addRoutes?: (
    routes: { condition: { urlPattern: { pathname: string } }; source: 'cache' | 'network' }[],
  ) => Promise<void>;
}
declare const self: WorkerScope;

precache(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// A page: the network's answer (the one the browser started already with navigation preload, else a fetch), or,
// offline, the page precached with this worker's chunks.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && isApplicantPage(url.pathname),
  async ({ request, url, event }) => {
    try {
      const preloaded = (await (event as { preloadResponse?: Promise<Response | undefined> })
        .preloadResponse) as Response | undefined;
      return preloaded ?? (await fetch(request));
    } catch {
      return (await matchPrecache(offlinePageFor(url.pathname))) ?? Response.error();
    }
  },
);
// After the pages' route: `/apply` is precached too, and must not be answered from the cache while online.
addRoute();

// A new build takes over at once: its install has fetched all its files or failed, so no page ever mixes two builds'
// chunks from the cache; a page of the old build still open fetches what it lacks from the network, as without a worker.
self.addEventListener('install', (event) => {
  // The hashed chunks straight from the precache, without waking this script for each: on the phone profile each
  // module routed through the worker's fetch handler cost the page's main thread about three times what the network
  // path did (docs/performance.md (former decision 203)). Static routing is
  // Chromium's; elsewhere the handler above answers them as before. A chunk not in the cache goes to the network.
  event.addRoutes?.([{ condition: { urlPattern: { pathname: '/assets/*' } }, source: 'cache' }]);
  void self.skipWaiting();
});
self.addEventListener('activate', (event) =>
  event.waitUntil(
    Promise.all([self.clients.claim(), self.registration.navigationPreload?.enable() ?? Promise.resolve()]),
  ),
);
