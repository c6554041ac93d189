/**
 * Issue 23, items 2 and 3, in Chromium against the built product. An applicant whose answers score
 * action_required sees the panel that says what the review chart allows; an admin finds the application in the queue
 * as reviewable ("Eligibility review") and accepts it; once released the applicant gets the acceptance email and
 * sees the acceptance. At each of the two standings the applicant's page and the staff page say the same thing
 * (docs/decisions/008-route-guards-beyond-the-spec-s-table.md, docs/decisions/121-a-decision-is-held-until-released.md).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { reviewMeta } from '../../machines/review.machine';
import { ELIGIBILITY_RESULT, ELIGIBILITY_REVIEW } from '../../machines/rules/messages';
import { NO_POST_SECONDARY } from '../../machines/rules/options';
import { standingMessage } from '../../machines/rules/standing';
import { DECIDING, E2E_ADMIN, decisionEmail } from './support/decision';
import * as walk from './support/journey';
import { PDF } from './support/screen';
import { latestCode } from './support/server';
import { browser, expectNoAxeViolations, server, serverAndBrowser } from './support/suite';

serverAndBrowser({ ...DECIDING });

const WAIT = { timeout: 30_000 };
const h1 = (page: Page) => page.locator('h1');

async function staffSignIn(page: Page): Promise<void> {
  await page.goto(`${server.url}/staff`);
  await page.getByRole('heading', { name: 'Staff sign in' }).waitFor(WAIT);
  await page.locator('input[name="email"]').fill(E2E_ADMIN);
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'Enter your code' }).waitFor(WAIT);
  await page.locator('input[name="token"]').fill(await latestCode(server.url, E2E_ADMIN));
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Sign out' }).waitFor(WAIT);
}

describe('an application scored action_required is reviewed', () => {
  it('the panel, the queue, an acceptance, its email, and the same standing on both sides', async () => {
    const email = walk.freshEmail('review');
    const applicant = await browser.newPage({ bypassCSP: true });
    await walk.toEligibility(applicant, server, email);

    // No post-secondary qualification: action_required.
    for (const label of [...walk.ANSWERS.eligibility.slice(0, 5), NO_POST_SECONDARY])
      await applicant.getByLabel(label, { exact: true }).check();
    await applicant
      .getByLabel('Upload your CV (required)')
      .setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: PDF });
    await applicant.getByText('Your CV is uploaded: cv.pdf').waitFor(WAIT);
    await walk.click(applicant, 'Save and continue');
    await walk.click(applicant, 'Yes, continue');
    await applicant.getByRole('heading', { name: ELIGIBILITY_RESULT.underReview }).waitFor(WAIT);
    await applicant.getByText(ELIGIBILITY_REVIEW.place).waitFor(WAIT);
    await expectNoAxeViolations(applicant);

    // Its standing, from the panel's link: under review, for the cohort it went to.
    await applicant.getByRole('link', { name: ELIGIBILITY_REVIEW.standingLink }).click();
    await applicant
      .getByRole('heading', { level: 1, name: /^Your application is under review for Cohort \d+$/ })
      .waitFor(WAIT);
    const cohort = (await h1(applicant).textContent())!.replace(/^.* for /, '');
    expect(await h1(applicant).textContent()).toBe(standingMessage('under_review', cohort));

    // The admin finds it in the queue, reviewable.
    const admin = await browser.newPage({ bypassCSP: true });
    await staffSignIn(admin);
    await admin.getByLabel('Search name, email, phone, city or source').fill(email);
    await admin.getByRole('button', { name: 'Apply filters' }).click();
    const table = admin.getByRole('table', { name: /match(es)? this view/ });
    const row = table.getByRole('row', {
      name: new RegExp(`${walk.ANSWERS.firstname} ${walk.ANSWERS.lastname}`),
    });
    await row.getByText(reviewMeta('eligibility_review').label).waitFor(WAIT);
    await row.getByRole('link').first().click();
    await admin
      .getByText(`Status: ${reviewMeta('eligibility_review').label}`)
      .first()
      .waitFor(WAIT);
    // The same standing on the staff side and on the applicant's: under review, with the decisions to take.
    for (const action of ['Accept', 'Waitlist', 'Reject'])
      await admin.getByRole('button', { name: action, exact: true }).waitFor(WAIT);
    await expectNoAxeViolations(admin);

    await admin.getByRole('button', { name: 'Accept', exact: true }).click();
    await admin
      .getByText(`Status: ${reviewMeta('accepted').label}`)
      .first()
      .waitFor(WAIT);

    // Released at once on this server: the email, then the acceptance on the applicant's page.
    const mail = await decisionEmail(server.url, email, /You are accepted/);
    expect(mail.text).toContain(cohort);
    const link = mail.text.match(/https?:\/\/\S+\/apply\/confirmation/)?.[0];
    expect(link, mail.text).toBeTruthy();
    await applicant.goto(`${server.url}${new URL(link!).pathname}`);
    await applicant
      .getByRole('heading', { level: 1, name: standingMessage('accepted', cohort) })
      .waitFor(WAIT);
    await applicant.getByRole('button', { name: 'Proceed to payment' }).waitFor(WAIT);
    await expectNoAxeViolations(applicant);
    // Staff see the same: accepted.
    await admin.reload();
    await admin
      .getByText(`Status: ${reviewMeta('accepted').label}`)
      .first()
      .waitFor(WAIT);
    await applicant.close();
    await admin.close();
  });
});
