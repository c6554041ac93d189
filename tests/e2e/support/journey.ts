/**
 * One applicant's way through the wizard, a screen at a time, the way a person uses a mouse: the journeys of
 * journeys.test.ts are built from these steps, with reloads, history moves and second tabs in between, and the
 * responsiveness bench walks them with a `Press` that times each button (so this file needs no test runner).
 */
import type { Page } from 'playwright-core';
import { SELECTION_QUIZ } from '../../../machines/rules/quiz';
import { OPTION_FULL_PAYMENT } from '../../../machines/rules/payments';
import type { RunningServer } from './server';
import { newestCode, PDF, shownScreen } from './screen';

export const ANSWERS = {
  firstname: 'Ada',
  lastname: 'Obi',
  city: 'Nigeria, Lagos',
  phone: '+234 803 123 4567',
  eligibility: [
    'I love trying new tools and pick them up quickly',
    'Excitement',
    'I welcome it and act on it straight away',
    'I dive in and work it out as I go',
    'Applied Sciences',
    'Ordinary/Higher National Diploma or Bachelors degree',
  ],
  keyChallenge: 'Staying consistent on my own.',
} as const;

let counter = 0;
/** A fresh address on the shared server. */
export const freshEmail = (who: string) => `${who}.${Date.now().toString(36)}.${counter++}@example.com`;

type Server = Pick<RunningServer, 'url'>;

/** Waits until the page shows this screen (path and h1); fails naming what it shows instead. */
export async function onScreen(page: Page, path: string, heading: string): Promise<void> {
  try {
    await page.waitForFunction(
      ([p, h]) => location.pathname === p && document.querySelector('h1')?.textContent === h,
      [path, heading] as const,
      { timeout: 20_000 },
    );
  } catch {
    const shown = await shownScreen(page).catch(() => null);
    throw new Error(`expected ${path} '${heading}', the page shows ${JSON.stringify(shown)}`);
  }
}

export const click = (page: Page, name: string) => page.getByRole('button', { name, exact: true }).click();

/**
 * Presses a button that moves the applicant on; `answer` is what shows next (the next screen's h1, or the h2 of the
 * dialog or verdict that answers). The journeys just click; the bench measures the time to the answer.
 */
export type Press = (page: Page, button: string, answer: string) => Promise<void>;
const justClick: Press = (page, button) => click(page, button);

export async function getStarted(
  page: Page,
  server: Server,
  email: string,
  press = justClick,
): Promise<void> {
  await page.goto(`${server.url}/apply`);
  // The app is in charge of the prerendered form once it names the open cohort (typing and pressing before it are
  // tested on their own in apply-prerender).
  await page.getByText(/Applications are open for/).waitFor();
  await page.getByLabel('Email address').fill(email);
  await press(page, 'Get Started', 'Bio Data');
  await onScreen(page, '/apply/biodata', 'Bio Data');
}

/**
 * Chooses Nigeria with the keyboard: the field keeps its focus, so no blur-and-refocus races a busy machine (the
 * click and the tap on an option are tested on their own in rough-edges and wizard).
 */
export async function chooseCountry(page: Page): Promise<void> {
  const country = page.getByRole('combobox', { name: 'Country of Origin' });
  await country.fill('Nigeria');
  await page.getByRole('option', { name: 'Nigeria', exact: true }).waitFor();
  await country.press('Enter');
  await page.getByRole('listbox').waitFor({ state: 'hidden' });
}

export async function biodata(page: Page, press = justClick): Promise<void> {
  await page.getByLabel('First Name').fill(ANSWERS.firstname);
  await page.getByLabel('Last Name').fill(ANSWERS.lastname);
  await page.getByLabel('Female').check();
  await chooseCountry(page);
  await page.getByLabel('Country and City of Residence').fill(ANSWERS.city);
  await press(page, 'Save and continue', 'Communications');
  await onScreen(page, '/apply/communications', 'Communications');
}

/** Phone, referral and consent to the privacy notice, then the confirm dialog and the 'Check your email' dialog. */
export async function communications(page: Page, press = justClick): Promise<void> {
  await page.getByLabel('Phone number').fill(ANSWERS.phone);
  await page.getByLabel('On social media').check();
  await page.getByLabel(/I have read the privacy notice/).check();
  await click(page, 'Save and continue');
  await press(page, 'Yes, continue', 'Check your email');
  await click(page, 'Enter the code');
  await onScreen(page, '/apply/verify-email', 'Verify your email address');
}

export async function verify(page: Page, server: Server, email: string, press = justClick): Promise<void> {
  await page.getByLabel('Enter the code').fill((await newestCode(server, email))!);
  await press(page, 'Verify email', 'Eligibility');
}

/** A new applicant's first steps, from Get Started to their email proved, on the eligibility screen. */
export async function toEligibility(page: Page, server: Server, email: string): Promise<void> {
  await getStarted(page, server, email);
  await biodata(page);
  await communications(page);
  await verify(page, server, email);
  await onScreen(page, '/apply/eligibility', 'Eligibility');
}

/** Answers the eligibility questions with these labels, uploads a CV and confirms. */
export async function answerEligibility(page: Page, labels: readonly string[]): Promise<void> {
  for (const label of labels) await page.getByLabel(label, { exact: true }).check();
  await page
    .getByLabel('Upload your CV (required)')
    .setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.getByText('Your CV is uploaded: cv.pdf').waitFor();
  await click(page, 'Save and continue');
  await click(page, 'Yes, continue');
}

export async function eligibility(page: Page, press = justClick): Promise<void> {
  await onScreen(page, '/apply/eligibility', 'Eligibility');
  for (const answer of ANSWERS.eligibility) await page.getByLabel(answer, { exact: true }).check();
  await page
    .getByLabel('Upload your CV (required)')
    .setInputFiles({ name: 'ada-cv.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.getByText('Your CV is uploaded: ada-cv.pdf').waitFor();
  await click(page, 'Save and continue');
  await press(page, 'Yes, continue', 'Congratulations, you are eligible...');
  await page.getByText('Congratulations, you are eligible...').waitFor();
  await press(page, 'Proceed', 'Employment');
  await onScreen(page, '/apply/employment', 'Employment');
}

export async function employment(page: Page, press = justClick): Promise<void> {
  await page.getByLabel('I am unemployed and actively looking for a job').check();
  await page.getByLabel('6-12 months').check();
  await page.getByLabel('Between 1 and 4 years').check();
  await click(page, 'Save and continue');
  await press(page, 'Yes, continue', 'Getting to know you');
  await onScreen(page, '/apply/other', 'Getting to know you');
}

export async function openAnswers(page: Page): Promise<void> {
  await page.getByLabel('What do you find most challenging?').fill(ANSWERS.keyChallenge);
  await page.getByLabel(/Have you ever led anything/).fill('I led my final-year project team of five.');
  await page.getByLabel('How do you manage distraction?').fill('I plan my day and switch off notifications.');
  await page.getByLabel(/What difference do you hope/).fill('A job I am proud of within 12 weeks.');
}

export async function other(page: Page): Promise<void> {
  await openAnswers(page);
  await click(page, 'Save & Continue');
  for (const label of [/available and ready/, /open-minded/, /commitment fee/])
    await page.getByLabel(label).check();
  await click(page, 'Submit Application');
  await onScreen(page, '/apply/success', 'Well done for submitting your application');
}

/** The selection video at four times the speed, its quiz answered right, then Continue. */
export async function video(page: Page, snap?: (name: string) => Promise<void>): Promise<void> {
  await click(page, 'Continue to Video');
  await onScreen(page, '/apply/selection-video', 'Info Video');
  await page.locator('video').evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    v.playbackRate = 4;
    return v.play();
  });
  await page.getByRole('heading', { name: 'Quick quiz' }).waitFor({ timeout: 20_000 });
  await snap?.('video-quiz');
  for (const question of [1, 2] as const)
    await page
      .locator(`input[name="quiz-question-${question}"][value="${SELECTION_QUIZ.answers[question]}"]`)
      .check();
  await click(page, 'Submit');
  await page.getByRole('heading', { name: 'Correct answers!' }).waitFor();
  await snap?.('video-quiz-correct');
  await click(page, 'Continue');
  await page.getByText('You have watched the whole video.').waitFor({ timeout: 30_000 });
  await click(page, 'Continue');
  await onScreen(page, '/apply/confirmation', 'Congratulations, you have been accepted!');
}

export async function choosePayment(page: Page): Promise<void> {
  await click(page, 'Proceed to payment');
  await page.getByRole('button', { name: `Choose ${OPTION_FULL_PAYMENT}` }).click();
  await click(page, 'Yes proceed');
  await page.getByRole('heading', { name: 'Your choice has been recorded' }).waitFor();
}
