/**
 * The icons a phone fetches with every page and when it installs the wizard (issue 19, item 7; decision 018): each
 * page names one PNG tab icon, the manifest names PNG icons at the sizes Android asks for, and the server answers
 * each as a PNG image of the size it is named with. PNG, because Chromium builds a whole SVG document on the page's
 * main thread to decode an SVG icon, during the first press.
 */
import type { Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { drawIcon } from '../../scripts/drawIcon';
import { MANIFEST_ICONS, PAGE_ICON } from '../../scripts/iconSizes';
import { browser, server, serverAndBrowser } from './support/suite';

serverAndBrowser();
let page: Page;

beforeAll(async () => {
  page = await browser.newPage();
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

  it.each([PAGE_ICON, ...MANIFEST_ICONS])(
    '$file is scripts/icon.svg drawn at its size (npm run icons was run after the mark last changed)',
    async ({ file, size }) => {
      const drawing = await browser.newPage();
      try {
        const fresh = await drawIcon(drawing, size);
        const committed = readFileSync(resolve(import.meta.dirname, '../../public', file.slice(1)));
        // Compared as pixels, not bytes: another Chromium may smooth an edge, or encode, a little differently.
        const difference = await drawing.evaluate(
          async ([a, b, side]) => {
            const pixels = async (base64: string) => {
              const image = new Image();
              image.src = `data:image/png;base64,${base64}`;
              await image.decode();
              const canvas = document.createElement('canvas');
              canvas.width = canvas.height = side;
              const context = canvas.getContext('2d')!;
              context.drawImage(image, 0, 0);
              return context.getImageData(0, 0, side, side).data;
            };
            const [one, two] = [await pixels(a), await pixels(b)];
            let sum = 0;
            for (let i = 0; i < one.length; i++) sum += Math.abs(one[i]! - two[i]!);
            return sum / one.length;
          },
          [fresh.toString('base64'), committed.toString('base64'), size] as const,
        );
        // A changed colour or shape moves the mean by tens of levels; smoothing, by well under one.
        expect(difference).toBeLessThan(1);
      } finally {
        await drawing.close();
      }
    },
  );
});
