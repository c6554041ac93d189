/**
 * `npm run icons`: the PNG icons in public/ drawn from scripts/icon.svg, the one drawing of the mark. A phone's
 * browser decodes an SVG icon by building a whole SVG document on the page's main thread, during the first press;
 * a PNG is a plain image decode (decision 018). Run it again after changing icon.svg and commit what it writes
 * (tests/e2e/icons.test.ts fails until then).
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { launchBrowser } from '../tests/e2e/support/browser';
import { drawIcon } from './drawIcon';
import { PAGE_ICON, MANIFEST_ICONS } from './iconSizes';

const PUBLIC = resolve(import.meta.dirname, '../public');

const browser = await launchBrowser();
try {
  const page = await browser.newPage();
  for (const { file, size } of [PAGE_ICON, ...MANIFEST_ICONS]) {
    const png = await drawIcon(page, size);
    writeFileSync(resolve(PUBLIC, file.slice(1)), png);
    console.log(`${file}: ${size} × ${size}, ${png.length} bytes`);
  }
} finally {
  await browser.close();
}
