/**
 * The prerendered pages (`/` and `/apply`) on a phone whose scripts come late or never (issue 19, items 4 and 5): a tap
 * before the script is never lost, a held press shows at once that it was taken, and a script that never comes is
 * said, with Retry. Under the server's real Content-Security-Policy (the inline lines run by their hash). Reads the
 * built app in dist/ (`npm run build`).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../machines/rules';
import { faq as faqFor } from '../../src/content/faq';
import { cohortLabels } from '../../machines/rules/landingCohort';
import { paths, type CohortInfo } from '../../machines/rules/contract';
import { waitForLandingScript } from './support/landing';
import { browser, server, serverAndBrowser } from './support/suite';
import { feeFacts } from '../../machines/rules/payments';

serverAndBrowser();

const SCRIPTS = /\/assets\/[^/]+\.js$/;
const HOLD_MS = 3_000;

/** A phone-sized page whose every script arrives 3 s late, or (`abort`) never. */
async function phonePage(scripts: 'late' | 'abort'): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    // An aborted script is reported as a failed resource: that is the test's doing, not the page's error.
    if (m.type() === 'error' && !/Failed to load resource|net::ERR_FAILED/.test(m.text()))
      errors.push(m.text());
  });
  await page.route(SCRIPTS, async (route) => {
    if (scripts === 'abort') return route.abort('internetdisconnected');
    await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
    return route.continue();
  });
  return { page, errors };
}

/** True once the page has asked for a script and none has been answered yet. */
const noScriptRan = (page: Page) =>
  page.evaluate(() => performance.getEntriesByType('resource').every((r) => !/\.js$/.test(r.name)));

describe('the landing page before its script', () => {
  it('opens the Menu with no script, and the Menu fits a 360 px screen', async () => {
    const { page, errors } = await phonePage('late');
    await page.goto(`${server.url}/`, { waitUntil: 'load' });
    const toggle = page.locator('summary', { hasText: 'Menu' });
    const box = (await toggle.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    await toggle.click();
    expect(await noScriptRan(page)).toBe(true);
    const menu = page.getByRole('navigation', { name: 'Sections menu' });
    // A <details> opens in the click itself: the link is shown now, with no script and no wait.
    expect(await menu.getByRole('link', { name: 'FAQ' }).isVisible()).toBe(true);
    // Once the script has come, the same menu keeps working: a link closes it.
    await waitForLandingScript(page);
    await menu.getByRole('link', { name: 'FAQ' }).click();
    await menu.getByRole('link', { name: 'FAQ' }).waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('holds a tap on an FAQ question, shows it was taken, and opens the answer when the script comes', async () => {
    const [current] = (
      (await (await fetch(`${server.url}${paths.currentCohort}`)).json()) as { data: CohortInfo[] }
    ).data;
    const [first] = faqFor(
      cohortLabels({
        number: current.number,
        startDate: current.start_date,
        applicationDeadline: current.application_deadline,
        fees: feeFacts(current.fees),
      }),
    );
    const { page, errors } = await phonePage('late');
    await page.goto(`${server.url}/`, { waitUntil: 'load' });
    const question = page.getByRole('button', { name: first.question });
    await question.click();
    expect(await noScriptRan(page)).toBe(true);
    await expect(question.getAttribute('aria-busy')).resolves.toBe('true');
    await page.getByText(first.answer).waitFor({ state: 'visible', timeout: 30_000 });
    await expect(question.getAttribute('aria-busy')).resolves.toBeNull();
    await expect(question.getAttribute('aria-expanded')).resolves.toBe('true');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('plays the welcome video from its link with no script: the browser opens the file itself', async () => {
    const { page } = await phonePage('abort');
    await page.goto(`${server.url}/`, { waitUntil: 'load' });
    await page.getByRole('link', { name: 'Play the welcome video' }).click();
    await page.waitForURL(`${server.url}/media/intro.mp4`);
    // Chromium's own page for a video file: one player, with its controls.
    await expect(page.locator('video').getAttribute('controls')).resolves.not.toBeNull();
    await page.close();
  });
});

describe('/apply before its script', () => {
  it('shows a press of Get Started taken at once, and goes on to Bio Data when the app comes', async () => {
    const { page, errors } = await phonePage('late');
    await page.goto(`${server.url}/apply`, { waitUntil: 'load' });
    await page.getByLabel('Email address').fill(`held.${Date.now()}@example.com`);
    const button = page.getByRole('button', { name: 'Get Started' });
    await button.click();
    expect(await noScriptRan(page)).toBe(true);
    // Busy at once, still announced by its name, and not pressed twice.
    await expect(button.getAttribute('aria-busy')).resolves.toBe('true');
    await expect(button.getAttribute('aria-disabled')).resolves.toBe('true');
    const spinner = await button.evaluate((b) => getComputedStyle(b, '::before').animationName);
    expect(spinner).toBe('spin');
    await page.getByRole('heading', { level: 1, name: 'Bio Data' }).waitFor({ timeout: 60_000 });
    expect(new URL(page.url()).pathname).toBe('/apply/biodata');
    // The new screen's heading has the focus, and Back returns to Get Started (docs/performance.md (former decision 211)).
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Bio Data');
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Get Started' }).waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/apply');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('says within 10 s of the press that the connection failed, and Retry goes on with the typed email', async () => {
    const { page } = await phonePage('abort');
    await page.goto(`${server.url}/apply`, { waitUntil: 'load' });
    const email = `retry.${Date.now()}@example.com`;
    await page.getByLabel('Email address').fill(email);
    const pressed = Date.now();
    await page.getByRole('button', { name: 'Get Started' }).click();
    const alert = page.getByRole('alert').filter({ hasText: MESSAGES.scriptsFailed });
    await alert.waitFor();
    expect(Date.now() - pressed).toBeLessThan(10_000);
    // The button no longer claims to be working.
    await expect(
      page.getByRole('button', { name: 'Get Started' }).getAttribute('aria-busy'),
    ).resolves.toBeNull();

    // Retry while the connection is still down: the page comes again with the email, and says so again.
    await page.getByRole('button', { name: MESSAGES.retry }).click();
    await page.waitForLoadState('load');
    await expect(page.getByLabel('Email address').inputValue()).resolves.toBe(email);
    await alert.waitFor();

    // The connection is back: Retry takes the press again, and the app goes on with the same email.
    await page.unroute(SCRIPTS);
    await page.getByRole('button', { name: MESSAGES.retry }).click();
    await page.getByRole('heading', { level: 1, name: 'Bio Data' }).waitFor({ timeout: 60_000 });
    await expect(page.getByRole('alert').filter({ hasText: MESSAGES.scriptsFailed }).count()).resolves.toBe(
      0,
    );
    const saved = await page.evaluate(() => JSON.stringify(localStorage));
    expect(saved).toContain(email);
    await page.close();
  });
});
