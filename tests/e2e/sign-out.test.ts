/**
 * Sign out after submission, in Chromium against the built product: the session cookie goes, the server no longer
 * answers the owner's application to it, this browser forgets the application, and the page is the start again.
 */
import { describe, expect, it } from 'vitest';
import { paths, SESSION_COOKIE } from '../../machines/rules/contract';
import { type SavedApplication } from '../../machines/savedApplication';
import { axeViolations, describeViolations } from './support/browser';
import { applicantDevice, submittedApplicant } from './support/submittedApplicant';
import { browser, server, serverAndBrowser } from './support/suite';

serverAndBrowser();

const lookup = async (email: string, cookie: string) =>
  (await (await fetch(`${server.url}${paths.lookup(email)}`, { headers: { cookie } })).json()) as {
    data: (SavedApplication | { exists: true })[];
  };

describe('sign out after submission', () => {
  it('ends the session, forgets the application in this browser and shows the start', async () => {
    const email = `ada.signout.${Date.now()}@example.com`;
    const api = await submittedApplicant(server.url, email);
    const cookie = `${SESSION_COOKIE}=${api.session()}`;
    const owned = await lookup(email, cookie);
    expect((owned.data[0] as SavedApplication).firstname).toBe('Ada');

    // The app's saved state, as the wizard leaves it after submitting.
    const { context, page } = await applicantDevice(browser, server.url, api, { width: 360, height: 800 });
    await page.goto(`${server.url}/apply/success`);
    await page
      .getByRole('heading', { level: 1, name: 'Well done for submitting your application' })
      .waitFor();
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);

    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/apply');
    await page.getByRole('heading', { level: 1, name: 'Get Started' }).waitFor();
    // The cookie is gone from the browser, and the old one no longer proves anything to the server.
    expect((await context.cookies()).filter((c) => c.name === SESSION_COOKIE)).toEqual([]);
    expect((await lookup(email, cookie)).data[0]).toEqual({
      exists: true,
      stage: 'submitted',
      email_verified: true,
    });
    // Nothing of the application is left in this browser.
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
    expect(stored).not.toContain(email);
    expect(stored).not.toContain('Obi');
    // The screens after submission are closed to this browser now.
    await page.goto(`${server.url}/apply/success`);
    await page.waitForURL((url) => url.pathname === '/apply');
    await page.getByRole('heading', { level: 1, name: 'Get Started' }).waitFor();
    await context.close();
  });
});
