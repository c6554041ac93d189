/**
 * Promises the product keeps (issue 56 items 2–4), in Chromium against the built product: a waitlisting with seats
 * free emails a true reason (decision 012); a returning accepted applicant on a fresh browser signs in and is shown
 * their own standing, not the cohort a new application would get (decision 227); the submission email's link opens
 * the video page signed in (decision 121), and on another phone signs in by code and comes back to it (decision 243).
 * Axe finds nothing on each page.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { paths } from '../../machines/rules/contract';
import { NEXT_STEP_WORDS } from '../../machines/rules/nextSteps';
import { STANDING_MESSAGES } from '../../machines/rules/standing';
import { DECIDING, decide, decisionEmail } from './support/decision';
import { latestCode } from './support/server';
import { applicantDevice, submittedApplicant } from './support/submittedApplicant';
import { browser, expectNoAxeViolations, server, serverAndBrowser } from './support/suite';

serverAndBrowser({ ...DECIDING, GEO_FIXED_COUNTRY: '' });

const WAIT = { timeout: 30_000 };
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

describe('promises the product keeps', () => {
  it('a waitlisting with seats free emails a true reason, and the standing page claims none', async () => {
    const email = 'chiamaka.promises@example.com';
    const api = await submittedApplicant(server.url, email);
    const cohort = (await api.saved()).cohort.name;
    await decide(server.url, email, 'WAITLIST');
    const mail = await decisionEmail(server.url, email, /waitlist/);
    expect(mail.text).toContain(`Our team has placed you on the waitlist for ${cohort}.`);
    expect(mail.text).not.toMatch(/full/);

    const { context, page } = await applicantDevice(browser, server.url, api);
    await page.goto(`${server.url}/apply/confirmation`);
    await heading(page, STANDING_MESSAGES.waitlisted.title(cohort)).waitFor(WAIT);
    expect(await page.getByText(/is full/).count()).toBe(0);
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('a returning accepted applicant on a fresh browser signs in and sees their standing, not a cohort to apply to', async () => {
    const email = 'emeka.promises@example.com';
    const api = await submittedApplicant(server.url, email);
    // Watched the video on the phone they applied with: their page is the confirmation.
    await api.call(paths.update(email), {
      email,
      videoData: { videoProgress: 100, isVideoEnded: true, attemptCounter: 1 },
    });
    await decide(server.url, email, 'ACCEPT');
    const mail = await decisionEmail(server.url, email, /You are accepted/);
    const link = mail.text.match(/https?:\/\/\S+\/apply\/confirmation/)![0];

    // Another phone: nothing stored, no session.
    const context = await browser.newContext({ bypassCSP: true, viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto(`${server.url}${new URL(link).pathname}`);
    await heading(page, STANDING_MESSAGES.signedOut.title).waitFor(WAIT);
    await page.getByRole('button', { name: 'Continue with your email' }).click();
    await heading(page, STANDING_MESSAGES.signIn.title).waitFor(WAIT);
    await page.waitForURL((url) => url.pathname === '/apply', WAIT);
    // A sign-in: no cohort a new application would get, no "1 of 5".
    expect(await page.getByText(/Applications are open|is full|new applications are for/).count()).toBe(0);
    expect(await page.getByTestId('step-counter').count()).toBe(0);
    await expectNoAxeViolations(page);

    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await heading(page, 'Verify your email address').waitFor(WAIT);
    await page.getByLabel('Enter the code').fill(await latestCode(server.url, email));
    await page.getByRole('button', { name: 'Verify email' }).click();
    await heading(page, STANDING_MESSAGES.accepted.title).waitFor(WAIT);
    expect(new URL(page.url()).pathname).toBe('/apply/confirmation');
    expect(await page.getByText(/is full/).count()).toBe(0);
    await expectNoAxeViolations(page);
    await context.close();
  });

  it("the submission email's link opens the video page signed in, on the phone they applied with or another", async () => {
    const email = 'ifeoma.promises@example.com';
    const api = await submittedApplicant(server.url, email);
    const mail = await decisionEmail(server.url, email, /^Your application to/);
    expect(mail.text).toContain(NEXT_STEP_WORDS.submittedEmail);
    const link = mail.text.match(/https?:\/\/\S+\/apply\/selection-video/)?.[0];
    expect(link, mail.text).toBeTruthy();
    expect(mail.html).toContain(`>${NEXT_STEP_WORDS.videoLink}</a>`);

    // The phone they applied with opens the link.
    const { context, page } = await applicantDevice(browser, server.url, api);
    await page.goto(`${server.url}${new URL(link!).pathname}`);
    await heading(page, 'Info Video').waitFor(WAIT);
    await page.getByText(NEXT_STEP_WORDS.selectionVideo).waitFor(WAIT);
    // Signed in: the session is there to end.
    await page.getByRole('button', { name: 'Sign out' }).waitFor(WAIT);
    expect(await page.getByText(NEXT_STEP_WORDS.videoSignedOut).count()).toBe(0);
    await expectNoAxeViolations(page);
    await context.close();

    // Another phone opens the same link: the video plays for anyone, and the sign-in by code brings the applicant
    // back to it, signed in (decision 243).
    const other = await browser.newContext({ bypassCSP: true, viewport: { width: 360, height: 740 } });
    const phone = await other.newPage();
    await phone.goto(`${server.url}${new URL(link!).pathname}`);
    await heading(phone, 'Info Video').waitFor(WAIT);
    await phone.getByText(NEXT_STEP_WORDS.videoSignedOut).waitFor(WAIT);
    expect(await phone.getByRole('button', { name: 'Save progress' }).count()).toBe(0);
    await expectNoAxeViolations(phone);
    await phone.getByRole('button', { name: 'Continue with your email' }).click();
    await heading(phone, STANDING_MESSAGES.signIn.title).waitFor(WAIT);
    await phone.getByLabel('Email address').fill(email);
    await phone.getByRole('button', { name: 'Continue' }).click();
    await heading(phone, 'Verify your email address').waitFor(WAIT);
    await phone.getByLabel('Enter the code').fill(await latestCode(server.url, email));
    await phone.getByRole('button', { name: 'Verify email' }).click();
    await heading(phone, 'Info Video').waitFor(WAIT);
    expect(new URL(phone.url()).pathname).toBe('/apply/selection-video');
    await phone.getByRole('button', { name: 'Sign out' }).waitFor(WAIT);
    expect(await phone.getByText(NEXT_STEP_WORDS.videoSignedOut).count()).toBe(0);
    await other.close();
  });
});
