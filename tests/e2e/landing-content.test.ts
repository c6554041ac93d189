/**
 * The landing page's words edited in the back office (issue 53 item 5, decision 246) in Chromium against the built
 * product: an admin edits an FAQ answer, previews the landing page with it and publishes; a new visitor's `/` shows
 * the new answer in the FAQ, hydrated without an error. axe finds nothing on the staff page nor on `/`.
 */
import { describe, expect, it } from 'vitest';
import { BUILT_LANDING_WORDS } from '../../machines/rules/landingWords';
import { addTeamMember, DECIDING, signInStaff, openStaffSection } from './support/decision';
import { contextOpener, expectNoAxeViolations, server, serverAndBrowser } from './support/suite';

serverAndBrowser({ ...DECIDING });
const open = contextOpener({ width: 1280, height: 900 });
const WAIT = { timeout: 30_000 };
const QUESTION = BUILT_LANDING_WORDS.faq[1]!.question;
const REVIEWER = 'reader.words@bootcamp.example';
const NEW_ANSWER = 'Anyone with a degree or diploma, and <b>no</b> tags are read as tags.';

describe("the landing page's words in the back office", () => {
  it('an admin edits an FAQ answer, previews and publishes; a new visitor sees the new answer', async () => {
    const { context, page } = await open();
    await openStaffSection({ context, page }, server.url, 'Landing page words', "The landing page's words");
    const answer = page.getByRole('group', { name: 'Question 2' }).getByLabel('Answer');
    await answer.waitFor(WAIT);
    expect(await answer.inputValue()).toBe(BUILT_LANDING_WORDS.faq[1]!.answer);
    await expectNoAxeViolations(page);

    // An empty answer is refused in the catalogue's words, before anything is sent.
    await answer.fill('');
    await page.getByRole('button', { name: 'Save and preview' }).click();
    await page.getByText('Please write the answer').first().waitFor(WAIT);
    await answer.fill(NEW_ANSWER);
    await page.getByRole('button', { name: 'Save and preview' }).click();
    const previewLink = page.getByRole('link', { name: /Open the preview of the landing page/ });
    await previewLink.waitFor(WAIT);
    const [preview] = await Promise.all([context.waitForEvent('page'), previewLink.click()]);
    await preview.getByRole('button', { name: QUESTION }).click();
    await preview.getByText(NEW_ANSWER).waitFor({ state: 'visible', ...WAIT });
    await preview.close();

    // Not published yet: a visitor still reads the answer the page had.
    const before = await open();
    await before.page.goto(server.url);
    expect(await before.page.locator('#faq').innerText()).not.toContain(NEW_ANSWER);
    await before.context.close();

    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('Published: the landing page shows these words now').waitFor(WAIT);
    await expectNoAxeViolations(page);
    await context.close();

    // A new visitor (its own context: no cache) reads the new answer, and the page hydrates without an error.
    const visitor = await open();
    const errors: string[] = [];
    visitor.page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    visitor.page.on('pageerror', (error) => errors.push(error.message));
    await visitor.page.goto(server.url);
    const faq = visitor.page.locator('#faq');
    await faq.scrollIntoViewIfNeeded();
    await visitor.page.locator('[data-island="faq"][data-live]').waitFor({ state: 'attached', ...WAIT });
    await visitor.page.getByRole('button', { name: QUESTION }).click();
    await visitor.page.getByText(NEW_ANSWER).waitFor({ state: 'visible', ...WAIT });
    expect(await visitor.page.locator('#faq b').count()).toBe(0);
    await expectNoAxeViolations(visitor.page);
    expect(errors).toEqual([]);
    await visitor.context.close();
  });

  it('a reviewer reads the published words and has no control to change them', async () => {
    expect((await addTeamMember(server.url, REVIEWER)).status).toBe(201);
    const { context, page } = await open();
    await signInStaff(context, server.url, REVIEWER);
    await page.goto(`${server.url}/staff/landing-words`);
    await page.getByText('Only an admin can change them.', { exact: false }).waitFor(WAIT);
    await page.getByText(QUESTION).waitFor(WAIT);
    expect(await page.getByRole('button', { name: 'Publish' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Save and preview' }).count()).toBe(0);
    expect(await page.getByRole('textbox').count()).toBe(0);
    await expectNoAxeViolations(page);
    await context.close();
  });
});
