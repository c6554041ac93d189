/**
 * The application wizard in Chromium against the built product (`npm start`'s server on a fresh PGlite data dir):
 * a whole application, the way a person makes it, with the code read from the outbox.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, describeViolations, screenshot } from './support/browser';
import { messages as COMMUNICATIONS } from '../../machines/steps/communications';
import { ANSWERS } from './support/journey';
import { latestCode } from './support/server';
import { browser, server, serverAndBrowser } from './support/suite';

serverAndBrowser({ QUIZ_TIME: '3' });

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

async function expectScreen(page: Page, path: string, heading: string, counter?: string) {
  await page.waitForURL((url) => url.pathname === path);
  await expect.poll(() => page.locator('h1').first().textContent()).toBe(heading);
  if (counter) expect(await page.getByTestId('step-counter').textContent()).toBe(counter);
  const violations = await axeViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

const saveAndConfirm = async (page: Page, button = 'Save and continue') => {
  await page.getByRole('button', { name: button }).click();
  await page.getByRole('button', { name: 'Yes, continue' }).click();
};

describe('the application wizard in a real browser', () => {
  it('takes an applicant from their email to the submission, with the code from their inbox', async () => {
    const context = await browser.newContext({ bypassCSP: true, viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    const email = `ada.${Date.now()}@example.com`;

    await page.goto(`${server.url}/apply?ref=AMB-7`);
    await expectScreen(page, '/apply', 'Get Started', '1 of 5');
    await page.getByRole('button', { name: 'Get Started' }).click();
    await expect.poll(() => page.title()).toMatch(/^Error: /);
    expect(await page.locator('.error-summary').textContent()).toContain(
      'Please provide a valid email address',
    );
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Get Started' }).click();

    await expectScreen(page, '/apply/biodata', 'Bio Data', '2 of 5');
    expect(await page.title()).not.toMatch(/^Error/);
    await page.getByRole('button', { name: 'Save and continue' }).click();
    const summary = page.locator('.error-summary');
    await expect.poll(() => summary.textContent()).toContain('Please tell us your first name');
    for (const text of ['Please tell us your last name', 'Choose a gender', 'What country are you from?']) {
      expect(await summary.textContent()).toContain(text);
    }
    await page.getByLabel('First Name').fill('Ada');
    await page.getByLabel('Last Name').fill('Obi');
    await page.getByLabel('Female').check();
    const country = page.getByRole('combobox', { name: 'Country of Origin' });
    await country.fill('nige');
    await page.getByRole('option', { name: 'Nigeria', exact: true }).click();
    // A click on an option chooses it and closes the list, the focus never leaving the country field
    // (docs/decisions/223-react-and-the-named-packages.md).
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    await expect.poll(() => country.evaluate((field) => field === document.activeElement)).toBe(true);
    await page.getByLabel('Country and City of Residence').fill('Nigeria, Lagos');
    await screenshot(page, 'wizard-biodata-360');
    await page.getByRole('button', { name: 'Save and continue' }).click();

    await expectScreen(page, '/apply/communications', 'Communications', '3 of 5');
    await page.getByLabel('Phone number').fill('+234 803 123 4567');
    await page.getByLabel('It was recommended by a friend or a family member').check();
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect.poll(() => summary.textContent()).toContain('Tell us the person or organisation');
    await page.getByLabel(/Tell us the person or organisation/).fill('Chioma Eze');
    // Consent to the privacy notice is required, and the notice is one link away (decision 150).
    expect(await summary.textContent()).toContain(COMMUNICATIONS.privacy_consent);
    const consent = page.locator('label', { hasText: 'I have read the privacy notice' });
    expect(await consent.getByRole('link', { name: 'privacy notice' }).getAttribute('href')).toBe('/privacy');
    // The link opens the notice, a page of its own (an in-app link showed "You are lost" there), and the back button
    // brings the step back with what was typed.
    await consent.getByRole('link', { name: 'privacy notice' }).click();
    await page.waitForURL(`${server.url}/privacy`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Privacy notice');
    await page.goBack();
    await expectScreen(page, '/apply/communications', 'Communications', '3 of 5');
    expect(await page.getByLabel('Phone number').inputValue()).toBe('+234 803 123 4567');
    await page.getByLabel(/I have read the privacy notice/).check();
    // A reload keeps every answer and the step.
    await page.reload();
    await expectScreen(page, '/apply/communications', 'Communications', '3 of 5');
    expect(await page.getByLabel('Phone number').inputValue()).toBe('+234 803 123 4567');
    await saveAndConfirm(page);
    await page.getByRole('button', { name: 'Enter the code' }).click();

    await expectScreen(page, '/apply/verify-email', 'Verify your email address', '3 of 5');
    expect(await page.getByRole('button', { name: 'Resend OTP' }).isDisabled()).toBe(true);
    await page.getByLabel('Enter the code').fill(await latestCode(server.url, email));
    await page.getByRole('button', { name: 'Verify email' }).click();

    await expectScreen(page, '/apply/eligibility', 'Eligibility', '4 of 5');
    for (const answer of ANSWERS.eligibility) await page.getByLabel(answer, { exact: true }).check();
    await page
      .getByLabel('Upload your CV (required)')
      .setInputFiles({ name: 'ada-cv.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect.poll(() => page.getByText('Your CV is uploaded: ada-cv.pdf').count()).toBe(1);
    await saveAndConfirm(page);
    await expect.poll(() => page.getByText('Congratulations, you are eligible...').count()).toBe(1);
    await page.getByRole('button', { name: 'Proceed' }).click();

    await expectScreen(page, '/apply/employment', 'Employment', '5 of 5');
    await page.getByLabel('I am currently serving (NYSC)').check();
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect.poll(() => summary.textContent()).toContain('Please let us know when your service ends');
    await page.getByLabel('When does your service end?').fill('2027-03-31');
    await page.getByLabel('Between 1 and 4 years').check();
    await saveAndConfirm(page);

    await expectScreen(page, '/apply/other', 'Getting to know you', 'Final step');
    await page.getByLabel('What do you find most challenging?').fill('Staying consistent on my own.');
    await page.getByLabel(/Have you ever led anything/).fill('I led my final-year project team of five.');
    await page
      .getByLabel('How do you manage distraction?')
      .fill('I plan my day and switch off notifications.');
    await page.getByLabel(/What difference do you hope/).fill('A job I am proud of within 12 weeks.');
    await page.getByRole('button', { name: 'Save & Continue' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Key Information:' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect
      .poll(() => page.getByText('Please accept the payment agreement to continue').count())
      .toBeGreaterThan(0);
    for (const label of [/available and ready/, /open-minded/, /commitment fee/])
      await page.getByLabel(label).check();
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await page.getByRole('button', { name: 'Submit Application' }).click();

    await page.waitForURL((url) => url.pathname === '/apply/success');
    await expect
      .poll(() => page.locator('h1').first().textContent())
      .toBe('Well done for submitting your application');
    await screenshot(page, 'wizard-success-360');

    // What the programme team reads: the stored application, through the applicant's own session.
    const cookies = await context.cookies();
    const response = await fetch(
      `${server.url}/api/v1/bootcamp/get-application/${encodeURIComponent(email)}`,
      {
        headers: { cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') },
      },
    );
    const saved = (await response.json()).data[0];
    expect(saved).toMatchObject({
      firstname: 'Ada',
      phone: '+2348031234567',
      referred_by: 'AMB-7',
      communications: { referral_detail: 'Chioma Eze' },
      eligibility: { status: 'eligible' },
      employment: { service_completion_date: '2027-03-31' },
      other: { key_challenge: 'Staying consistent on my own.' },
      cv: { filename: 'ada-cv.pdf' },
    });
    expect(saved.submitted_at).not.toBe('');
    await context.close();
  });

  it('sends a typed address for a step you have not reached back to where you may be', async () => {
    const context = await browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    await page.goto(`${server.url}/apply/employment`);
    await expectScreen(page, '/apply', 'Get Started', '1 of 5');
    await page.goto(`${server.url}/apply/nowhere`);
    await expect.poll(() => page.getByText('You are lost').count()).toBe(1);
    await context.close();
  });
});
