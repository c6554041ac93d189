/**
 * `/apply`, where every Apply Now lands, is Get Started prerendered (apply.html, decision 085): the field is in the
 * first HTML and takes typing before any script has run; the app, fetched after the page has loaded, hydrates it
 * keeping what was typed and answers a press made before it came. Reads the built app in dist/ (`npm run build`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../machines/rules';
import { COMPILE_HINT } from '../../scripts/compileHints';
import { axeViolations, describeViolations, launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ SUPPORT_EMAIL: 'help@bootcamp.example' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Console errors and uncaught errors (React reports a hydration mismatch as one). */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/**
 * Opens /apply with every script of the app held back until `release()`, its entry included: what the page does
 * before the scripts arrive on a slow connection. Only the few lines written into the page itself run (they hold
 * an early press and start the entry after the first paint, decision 085).
 */
async function openWithAppHeld(
  viewport = { width: 360, height: 740 },
): Promise<{ page: Page; errors: string[]; release: () => void }> {
  const page = await browser.newPage({ viewport, bypassCSP: true });
  const errors = watchErrors(page);
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/apply-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(`${server.url}/apply`, { waitUntil: 'load' });
  return { page, errors, release };
}

/** The machine runs once the cohort line replaces 'Loading the current cohort…'. */
const hydrated = (page: Page) => page.getByText(/Applications are open for/).waitFor();

describe('/apply prerendered', () => {
  it('sends the email field, its button and its styles in the first HTML, with no stylesheet to wait for', async () => {
    const response = await fetch(`${server.url}/apply`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<label for="field-email">Email address<\/label>/);
    expect(html).toMatch(/<input[^>]*name="email"/);
    expect(html).toMatch(/<button type="submit" class="button">Get Started<\/button>/);
    expect(html).toContain('<style>');
    expect(html).not.toMatch(/<link rel="stylesheet"/);
    // Every script of the first press's wave begins with the compile hint, as it is served (docs/performance.md (former decision 212)).
    const wave = [...new Set([...html.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]))];
    expect(wave.length).toBeGreaterThan(5);
    for (const script of wave) {
      const body = await (await fetch(`${server.url}${script}`)).text();
      expect(body.split('\n')[0], script).toBe(COMPILE_HINT);
    }
    // And no other script: a file whose functions mostly do not run at load would be compiled for nothing.
    const assets = resolve(import.meta.dirname, '../../dist/client/assets');
    const hinted = readdirSync(assets)
      .filter((file) => file.endsWith('.js'))
      .filter((file) => readFileSync(resolve(assets, file), 'utf8').startsWith(`${COMPILE_HINT}\n`))
      .map((file) => `/assets/${file}`);
    expect(hinted.sort()).toEqual([...wave].sort());
    // The runtime configuration is written in, as in the app shell.
    expect(html).toMatch(/<meta name="app-config" content="[^"]*help@bootcamp\.example/);
    // A deep link paints that the application is opening, never a later step's form (decision 085).
    const deep = await (await fetch(`${server.url}/apply/biodata`)).text();
    expect(deep).toContain(`<h1 class="opening">${MESSAGES.openingApplication}</h1>`);
    expect(deep).not.toMatch(/<input|<form/);
    expect(deep).not.toContain('<video');
    // The selection video's page shows its poster at once, beside the scripts (decision 224).
    const video = await (await fetch(`${server.url}/apply/selection-video`)).text();
    expect(video).toMatch(
      /<video class="video-screen__video opening__poster" poster="\/media\/selection-video\.jpg"/,
    );
  });

  it('shows the field styled, and takes typing, with JavaScript off', async () => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 360, height: 740 },
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/apply`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Get Started');
    const field = page.getByLabel('Email address');
    await field.fill('ada@example.com');
    await expect(field.inputValue()).resolves.toBe('ada@example.com');
    // The inlined CSS applies: the button is the site's, not the browser's grey default.
    const background = await page
      .getByRole('button', { name: 'Get Started' })
      .evaluate((b) => getComputedStyle(b).backgroundColor);
    expect(background).not.toBe('rgb(239, 239, 239)');
    await context.close();
  });

  it.each([
    ['/apply', /\/assets\/apply-[^/]+\.js$/],
    ['/', /\/assets\/index-[^/]+\.js$/],
  ])('%s asks for its scripts only once its largest paint is on screen', async (path, entry) => {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    try {
      await page.addInitScript(() => {
        const shown: number[] = [];
        (window as unknown as { shown: number[] }).shown = shown;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & { renderTime: number })[])
            shown.push(e.renderTime || e.startTime);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      await page.goto(`${server.url}${path}`, { waitUntil: 'load' });
      await page.waitForFunction(
        (source) => performance.getEntriesByType('resource').some((r) => new RegExp(source).test(r.name)),
        entry.source,
      );
      const { shown, requested } = await page.evaluate(
        (source) => ({
          shown: (window as unknown as { shown: number[] }).shown,
          requested: performance.getEntriesByType('resource').find((r) => new RegExp(source).test(r.name))!
            .startTime,
        }),
        entry.source,
      );
      expect(shown.length).toBeGreaterThan(0);
      expect(requested).toBeGreaterThanOrEqual(shown[0]!);
    } finally {
      await page.close();
    }
  });

  it('keeps what was typed before the app came, with no hydration error, and goes on to Bio Data', async () => {
    const { page, errors, release } = await openWithAppHeld();
    const field = page.getByLabel('Email address');
    await field.fill(`early.${Date.now()}@example.com`);
    const typed = await field.inputValue();
    await page.getByText('Loading the current cohort…').waitFor();
    release();
    await hydrated(page);
    await expect(field.inputValue()).resolves.toBe(typed);
    // The person typing keeps the focus: the app does not move it to the heading when it takes over.
    await expect(field.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await page.getByRole('button', { name: 'Get Started' }).click();
    await page.getByRole('heading', { level: 1, name: 'Bio Data' }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it.each([
    { width: 360, height: 740 },
    { width: 1280, height: 800 },
  ])(
    'keeps Get Started where a finger found it when the cohort and its fee replace the loading line (%o)',
    async (viewport) => {
      const { page, errors, release } = await openWithAppHeld(viewport);
      const button = page.getByRole('button', { name: 'Get Started' });
      await page.getByText('Loading the current cohort…').waitFor();
      const before = (await button.boundingBox())!.y;
      release();
      // The sentence a new applicant reads: the cohort, then its fee (decision 244).
      await page
        .getByText(
          /Applications are open for Cohort \d+\. The commitment fee is N[\d,]+ \(Nigeria\) or \$\d+ \(international\), paid once you are selected\./,
        )
        .waitFor();
      expect((await button.boundingBox())!.y).toBe(before);
      expect(errors).toEqual([]);
      await page.close();
    },
  );

  it('keeps an email typed before the app came through a reload of the page', async () => {
    const { page, errors, release } = await openWithAppHeld();
    const email = `reload.${Date.now()}@example.com`;
    await page.getByLabel('Email address').fill(email);
    await page.reload({ waitUntil: 'load' });
    release();
    await hydrated(page);
    await expect.poll(() => page.getByLabel('Email address').inputValue()).toBe(email);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('answers Get Started pressed before the app came once it has: no reload, no email in the address', async () => {
    const { page, errors, release } = await openWithAppHeld();
    await page.getByLabel('Email address').fill(`press.${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Get Started' }).click();
    expect(new URL(page.url()).search).toBe('');
    release();
    await page.getByRole('heading', { level: 1, name: 'Bio Data' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/apply/biodata');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('answers an early press of an email that is not one with Get Started, its error summary focused', async () => {
    const { page, errors, release } = await openWithAppHeld();
    const lookups: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/get-application/')) lookups.push(r.url());
    });
    await page.getByLabel('Email address').fill('not-an-email');
    await page.getByRole('button', { name: 'Get Started' }).click();
    release();
    // docs/performance.md (former decision 211): the app renders Get Started afresh with the machine's answer to the held press.
    const summary = page.getByRole('alert').filter({ hasText: MESSAGES.emailFormat });
    await summary.waitFor();
    await expect(summary.evaluate((box) => box === document.activeElement)).resolves.toBe(true);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Get Started');
    await expect(page.getByLabel('Email address').inputValue()).resolves.toBe('not-an-email');
    await expect(page.title()).resolves.toMatch(/^Error: /);
    // Nothing was asked of the server for it, the button is no longer busy, and the address did not move.
    expect(lookups).toEqual([]);
    const button = page.getByRole('button', { name: 'Get Started' });
    await expect(button.getAttribute('aria-busy')).resolves.toBeNull();
    expect(new URL(page.url()).pathname).toBe('/apply');
    // Mended, the same screen goes on.
    await page.getByLabel('Email address').fill(`mended.${Date.now()}@example.com`);
    await button.click();
    await page.getByRole('heading', { level: 1, name: 'Bio Data' }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('says what is wrong with an email typed early, in the catalogue words, after hydration', async () => {
    const { page, release } = await openWithAppHeld();
    await page.getByLabel('Email address').fill('not-an-email');
    release();
    await hydrated(page);
    await page.getByRole('button', { name: 'Get Started' }).click();
    await page.getByText(MESSAGES.emailFormat).first().waitFor();
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Get Started');
    await page.close();
  });

  it('is accessible once hydrated (axe)', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 }, bypassCSP: true });
    await page.goto(`${server.url}/apply`, { waitUntil: 'networkidle' });
    await hydrated(page);
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await page.close();
  });

  it('a returning browser sees its saved email in the field after hydration', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/apply`, { waitUntil: 'networkidle' });
    await hydrated(page);
    const email = `saved.${Date.now()}@example.com`;
    await page.getByLabel('Email address').fill(email);
    await page.reload({ waitUntil: 'networkidle' });
    await hydrated(page);
    await expect(page.getByLabel('Email address').inputValue()).resolves.toBe(email);
    await context.close();
  });

  it.each([
    ['fetches Bio Data ahead once the browser is idle', false],
    ['under Save-Data, fetches Bio Data only at the first key press', true],
  ])('%s', async (_name, saveData) => {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    if (saveData)
      await page.addInitScript(() =>
        Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true }),
      );
    const bioData: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/BiodataScreen-[^/]+\.js$/.test(request.url())) bioData.push(request.url());
    });
    await page.goto(`${server.url}/apply`, { waitUntil: 'networkidle' });
    await hydrated(page);
    if (!saveData) {
      await expect.poll(() => bioData.length).toBe(1);
    } else {
      // The idle fetch would have started within its 5-second deadline (requestIdleCallback's timeout).
      await page.waitForTimeout(6_000);
      expect(bioData).toEqual([]);
      await page.getByLabel('Email address').press('a');
      await expect.poll(() => bioData.length).toBe(1);
    }
    await page.close();
  });
});
