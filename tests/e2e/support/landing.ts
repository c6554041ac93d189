/**
 * The landing page's islands in a real browser (src/landing/islands.tsx): the header and the hero are hydrated once
 * the page has loaded, every other island as it comes near the screen (decision 018).
 */
import type { Page } from 'playwright-core';

/** The page's script has run: the hero, hydrated at load, is live. */
export const waitForLandingScript = (page: Page) =>
  page.waitForSelector('[data-island="hero"][data-live]', { state: 'attached' });

/** Scrolls to every island in turn, as a reader would, until each is live; returns their names. */
export async function hydrateEveryIsland(page: Page): Promise<string[]> {
  await waitForLandingScript(page);
  const names = await page
    .locator('[data-island]')
    .evaluateAll((islands) => islands.map((island) => (island as HTMLElement).dataset.island!));
  for (const name of names) {
    await page.locator(`[data-island="${name}"] > *`).first().scrollIntoViewIfNeeded();
    await page.waitForSelector(`[data-island="${name}"][data-live]`, { state: 'attached' });
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  return names;
}
