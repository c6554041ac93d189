/**
 * A staff decision reaches the applicant, in Chromium against the built product: before any decision the
 * confirmation page says the application is under review and offers no payment (the API refuses one too); an admin
 * accepts through the staff API, the acceptance email arrives in the outbox, and its link opens the acceptance
 * banner and the payment options; a rejected applicant reads the not-successful page with financial aid; a
 * waitlisted one reads the waitlist for their cohort; a browser that proved nothing is asked to sign in. Axe finds
 * nothing on each page.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { paths } from '../../machines/rules/contract';
import { OPTION_FULL_PAYMENT } from '../../machines/rules/payments';
import { STANDING_MESSAGES, standingMessage } from '../../machines/rules/standing';
import { SERVER_MESSAGES } from '../../server/messages';
import { DECIDING, decide, decisionEmail, decidedApplicant } from './support/decision';
import { applicantDevice, submittedApplicant } from './support/submittedApplicant';
import { browser, expectNoAxeViolations, server, serverAndBrowser } from './support/suite';

serverAndBrowser({ ...DECIDING, GEO_FIXED_COUNTRY: '' });

const WAIT = { timeout: 30_000 };

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

describe('a staff decision on the applicant’s side', () => {
  it('under review: no banner, no payment; accepted through the staff API: the email, then the banner and the payment options', async () => {
    const email = 'amara.decisions@example.com';
    const api = await submittedApplicant(server.url, email);
    const { context, page } = await applicantDevice(browser, server.url, api);
    const cohort = (await api.saved()).cohort.name;

    await page.goto(`${server.url}/apply/confirmation`);
    await heading(page, standingMessage('under_review', cohort)).waitFor(WAIT);
    expect(await page.getByText('Congratulations, you have been accepted!').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Proceed to payment' }).count()).toBe(0);
    await expectNoAxeViolations(page);
    // The server holds the same line: no payment choice before the acceptance.
    await expect(
      api.call(paths.misc, {
        email,
        misc: { column_name: 'Financial Info', payment_option: OPTION_FULL_PAYMENT },
      }),
    ).rejects.toThrow(SERVER_MESSAGES.paymentNotAccepted);

    // The success page shows the live standing too.
    await page.goto(`${server.url}/apply/success`);
    await page.getByText(standingMessage('under_review', cohort)).waitFor(WAIT);

    await decide(server.url, email, 'ACCEPT');
    const mail = await decisionEmail(server.url, email, /You are accepted/);
    const link = mail.text.match(/https?:\/\/\S+\/apply\/confirmation/)?.[0];
    expect(link, mail.text).toBeTruthy();

    await page.goto(`${server.url}${new URL(link!).pathname}`);
    await heading(page, 'Congratulations, you have been accepted!').waitFor(WAIT);
    await page.getByRole('button', { name: 'Proceed to payment' }).click();
    await page.getByRole('heading', { name: 'Payment options' }).waitFor(WAIT);
    expect(await page.locator('li.payment-option').count()).toBeGreaterThan(1);
    await expectNoAxeViolations(page);

    await page.goto(`${server.url}/apply/success`);
    await page.getByRole('status').getByText(standingMessage('accepted', '')).waitFor(WAIT);
    await context.close();
  });

  it('rejected: the not-successful page, with financial aid and the next cohort', async () => {
    const email = 'tunde.decisions@example.com';
    const api = await decidedApplicant(server.url, email, 'REJECT');
    const { context, page } = await applicantDevice(browser, server.url, api);
    await page.goto(`${server.url}/apply/confirmation`);
    await heading(page, STANDING_MESSAGES.not_successful.title).waitFor(WAIT);
    await page.getByText('You are welcome to apply again for the next cohort').waitFor(WAIT);
    expect(await page.getByRole('link', { name: 'Apply for financial aid' }).getAttribute('href')).toBe(
      '/financial-aid-application',
    );
    expect(await page.getByText('Congratulations').count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Payment options' }).count()).toBe(0);
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('waitlisted: the waitlist for their cohort, by name', async () => {
    const email = 'ngozi.decisions@example.com';
    const api = await submittedApplicant(server.url, email);
    const cohort = (await api.saved()).cohort.name;
    expect(cohort).toMatch(/^Cohort \d+$/);
    await decide(server.url, email, 'WAITLIST');
    const { context, page } = await applicantDevice(browser, server.url, api);
    await page.goto(`${server.url}/apply/confirmation`);
    await heading(page, STANDING_MESSAGES.waitlisted.title(cohort)).waitFor(WAIT);
    expect(await page.getByText('Congratulations').count()).toBe(0);
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('a browser that proved nothing is asked to sign in, and is told nothing of any decision', async () => {
    // CSP bypassed only so that axe can be injected.
    const context = await browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    await page.goto(`${server.url}/apply/confirmation`);
    await heading(page, STANDING_MESSAGES.signedOut.title).waitFor(WAIT);
    expect(await page.getByText('Congratulations').count()).toBe(0);
    await page.getByRole('button', { name: 'Continue with your email' }).click();
    await page.waitForURL((url) => url.pathname === '/apply', WAIT);
    await expectNoAxeViolations(page);
    await context.close();
  });
});
