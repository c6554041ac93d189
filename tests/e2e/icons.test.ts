/**
 * The icons a phone fetches with every page and when it installs the wizard (issue 19, item 7; decision 213): each
 * page names one PNG tab icon, the manifest names PNG icons at the sizes Android asks for, and the server answers
 * each as a PNG image of the size it is named with. PNG, because Chromium builds a whole SVG document on the page's
 * main thread to decode an SVG icon, during the first press.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await browser.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The width and height the browser decodes an image at, and the type the server gave it. */
async function decoded(url: string): Promise<{ type: string | null; width: number; height: number }> {
  const response = await fetch(url);
  const size = await page.evaluate(async (src) => {
    const image = new Image();
    image.src = src;
    await image.decode();
    return { width: image.naturalWidth, height: image.naturalHeight };
  }, url);
  return { type: response.headers.get('content-type'), ...size };
}

describe('the icons', () => {
  it.each(['/', '/apply', '/apply/biodata', '/staff', '/privacy'])(
    '%s names one tab icon, a 32 px PNG',
    async (path) => {
      await page.goto(`${server.url}${path}`);
      const icons = await page.locator('link[rel="icon"]').evaluateAll((links) =>
        links.map((link) => ({
          href: (link as HTMLLinkElement).href,
          type: link.getAttribute('type'),
          sizes: link.getAttribute('sizes'),
        })),
      );
      expect(icons).toHaveLength(1);
      expect(icons[0]).toMatchObject({ type: 'image/png', sizes: '32x32' });
      await expect(decoded(icons[0]!.href)).resolves.toEqual({ type: 'image/png', width: 32, height: 32 });
    },
  );

  it('makes the wizard installable with PNG icons of 192 and 512 px, each answered at its size', async () => {
    await page.goto(`${server.url}/apply`);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = (await (await fetch(new URL(href!, server.url))).json()) as {
      start_url: string;
      icons: { src: string; sizes: string; type: string }[];
    };
    expect(manifest.start_url).toBe('/apply');
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(['192x192', '512x512']);
    for (const icon of manifest.icons) {
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(icon.type).toBe('image/png');
      await expect(decoded(new URL(icon.src, server.url).href)).resolves.toEqual({
        type: 'image/png',
        width,
        height,
      });
    }
  });
});
