/**
 * `npm run icons`: the PNG icons in public/ drawn from scripts/icon.svg, the one drawing of the mark. A phone's
 * browser decodes an SVG icon by building a whole SVG document on the page's main thread, during the first press;
 * a PNG is a plain image decode (decision 213). Run it again after changing icon.svg and commit what it writes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { launchBrowser } from '../tests/e2e/support/browser';
import { PAGE_ICON, MANIFEST_ICONS } from './iconSizes';

const PUBLIC = resolve(import.meta.dirname, '../public');
const svg = readFileSync(resolve(import.meta.dirname, 'icon.svg'), 'utf8');
const dataUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

const browser = await launchBrowser();
try {
  const page = await browser.newPage();
  for (const { file, size } of [PAGE_ICON, ...MANIFEST_ICONS]) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}</style><img src="${dataUrl}" width="${size}" height="${size}" alt="">`,
    );
    await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
    const png = await page.screenshot({
      omitBackground: true,
      clip: { x: 0, y: 0, width: size, height: size },
    });
    writeFileSync(resolve(PUBLIC, file.slice(1)), png);
    console.log(`${file}: ${size} × ${size}, ${png.length} bytes`);
  }
} finally {
  await browser.close();
}
