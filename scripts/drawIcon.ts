/**
 * The mark, scripts/icon.svg, drawn as a PNG of `size` × `size` pixels by a browser's page: what `npm run icons`
 * writes into public/, and what tests/e2e/icons.test.ts compares the committed files with (decision 018).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';

const svg = readFileSync(resolve(import.meta.dirname, 'icon.svg'), 'utf8');
const dataUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

export async function drawIcon(page: Page, size: number): Promise<Buffer> {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<style>html,body{margin:0;background:transparent}</style><img src="${dataUrl}" width="${size}" height="${size}" alt="">`,
  );
  await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
  return page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
}
