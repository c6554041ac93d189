/**
 * What the phone-profile benches read from the page: by the DevTools protocol, never by Playwright's own script in
 * the page (docs/performance.md (former decision 204)), and beside Lighthouse's measure of the machine they ran on.
 */
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import type { Browser, CDPSession } from 'playwright-core';
import { median } from '../support/report';

/**
 * Asks the page `expression` by the DevTools protocol every `everyMs` until it gives a value (neither null, undefined
 * nor false), and returns it; after 60 s, fails saying `what` was not seen. Not with Playwright's `waitForFunction`:
 * its first call evaluates Playwright's own injected script in the page, about 150 ms of the phone's main thread at
 * 4x in the middle of the press, which no person's phone runs (docs/performance.md (former decision 204)).
 */
export async function askUntil<T>(
  phone: CDPSession,
  expression: string,
  everyMs: number,
  what: string,
): Promise<T> {
  const give = Date.now() + 60_000;
  for (;;) {
    const { result } = (await phone.send('Runtime.evaluate', { expression, returnByValue: true })) as {
      result: { value?: T | null | false };
    };
    if (result.value !== undefined && result.value !== null && result.value !== false) return result.value;
    if (Date.now() > give) throw new Error(`${what} was not seen within 60 s`);
    await new Promise((next) => setTimeout(next, everyMs));
  }
}

/**
 * A script to install in the page before its own: from the first frame on, it notes the first animation frame in
 * which the page's h1 is visible and its words pass `accepts`, a JavaScript expression of `words` (the h1's trimmed
 * text): the page's own clock (`window.__headingAt`, ms from navigation start) and the words (`window.__heading`).
 * Plain JavaScript in a string, so that no compiler helper leaks into the page.
 */
export const headingProbe = (accepts: string): string => `
(() => {
  const frame = () => {
    const h = document.querySelector('h1');
    const words = h ? h.textContent.trim() : '';
    if (h && (${accepts}) && h.checkVisibility()) {
      window.__headingAt = performance.now();
      window.__heading = words;
    } else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();
`;

/**
 * When the page noted its heading (`headingProbe`), and the words, once it has: the page notes the time itself, so
 * how often this asks (every 100 ms) is only load.
 */
export const headingSeen = (phone: CDPSession, what: string): Promise<{ at: number; words: string }> =>
  askUntil(
    phone,
    'window.__headingAt !== undefined && { at: window.__headingAt, words: window.__heading }',
    100,
    what,
  );

/**
 * Lighthouse's benchmark index of this machine (the median of three readings, each a second long), read in a page of
 * the measuring browser without throttling: the 4× slowdown is of this machine's speed, so the same build reads
 * faster on a faster machine, and the figures of two sessions compare only beside it (docs/performance.md).
 */
export async function benchmarkIndex(browser: Browser): Promise<number> {
  const page = await browser.newPage();
  try {
    const readings: number[] = [];
    for (let i = 0; i < 3; i++)
      readings.push(await page.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`));
    return median(readings);
  } finally {
    await page.close();
  }
}
