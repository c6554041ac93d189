/**
 * A failing network in Chromium against the built product (docs/decisions/022-idempotent-replays-earn-nothing.md,
 * docs/decisions/022-idempotent-replays-earn-nothing.md): script chunks that do not arrive show words and a Reload button, never a
 * blank page; a failed save shows its message within a few seconds, whether the server answered 500 or the
 * connection dropped. The times measured are logged for the record, not asserted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { paths } from '../../machines/rules/contract';
import { MESSAGES } from '../../machines/rules/messages';
import { FAILURE_COPY } from '../../src/components/FailureScreen';
import { axeViolations, describeViolations, launchBrowser, screenshot } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { chooseCountry } from './support/journey';

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

const CHUNK_TITLE = FAILURE_COPY.chunk.title;
let run = 0;

/**
 * Opens /apply with the chunks whose file name matches `blocked` failing as if the connection dropped; resolves
 * once the app is in charge of the prerendered Get Started (it names the open cohort). The app fetches the next
 * screens ahead when the browser is idle, so those fetches fail first, quietly.
 */
async function openApply(blocked?: RegExp): Promise<{ page: Page; refused: string[] }> {
  const context = await browser.newContext({ bypassCSP: true, viewport: { width: 360, height: 740 } });
  contexts.push(context);
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  const refused: string[] = [];
  await page.route(/\/assets\/[^/]+\.js$/, (route) => {
    if (!blocked?.test(route.request().url())) return route.continue();
    refused.push(route.request().url());
    return route.abort('internetdisconnected');
  });
  await page.goto(`${server.url}/apply`);
  await expect.poll(() => page.locator('h1').first().textContent()).toBe('Get Started');
  await page.getByText(/Applications are open for/).waitFor();
  return { page, refused };
}

/** The chunk of the step after Get Started, and the financial-aid page's own chunk. */
const BIODATA_CHUNK = /\/assets\/BiodataScreen-[^/]+\.js$/;
const FINANCIAL_AID_CHUNK = /\/assets\/FinancialAidApp-[^/]+\.js$/;

const heading = (page: Page) => page.locator('h1').first().textContent();
const email = () => `failure.${Date.now()}.${++run}@example.com`;

async function getStarted(page: Page, address: string) {
  await page.getByLabel('Email address').fill(address);
  await page.getByRole('button', { name: 'Get Started' }).click();
}

describe('a script chunk that does not arrive', () => {
  it('a failed fetch ahead shows nothing; the screen that needs the chunk says the page could not load; Reload works', async () => {
    const { page, refused } = await openApply(BIODATA_CHUNK);

    // The next screens are fetched ahead: Bio Data's fails, and the page carries on.
    await page.getByLabel('Email address').press('a');
    await expect.poll(() => refused.length).toBeGreaterThan(0);
    expect(await heading(page)).toBe('Get Started');

    await page.getByLabel('Email address').fill('');
    await getStarted(page, email());
    await expect.poll(() => heading(page)).toBe(CHUNK_TITLE);
    await page.waitForURL((url) => url.pathname === '/apply/biodata');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(CHUNK_TITLE);
    expect(await page.getByRole('main').count()).toBe(1);
    expect(await page.getByRole('banner').textContent()).toContain('The Employment Bootcamp');
    expect(await page.getByRole('main').textContent()).toContain('problem with the internet connection');
    expect(await page.getByRole('button', { name: 'Reload' }).isVisible()).toBe(true);
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await screenshot(page, 'failure-chunk-360');

    // The connection is back: Reload fetches the chunk and the step the person was on.
    await page.unrouteAll();
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => heading(page)).toBe('Bio Data');
    expect(new URL(page.url()).pathname).toBe('/apply/biodata');
    expect(await page.getByLabel('First Name').isVisible()).toBe(true);
  });

  it('after a fetch ahead failed offline, the screen that needs the chunk once back online gets there by itself', async () => {
    // Chromium keeps a module that failed as failed for the page's life, so the way to the chunk is a new page:
    // the app reloads by itself once the server answers, and the person lands on the step they were going to.
    const { page, refused } = await openApply(BIODATA_CHUNK);
    await page.getByLabel('Email address').press('a');
    await expect.poll(() => refused.length).toBeGreaterThan(0);
    expect(await heading(page)).toBe('Get Started');
    await page.unrouteAll();

    await page.getByLabel('Email address').fill('');
    await getStarted(page, email());
    await expect.poll(() => heading(page)).toBe('Bio Data');
    expect(new URL(page.url()).pathname).toBe('/apply/biodata');
    expect(await page.getByLabel('First Name').isVisible()).toBe(true);
  });

  it('the financial-aid page, a chunk of its own, shows the same screen as a whole page', async () => {
    const { page } = await openApply(FINANCIAL_AID_CHUNK);
    // A link inside the app: the router loads the financial-aid chunk instead of a new document.
    await page.evaluate(() => {
      history.pushState(null, '', '/financial-aid-application');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect.poll(() => heading(page)).toBe(CHUNK_TITLE);
    expect(await page.getByRole('main').count()).toBe(1);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(CHUNK_TITLE);
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await page.unrouteAll();
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => heading(page)).toBe('FINANCIAL AID APPLICATION');
  });
});

describe('under the real Content-Security-Policy', () => {
  it('the chunk-failure page and its check of the server run with nothing refused', async () => {
    const context = await browser.newContext();
    contexts.push(context);
    const page = await context.newPage();
    const refusals: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) refusals.push(m.text());
    });
    let asked = 0;
    await page.route(/\/assets\/FinancialAidApp-[^/]+\.js$/, (route) => {
      asked++;
      return route.abort('internetdisconnected');
    });
    await page.goto(`${server.url}/financial-aid-application`);
    // A cold load of the app, then the failed import: 1.6-2.7 s on a loaded machine, past expect.poll's default 1 s.
    await expect.poll(() => heading(page)).toBe(CHUNK_TITLE);
    // The import, then the boundary's HEAD to see whether the server answers again (it does not: no reload).
    await expect.poll(() => asked).toBe(2);
    expect(await heading(page)).toBe(CHUNK_TITLE);
    expect(refusals).toEqual([]);
  });
});

/** Bio data and communications filled in, up to the confirm dialog of the save that creates the application. */
async function upToCreate(page: Page) {
  await getStarted(page, email());
  await expect.poll(() => heading(page)).toBe('Bio Data');
  await page.getByLabel('First Name').fill('Ada');
  await page.getByLabel('Last Name').fill('Obi');
  await page.getByLabel('Female').check();
  await chooseCountry(page);
  await page.getByLabel('Country and City of Residence').fill('Nigeria, Lagos');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect.poll(() => heading(page)).toBe('Communications');
  await page.getByLabel('Phone number').fill(`+234 803 ${String(100_0000 + run).slice(-7)}`);
  await page.getByLabel('On social media').check();
  await page.getByLabel(/I have read the privacy notice/).check();
  await page.getByRole('button', { name: 'Save and continue' }).click();
}

/** Confirms the save and returns how long the message took to show, in ms. */
async function confirmAndTime(page: Page, message: string): Promise<number> {
  const started = Date.now();
  await page.getByRole('button', { name: 'Yes, continue' }).click();
  await page.locator('.error-summary', { hasText: message }).waitFor({ state: 'visible' });
  return Date.now() - started;
}

describe('a failed save shows its message within a few seconds', () => {
  it('a 500 from the server: its message, after one attempt', async () => {
    const { page } = await openApply();
    let attempts = 0;
    await page.route(`**${paths.create}`, (route) => {
      attempts++;
      return route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Something went wrong on our side. Please try again.' }),
      });
    });
    await upToCreate(page);
    const ms = await confirmAndTime(page, 'Something went wrong on our side. Please try again.');
    console.info(`failed save, 500: message shown ${ms} ms after 'Yes, continue'`);
    expect(attempts).toBe(1);
    expect(await page.getByRole('button', { name: 'Save and continue' }).isEnabled()).toBe(true);
    expect(await heading(page)).toBe('Communications');
  });

  it('a dropped connection: retried twice, then the fallback message; once the line is back, the save works', async () => {
    const { page } = await openApply();
    let attempts = 0;
    await page.route(`**${paths.create}`, (route) => {
      attempts++;
      return route.abort('connectionreset');
    });
    await upToCreate(page);
    const ms = await confirmAndTime(page, MESSAGES.genericSave);
    console.info(`failed save, dropped connection: message shown ${ms} ms after 'Yes, continue'`);
    expect(attempts).toBe(3);
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);

    await page.unrouteAll();
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByRole('button', { name: 'Yes, continue' }).click();
    await page.getByRole('button', { name: 'Enter the code' }).click();
    await expect.poll(() => heading(page)).toBe('Verify your email address');
  });
});
