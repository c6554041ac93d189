/**
 * The other browser tests bypass the CSP so that axe-core can be injected; this one does not: every page must work
 * for a real visitor under the server's Content-Security-Policy, with nothing refused and no error in the console.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { STANDING_MESSAGES } from '../../machines/rules/standing';

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

describe('the pages under the real Content-Security-Policy', () => {
  it('the server sends a CSP that allows scripts from the site only', async () => {
    const csp = (await fetch(`${server.url}/apply`)).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
  });

  it.each([
    ['/', 'THE EMPLOYMENT BOOTCAMP'],
    ['/apply', 'Get Started'],
    ['/apply/selection-video', 'Info Video'],
    // A browser that proved nothing is asked to sign in (the banner is for accepted applicants only).
    ['/apply/confirmation', STANDING_MESSAGES.signedOut.title],
    ['/financial-aid-application', 'FINANCIAL AID APPLICATION'],
    ['/test/klump-payment', 'Instalment payment test'],
    ['/somewhere-else', 'You are lost'],
  ])('%s renders and runs with no refusal or console error', async (path, heading) => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('console', (m) => {
      // The unknown page's own document answers 404 on purpose, and Chromium logs that as a console error.
      const ownNotFound = path === '/somewhere-else' && /status of 404/.test(m.text());
      if ((m.type() === 'error' && !ownNotFound) || /Content Security Policy/i.test(m.text()))
        problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
    await expect.poll(() => page.locator('h1').first().textContent()).toContain(heading);
    expect(problems).toEqual([]);
    await page.close();
  });
});
