/**
 * Which pages the service worker stands in for offline, and with what (docs/decisions/168-the-service-worker-s-cache-rules.md):
 * an applicant's page gets the copy precached with its build; the landing page, the privacy notice, the staff
 * pages, the API and files are never answered by the worker.
 */
import { describe, expect, it } from 'vitest';
import { isApplicantPage, offlinePageFor } from '../../src/app/serviceWorkerScope';

describe('the service worker’s pages', () => {
  it.each(['/apply', '/apply/', '/apply/biodata', '/apply/selection-video', '/financial-aid-application'])(
    '%s is an applicant’s page',
    (path) => expect(isApplicantPage(path)).toBe(true),
  );

  it.each([
    '/',
    '/privacy',
    '/staff',
    '/staff/applications/12',
    '/staff/team',
    '/api/v1/bootcamp/get-current',
    '/dev/mailbox',
    '/healthz',
    '/assets/BiodataScreen-abc12345.js',
    '/manifest.webmanifest',
  ])('%s is left to the network', (path) => expect(isApplicantPage(path)).toBe(false));

  it('stands in for Get Started with Get Started, and for every other page with the app shell', () => {
    expect(offlinePageFor('/apply')).toBe('/apply');
    expect(offlinePageFor('/apply/')).toBe('/apply');
    expect(offlinePageFor('/apply/biodata')).toBe('/app.html');
    expect(offlinePageFor('/financial-aid-application')).toBe('/app.html');
  });
});
