/**
 * Data protection in Chromium (docs/privacy.md): the notice at /privacy from the landing page's footer and from Get
 * Started; "Your data", proven by the emailed code, downloads one zip (opened and read here) and erases after a
 * confirmation; an admin's export and erasure on request, audited (a reviewer's 403: tests/server/privacy.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { paths } from '../../machines/rules/contract';
import { PRIVACY_MESSAGES, privacyPaths } from '../../machines/rules/privacy';
import { STAFF_COOKIE } from '../../machines/rules/staff/session';
import { staffPaths } from '../../machines/rules/staff/paths';
import { staffQueuePaths } from '../../machines/rules/staff/queue';
import { unzip } from '../support/unzip';
import { downloaded } from './support/browser';
import { latestCode } from './support/server';
import { submittedApplicant } from './support/submittedApplicant';
import { contextOpener, server, serverAndBrowser } from './support/suite';

const ADMIN = 'director@bootcamp.example';
const CONTACT = 'privacy-desk@bootcamp.example';

serverAndBrowser({
  STAFF_EMAILS: ADMIN,
  PRIVACY_CONTROLLER_NAME: 'Bootcamp Trust Ltd',
  PRIVACY_CONTACT_EMAIL: CONTACT,
});
const open = contextOpener();

describe('the privacy notice and Your data', () => {
  it('the footer and Get Started lead to the notice, which names the configured controller and contact', async () => {
    const { page } = await open();
    await page.goto(`${server.url}/`);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await page.waitForURL(`${server.url}/privacy`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Privacy notice');
    const text = await page.locator('main').innerText();
    expect(text).toContain('Bootcamp Trust Ltd decides how the data');
    expect(text).toContain(`Write to ${CONTACT}`);
    expect(text).toContain('your CV is deleted 90 days after your cohort starts');

    await page.goto(`${server.url}/apply`);
    await page.getByRole('link', { name: 'privacy notice' }).click();
    await page.waitForURL(`${server.url}/privacy`);
    await page.getByRole('link', { name: 'Your data' }).click();
    await page.waitForURL(`${server.url}/your-data`);
    await page.getByLabel('Email address').waitFor();
  });

  it('an applicant proves their address with the code, downloads one zip, then erases after confirming', async () => {
    const email = 'chiamaka.yourdata-e2e@example.com';
    await submittedApplicant(server.url, email, { firstname: 'Chiamakaqx' });
    const { context, page } = await open();
    await page.goto(`${server.url}/your-data`);
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Email me a code' }).click();
    await page.getByLabel('Code').waitFor();
    await page.getByLabel('Code').fill(await latestCode(server.url, email));
    await page.getByRole('button', { name: 'Continue' }).click();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download your data' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('your-data.zip');
    const files = unzip(await downloaded(download));
    expect([...files.keys()].sort()).toEqual(['cv/cv.pdf', 'your-data.html', 'your-data.json']);
    const data = JSON.parse(files.get('your-data.json')!.toString());
    expect(data.answers).toMatchObject({ email, firstname: 'Chiamakaqx' });
    expect(data.timeline.map((step: { what: string }) => step.what)).toContain('Submitted the application');
    expect(files.get('cv/cv.pdf')!.subarray(0, 5).toString()).toBe('%PDF-');

    await page.getByRole('button', { name: 'Erase my data' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.innerText()).resolves.toContain('cannot be undone');
    // Cancel changes nothing; the second time it is confirmed.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Erase my data' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Erase my data' }).click();
    await page.getByText(PRIVACY_MESSAGES.erased).waitFor();

    // Signed out, and the address is a new applicant's.
    const download2 = await context.request.get(`${server.url}${privacyPaths.download}`);
    expect(download2.status()).toBe(401);
    const lookup = await (await fetch(`${server.url}${paths.lookup(email)}`)).json();
    expect(lookup.data).toEqual([]);
  });

  it('an admin exports and erases one applicant on request, both in the audit log', async () => {
    const email = 'emeka.staff-erase-e2e@example.com';
    await submittedApplicant(server.url, email);
    const { context } = await open();
    const post = (path: string, body: object) =>
      context.request.post(`${server.url}${path}`, { data: body, headers: { origin: server.url } });
    expect((await post(staffPaths.signIn, { email: ADMIN })).status()).toBe(200);
    expect(
      (await post(staffPaths.verify, { email: ADMIN, token: await latestCode(server.url, ADMIN) })).status(),
    ).toBe(200);
    expect((await context.cookies()).some((c) => c.name === STAFF_COOKIE)).toBe(true);
    const queue = await (
      await context.request.get(`${server.url}${staffQueuePaths.queue}?q=${encodeURIComponent(email)}`)
    ).json();
    const id = queue.data.rows.find((row: { email?: string }) => row.email === email)?.id as number;
    expect(id).toBeGreaterThan(0);

    const exported = await context.request.get(
      `${server.url}${privacyPaths.staffExport.replace(':id', String(id))}`,
    );
    expect(exported.status()).toBe(200);
    const data = JSON.parse(
      unzip(await exported.body())
        .get('your-data.json')!
        .toString(),
    );
    expect(data.answers.email).toBe(email);

    const erased = await post(privacyPaths.staffErase.replace(':id', String(id)), { confirm: true });
    expect(erased.status()).toBe(200);
    expect((await erased.json()).message).toBe(PRIVACY_MESSAGES.staffErased);
    const audit = await (await context.request.get(`${server.url}${staffPaths.audit}`)).json();
    const actions = audit.data.map((e: { action: string }) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['export_applicant_data', 'erase_applicant_data']));
  });
});
