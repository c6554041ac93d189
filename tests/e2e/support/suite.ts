/**
 * The built product's server and a Chromium for the test file that calls `serverAndBrowser`: started before its
 * tests, stopped after them. `server` and `browser` are live bindings (each test file has its own copy of this
 * module): read them inside tests and hooks, never while the file is being loaded.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { startServer, type RunningServer } from './server';

export let server: RunningServer;
export let browser: Browser;

export function serverAndBrowser(env: Record<string, string> = {}): void {
  beforeAll(async () => {
    server = await startServer(env);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
}
