/**
 * The wizard with the keyboard alone (Tab, Shift+Tab, Space, Enter, arrow keys; no mouse), and every error
 * announced: after a failed save the error summary has focus, each of its links moves focus to its field, and each
 * invalid field carries aria-invalid and names its message in aria-describedby.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SELECTION_QUIZ } from '../../machines/rules/quiz';
import { freshEmail, onScreen } from './support/journey';
import { DECIDING, decide } from './support/decision';
import { newestCode, PDF, storedApplication } from './support/wizardDriver';
import { OPTION_FULL_PAYMENT } from '../../machines/rules/payments';
import { browser, server, serverAndBrowser } from './support/suite';

serverAndBrowser({ ...DECIDING, QUIZ_TIME: '2' });

const focusedMatches = (page: Page, selector: string) =>
  page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector);

/** Tab (or Shift+Tab) until the focused element matches; fails if it never does. */
async function tabTo(page: Page, selector: string, backwards = false): Promise<void> {
  for (let presses = 0; presses < 80; presses++) {
    if (await focusedMatches(page, selector)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}

const type = async (page: Page, selector: string, text: string) => {
  await tabTo(page, selector);
  await page.keyboard.type(text);
};

const pressButton = async (page: Page, name: string) => {
  await tabTo(page, `button:is(:not([disabled]))`);
  for (let presses = 0; presses < 40; presses++) {
    const label = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    if (label === name) {
      await page.keyboard.press('Enter');
      return;
    }
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached the button ${name}`);
};

/** A single-choice question: Tab into the group, then the arrow keys move the choice. */
async function choose(page: Page, name: string, position: number): Promise<void> {
  await tabTo(page, `input[type="radio"][name="${name}"]`);
  if (position === 0) await page.keyboard.press('Space');
  for (let i = 0; i < position; i++) await page.keyboard.press('ArrowDown');
  expect(
    await page.evaluate(
      ([n, p]) => document.querySelectorAll<HTMLInputElement>(`input[name="${n}"]`)[Number(p)].checked,
      [name, position] as const,
    ),
  ).toBe(true);
}

/** The error summary has focus; each link takes focus to its field; each invalid field names its message. */
async function expectErrorsAnnounced(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.classList.contains('error-summary') ?? false))
    .toBe(true);
  const invalid = await page.evaluate(() =>
    [...document.querySelectorAll('[aria-invalid="true"]')].map((el) => ({
      field: el.id || el.getAttribute('name'),
      messages: (el.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? ''),
    })),
  );
  expect(invalid.length).toBeGreaterThan(0);
  for (const { field, messages } of invalid)
    expect(
      messages.some((m) => m.startsWith('Error: ')),
      `${field} names its message`,
    ).toBe(true);
  const targets = await page
    .locator('.error-summary a')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')!.slice(1)));
  expect(targets.length).toBeGreaterThan(0);
  for (const [index, target] of targets.entries()) {
    await tabTo(page, `.error-summary a[href="#${target}"]`, index > 0);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(target);
  }
}

/** The focused element's tag and text: on each new step, its h1 (what a screen reader announces). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return `${element?.tagName.toLowerCase()} ${element?.textContent?.trim() ?? ''}`;
  });

/** The step's heading has focus, with nothing pressed since the step changed. */
async function expectHeadingFocused(page: Page, heading: string): Promise<void> {
  await expect.poll(() => focused(page)).toBe(`h1 ${heading}`);
}

/** On this step, its heading focused; its button pressed before anything is filled in announces every error. */
async function errorsOnEmptyStep(page: Page, path: string, heading: string, button: string): Promise<void> {
  await onScreen(page, path, heading);
  await expectHeadingFocused(page, heading);
  await pressButton(page, button);
  await expectErrorsAnnounced(page);
}

describe('the wizard with the keyboard alone', () => {
  it('is completed from the email to the payment choice, every error announced and every new step’s heading focused on the way', async () => {
    const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    const email = freshEmail('keyboard');

    await page.goto(`${server.url}/apply`);
    // The app answers the keyboard once it is in charge of the prerendered form (it names the open cohort).
    await page.getByText(/Applications are open for/).waitFor();
    await expectHeadingFocused(page, 'Get Started');
    await pressButton(page, 'Get Started');
    await expectErrorsAnnounced(page);
    await type(page, '#field-email', email);
    await page.keyboard.press('Enter');

    await errorsOnEmptyStep(page, '/apply/biodata', 'Bio Data', 'Save and continue');
    await type(page, '#field-firstname', 'Ada');
    await type(page, '#field-lastname', 'Obi');
    await choose(page, 'gender', 1);
    await type(page, '#field-country', 'nigeria');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect(await page.locator('#field-country').inputValue()).toBe('Nigeria');
    await type(page, '#field-city', 'Nigeria, Lagos');
    await page.keyboard.press('Enter');

    await errorsOnEmptyStep(page, '/apply/communications', 'Communications', 'Save and continue');
    await type(page, '#field-phone', '+2348031234567');
    await choose(page, 'referral_source', 1);
    await tabTo(page, '#field-privacy_consent');
    await page.keyboard.press('Space');
    await pressButton(page, 'Save and continue');
    // The confirm dialog takes focus on 'Yes, continue', the next one on 'Enter the code'.
    await expect.poll(() => focusedMatches(page, 'button')).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Yes, continue');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await pressButton(page, 'Enter the code');

    await errorsOnEmptyStep(page, '/apply/verify-email', 'Verify your email address', 'Verify email');
    await type(page, '#field-token', (await newestCode(server, email))!);
    await page.keyboard.press('Enter');

    await errorsOnEmptyStep(page, '/apply/eligibility', 'Eligibility', 'Save and continue');
    for (const name of [
      'openness_to_tools',
      'work_disruption_feelings',
      'feedback_handling',
      'approach_to_new_tasks',
      'education_focus',
    ])
      await choose(page, name, 0);
    await choose(page, 'highest_qualification', 1);
    // The file input opens the system file picker with Space, as a keyboard user would. The wait starts before the
    // Tab presses: Playwright turns on Chromium's picker interception without waiting for it, so a Space sent at once
    // could beat it, and the picker would open unseen (it did once in a loaded CI run).
    const picker = page.waitForEvent('filechooser');
    await tabTo(page, '#field-cv');
    await page.keyboard.press('Space');
    await (await picker).setFiles({ name: 'ada-cv.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByText('Your CV is uploaded: ada-cv.pdf').waitFor();
    await pressButton(page, 'Save and continue');
    await page.getByRole('heading', { name: 'Are you sure?' }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByText('Congratulations, you are eligible...').waitFor();
    // The result replaces the questions: its heading takes focus, so the verdict under it is read next.
    await expectHeadingFocused(page, 'Eligibility');
    await pressButton(page, 'Proceed');

    await errorsOnEmptyStep(page, '/apply/employment', 'Employment', 'Save and continue');
    await choose(page, 'employment_status', 0);
    await choose(page, 'unemployment_duration', 1);
    await choose(page, 'work_experience_years', 1);
    await tabTo(page, '#field-job_urgency');
    // The scale starts unset: the first arrow chooses 1 (decision 002), six more make 7.
    for (let i = 0; i < 7; i++) await page.keyboard.press('ArrowRight');
    expect(await page.locator('#field-job_urgency').inputValue()).toBe('7');
    await expect(page.locator('.range output').textContent()).resolves.toBe('7 – I need a job');
    await pressButton(page, 'Save and continue');
    await page.getByRole('heading', { name: 'Are you sure?' }).waitFor();
    await page.keyboard.press('Enter');

    await errorsOnEmptyStep(page, '/apply/other', 'Getting to know you', 'Save & Continue');
    await type(page, '#field-key_challenge', 'Staying consistent on my own.');
    await type(page, '#field-leadership_experience', 'I led my final-year project team.');
    await type(page, '#field-distractions', 'I plan my day.');
    await type(page, '#field-bootcamp_expectations', 'A job I am proud of.');
    await pressButton(page, 'Save & Continue');
    await page.getByRole('heading', { name: 'Key Information:' }).waitFor();
    await pressButton(page, 'Submit Application');
    await expectErrorsAnnounced(page);
    for (const name of ['agreement', 'agreement1', 'agreement2']) {
      await tabTo(page, `#field-${name}`);
      await page.keyboard.press('Space');
    }
    await pressButton(page, 'Submit Application');

    await onScreen(page, '/apply/success', 'Well done for submitting your application');
    await expectHeadingFocused(page, 'Well done for submitting your application');
    // Staff accept the application: the confirmation then offers the payment options.
    await decide(server.url, email, 'ACCEPT');
    await pressButton(page, 'Continue to Video');
    await onScreen(page, '/apply/selection-video', 'Info Video');
    await expectHeadingFocused(page, 'Info Video');
    // The player's own controls: focus the video and press Space to play (at the speed a person may pick).
    await tabTo(page, 'video');
    await page.locator('video').evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      v.playbackRate = 4;
    });
    await page.keyboard.press('Space');
    await page.getByRole('heading', { name: 'Quick quiz' }).waitFor({ timeout: 20_000 });
    // Focus starts on the first answer; the arrow keys choose within a question, Tab moves to the next.
    const correct = (q: 1 | 2) => SELECTION_QUIZ.answers[q].charCodeAt(0) - 'A'.charCodeAt(0);
    for (let i = 0; i < correct(1); i++) await page.keyboard.press('ArrowDown');
    await tabTo(page, 'input[name="quiz-question-2"]');
    for (let i = 0; i < correct(2); i++) await page.keyboard.press('ArrowDown');
    if (correct(2) === 0) await page.keyboard.press('Space');
    await pressButton(page, 'Submit');
    await page.getByRole('heading', { name: 'Correct answers!' }).waitFor();
    await pressButton(page, 'Continue');
    await page.getByText('You have watched the whole video.').waitFor({ timeout: 30_000 });
    await pressButton(page, 'Continue');

    await onScreen(page, '/apply/confirmation', 'Congratulations, you have been accepted!');
    await expectHeadingFocused(page, 'Congratulations, you have been accepted!');
    // The button shows once the payment is checked ("Checking your payment…"): a person waits for it. Tabbing
    // before, focus went past where it appears, into the reminder's calendar, a stop a day left this month.
    await page.getByRole('button', { name: 'Proceed to payment' }).waitFor();
    await pressButton(page, 'Proceed to payment');
    await tabTo(page, 'button:not([disabled])[aria-describedby^="payment-option-"]');
    await pressButton(page, `Choose ${OPTION_FULL_PAYMENT}`);
    await page.getByRole('heading', { name: 'Confirm your payment option' }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Your choice has been recorded' }).waitFor();
    await pressButton(page, 'Later');

    const stored = await storedApplication(server, context, email);
    expect(stored.data[0]).toMatchObject({
      firstname: 'Ada',
      country: 'Nigeria',
      gender: 'female',
      communications: { referral_source: 'On social media' },
      employment: { unemployment_duration: '6-12 months', job_urgency: 7 },
      payment_option: OPTION_FULL_PAYMENT,
    });
    expect(stored.data[0].submitted_at).not.toBe('');
    await context.close();
  });
});
