/**
 * The wizard's dead ends and wrong turns, each walked at a phone's width (390 px) in Chromium against the built
 * product: what the applicant sees, and what the server stored or sent.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ELIGIBILITY_RESULT } from '../../machines/rules/messages';
import {
  FEEDBACK_HANDLING,
  NO_POST_SECONDARY,
  OPENNESS_TO_TOOLS,
  WORK_DISRUPTION_FEELINGS,
} from '../../machines/rules/options';
import { NOT_READY } from '../../machines/rules/payments';
import { DEFAULT_CONTACT_EMAIL } from '../../machines/rules/pages';
import * as walk from './support/journey';
import { DECIDING, decide } from './support/decision';
import { latestCode } from './support/server';
import { codeMails } from './support/screen';
import { storedApplication } from './support/wizardDriver';
import { contextOpener, expectNoAxeViolations, server, serverAndBrowser } from './support/suite';

serverAndBrowser({ ...DECIDING, QUIZ_TIME: '2' });

const PHONE = { width: 390, height: 844 };
const open = contextOpener(PHONE);

/** A new applicant who walks the wizard to the success page and whom staff then accept. */
async function submittedAndAccepted(page: Page, email: string): Promise<void> {
  await walk.toEligibility(page, server, email);
  await walk.eligibility(page);
  await walk.employment(page);
  await walk.other(page);
  await decide(server.url, email, 'ACCEPT');
}

describe('the wizard has no dead ends (390 px)', () => {
  it('1. Communications of a proved application goes on to eligibility, with no claim of a code', async () => {
    const { page } = await open();
    const email = walk.freshEmail('comms');
    await walk.toEligibility(page, server, email);
    await page.goto(`${server.url}/apply/communications`);
    await walk.onScreen(page, '/apply/communications', 'Communications');
    await walk.click(page, 'Save and continue');
    await walk.onScreen(page, '/apply/eligibility', 'Eligibility');
    expect(await page.getByText(/We sent a 6-digit code/).count()).toBe(0);
    expect(await codeMails(server, email), 'no second code').toBe(1);
  });

  it("2. 'I have sent it' by email leads to a submission the server accepts", async () => {
    const { context, page } = await open();
    const email = walk.freshEmail('cvhelp');
    await walk.toEligibility(page, server, email);
    for (const answer of walk.ANSWERS.eligibility) await page.getByLabel(answer, { exact: true }).check();
    await walk.click(page, 'Help: I cannot upload my CV');
    await walk.click(page, 'I have sent it');
    await page.getByText('You told us you emailed your CV.').waitFor();
    await walk.click(page, 'Save and continue');
    await walk.click(page, 'Yes, continue');
    await page.getByText('Congratulations, you are eligible...').waitFor();
    await walk.click(page, 'Proceed');
    await walk.onScreen(page, '/apply/employment', 'Employment');
    await walk.employment(page);
    await walk.other(page);
    const stored = await storedApplication(server, context, email);
    expect(stored.data[0]).toMatchObject({ cv: null, cv_sent_by_email: true, stage: 'submitted' });
  });

  it('9. /apply/other in a fresh browser opens Get Started, not a form it cannot send', async () => {
    const { page } = await open();
    await page.goto(`${server.url}/apply/other`);
    await walk.onScreen(page, '/apply', 'Get Started');
    expect(await page.getByLabel('What do you find most challenging?').count()).toBe(0);
  });

  it('8. a mistyped email is not a dead end: start again with the right one, bio data kept', async () => {
    const { context, page } = await open();
    const wrong = walk.freshEmail('typo');
    const right = walk.freshEmail('right');
    await walk.getStarted(page, server, wrong);
    await walk.biodata(page);
    await walk.communications(page);
    await page.getByText('Wrong email address?').waitFor();
    await walk.click(page, 'Use a different email address');
    await walk.onScreen(page, '/apply/communications', 'Communications');
    const field = page.getByLabel('Email', { exact: true });
    expect(await field.isEnabled()).toBe(true);
    await field.fill(right);
    await walk.click(page, 'Save and continue');
    await walk.click(page, 'Yes, continue');
    await walk.click(page, 'Enter the code');
    await walk.onScreen(page, '/apply/verify-email', 'Verify your email address');
    await page.getByLabel('Enter the code').fill(await latestCode(server.url, right));
    await walk.click(page, 'Verify email');
    await walk.onScreen(page, '/apply/eligibility', 'Eligibility');
    const stored = await storedApplication(server, context, right);
    expect(stored.data[0]).toMatchObject({ email: right, firstname: walk.ANSWERS.firstname });
  });

  it('21. a returning applicant is told their application was found, before the code', async () => {
    const first = await open();
    const email = walk.freshEmail('found');
    await walk.toEligibility(first.page, server, email);
    const { page } = await open();
    await page.goto(`${server.url}/apply`);
    await page.getByLabel('Email address').fill(email);
    await walk.click(page, 'Get Started');
    await walk.onScreen(page, '/apply/verify-email', 'Verify your email address');
    await expect.poll(() => page.getByText(/we found your application/).isVisible()).toBe(true);
  });

  it('6. back on the confirmation after a reload or on another device, with the reminder date and no second video save', async () => {
    const { page } = await open();
    const email = walk.freshEmail('resume');
    await submittedAndAccepted(page, email);
    // The one-time save of the video progress, then a reload: it is not offered again.
    await walk.click(page, 'Continue to Video');
    await walk.onScreen(page, '/apply/selection-video', 'Info Video');
    await walk.click(page, 'Save progress');
    await walk.click(page, 'Yes, submit');
    await page.getByRole('heading', { name: 'Progress Saved!' }).waitFor();
    await walk.click(page, 'OK');
    await page.reload();
    await walk.onScreen(page, '/apply/selection-video', 'Info Video');
    await page.getByText('Progress submitted.').waitFor();
    expect(await page.getByRole('button', { name: 'Save progress' }).count()).toBe(0);
    await walk.click(page, 'Back');
    await walk.video(page);
    await page.locator('.react-calendar__navigation__next-button').click();
    await page.locator('.react-calendar__month-view__days button:not([disabled])').first().click();
    await page.locator('#reminder-time').selectOption({ index: 1 });
    await walk.click(page, 'Set reminder');
    const reminder = page.getByText(/^We will remind you on/);
    await reminder.waitFor();
    const said = await reminder.textContent();
    await page.reload();
    await walk.onScreen(page, '/apply/confirmation', 'Congratulations, you have been accepted!');
    expect(await page.getByText(/^We will remind you on/).textContent()).toBe(said);

    // Another device: after the code, the confirmation again, with the reminder the server holds.
    const other2 = await open();
    await other2.page.goto(`${server.url}/apply`);
    await other2.page.getByLabel('Email address').fill(email);
    await walk.click(other2.page, 'Get Started');
    await walk.onScreen(other2.page, '/apply/verify-email', 'Verify your email address');
    await walk.verify(other2.page, server, email);
    await walk.onScreen(other2.page, '/apply/confirmation', 'Congratulations, you have been accepted!');
    expect(await other2.page.getByText(/^We will remind you on/).textContent()).toBe(said);
  });

  it("7. 'Join the waitlist' leads to a page that says where the applicant stands", async () => {
    const { page } = await open();
    const email = walk.freshEmail('waitlist');
    await submittedAndAccepted(page, email);
    await walk.video(page);
    await walk.click(page, 'Proceed to payment');
    await page.getByRole('button', { name: `Choose ${NOT_READY}` }).click();
    await walk.click(page, 'Yes proceed');
    await page.getByRole('heading', { name: 'Your preference has been noted' }).waitFor();
    await page.getByRole('link', { name: 'Join the waitlist' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/apply/waitlist');
    await page.getByRole('heading', { level: 1, name: 'Your place' }).waitFor();
    await page.getByText('You are on the waitlist for the next cohort.').waitFor();
    expect(await page.getByText(email).count()).toBe(1);
    await expectNoAxeViolations(page);

    // A browser with no application is told how to find out, not shown Get Started as if it were the answer.
    const fresh = await open();
    await fresh.page.goto(`${server.url}/apply/waitlist`);
    await fresh.page.getByText('This browser holds no submitted application.', { exact: false }).waitFor();
    await fresh.page.getByRole('link', { name: 'Check my application' }).click();
    await walk.onScreen(fresh.page, '/apply', 'Get Started');
  });

  it('22. the under-review panels say what happens next and offer a next step', async () => {
    const answer = async (page: Page, answers: readonly string[]) => {
      await walk.answerEligibility(page, answers);
      await page.getByRole('heading', { name: ELIGIBILITY_RESULT.underReview }).waitFor();
    };
    const support = DEFAULT_CONTACT_EMAIL;

    // action_required: no post-secondary qualification.
    const first = await open();
    const reviewed = walk.freshEmail('review');
    await walk.toEligibility(first.page, server, reviewed);
    await answer(first.page, [...walk.ANSWERS.eligibility.slice(0, 5), NO_POST_SECONDARY]);
    await first.page.getByRole('heading', { name: 'What happens next' }).waitFor();
    await first.page.getByText(/writes to .* with the decision/).waitFor();
    expect(await first.page.getByText(reviewed).count()).toBe(1);
    expect(await first.page.getByRole('link', { name: support }).getAttribute('href')).toBe(
      `mailto:${support}`,
    );
    expect(await first.page.getByRole('link', { name: /next cohort/ }).count()).toBe(0);
    await expectNoAxeViolations(first.page);

    // ineligible: three negative answers; the next cohort is offered.
    const second = await open();
    await walk.toEligibility(second.page, server, walk.freshEmail('ineligible'));
    await answer(second.page, [
      OPENNESS_TO_TOOLS[3].label,
      WORK_DISRUPTION_FEELINGS[3].label,
      FEEDBACK_HANDLING[2].label,
      ...walk.ANSWERS.eligibility.slice(3),
    ]);
    const next = second.page.getByRole('link', { name: 'Ask us to tell you when the next cohort opens' });
    expect(await next.getAttribute('href')).toMatch(new RegExp(`^mailto:${support}\\?subject=`));
    await second.page.getByText(/may not be the right fit for you now/).waitFor();
  });

  it('10. two tabs never mix silently, and saved bio data is shown read-only with the reason', async () => {
    const { context, page: first } = await open();
    const email = walk.freshEmail('tabA');
    await walk.toEligibility(first, server, email);

    // Saved answers cannot be edited here any more, and the page says why.
    await first.goto(`${server.url}/apply/biodata`);
    await walk.onScreen(first, '/apply/biodata', 'Bio Data');
    await first
      .getByText('Your application is saved, so these answers can no longer be changed here.')
      .waitFor();
    expect(await first.getByLabel('First Name').isDisabled()).toBe(true);
    expect(await first.getByLabel('First Name').inputValue()).toBe(walk.ANSWERS.firstname);

    // A second tab starts another application: the first says so and stops writing its own copy back.
    const second = await context.newPage();
    const otherEmail = walk.freshEmail('tabB');
    await walk.getStarted(second, server, otherEmail);
    await first.getByRole('heading', { name: 'Your application changed in another tab' }).waitFor();
    const stored = () =>
      second.evaluate(() => JSON.parse(localStorage.getItem('form-data') ?? '{}').email as string);
    expect(await stored()).toBe(otherEmail);
    await first.getByRole('button', { name: 'Reload' }).click();
    // After the reload the first tab shows the application the storage holds now, and says nothing of Ada.
    await walk.onScreen(first, '/apply/biodata', 'Bio Data');
    expect(await first.getByLabel('First Name').inputValue()).toBe('');
    expect(await first.getByLabel('First Name').isDisabled()).toBe(false);
    expect(await stored()).toBe(otherEmail);
  });

  it('3. ?ref= on the landing page reaches the application that Apply Now opens', async () => {
    const { context, page } = await open();
    const email = walk.freshEmail('referred');
    await page.goto(`${server.url}/?ref=AMB-LANDING`);
    const [wizard] = await Promise.all([
      context.waitForEvent('page'),
      page
        .getByRole('link', { name: /Apply Now/ })
        .first()
        .click(),
    ]);
    await walk.onScreen(wizard, '/apply', 'Get Started');
    await wizard.getByLabel('Email address').fill(email);
    await walk.click(wizard, 'Get Started');
    await walk.onScreen(wizard, '/apply/biodata', 'Bio Data');
    await walk.biodata(wizard);
    await walk.communications(wizard);
    await walk.verify(wizard, server, email);
    await walk.onScreen(wizard, '/apply/eligibility', 'Eligibility');
    const stored = await storedApplication(server, context, email);
    expect(stored.data[0]).toMatchObject({ referred_by: 'AMB-LANDING' });
  });

  it('5. problems of earlier steps show below the open questions, each linking to its step', async () => {
    const { page } = await open();
    await walk.toEligibility(page, server, walk.freshEmail('earlier'));
    await walk.eligibility(page);
    // The employment step is skipped by typing the address of the open questions.
    await page.goto(`${server.url}/apply/other`);
    await walk.onScreen(page, '/apply/other', 'Getting to know you');
    await walk.openAnswers(page);
    await walk.click(page, 'Save & Continue');
    for (const label of [/available and ready/, /open-minded/, /commitment fee/])
      await page.getByLabel(label).check();
    await walk.click(page, 'Submit Application');
    const earlier = page.getByRole('alert', { name: 'Answers missing from earlier steps' });
    await earlier.waitFor();
    // Below the questions: after the last answer in the page's order.
    const below = await page.evaluate(() => {
      const last = document.getElementById('field-bootcamp_expectations')!;
      const box = document.querySelector('[aria-labelledby="earlier-errors-title"]')!;
      return Boolean(last.compareDocumentPosition(box) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    expect(below).toBe(true);
    const link = earlier.getByRole('link', { name: /Please tell us your employment status/ });
    expect(await link.textContent()).toContain('(Employment)');
    await link.click();
    await walk.onScreen(page, '/apply/employment', 'Employment');
  });
});
