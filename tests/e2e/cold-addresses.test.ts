/**
 * Every address a person can open cold (a returning applicant, a link in an email, staff) paints from its first
 * response: the page's frame and words that say it is opening, with its CSS written in, before any script has run
 * (docs/decisions/085-apply-prerendered.md). The words claim nothing the app may take back:
 * someone without an application who opens a later step is taken to Get Started once the app has come. Reads the
 * built app in dist/ (`npm run build`).
 */
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../machines/rules';
import { APP_PAGES } from '../../machines/pages';
import { STAFF_PAGE } from '../../machines/rules/pages';
import { STAFF_MESSAGES } from '../../machines/rules/staff/messages';
import { staffPaths } from '../../machines/rules/staff/paths';
import { APP_ENTRY, chunkClosure, readViteManifest } from '../../scripts/viteManifest';
import { axeViolations, describeViolations, launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Every page the app shell answers, but Get Started (prerendered as itself: tests/e2e/apply-prerender.test.ts). */
const COLD = [...APP_PAGES].filter((path) => path !== '/apply');

/**
 * Opens `path` in a fresh context with every script held back until `release()`: the page as its HTML paints it.
 * `asked` lists the paths it has asked for, from the first.
 */
async function openWithScriptsHeld(
  path: string,
): Promise<{ page: Page; release: () => void; asked: string[] }> {
  // bypassCSP: axe is injected as an inline script, which the server's policy rightly refuses.
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, bypassCSP: true });
  const page = await context.newPage();
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(`${server.url}${path}`, { waitUntil: 'load' });
  return { page, release, asked };
}

/**
 * What a wizard address's lines ask for once it has painted: the app's entry and every chunk it imports, as the build
 * lists them (scripts/prerender.ts reads the same manifest the same way).
 */
function wizardWave(): string[] {
  return [...chunkClosure(readViteManifest(resolve(import.meta.dirname, '../../dist/client')), [APP_ENTRY])];
}

describe('addresses opened cold', () => {
  it.each([...COLD.map((path) => [path, MESSAGES.openingApplication]), [STAFF_PAGE, STAFF_MESSAGES.opening]])(
    '%s paints "%s" before any script, styled, with no axe violations',
    async (path, words) => {
      const { page, release } = await openWithScriptsHeld(path);
      try {
        await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(words);
        // Nothing of a screen the person may not be allowed to open: no form, no field, no step counter.
        await expect(
          page.locator('#root form, #root input, [data-testid="step-counter"]').count(),
        ).resolves.toBe(0);
        // Its CSS is in the page: the heading is the site's green, with no stylesheet to wait for.
        await expect(page.locator('link[rel="stylesheet"]').count()).resolves.toBe(0);
        const colour = await page.locator('h1').evaluate((h) => getComputedStyle(h).color);
        expect(colour).toBe('rgb(11, 61, 46)');
        const violations = await axeViolations(page);
        expect(violations, describeViolations(violations)).toEqual([]);
      } finally {
        release();
        await page.context().close();
      }
    },
  );

  it('gives way to the screen this person may see: without an application, a later step becomes Get Started', async () => {
    const { page, release } = await openWithScriptsHeld('/apply/biodata');
    try {
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
        MESSAGES.openingApplication,
      );
      release();
      await page.getByRole('heading', { level: 1, name: 'Get Started' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/apply');
      await expect(page.getByText(MESSAGES.openingApplication).count()).resolves.toBe(0);
    } finally {
      await page.context().close();
    }
  });

  it("the selection video opens with its poster at the player's size: the largest paint is the first response's (decision 224)", async () => {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    try {
      await context.addInitScript(() => {
        const largest: string[] = [];
        (window as { largest?: string[] }).largest = largest;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            const element = (entry as unknown as { element: Element | null }).element;
            largest.push(element ? `${element.tagName} ${element.className}` : 'gone');
          }
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      const page = await context.newPage();
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
        await released;
        await route.continue();
      });
      await page.goto(`${server.url}/apply/selection-video`, { waitUntil: 'load' });
      const poster = page.locator('video.opening__poster');
      const painted = await poster.boundingBox();
      const posterSrc = await poster.getAttribute('poster');
      const largest = () => page.evaluate(() => (window as { largest?: string[] }).largest ?? []);
      // The heading may paint first; the poster, larger, is the page's largest paint before any script has run.
      await expect
        .poll(async () => (await largest()).at(-1))
        .toBe('VIDEO video-screen__video opening__poster');
      const beforeScripts = await largest();
      release();
      await page.getByRole('heading', { level: 1, name: 'Info Video' }).waitFor();
      const player = page.locator('video.video-screen__video');
      await expect(player.getAttribute('poster')).resolves.toBe(posterSrc);
      const shown = await player.boundingBox();
      // The player's box is the poster's: its poster repeats the largest paint instead of making a later one.
      expect([shown?.width, shown?.height]).toEqual([painted?.width, painted?.height]);
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 200))));
      // The app's screen and player added no larger paint.
      await expect(largest()).resolves.toEqual(beforeScripts);
    } finally {
      await context.close();
    }
  });

  it('asks for the back office with the app on /staff, before any script has run (docs/performance.md (former decision 209))', async () => {
    const staff = await openWithScriptsHeld(STAFF_PAGE);
    const wizard = await openWithScriptsHeld('/apply/biodata');
    const asksFor = (asked: string[], chunk: RegExp) => () => asked.some((path) => chunk.test(path));
    try {
      // The page's lines start the wave once the largest paint is shown: waited for, no script of the app having run.
      await expect.poll(asksFor(staff.asked, /^\/assets\/StaffApp-[\w-]+\.js$/)).toBe(true);
      await expect.poll(asksFor(staff.asked, /^\/assets\/StaffApp-[\w-]+\.css$/)).toBe(true);
      // And who is signed in, which every staff page asks first.
      await expect.poll(asksFor(staff.asked, new RegExp(`^${staffPaths.me}$`))).toBe(true);
      // A wizard address asks for the app alone: the back office is not the applicant's. Read once the page has asked
      // for every chunk of the app, in whatever order its lines list them.
      const wave = wizardWave();
      expect(wave.length).toBeGreaterThan(0);
      await expect.poll(() => wave.every((url) => wizard.asked.includes(url))).toBe(true);
      expect(wizard.asked.filter((path) => path.includes('StaffApp'))).toEqual([]);
    } finally {
      for (const opened of [staff, wizard]) {
        opened.release();
        await opened.page.context().close();
      }
    }
  });

  it.each([
    [
      '/financial-aid-application',
      /\/assets\/FinancialAidApp-[\w-]+\.js$/,
      MESSAGES.openingApplication,
      'FINANCIAL AID APPLICATION',
    ],
    [STAFF_PAGE, /\/assets\/StaffApp-[\w-]+\.js$/, STAFF_MESSAGES.opening, 'Staff sign in'],
  ])(
    '%s stays as it opened while its own chunk comes, and nothing shifts (docs/performance.md (former decision 210))',
    async (path, chunk, opening, screen) => {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
      try {
        await context.addInitScript(() => {
          const shifts: number[] = [];
          (window as { shifts?: number[] }).shifts = shifts;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
          }).observe({ type: 'layout-shift', buffered: true });
          // The heading the HTML painted, marked: a heading without the mark is the app's.
          document.addEventListener('DOMContentLoaded', () => {
            const painted = document.querySelector('h1');
            if (painted) (painted as { painted?: boolean }).painted = true;
          });
        });
        const page = await context.newPage();
        let release = () => {};
        const released = new Promise<void>((resolve) => (release = resolve));
        let asked = false;
        await page.route(chunk, async (route) => {
          asked = true;
          await released;
          await route.continue();
        });
        await page.goto(`${server.url}${path}`);
        // The app has run and waits for the page's chunk: its own heading (not the one painted) says the same words.
        await expect.poll(() => asked).toBe(true);
        const rendered = await page.waitForFunction(() => {
          const heading = document.querySelector('h1');
          return heading && !(heading as { painted?: boolean }).painted ? heading.textContent : null;
        });
        await expect(rendered.jsonValue()).resolves.toBe(opening);
        await expect(page.getByText('Loading…', { exact: true }).count()).resolves.toBe(0);
        release();
        await page.getByRole('heading', { level: 1, name: screen }).waitFor();
        await expect(page.evaluate(() => (window as { shifts?: number[] }).shifts)).resolves.toEqual([]);
      } finally {
        await context.close();
      }
    },
  );

  it('gives way to staff sign-in on /staff for someone not signed in', async () => {
    const { page, release, asked } = await openWithScriptsHeld(STAFF_PAGE);
    try {
      release();
      await page.getByLabel('Work email address').waitFor();
      await expect(page.getByText(STAFF_MESSAGES.opening).count()).resolves.toBe(0);
      // The answer the page asked for with its scripts is the one the back office read: the server was asked once.
      expect(asked.filter((path) => path === staffPaths.me)).toHaveLength(1);
    } finally {
      await page.context().close();
    }
  });
});
