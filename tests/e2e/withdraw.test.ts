/**
 * An accepted applicant withdraws from the confirmation page, in Chromium against the built product (decision 250):
 * the quiet button opens a dialog that says what happens, with focus on "Keep my application"; axe finds nothing on
 * it; "Withdraw" leaves the page on the Withdrawn standing, its heading focused, and one confirmation email arrives.
 */
import { describe, expect, it } from 'vitest';
import { STANDING_MESSAGES, standingMessage } from '../../machines/rules/standing';
import { WITHDRAWAL_MESSAGES as W } from '../../machines/rules/withdrawal';
import type { MailboxEntry } from './support/server';
import { DECIDING, decisionEmail, decidedApplicant } from './support/decision';
import { applicantDevice } from './support/submittedApplicant';
import { browser, expectNoAxeViolations, server, serverAndBrowser } from './support/suite';

serverAndBrowser({ ...DECIDING, GEO_FIXED_COUNTRY: '' });

const WAIT = { timeout: 30_000 };

describe('an applicant withdraws their application', () => {
  it('accepted: the dialog says what happens, Withdraw shows the Withdrawn standing, and one email confirms it', async () => {
    const email = 'kemi.withdraws@example.com';
    const api = await decidedApplicant(server.url, email);
    const { context, page } = await applicantDevice(browser, server.url, api);
    const cohort = (await api.saved()).cohort.name;

    await page.goto(`${server.url}/apply/confirmation`);
    await page.getByRole('heading', { level: 1, name: standingMessage('accepted', cohort) }).waitFor(WAIT);
    await page.getByRole('button', { name: W.button }).click();
    // The dialog's root has no box of its own (its panel has): its title is what shows.
    await page.getByRole('heading', { name: W.dialogTitle, exact: true }).waitFor(WAIT);
    const dialog = page.getByRole('alertdialog', { name: W.dialogTitle });
    expect(await dialog.textContent()).toContain(W.dialogText(cohort));
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(W.keep);
    await expectNoAxeViolations(page);

    await dialog.getByRole('button', { name: W.confirm, exact: true }).click();
    const withdrawn = page.getByRole('heading', { level: 1, name: STANDING_MESSAGES.withdrawn.title });
    await withdrawn.waitFor(WAIT);
    await page.getByText(STANDING_MESSAGES.withdrawn.text).waitFor(WAIT);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id), WAIT).toBe('screen-title');
    expect(await page.getByRole('button', { name: W.button }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Payment options' }).count()).toBe(0);

    const mail = await decisionEmail(server.url, email, /We have withdrawn your application/);
    expect(mail.text).toContain(W.emailSeat);
    const mails = (await (await fetch(`${server.url}/dev/mailbox.json`)).json()) as MailboxEntry[];
    expect(mails.filter((m) => m.to === email && m.subject === mail.subject)).toHaveLength(1);

    // A reload reads the same from the server.
    await page.reload();
    await withdrawn.waitFor(WAIT);
    await context.close();
  });
});
