import { PAGE_ICON } from './iconSizes';

/**
 * What every page's head starts with, written once: each HTML entry holds the marker with its own description, and
 * the build (vite.config.ts) writes it out. Tests that prerender a page without a build expand it the same way.
 * The app's two pages (`/apply` and the app shell) add `<!--app-head-->`: the server's configuration slot and the
 * app's styles. Those belong to the page, not to a chunk: a chunk's stylesheet is fetched again by every import()
 * of it, though the build writes it into the page (docs/performance.md, former decision 195).
 */
export const expandSharedHead = (html: string): string =>
  html
    .replace(/<!--shared-head description="([^"]*)"-->/, (_marker, description: string) =>
      [
        '<meta charset="UTF-8" />',
        '<meta name="viewport" content="width=device-width, initial-scale=1" />',
        '<meta name="theme-color" content="#0b3d2e" />',
        `<link rel="icon" href="${PAGE_ICON.file}" type="image/png" sizes="${PAGE_ICON.size}x${PAGE_ICON.size}" />`,
        `<meta name="description" content="${description}" />`,
      ].join('\n    '),
    )
    .replace(
      '<!--app-head-->',
      [
        '<meta name="app-config" content="{}" />',
        '<link rel="stylesheet" href="/src/styles/app.css" />',
      ].join('\n    '),
    );
