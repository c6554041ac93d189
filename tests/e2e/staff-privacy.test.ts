/**
 * An admin's side of an applicant's data rights in Chromium against the built product, under its real Content
 * Security Policy (docs/privacy.md): on the application page the admin exports the applicant's data (the zip is
 * opened: the answers JSON and the CV) and erases it after the confirmation; the page then names no one and the queue
 * no longer finds them; a reviewer sees neither button.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PRIVACY_MESSAGES } from '../../machines/rules/privacy';
import { staffPaths } from '../../machines/rules/staff/paths';
import { staffQueuePaths } from '../../machines/rules/staff/queue';
import { unzip } from '../support/unzip';
import { downloaded } from './support/browser';
import { latestCode } from './support/server';
import { submittedApplicant } from './support/submittedApplicant';
import { browser, server, serverAndBrowser } from './support/suite';

const ADMIN = 'director@bootcamp.example';
const REVIEWER = 'reader@bootcamp.example';
const EMAIL = 'obioma.staff-privacy-e2e@example.com';
const NAME = { firstname: 'Obiomaqx', lastname: 'Nwankwoqx' };
const EXPORT = "Export this applicant's data";
const ERASE = "Erase this applicant's data";

serverAndBrowser({ STAFF_EMAILS: ADMIN });

/**
 * A staff member's own browser, signed in on /staff with the emailed code. The product's Content Security Policy is
 * kept (no bypass), so the export's save is proven as a real browser runs it; axe needs an inline script, so it is
 * not run here.
 */
async function signedIn(email: string): Promise<Page> {
  const context = await browser.newContext();
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  await page.goto(`${server.url}/staff`);
  await page.getByRole('heading', { name: 'Staff sign in' }).waitFor();
  await page.locator('input[name="email"]').fill(email);
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
  await page.locator('input[name="token"]').fill(await latestCode(server.url, email));
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
  return page;
}

/** The queue's answer as the admin's browser gets it, searched for the applicant's address. */
const search = async (admin: Page) =>
  (await (
    await admin.context().request.get(`${server.url}${staffQueuePaths.queue}?q=${encodeURIComponent(EMAIL)}`)
  ).json()) as { data: { rows: { id: number; email?: string }[] } };

describe("an applicant's data on the staff side", () => {
  it('an admin exports the zip and erases the applicant; a reviewer sees neither button', async () => {
    await submittedApplicant(server.url, EMAIL, NAME);
    const admin = await signedIn(ADMIN);
    const id = (await search(admin)).data.rows.find((row) => row.email === EMAIL)?.id;
    expect(id).toBeGreaterThan(0);
    const added = await admin.context().request.post(`${server.url}${staffPaths.team}`, {
      data: { email: REVIEWER, role: 'reviewer' },
      headers: { origin: server.url },
    });
    expect(added.status()).toBe(201);

    // A reviewer: the same page, without either button.
    const reviewer = await signedIn(REVIEWER);
    await reviewer.goto(`${server.url}/staff/applications/${id}`);
    await reviewer.getByRole('heading', { name: `${NAME.firstname} ${NAME.lastname}`, level: 1 }).waitFor();
    for (const name of [EXPORT, ERASE]) expect(await reviewer.getByRole('button', { name }).count()).toBe(0);

    await admin.goto(`${server.url}/staff/applications/${id}`);
    await admin.getByRole('heading', { name: `${NAME.firstname} ${NAME.lastname}`, level: 1 }).waitFor();
    const [download] = await Promise.all([
      // Headless Chromium saves the framed PDF CV as a download too: the export is the one named for the id.
      admin.waitForEvent('download', { predicate: (d) => d.suggestedFilename().endsWith('-data.zip') }),
      admin.getByRole('button', { name: EXPORT }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`application-${id}-data.zip`);
    const files = unzip(await downloaded(download));
    // The data as JSON, and as a page a person can read (issue 56, item 8).
    expect([...files.keys()].sort()).toEqual(['cv/cv.pdf', 'your-data.html', 'your-data.json']);
    const data = JSON.parse(files.get('your-data.json')!.toString());
    expect(data.answers).toMatchObject({ email: EMAIL, ...NAME });
    expect(files.get('your-data.html')!.toString()).toContain(NAME.lastname);
    expect(files.get('cv/cv.pdf')!.subarray(0, 5).toString()).toBe('%PDF-');
    await admin.getByText(PRIVACY_MESSAGES.staffExported).waitFor();

    await admin.getByRole('button', { name: ERASE }).click();
    const dialog = admin.getByRole('alertdialog', { name: "Erase this applicant's data?" });
    await expect(dialog.innerText()).resolves.toContain('cannot be undone');
    await dialog.getByRole('button', { name: ERASE }).click();
    await admin.getByText(PRIVACY_MESSAGES.staffErased).waitFor();
    await expect(admin.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Application');
    const text = await admin.locator('body').innerText();
    for (const personal of [EMAIL, NAME.firstname, NAME.lastname]) expect(text).not.toContain(personal);

    // The queue no longer finds them, by address or by name.
    expect((await search(admin)).data.rows).toEqual([]);
    await admin.getByRole('link', { name: 'Back to applications' }).click();
    await admin.getByLabel('Search name, email, phone, city or source').fill(NAME.lastname);
    await admin.getByRole('button', { name: 'Apply filters' }).click();
    await admin.getByText('No application matches this view.').waitFor();
    expect(await admin.getByText(NAME.lastname).count()).toBe(0);
  });
});
