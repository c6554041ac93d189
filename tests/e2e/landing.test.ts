/**
 * The landing page in Debian's Chromium, served the way `npm start` serves it (run `npx vite build` or
 * `npm run build` first: this reads dist/client). Phone (360×640) and desktop (1280×800).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cohortLabels, type CohortLabels } from '../../machines/rules/landingCohort';
import { paths, type CohortInfo } from '../../machines/rules/contract';
import { heroPairs as pairsFor } from '../../src/content/hero';
import { faq as faqFor } from '../../src/content/faq';
import { axeViolations, describeViolations, launchBrowser, screenshot } from './support/browser';
import { waitForLandingScript } from './support/landing';
import { startServer, type RunningServer } from './support/server';
import { LANDING_SECTIONS } from '../support/landing';
import { feeFacts } from '../../machines/rules/payments';

let server: RunningServer;
let browser: Browser;
/** The page's words for the cohort the server calls current (it follows the real clock). */
let cohort: CohortLabels;
let heroPairs: ReturnType<typeof pairsFor>;
let faq: ReturnType<typeof faqFor>;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const [current] = (
    (await (await fetch(`${server.url}${paths.currentCohort}`)).json()) as { data: CohortInfo[] }
  ).data;
  cohort = cohortLabels({
    number: current.number,
    startDate: current.start_date,
    applicationDeadline: current.application_deadline,
    fees: feeFacts(current.fees),
  });
  heroPairs = pairsFor(cohort);
  faq = faqFor(cohort);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(width: number, height: number): Promise<Page> {
  // The server's CSP forbids inline scripts; axe-core is injected as one, so the test context bypasses CSP.
  const page = await browser.newPage({ viewport: { width, height }, bypassCSP: true });
  await page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
  await waitForLandingScript(page);
  return page;
}

/** Clicks a link that opens a new tab and returns the path the new tab reached. */
async function pathReachedBy(page: Page, link: ReturnType<Page['locator']>): Promise<string> {
  const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  await popup.waitForLoadState('domcontentloaded');
  const path = new URL(popup.url()).pathname;
  await popup.close();
  return path;
}

describe('landing page in a real browser', () => {
  it('sends the hero words in the first HTML response, and no wizard code', async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    expect(html).toContain(heroPairs[0].headline);
    expect(html).toContain(`Cohort ${cohort.number} starts ${cohort.start}`);
    const page = await open(1280, 800);
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((n) => n.endsWith('.js')),
    );
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.some((s) => /\/assets\/app-/.test(s))).toBe(false);
    await page.close();
  });

  for (const [width, height, name] of [
    [360, 640, 'phone'],
    [1280, 800, 'desktop'],
  ] as const) {
    describe(`at ${width}×${height} (${name})`, () => {
      it('has every section, in order, and axe-core finds nothing', async () => {
        const page = await open(width, height);
        const ids = await page.evaluate(
          (wanted) =>
            [...document.querySelectorAll('[id]')].map((el) => el.id).filter((id) => wanted.includes(id)),
          LANDING_SECTIONS,
        );
        expect(ids).toEqual(LANDING_SECTIONS);
        await expect(page.locator('h1').textContent()).resolves.toBe(heroPairs[0].headline);
        const violations = await axeViolations(page);
        expect(violations, describeViolations(violations)).toEqual([]);
        await screenshot(page, `landing-${name}`);
        await page.close();
      });

      it('every visible Apply Now opens /apply', async () => {
        const page = await open(width, height);
        const applies = page.locator('a:has-text("Apply Now"):visible');
        const count = await applies.count();
        // Hero, About, Curriculum, closing call; plus the header's on desktop (the phone's is in the menu, below).
        expect(count).toBe(name === 'phone' ? 4 : 5);
        for (let i = 0; i < count; i++) {
          await applies.nth(i).scrollIntoViewIfNeeded();
          expect(await pathReachedBy(page, applies.nth(i))).toBe('/apply');
        }
        await page.close();
      });

      it('the FAQ opens one answer at a time', async () => {
        const page = await open(width, height);
        const q = (i: number) => page.getByRole('button', { name: faq[i].question });
        // The FAQ is hydrated as it comes near the screen: the first click may be held for it and replayed.
        await q(0).click();
        await page.getByText(faq[0].answer).waitFor({ state: 'visible' });
        await q(1).click();
        await page.getByText(faq[1].answer).waitFor({ state: 'visible' });
        await expect(page.getByText(faq[0].answer).isVisible()).resolves.toBe(false);
        await q(1).click();
        await expect(page.getByText(faq[1].answer).isVisible()).resolves.toBe(false);
        await page.close();
      });
    });
  }

  it('on a phone, the menu opens, its links go to origin + anchor and close it, and its Apply Now opens /apply', async () => {
    const page = await open(360, 640);
    // A <details>: its summary is the Menu button, its open state what assistive technology hears as expanded.
    const toggle = page.locator('summary', { hasText: 'Menu' });
    const expanded = () => page.locator('details.menu').evaluate((d) => (d as HTMLDetailsElement).open);
    await expect(page.getByRole('navigation', { name: 'Sections' }).isVisible()).resolves.toBe(false);
    await toggle.click();
    const menu = page.getByRole('navigation', { name: 'Sections menu' });
    await menu.getByRole('link', { name: 'FAQ' }).waitFor({ state: 'visible' });
    await screenshot(page, 'landing-phone-menu-open');
    await menu.getByRole('link', { name: 'FAQ' }).click();
    await page.waitForURL(`${server.url}/#faq`);
    await expect(expanded()).resolves.toBe(false);
    await menu.getByRole('link', { name: 'FAQ' }).waitFor({ state: 'hidden' });

    await toggle.click();
    const apply = page.locator('#mobile-menu').getByRole('link', { name: /Apply Now/ });
    await apply.waitFor({ state: 'visible' });
    expect(await pathReachedBy(page, apply)).toBe('/apply');
    await expect(expanded()).resolves.toBe(false);
    await page.close();
  });

  it('hydrates the header and the hero at load, and a part far below only as it comes near the screen', async () => {
    const page = await open(360, 640);
    const live = () =>
      page
        .locator('[data-island][data-live]')
        .evaluateAll((islands) => islands.map((island) => (island as HTMLElement).dataset.island));
    const atLoad = await live();
    expect(atLoad.slice(0, 2)).toEqual(['header', 'hero']);
    expect(atLoad).not.toContain('faq');
    // Its question, pressed as soon as it is on screen, still opens its answer.
    const question = page.getByRole('button', { name: faq[2].question });
    await question.scrollIntoViewIfNeeded();
    await question.click();
    await page.getByText(faq[2].answer).waitFor({ state: 'visible' });
    await expect(live()).resolves.toContain('faq');
    await page.close();
  });

  it("an unknown route says 'You are lost' and leads home", async () => {
    // A real 404, not the app shell with 200 (a soft 404 that search engines would index).
    const response = await fetch(`${server.url}/nope`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain(heroPairs[0].headline);
    const page = await open(360, 640);
    await page.goto(`${server.url}/nope`);
    await expect.poll(() => page.getByRole('heading', { name: 'You are lost' }).count()).toBe(1);
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await screenshot(page, 'not-found-360');
    await page.getByRole('link', { name: /home page/ }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.context().close();
  });
});
