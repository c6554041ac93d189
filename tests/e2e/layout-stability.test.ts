/**
 * Pages opened by a deep link do not move under the reader while they load (Lighthouse's Cumulative Layout Shift,
 * goal ≤ 0.02 in docs/performance.md): the browser's own layout-shift entries, summed, on a phone-sized window. The
 * screens after submission load their code lazily; 'Sign out' under them once came before the screen and was pushed
 * down the page when it arrived (0.44). Reads the built app in dist/ (`npm run build`).
 */
import { describe, expect, it } from 'vitest';
import { browser, server, serverAndBrowser } from './support/suite';

serverAndBrowser();

describe('layout stability while a page loads', () => {
  it.each([
    ['/', 'THE EMPLOYMENT BOOTCAMP'],
    ['/apply', 'Applications are open for'],
    ['/apply/selection-video', 'Info Video'],
  ])('%s: the layout shifts add up to at most 0.02', async (path, text) => {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { shifts: number[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
          shifts.push(entry.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
    await page.getByText(text).first().waitFor();
    const total = await page.evaluate(() =>
      (window as unknown as { shifts: number[] }).shifts.reduce((sum, value) => sum + value, 0),
    );
    expect(total).toBeLessThanOrEqual(0.02);
    await page.close();
  });

  // A shift small by that sum can still move a button from under a finger pressing it: the cohort's line arrives
  // as the app takes over Get Started, the moment a person has typed the email and presses (decision 018).
  it.each([360, 390, 412, 1280])(
    '/apply at %i px: Get Started stays where it was painted when the cohort arrives',
    async (width) => {
      const page = await browser.newPage({ viewport: { width, height: 800 } });
      await page.addInitScript(() =>
        document.addEventListener('DOMContentLoaded', () => {
          const button = document.querySelector('form button[type="submit"]');
          (window as unknown as { painted?: number }).painted = button?.getBoundingClientRect().top;
        }),
      );
      await page.goto(`${server.url}/apply`);
      await page.getByText('Applications are open for').waitFor();
      const { painted, now } = await page.evaluate(() => ({
        painted: (window as unknown as { painted?: number }).painted,
        now: document.querySelector('form button[type="submit"]')?.getBoundingClientRect().top,
      }));
      expect(painted, 'the prerendered page shows Get Started').toBeGreaterThan(0);
      expect(now).toBe(painted);
      await page.close();
    },
  );
});
