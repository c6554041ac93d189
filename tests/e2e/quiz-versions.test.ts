/**
 * The selection video and quiz, versioned (issue 53 item 4, decision 245), in Chromium against the built product: an
 * applicant opens the video page and is mid-quiz when an admin edits a question in the back office and publishes
 * version 2; the applicant finishes on their version (its questions, its right answers); a new applicant is asked
 * the new question. Axe finds nothing on the staff page.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SELECTION_QUIZ } from '../../machines/rules/quiz';
import { DECIDING, openStaffSection } from './support/decision';
import { applicantDevice, submittedApplicant } from './support/submittedApplicant';
import { browser, contextOpener, expectNoAxeViolations, server, serverAndBrowser } from './support/suite';

serverAndBrowser({ ...DECIDING });
const open = contextOpener({ width: 1280, height: 900 });
const WAIT = { timeout: 30_000 };
const NEW_QUESTION = 'How long is the bootcamp?';

/** The applicant's video page, played fast until the quiz stops it. */
async function toQuiz(page: Page) {
  await page.goto(`${server.url}/apply/selection-video`);
  await page.getByRole('heading', { level: 1, name: 'Info Video' }).waitFor(WAIT);
  await page.locator('video').evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    v.playbackRate = 4;
    return v.play();
  });
  await page.getByRole('heading', { name: 'Quick quiz' }).waitFor(WAIT);
}

describe('the selection video and quiz, versioned', () => {
  it('an admin publishes a new question while an applicant is mid-quiz: they finish on theirs, a new one gets it', async () => {
    const early = await submittedApplicant(server.url, 'adaeze.quiz@example.com');
    const first = await applicantDevice(browser, server.url, early);
    await toQuiz(first.page);
    await first.page.getByRole('group', { name: `1. ${SELECTION_QUIZ.question1}` }).waitFor(WAIT);

    // Meanwhile, an admin edits question 1 and publishes.
    const staff = await open();
    await openStaffSection(staff, server.url, 'Selection video');
    const question = staff.page.getByLabel('Question 1', { exact: true });
    await question.waitFor(WAIT);
    await expectNoAxeViolations(staff.page);
    await question.fill(NEW_QUESTION);
    await staff.page.getByRole('button', { name: 'Publish a new version' }).click();
    await staff.page.getByText(/^Version 2 published/).waitFor(WAIT);
    await expectNoAxeViolations(staff.page);

    // The applicant mid-quiz answers their version's questions with its right answers, and passes.
    for (const n of [1, 2] as const)
      await first.page
        .locator(`input[name="quiz-question-${n}"][value="${SELECTION_QUIZ.answers[n]}"]`)
        .check();
    await first.page.getByRole('button', { name: 'Submit', exact: true }).click();
    await first.page.getByRole('heading', { name: 'Correct answers!' }).waitFor(WAIT);
    expect(await first.page.getByText(NEW_QUESTION).count()).toBe(0);
    await first.context.close();

    // A new applicant is asked the new question.
    const late = await submittedApplicant(server.url, 'bisi.quiz@example.com');
    const second = await applicantDevice(browser, server.url, late);
    await toQuiz(second.page);
    await second.page.getByRole('group', { name: `1. ${NEW_QUESTION}` }).waitFor(WAIT);
    await second.context.close();
    await staff.context.close();
  });
});
