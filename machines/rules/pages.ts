/** Page paths that belong to no flow's machine (the flows' paths live in their machines' `meta.path`). */

/** The instalment button on its own, to try the payment provider or its sandbox. */
export const INSTALMENT_TEST_PATH = '/test/klump-payment';

/**
 * The programme's one contact address, unless SUPPORT_EMAIL names another (server/config.ts): the landing page's
 * footer, the CV by email, the under-review panels, the read-only answers, the payment dialogs
 * (docs/decisions/021-production-is-safe-by-default.md).
 */
/**
 * Where the build writes the selection video's poster in the video page's opening (video.html): the server writes the
 * configured one (SELECTION_VIDEO_POSTER), so one build serves every poster (decision 224).
 */
export const VIDEO_POSTER_PLACEHOLDER = '%%VIDEO_POSTER%%';

export const DEFAULT_CONTACT_EMAIL = 'hello@theemploymentbootcamp.org';

/** Where 'Join the waitlist' leads: where a submitted applicant stands (cohort, waitlist). */
export const WAITLIST_PATH = '/apply/waitlist';

/**
 * The staff back office's pages (lazy, src/staff): the queue at `/staff`, an application's page, and one page each
 * for these screens. The staff router builds its routes from this list (src/staff/StaffApp.tsx), so a screen cannot
 * exist that a cold open or a bookmark answers with 404 or the applicant's shell.
 */
export const STAFF_PAGE = '/staff';
export const STAFF_SCREENS = [
  'team',
  'cohorts',
  'settings',
  'selection-video',
  'landing-words',
  'audit',
  'funnel',
  'reports',
  'decisions-csv',
  'templates',
] as const;
export type StaffScreen = (typeof STAFF_SCREENS)[number];
export const STAFF_PAGES = [STAFF_PAGE, ...STAFF_SCREENS.map((screen) => `${STAFF_PAGE}/${screen}`)] as const;
/** Whether a path (no query, no trailing slash) is a staff page; an application's page has its id in it. */
export const isStaffPage = (path: string): boolean =>
  (STAFF_PAGES as readonly string[]).includes(path) || /^\/staff\/applications\/[0-9]{1,9}$/.test(path);
