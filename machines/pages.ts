/**
 * Every page the app answers, derived from the route tables the browser itself uses: the application machine's
 * ROUTES, the `meta.path` of the financial-aid machine's states, and the pages outside both flows. The server
 * answers any other path with the app shell and status 404 (its not-found screen says 'You are lost'), so a
 * mistyped address is not a soft 404. `/` (the landing page) is served on its own.
 */
import type { AnyStateNode } from 'xstate';
import { ROUTES } from './application.machine';
import { financialAidMachine } from './financialAid.machine';
import { INSTALMENT_TEST_PATH, isStaffPage, WAITLIST_PATH } from './rules/pages';
import { YOUR_DATA_PATH } from './rules/privacy';
import { INTERVIEW_PAGE } from './rules/interview';

const metaPaths = (node: AnyStateNode): string[] => [
  ...(typeof (node.meta as { path?: unknown } | undefined)?.path === 'string'
    ? [(node.meta as { path: string }).path]
    : []),
  ...Object.values(node.states).flatMap(metaPaths),
];

/** The financial-aid flow's screens, from its machine. */
export const FINANCIAL_AID_PAGES: readonly string[] = [...new Set(metaPaths(financialAidMachine.root))];

export const APP_PAGES: ReadonlySet<string> = new Set([
  ...ROUTES.map((r) => r.path),
  ...FINANCIAL_AID_PAGES,
  INSTALMENT_TEST_PATH,
  WAITLIST_PATH,
  YOUR_DATA_PATH,
  INTERVIEW_PAGE,
]);

/** Whether a path (without its query) is one of the app's pages; a trailing slash does not matter. */
export const isAppPage = (path: string): boolean => {
  const page = path.replace(/(.)\/+$/, '$1');
  return APP_PAGES.has(page) || isStaffPage(page);
};
