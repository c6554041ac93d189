/**
 * A returning applicant gets the app from the phone (issue 19, item 7; decision 168): after a first visit the
 * service worker holds the applicant's chunks, so a second visit's press reaches Bio Data with the server's
 * `/assets/` gone; the API is never answered from a cache; the staff pages' chunks are never stored; and a new
 * deploy is what the next visit runs, then held whole. Under the server's real Content-Security-Policy. Each build is
 * a copy of dist/client (`npm run build`) served from a folder of its own, so that its files can be taken away.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../machines/rules/contract';
import { launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';

const built = resolve(import.meta.dirname, '../../dist/client');
let work: string;
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'bootcamp-sw-'));
  cpSync(built, join(work, 'first'), { recursive: true });
  server = await startServer({ CLIENT_DIR: join(work, 'first') });
  browser = await launchBrowser();
  // One phone for the whole file: its worker and caches carry from visit to visit.
  context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  context.setDefaultTimeout(20_000);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

/**
 * Once the app is in charge (the cohort shown), types an email never seen and presses Get Started; resolves once Bio
 * Data shows. A press before the app has come is early-taps.test.ts's; here the phone has an application saved.
 */
async function pressGetStarted(page: Page): Promise<void> {
  await page.getByText(/Applications are open for/).waitFor({ timeout: 60_000 });
  await page.getByLabel('Email address').fill(`returning.${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Get Started' }).click();
  await page.getByRole('heading', { level: 1, name: 'Bio Data' }).waitFor({ timeout: 60_000 });
}

/** The path of every request kept in the page's caches. */
const cachedPaths = (page: Page): Promise<string[]> =>
  page.evaluate(async () => {
    const found: string[] = [];
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys()) found.push(new URL(request.url).pathname);
    return found;
  });

/** The server's `/assets/` taken away while `visit` runs: only the phone can answer the scripts. */
async function withoutAssets<T>(clientDir: string, visit: () => Promise<T>): Promise<T> {
  renameSync(join(clientDir, 'assets'), join(clientDir, 'assets-away'));
  try {
    return await visit();
  } finally {
    renameSync(join(clientDir, 'assets-away'), join(clientDir, 'assets'));
  }
}

/** Every `/assets/` and `/api/` answer the page gets, and whether the worker gave it. */
function answers(page: Page): { assets: boolean[]; api: boolean[] } {
  const seen = { assets: [] as boolean[], api: [] as boolean[] };
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (path.startsWith('/assets/')) seen.assets.push(response.fromServiceWorker());
    if (path.startsWith('/api/')) seen.api.push(response.fromServiceWorker());
  });
  return seen;
}

/**
 * A second build in which the entry of `/apply` changed, as a rebuild writes it: the entry gets a new name and a line
 * that says which build runs; every chunk that imports a renamed one changes too, so it is renamed in turn; the pages
 * and the worker's list name the new files, and the worker's pages get a new revision.
 */
function deployWithChangedEntry(from: string, to: string): { oldEntry: string; newEntry: string } {
  cpSync(from, to, { recursive: true });
  const assets = join(to, 'assets');
  const manifest = JSON.parse(readFileSync(join(to, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;
  const entry = manifest['apply.html'].file.replace('assets/', '');
  const scripts = readdirSync(assets).filter((name) => name.endsWith('.js'));
  const renamed = new Map<string, string>();
  const rename = (name: string) =>
    renamed.set(name, name.replace(/-[\w-]{8}\.js$/, `-sEc0nD${String(renamed.size).padStart(2, '0')}.js`));
  rename(entry);
  for (let changed = [entry]; changed.length > 0;) {
    const name = changed.pop()!;
    for (const importer of scripts)
      if (!renamed.has(importer) && readFileSync(join(assets, importer), 'utf8').includes(name)) {
        rename(importer);
        changed.push(importer);
      }
  }
  const withNewNames = (text: string) =>
    [...renamed].reduce((result, [before, after]) => result.replaceAll(before, after), text);
  const drop = (file: string) =>
    ['', '.br', '.gz'].forEach((ext) => rmSync(join(to, file + ext), { force: true }));
  for (const [before, after] of renamed) {
    const text = withNewNames(readFileSync(join(assets, before), 'utf8'));
    drop(`assets/${before}`);
    writeFileSync(join(assets, after), before === entry ? `${text}\nwindow.tebcBuild = 'second';\n` : text);
  }
  for (const file of ['apply.html', 'app.html', 'sw.js']) {
    const text = withNewNames(readFileSync(join(to, file), 'utf8')).replace(
      /"revision":"([0-9a-f]{16})"/g,
      '"revision":"5ec0nd0000000000"',
    );
    drop(file);
    writeFileSync(join(to, file), text);
  }
  return { oldEntry: `/assets/${entry}`, newEntry: `/assets/${renamed.get(entry)!}` };
}

const buildRunning = (page: Page) =>
  page.evaluate(() => (window as unknown as { tebcBuild?: string }).tebcBuild ?? 'first');

describe('the service worker', () => {
  it("keeps the applicant's chunks and never the staff pages' after a first visit", async () => {
    const page = await context.newPage();
    await page.goto(`${server.url}/apply`);
    await pressGetStarted(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 });
    const kept = await cachedPaths(page);
    expect(kept).toContain('/apply');
    expect(kept.some((path) => /^\/assets\/BiodataScreen-.+\.js$/.test(path))).toBe(true);
    expect(kept.some((path) => /\/assets\/(StaffApp|TeamScreen|AuditScreen)-/.test(path))).toBe(false);
    expect(kept.some((path) => path.startsWith('/api/'))).toBe(false);
    await page.close();
  });

  it("takes a returning applicant's press to Bio Data with the server's scripts gone, the API from the server", async () => {
    await withoutAssets(join(work, 'first'), async () => {
      const page = await context.newPage();
      const seen = answers(page);
      await page.goto(`${server.url}/apply`);
      await pressGetStarted(page);
      expect(seen.assets.length).toBeGreaterThan(5);
      expect(seen.assets.every(Boolean)).toBe(true);
      // Each chunk answered by the browser from the precache, without waking the worker's script (docs/performance.md (former decision 203)).
      const sources = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => new URL(entry.name).pathname.startsWith('/assets/'))
          .map(
            (entry) =>
              (entry as PerformanceResourceTiming & { workerFinalSourceType?: string }).workerFinalSourceType,
          ),
      );
      expect(sources.length).toBeGreaterThan(5);
      expect(sources.every((source) => source === 'cache')).toBe(true);
      expect(seen.api.length).toBeGreaterThan(0);
      expect(seen.api.some(Boolean)).toBe(false);
      await page.close();
    });
  });

  it('answers the API from nowhere but the server, and a page from the phone only when the server is gone', async () => {
    const page = await context.newPage();
    await page.goto(`${server.url}/apply`);
    await page.getByText(/Applications are open for/).waitFor();
    await server.stop();
    // The cohort open now is the one public, cacheable answer: even it is not answered from a cache.
    const cohort = await page.evaluate(
      (url) =>
        fetch(url, { cache: 'no-store' }).then(
          (r) => String(r.status),
          () => 'failed',
        ),
      paths.currentCohort,
    );
    expect(cohort).toBe('failed');
    // Offline, `/apply` is the page precached with the chunks beside it.
    await page.goto(`${server.url}/apply`);
    await expect(page.getByRole('button', { name: 'Get Started' }).isVisible()).resolves.toBe(true);
    await page.close();
  });

  it('runs a new deploy on the next visit, and holds it whole once its worker has taken over', async () => {
    const { oldEntry, newEntry } = deployWithChangedEntry(join(work, 'first'), join(work, 'second'));
    server = await startServer({ CLIENT_DIR: join(work, 'second'), PORT: String(server.port) });
    const page = await context.newPage();
    await page.goto(`${server.url}/apply`);
    await pressGetStarted(page);
    await expect(buildRunning(page)).resolves.toBe('second');
    // The new worker installs the new build's files together, then drops the old ones.
    await expect
      .poll(
        async () => {
          const kept = await cachedPaths(page);
          return kept.includes(newEntry) && !kept.includes(oldEntry);
        },
        { timeout: 60_000, interval: 500 },
      )
      .toBe(true);
    await page.close();
    await withoutAssets(join(work, 'second'), async () => {
      const again = await context.newPage();
      await again.goto(`${server.url}/apply`);
      await pressGetStarted(again);
      await expect(buildRunning(again)).resolves.toBe('second');
      await again.close();
    });
  });
});
