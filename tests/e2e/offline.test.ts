/**
 * A connection that drops during a step (issue 19, item 6): the wizard says it is offline in words a person
 * understands, a step saved on this phone goes on, and a step that needs the server, pressed offline, goes on by
 * itself once the connection is back, sent once with its idempotency key, recorded once. Reads the built app in
 * dist/ (`npm run build`).
 */
import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER, MESSAGES, paths } from '../../machines/rules';
import { ANSWERS, chooseCountry, click, freshEmail, getStarted, onScreen } from './support/journey';
import { codeMails } from './support/screen';
import { browser, server, serverAndBrowser } from './support/suite';

serverAndBrowser();

describe('a dropped connection during the wizard', () => {
  it('says it is offline, goes on with a local step, and sends a server step once when back online', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    const failures: string[] = [];
    page.on('pageerror', (e) => failures.push(e.message));
    // Every attempt at creating the application, and which of them the server answered.
    const creates: { request: Request; answered: boolean }[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith(paths.create))
        creates.push({ request, answered: false });
    });
    page.on('requestfinished', (request) => {
      const sent = creates.find((c) => c.request === request);
      if (sent) sent.answered = true;
    });
    const email = freshEmail('offline');
    await getStarted(page, server, email);
    // The next screens have been fetched ahead (docs/performance.md (former decision 098)), as they are by the time a person has typed.
    await page.waitForFunction(() =>
      performance.getEntriesByType('resource').some((r) => /CommunicationsScreen-[^/]+\.js$/.test(r.name)),
    );

    // Bio Data keeps its answers on the phone: offline, it goes on.
    await context.setOffline(true);
    const offline = page.getByRole('status').filter({ hasText: MESSAGES.offline });
    await offline.waitFor();
    await page.getByLabel('First Name').fill(ANSWERS.firstname);
    await page.getByLabel('Last Name').fill(ANSWERS.lastname);
    await page.getByLabel('Female').check();
    await chooseCountry(page);
    await page.getByLabel('Country and City of Residence').fill(ANSWERS.city);
    await click(page, 'Save and continue');
    await onScreen(page, '/apply/communications', 'Communications');

    // Communications creates the application on the server: pressed offline, it waits and says why.
    await page.getByLabel('Phone number').fill(ANSWERS.phone);
    await page.getByLabel('On social media').check();
    await page.getByLabel(/I have read the privacy notice/).check();
    await click(page, 'Save and continue');
    await click(page, 'Yes, continue');
    await page.waitForTimeout(2_000);
    await offline.waitFor();
    await expect(page.getByText(MESSAGES.chunkLoadFailed).count()).resolves.toBe(0);
    await expect(page.getByText(MESSAGES.genericSave).count()).resolves.toBe(0);
    expect(creates.filter((c) => c.answered)).toEqual([]);

    // Back online: the step goes on by itself, with nothing typed or pressed again and no reload.
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => navigations.push(frame.url()));
    await context.setOffline(false);
    await page.getByRole('heading', { name: 'Check your email' }).waitFor({ timeout: 30_000 });
    await expect(offline.count()).resolves.toBe(0);
    expect(navigations).toEqual([]);

    // Sent once to the server, with the key every attempt carried; one application, one code email.
    const answered = creates.filter((c) => c.answered);
    expect(answered).toHaveLength(1);
    const keys = new Set(creates.map((c) => c.request.headers()[IDEMPOTENCY_HEADER]));
    expect(keys.size).toBe(1);
    await expect(codeMails(server, email)).resolves.toBe(1);
    const lookup = (await (await fetch(`${server.url}${paths.lookup(email)}`)).json()) as {
      data: unknown[];
    };
    expect(lookup.data).toHaveLength(1);
    expect(failures).toEqual([]);
    await click(page, 'Enter the code');
    await onScreen(page, '/apply/verify-email', 'Verify your email address');
    await context.close();
  });
});
