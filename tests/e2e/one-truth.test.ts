/**
 * Issue 23, "One truth on both sides", in Chromium against the built product: what the wizard shows is what the
 * server takes. A later step the server would refuse never opens as a form, whatever the eligibility outcome.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ELIGIBILITY_INTRO, ELIGIBILITY_RESULT, MESSAGES } from '../../machines/rules/messages';
import {
  EDUCATION_FOCUS,
  FEEDBACK_HANDLING,
  OPENNESS_TO_TOOLS,
  WORK_DISRUPTION_FEELINGS,
} from '../../machines/rules/options';
import * as walk from './support/journey';
import { storedApplication } from './support/wizardDriver';
import { contextOpener, server, serverAndBrowser } from './support/suite';

/** The contact address this server is configured with (SUPPORT_EMAIL): every page must show this one. */
const CONTACT = 'help@bootcamp.example';

serverAndBrowser({ SUPPORT_EMAIL: CONTACT });

const open = contextOpener();

/** The steps after eligibility, typed into the address bar. */
const LATER_STEPS = ['/apply/other', '/apply/employment', '/apply/success'] as const;

/** Every email address the page shows or links to is the configured one. */
async function expectOnlyTheContactAddress(page: Page, where: string): Promise<void> {
  const { links, addresses } = await page.evaluate(() => ({
    links: [...document.querySelectorAll('a[href^="mailto:"]')].map(
      (a) =>
        a
          .getAttribute('href')!
          .replace(/^mailto:/, '')
          .split('?')[0],
    ),
    addresses: document.body.innerText.match(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g) ?? [],
  }));
  expect(links.length, `${where}: a mailto link`).toBeGreaterThan(0);
  expect(new Set(links), `${where}: mailto links`).toEqual(new Set([CONTACT]));
  expect(
    addresses.filter((a) => a !== CONTACT && !a.endsWith('@example.com')),
    `${where}: addresses in the text`,
  ).toEqual([]);
}

/** No field of the open questions or of employment is on the page. */
async function expectNoLaterForm(page: Page, path: string): Promise<void> {
  expect(await page.getByLabel('What do you find most challenging?').count(), path).toBe(0);
  expect(await page.getByRole('group', { name: 'What is your employment status?' }).count(), path).toBe(0);
}

describe('the steps after eligibility follow the server’s rule', () => {
  it.each([
    // Social Sciences and Humanities plus one cautious answer: the tester's case.
    [
      'action_required',
      [
        OPENNESS_TO_TOOLS[2].label,
        ...walk.ANSWERS.eligibility.slice(1, 4),
        EDUCATION_FOCUS[2].label,
        walk.ANSWERS.eligibility[5],
      ],
    ],
    [
      'ineligible',
      [
        OPENNESS_TO_TOOLS[3].label,
        WORK_DISRUPTION_FEELINGS[3].label,
        FEEDBACK_HANDLING[2].label,
        ...walk.ANSWERS.eligibility.slice(3),
      ],
    ],
  ] as const)(
    'scored %s: every later address shows the eligibility result, never a form',
    async (_status, labels) => {
      const { page } = await open();
      await walk.toEligibility(page, server, walk.freshEmail('later'));
      await walk.answerEligibility(page, labels);
      await page.getByRole('heading', { name: ELIGIBILITY_RESULT.underReview }).waitFor();
      await expectOnlyTheContactAddress(page, `the ${_status} panel`);
      for (const path of LATER_STEPS) {
        await page.goto(`${server.url}${path}`);
        await walk.onScreen(page, '/apply/eligibility', 'Eligibility');
        await page.getByRole('heading', { name: ELIGIBILITY_RESULT.underReview }).waitFor();
        await expectNoLaterForm(page, path);
      }
    },
  );

  it('not yet scored: the questions say what they are for, and every later address shows them', async () => {
    const { page } = await open();
    await walk.toEligibility(page, server, walk.freshEmail('unscored'));
    // Honest words (decision 002): the answers are scored, and some lead to a person's review first.
    expect(await page.locator('.lede').first().textContent()).toBe(ELIGIBILITY_INTRO);
    expect(await page.getByText(/no right or wrong/i).count()).toBe(0);
    for (const path of LATER_STEPS) {
      await page.goto(`${server.url}${path}`);
      await walk.onScreen(page, '/apply/eligibility', 'Eligibility');
      await page.getByLabel('Upload your CV (required)').waitFor();
      await expectNoLaterForm(page, path);
    }
  });
});

describe('one contact address, from configuration', () => {
  it('the footer, the CV by email and the under-review panel all show SUPPORT_EMAIL', async () => {
    const { page } = await open();
    await page.goto(`${server.url}/`);
    await page.locator('#footer').getByRole('link', { name: CONTACT }).waitFor();
    await expectOnlyTheContactAddress(page, 'the landing page');

    await walk.toEligibility(page, server, walk.freshEmail('contact'));
    await walk.click(page, 'Help: I cannot upload my CV');
    const dialog = page.getByRole('dialog', { name: 'Send your CV by email' });
    expect(await dialog.getByRole('link', { name: CONTACT }).getAttribute('href')).toBe(`mailto:${CONTACT}`);
    await expectOnlyTheContactAddress(page, 'the CV by email');
  });
});

describe('phone numbers in the applicant’s country', () => {
  it('a Nigerian number typed as 0803… is stored as +234803…, as the hint says; a number not of the country is refused', async () => {
    const { context, page } = await open();
    const email = walk.freshEmail('phone');
    await walk.getStarted(page, server, email);
    await walk.biodata(page);
    const phone = page.getByLabel('Phone number');
    const hint =
      'Start with your country code (+234 for Nigeria), or type the number as you dial it in Nigeria: we add the code.';
    await page.getByText(hint, { exact: true }).waitFor();
    await page.getByLabel('On social media').check();
    await page.getByLabel(/I have read the privacy notice/).check();
    // Not a Nigerian number: the catalogue's phone message, and nothing is created.
    await phone.fill('0603 123 4567');
    await walk.click(page, 'Save and continue');
    await page.getByRole('alert', { name: 'There is a problem' }).getByText(MESSAGES.phoneInvalid).waitFor();
    await phone.fill('0803 123 4567');
    await walk.click(page, 'Save and continue');
    await walk.click(page, 'Yes, continue');
    await walk.click(page, 'Enter the code');
    await walk.verify(page, server, email);
    await walk.onScreen(page, '/apply/eligibility', 'Eligibility');
    const stored = await storedApplication(server, context, email);
    expect(stored.data[0].phone).toBe('+2348031234567');
  });
});
