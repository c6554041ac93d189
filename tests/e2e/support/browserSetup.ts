/**
 * The browser files' global set-up: one Chromium for the whole run, which every file connects to
 * (tests/e2e/support/browser.ts `launchBrowser`), closed after the last file. Found and started here, in one process:
 * the packaged Chromium is unpacked to the temp directory on first use, and two files starting at once would both
 * unpack it, one launching the binary while the other is still writing it (ETXTBSY).
 */
import { chromium } from 'playwright-core';
import { CHROME_FLAGS, chromePath } from './browser';

export default async function setup(project: {
  provide: (key: 'browserEndpoint', value: string) => void;
}): Promise<() => Promise<void>> {
  const server = await chromium.launchServer({ executablePath: await chromePath(), args: CHROME_FLAGS });
  project.provide('browserEndpoint', server.wsEndpoint());
  return () => server.close();
}
