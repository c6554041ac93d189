/**
 * The staff back office's pages are the app shell with 200, each one opened cold as a bookmark or an email's link would
 * (the setting-up pages of a round were answered 404 before they joined the list); a mistyped staff address is a real
 * 404.
 */
import { describe, it } from 'vitest';
import { CLIENT_PAGES, expectAppShell, useClientApp } from './support';

describe('staff pages over HTTP', () => {
  const { url } = useClientApp(CLIENT_PAGES);

  it.each([
    '/staff',
    '/staff/',
    '/staff/team',
    '/staff/audit',
    '/staff/funnel',
    '/staff/decisions-csv',
    '/staff/cohorts',
    '/staff/settings',
    '/staff/selection-video',
    '/staff/landing-words',
    '/staff/reports',
    '/staff/templates',
    '/staff/applications/42',
  ])('%s is the app shell with 200', async (path) => {
    await expectAppShell(url(`${path}?status=submitted`), 200);
  });

  it.each(['/staff/nope', '/staff/applications', '/staff/applications/abc', '/staff/applications/1/extra'])(
    '%s is the app shell with 404',
    async (path) => {
      await expectAppShell(url(path), 404);
    },
  );
});
