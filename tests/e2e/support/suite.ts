/**
 * The built product's server and a Chromium for the test file that calls `serverAndBrowser`: started before its
 * tests, stopped after them. `server` and `browser` are live bindings (each test file has its own copy of this
 * module): read them inside tests and hooks, never while the file is being loaded. Beside them, what the test
 * files ask of that browser alike: fresh contexts closed after the file, and a page axe finds nothing on.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { axeViolations, describeViolations, launchBrowser } from './browser';
import { startServer, type RunningServer } from './server';

export let server: RunningServer;
export let browser: Browser;

export function serverAndBrowser(env: Record<string, string> = {}): void {
  beforeAll(async () => {
    // Side by side: the browser starts while the server opens its database. Each that started is kept for
    // afterAll even when the other failed, so no server outlives its file (a failed launch had left one running).
    const [started, launched] = await Promise.allSettled([startServer(env), launchBrowser()]);
    if (started.status === 'fulfilled') server = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    for (const result of [started, launched]) if (result.status === 'rejected') throw result.reason;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
}

/**
 * Opens a fresh context (CSP bypassed, 10 s for each action) and its page at `viewport` unless told another; every
 * context it opened is closed after the file's tests. Call it while the file is being loaded.
 */
export function contextOpener(
  viewport = { width: 1280, height: 900 },
): (size?: typeof viewport) => Promise<{ context: BrowserContext; page: Page }> {
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
  });
  return async (size = viewport) => {
    const context = await browser.newContext({ bypassCSP: true, viewport: size });
    context.setDefaultTimeout(10_000);
    contexts.push(context);
    return { context, page: await context.newPage() };
  };
}

export async function expectNoAxeViolations(page: Page): Promise<void> {
  const violations = await axeViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

/** The open dialog (native or ARIA) whose heading is `title`, once that heading shows. */
export async function openDialog(page: Page, title: string): Promise<Locator> {
  const heading = page.getByRole('heading', { name: title, exact: true });
  await heading.waitFor({ timeout: 30_000 });
  return page.locator('dialog, [role="dialog"], [role="alertdialog"]').filter({ has: heading }).last();
}
