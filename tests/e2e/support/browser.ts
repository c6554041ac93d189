/**
 * Chromium driven by playwright-core; nothing is downloaded at install or at run time. The browser is, in order:
 * `CHROME_PATH`, Debian's `/usr/bin/chromium`, then the Chromium shipped inside the `@sparticuz/chromium` npm
 * package (unpacked to the temp directory on first use), so `npm install && npm test` works on a fresh machine.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { buffer } from 'node:stream/consumers';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Download, type Page } from 'playwright-core';
import { inject } from 'vitest';

let packaged: Promise<string> | undefined;

/** Where the browser is, and which one it is (for reports). */
export async function chromePath(): Promise<string> {
  const system = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
    (p): p is string => Boolean(p) && existsSync(p!),
  );
  if (system) return system;
  // Only its executablePath(): its own launch flags (--single-process, --disable-web-security) would void the
  // CSP tests, so ours below are used instead.
  packaged ??= import('@sparticuz/chromium').then((m) => m.default.executablePath());
  return packaged;
}

/** Flags for a headless Chromium on a closed network (no background calls to Google's hosts). */
export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--autoplay-policy=no-user-gesture-required',
];

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's one Chromium, started by tests/e2e/support/browserSetup.ts. */
    browserEndpoint?: string;
  }
}

/**
 * In the browser tests, a connection to the run's one Chromium: a launch costs seconds of CPU, once a file on a
 * 2-core machine; each file still gets contexts of its own, closed when it disconnects. Elsewhere (the
 * benchmarks) a Chromium of its own.
 */
export const launchBrowser = async (): Promise<Browser> => {
  const endpoint = process.env.VITEST ? inject('browserEndpoint') : undefined;
  return endpoint
    ? chromium.connect(endpoint)
    : chromium.launch({ executablePath: await chromePath(), args: CHROME_FLAGS });
};

const axeSource = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** Runs axe-core (WCAG 2.x A and AA rules) in the page and returns what it found. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Once a document: parsing axe again cost about 100 ms a run on the same page.
  const loaded = await page.evaluate(
    () => typeof (window as unknown as { axe?: { run?: unknown } }).axe?.run === 'function',
  );
  if (!loaded) await page.addScriptTag({ content: await axeSource });
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
}

export const describeViolations = (violations: AxeViolation[]): string =>
  violations
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`)
    .join('\n');

/**
 * A full-page screenshot under test-results/screenshots/, taken only when `SCREENSHOTS=1`: nothing reads them in a
 * run, and the journeys' screenshots alone cost about 2 s of CPU each (docs/architecture.md, "Tests").
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!process.env.SCREENSHOTS) return;
  mkdirSync('test-results/screenshots', { recursive: true });
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });
}

/** A download's bytes, read through the connection: the run's Chromium is another process's (no local path). */
export const downloaded = async (download: Download): Promise<Buffer> =>
  buffer(await download.createReadStream());
