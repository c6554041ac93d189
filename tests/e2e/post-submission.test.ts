/**
 * After submission, in Chromium against the built product (`npm start`'s server, fresh PGlite, the 12 s local
 * selection clip with the quiz at 3 s): the video and its quiz, the confirmation and a payment choice, a reminder
 * (stored, then really emailed by the server's scheduler), and a financial aid application in a new tab. Each
 * result is checked where the programme team would read it: the stored application and the outbox.
 *
 * The applicant is created and submitted through the API, and the browser is theirs
 * (support/submittedApplicant.ts).
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { paths } from '../../machines/rules/contract';
import { AID_MESSAGES, CONFIRM_SAVE, FIELD_MESSAGES, MESSAGES } from '../../machines/rules/messages';
import { OPTION_FINANCIAL_AID, OPTION_FULL_PAYMENT } from '../../machines/rules/payments';
import { SELECTION_QUIZ } from '../../machines/rules/quiz';
import { KEYS } from '../../src/app/persistence';
import { screenshot } from './support/browser';
import { DECIDING, decide } from './support/decision';
import type { MailboxEntry } from './support/server';
import { applicantDevice, submittedApplicant } from './support/submittedApplicant';
import { browser, expectNoAxeViolations, server, serverAndBrowser } from './support/suite';

// A short poll, so that a reminder falling due is emailed within a second.
serverAndBrowser({ ...DECIDING, QUIZ_TIME: '3', REMINDER_POLL_MS: '300' });

const WAIT = { timeout: 30_000 };

/** Phone and desktop screenshots of what is on screen now; the test goes on at desktop width. */
async function screenshots(page: Page, name: string) {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await screenshot(page, `post-${name}-${width}`);
  }
}

/**
 * The dialog (or a confirm's alertdialog) with this title, once it shows. Its root has no box of its own (the
 * panel inside has), so visibility is waited for on the title.
 */
async function openDialog(page: Page, title: string): Promise<Locator> {
  const heading = page.getByRole('heading', { name: title, exact: true });
  await heading.waitFor(WAIT);
  return page.locator('[role="dialog"], [role="alertdialog"]').filter({ has: heading });
}

const video = (page: Page) =>
  page.evaluate(() => {
    const v = document.querySelector('video')!;
    return { time: v.currentTime, paused: v.paused, ended: v.ended, duration: v.duration };
  });

const mailbox = async () => (await (await fetch(`${server.url}/dev/mailbox.json`)).json()) as MailboxEntry[];
const reminderMails = async (to: string) =>
  (await mailbox()).filter((m) => m.to === to && m.subject.startsWith('Reminder:'));

describe('after submission, in a real browser', () => {
  it('video and quiz, confirmation and payment choice, reminder email, financial aid', async () => {
    const email = `ada.post.${Date.now()}@example.com`;
    const api = await submittedApplicant(server.url, email);
    // Staff accept the application (the staff API): the confirmation then offers payment.
    await decide(server.url, email, 'ACCEPT');
    const { context, page } = await applicantDevice(browser, server.url, api);

    // Success.
    await page.goto(`${server.url}/apply/success`);
    await expect
      .poll(() => page.locator('h1').first().textContent())
      .toBe('Well done for submitting your application');
    await expectNoAxeViolations(page);
    await screenshots(page, 'success');
    await page.getByRole('button', { name: 'Continue to Video' }).click();

    // The video plays; the quiz stops it at 3 s.
    await page.waitForURL((url) => url.pathname === '/apply/selection-video');
    await expect.poll(() => page.locator('h1').first().textContent()).toBe('Info Video');
    await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1, null, WAIT);
    await expectNoAxeViolations(page);
    await screenshots(page, 'video');
    await page.evaluate(() => document.querySelector('video')!.play());
    const quiz = await openDialog(page, 'Quick quiz');
    expect(await video(page)).toMatchObject({ paused: true });
    expect((await video(page)).time).toBeGreaterThanOrEqual(3);
    expect(await quiz.getByRole('group', { name: `1. ${SELECTION_QUIZ.question1}` }).count()).toBe(1);
    await quiz.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => quiz.getByText(MESSAGES.quizIncomplete).count()).toBe(1);
    await expectNoAxeViolations(page);
    await screenshots(page, 'quiz');

    // A wrong answer, then Retry, then the right answers.
    await quiz.getByLabel('A retreat').check();
    await quiz.getByLabel('A job offer at the end of the twelve weeks').check();
    await quiz.getByRole('button', { name: 'Submit' }).click();
    const incorrect = await openDialog(page, 'Incorrect answers!');
    await expectNoAxeViolations(page);
    await incorrect.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { name: 'Quick quiz' }).waitFor(WAIT);
    // The quiz starts afresh.
    expect(await quiz.getByLabel('A retreat').isChecked()).toBe(false);
    await quiz.getByLabel('A learning game').check();
    await quiz.getByLabel(/^If you are open to learning, unlearning and relearning/).check();
    await quiz.getByRole('button', { name: 'Submit' }).click();
    const correct = await openDialog(page, 'Correct answers!');
    await expectNoAxeViolations(page);
    await correct.getByRole('button', { name: 'Continue' }).click();
    await page.waitForFunction(() => !document.querySelector('video')!.paused, null, WAIT);

    // Seeking ahead is refused and the player goes back to the furthest watched point.
    const { duration } = await video(page);
    await page.evaluate((to) => (document.querySelector('video')!.currentTime = to), duration - 1);
    const notices = page.getByRole('status').filter({ hasText: MESSAGES.seekBlocked });
    await notices.waitFor(WAIT);
    expect(await notices.textContent()).toContain(MESSAGES.seekTitle);
    await expect.poll(async () => (await video(page)).time).toBeLessThan(duration - 4);
    await expectNoAxeViolations(page);
    await screenshots(page, 'seek-blocked');
    await notices.getByRole('button', { name: 'Dismiss' }).click();

    // Continue before the end is refused too.
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByText(MESSAGES.watchToEnd).waitFor(WAIT);
    expect(new URL(page.url()).pathname).toBe('/apply/selection-video');
    await page.getByRole('button', { name: 'Dismiss' }).click();

    // The end: the progress is saved by itself; Continue goes on.
    await page.waitForFunction(() => document.querySelector('video')!.ended, null, WAIT);
    await page.getByText('You have watched the whole video.').waitFor(WAIT);
    await expect
      .poll(async () => (await api.saved()).video, WAIT)
      .toEqual({ videoProgress: 100, isVideoEnded: true, attemptCounter: 1 });
    await page.getByRole('button', { name: 'Continue', exact: true }).click();

    // Confirmation: the options for Nigeria (the form's country: no location lookup is configured).
    await page.waitForURL((url) => url.pathname === '/apply/confirmation');
    await expect
      .poll(() => page.locator('h1').first().textContent())
      .toBe('Congratulations, you have been accepted!');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Proceed to payment' }).click();
    await page.getByText('Options for applicants in Nigeria').waitFor(WAIT);
    expect(await page.getByText('N51,000').count()).toBeGreaterThan(0);
    await expectNoAxeViolations(page);
    await screenshots(page, 'confirmation');
    await page.getByRole('button', { name: `Choose ${OPTION_FULL_PAYMENT}` }).click();
    const confirm = await openDialog(page, 'Confirm your payment option');
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Yes proceed' }).click();
    const recorded = await openDialog(page, 'Your choice has been recorded');
    await expectNoAxeViolations(page);
    expect((await api.saved()).payment_option).toBe(OPTION_FULL_PAYMENT);
    await recorded.getByRole('button', { name: 'View Payment Details' }).click();
    const details = await openDialog(page, 'Payment details');
    expect(await details.getByRole('button', { name: 'Proceed to Payment Portal' }).count()).toBe(1);
    await expectNoAxeViolations(page);
    await screenshots(page, 'payment-details');
    await details.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('heading', { name: 'Payment details' }).waitFor({ state: 'detached', ...WAIT });

    // The reminder: the earliest slot the scheduler offers.
    const reminder = page.locator('section.reminder');
    await reminder.getByRole('button', { name: 'Set reminder' }).click();
    await reminder.getByText(MESSAGES.dateTimeRequired).waitFor(WAIT);
    const day = await page.evaluate(() => {
      const now = new Date();
      // After 23:45 no slot is left today: the earliest is tomorrow at 00:00.
      const late = now.getHours() === 23 && now.getMinutes() >= 45;
      const date = new Date(now.getFullYear(), now.getMonth(), now.getDate() + (late ? 1 : 0));
      return {
        label: date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }),
        nextMonth: date.getMonth() !== now.getMonth(),
        y: date.getFullYear(),
        m: date.getMonth(),
        d: date.getDate(),
      };
    });
    if (day.nextMonth) await reminder.locator('.react-calendar__navigation__next-button').click();
    await reminder.getByRole('button', { name: day.label, exact: true }).click();
    const time = reminder.getByLabel('Time (HH:mm)');
    // The option's value, as the form sends it.
    const slot = await time
      .locator('option')
      .nth(1)
      .evaluate((option: HTMLOptionElement) => option.value);
    expect(slot).toMatch(/^\d{2}:(00|15|30|45)$/);
    await time.selectOption(slot);
    await expectNoAxeViolations(page);
    await screenshots(page, 'reminder');
    await reminder.getByRole('button', { name: 'Set reminder' }).click();
    await reminder.getByText(/^We will remind you on /).waitFor(WAIT);
    const [hours, minutes] = slot!.split(':').map(Number);
    const chosen = await page.evaluate(
      ({ y, m, d, hours, minutes }) => new Date(y, m, d, hours, minutes).toISOString(),
      { ...day, hours, minutes },
    );
    expect((await api.saved()).reminder_date).toBe(chosen);
    expect(await page.evaluate((key) => localStorage.getItem(key), KEYS.reminderSet)).toBe('true');
    expect(await reminderMails(email)).toEqual([]);
    // The slot is up to 15 minutes away: the same update moves this reminder 2 s ahead, and the running server's
    // scheduler emails it (the timing rules themselves are proven with a moved clock in tests/server).
    await api.call(paths.update(email), { email, reminderDate: new Date(Date.now() + 2_000).toISOString() });
    await expect.poll(() => reminderMails(email), WAIT).toHaveLength(1);
    const [mail] = await reminderMails(email);
    expect(mail.text).toContain('Hello Ada,');
    expect(mail.text).toContain('confirm your place in The Employment Bootcamp');
    expect(mail.text).toContain(`http://localhost:${server.port}/apply/confirmation`);

    // Financial aid, in a new tab.
    const [aid] = await Promise.all([
      context.waitForEvent('page'),
      page
        .getByRole('link', { name: /Apply for Financial Aid/ })
        .first()
        .click(),
    ]);
    await aid.waitForURL((url) => url.pathname === '/financial-aid-application');
    await expect.poll(() => aid.locator('h1').first().textContent()).toBe('FINANCIAL AID APPLICATION');
    expect(await aid.getByLabel('Email address').inputValue()).toBe(email);
    await expectNoAxeViolations(aid);
    await screenshots(aid, 'aid-check-in');
    await aid.getByRole('button', { name: 'Proceed' }).click();
    await aid.waitForURL((url) => url.pathname === '/financial-aid-application/form');
    await aid.getByRole('button', { name: 'Submit application' }).click();
    await aid.getByText(FIELD_MESSAGES.haveLaptop).first().waitFor(WAIT);
    const answers = {
      'What type of phone do you use?': 'An Android smartphone',
      'Are your parents alive? Tell us a little about them.': 'Both alive, retired',
      'Are you employed? If so, for how long; if not, for how long have you been out of work?':
        'Unemployed for 8 months',
      'How much of the fee can you afford to pay?': 'N20,000',
      'Why do you want to attend the bootcamp?': 'To get my first job',
      'Is there anything else you would like us to know?': 'I care for my younger brother',
    };
    for (const [label, answer] of Object.entries(answers)) await aid.getByLabel(label).fill(answer);
    await aid.getByLabel('Yes', { exact: true }).check();
    await expectNoAxeViolations(aid);
    await screenshots(aid, 'aid-form');
    await aid.getByRole('button', { name: 'Submit application' }).click();
    const irreversible = await openDialog(aid, CONFIRM_SAVE.title);
    await expectNoAxeViolations(aid);
    await irreversible.getByRole('button', { name: CONFIRM_SAVE.confirm }).click();
    // The flow ends on the confirmation page, not on the success page that asks for the video already watched.
    await aid.waitForURL((url) => url.pathname === '/apply/confirmation');
    const received = await openDialog(aid, 'Financial aid application received');
    await expectNoAxeViolations(aid);
    await screenshots(aid, 'aid-received');
    expect((await api.saved()).financial_aid).toEqual({
      phone_type: 'An Android smartphone',
      has_laptop: 'Yes',
      parents_status: 'Both alive, retired',
      employment_status_duration: 'Unemployed for 8 months',
      affordable_amount: 'N20,000',
      bootcamp_attendance_reason: 'To get my first job',
      additional_info: 'I care for my younger brother',
    });
    await received.getByRole('button', { name: 'See your payment options' }).click();
    await aid.getByRole('heading', { name: 'Payment options' }).waitFor(WAIT);
    expect(new URL(aid.url()).pathname).toBe('/apply/confirmation');
    expect(await aid.getByText(/watch a short video/i).count()).toBe(0);
    expect(await aid.getByRole('button', { name: 'Continue to Video' }).count()).toBe(0);
    // The choice the server holds now is financial aid, and the other options stay open.
    const aidCard = aid.locator('li.payment-option').filter({
      has: aid.getByRole('heading', { name: OPTION_FINANCIAL_AID, exact: true }),
    });
    expect(await aidCard.getByText('Your choice').count()).toBe(1);
    expect(await aid.getByRole('button', { name: `Choose ${OPTION_FULL_PAYMENT}` }).isEnabled()).toBe(true);
    // The form is offered no more: the page says where the request stands (decision 238).
    expect(await aid.getByText(AID_MESSAGES.standingReceived).count()).toBe(1);
    expect(await aid.getByRole('link', { name: /Apply for Financial Aid/ }).count()).toBe(0);
    await expectNoAxeViolations(aid);
    await screenshots(aid, 'aid-ends-on-options');

    // The receipt of the aid application, through the outbox: once.
    const aidMails = async () =>
      (await mailbox()).filter((m) => m.to === email && m.subject.includes('financial aid application'));
    await expect.poll(aidMails, WAIT).toHaveLength(1);
    const [aidMail] = await aidMails();
    expect(aidMail.subject).toBe('We have your financial aid application to The Employment Bootcamp');
    expect(aidMail.text).toContain('We have received your financial aid application');
    expect(aidMail.text).toContain('What happens next: the team reviews your application');
    // A reload shows the page without the dialog: it belonged to the arrival.
    await aid.reload();
    await aid.getByRole('heading', { name: 'Congratulations, you have been accepted!' }).waitFor(WAIT);
    expect(await aid.getByRole('heading', { name: 'Financial aid application received' }).count()).toBe(0);
    await context.close();
  });
});
