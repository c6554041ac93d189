/**
 * Writes the landing page's markup into dist/client/index.html at build time, so that the first HTML response
 * already holds the hero's words; src/landing/main.tsx then hydrates it. Where the live cohort's number and dates
 * go, the markup holds placeholders (machines/rules/landingCohort.ts) that the server fills on every answer
 * (server/landingPage.ts): the build never fixes a cohort. Run after `vite build` and
 * `vite build --ssr src/landing/entry-server.tsx --outDir dist/ssr`. Optional arguments: the client and SSR output
 folders (default dist/client and dist/ssr), so that a benchmark can build into a folder of its own.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '..');
const clientDir = resolve(root, process.argv[2] ?? 'dist/client');
const ssrDir = resolve(root, process.argv[3] ?? 'dist/ssr');
const page = resolve(clientDir, 'index.html');
const marker = '<!--landing-prerender-->';

const { render } = (await import(pathToFileURL(resolve(ssrDir, 'entry-server.js')).href)) as {
  render: () => string;
};

const html = readFileSync(page, 'utf8');
if (!html.includes(marker)) throw new Error(`${page} has no ${marker}: was it prerendered already?`);

// The landing CSS is small: inlining it saves a render-blocking round trip on a slow connection.
const inlined = html.replace(
  /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g,
  (_tag, href: string) => `<style>${readFileSync(resolve(clientDir, `.${href}`), 'utf8').trim()}</style>`,
);
writeFileSync(page, inlined.replace(marker, render()));
console.log(`prerendered / into ${page}`);
