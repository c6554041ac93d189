/**
 * Which pages the service worker answers when the network fails, and with what (docs/decisions/168-the-service-worker-s-cache-rules.md).
 * Shared by the worker (src/sw.ts) and the build's precache list (vite.config.ts).
 */
import { isStaffPage } from '../../machines/rules/pages';

/** `/apply` as the server answers it: Get Started prerendered (decision 085). */
export const GET_STARTED_PAGE = '/apply';
/** The app shell as the server answers it, with the configuration written in: every other applicant page. */
export const APP_SHELL_PAGE = '/app.html';

const NOT_THE_APP = /^\/(?:$|privacy$|api(?:\/|$)|dev(?:\/|$)|healthz$|assets\/)/;

/**
 * An applicant's page: any address the app shell answers except the staff pages (never precached, decision 168).
 * The landing page and the privacy notice are pages of their own, left to the network.
 */
export const isApplicantPage = (path: string): boolean => {
  const page = path.replace(/(.)\/+$/, '$1');
  return !NOT_THE_APP.test(page) && !isStaffPage(page) && !/\.[a-z0-9]+$/i.test(page);
};

/** The precached page that stands in for `path` offline. */
export const offlinePageFor = (path: string): string =>
  path.replace(/(.)\/+$/, '$1') === GET_STARTED_PAGE ? GET_STARTED_PAGE : APP_SHELL_PAGE;
