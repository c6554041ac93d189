/**
 * The landing page's narrow-screen rules win over the base ones (issue 22): at 360 px a partner's logo tile keeps
 * the tighter padding, so the logo has room. Reads the built app in dist/ (`npm run build`).
 */
import { describe, expect, it } from 'vitest';
import { browser, server, serverAndBrowser } from './support/suite';

serverAndBrowser();

/** A partner tile's padding, in px, at this screen width. */
async function partnerPadding(width: number): Promise<string> {
  const page = await browser.newPage({ viewport: { width, height: 800 } });
  await page.goto(`${server.url}/`, { waitUntil: 'load' });
  const padding = await page
    .locator('.partner-slider .slider-item')
    .first()
    .evaluate((tile) => getComputedStyle(tile).paddingTop);
  await page.close();
  return padding;
}

describe("the partners' logos", () => {
  it('have half a rem of padding on a 360 px phone and three quarters on a laptop', async () => {
    expect(await partnerPadding(360)).toBe('8px');
    expect(await partnerPadding(1280)).toBe('12px');
  });
});
