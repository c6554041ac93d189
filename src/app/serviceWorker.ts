/**
 * Registers the service worker (src/sw.ts, docs/decisions/168-the-service-worker-s-cache-rules.md) on an applicant's
 * page of a built app, once the page has settled: its precache downloads the app's chunks, which must not compete
 * with the first press. Not under Save-Data: nothing is fetched ahead then (docs/performance.md (former decision 098)).
 */
import { isApplicantPage } from './serviceWorkerScope';

const SETTLE_MS = 5_000;

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || !isApplicantPage(location.pathname)) return;
  const connection = (navigator as { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData) return;
  setTimeout(() => {
    // A browser that refuses (private mode, a policy) runs the app from the network as before.
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  }, SETTLE_MS);
}
