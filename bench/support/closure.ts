/**
 * The scripts a page of the build loads for itself, read from the build: its HTML's script, modulepreload and
 * stylesheet tags, the chunks' static imports and, for a page with a loader, the loader's own `import()`s.
 * Chunks reachable only through other `import()`s are lazy (later screens, fetched ahead or on demand).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// Vite's minified output: `import{a as b}from"./x.js"`, `import"./x.js"`, `export{a}from"./x.js"` are static;
// `import("./x.js")` is dynamic. The optional middle part may not hold a parenthesis, so `import(` never matches.
const STATIC_IMPORT = /\b(?:import|export)\s*(?:[^"'`();]*?\bfrom\s*)?["'`](\.{0,2}\/[^"'`]+\.js)["'`]/g;
export const DYNAMIC_IMPORT = /\bimport\(\s*["'`](\.{0,2}\/[^"'`]+\.js)["'`]\s*\)/g;

/** `/assets/x.js` for a specifier written inside `/assets/y.js`. */
const resolveAsset = (from: string, specifier: string): string =>
  new URL(specifier, `http://build${from}`).pathname;

/** The page's tags and what they import; `withLoader` also follows the loader's own `import()`s (the loader's whole job). */
export function importClosure(
  clientDir: string,
  html: string,
  withLoader: boolean,
): { js: string[]; css: string[] } {
  const page = readFileSync(join(clientDir, html), 'utf8');
  const tags = [
    ...page.matchAll(/<script[^>]*\bsrc="([^"]+)"/g),
    // The inline lines that start the entry after the first paint (scripts/prerender.ts).
    ...page.matchAll(/<script>[^<]*?\bimport\("(\/assets\/[^"]+\.js)"\)/g),
    ...page.matchAll(/<link[^>]*rel="(?:modulepreload|stylesheet)"[^>]*href="([^"]+)"/g),
  ].map((m) => m[1]);
  const js = new Set<string>();
  const pending = tags.filter((t) => t.endsWith('.js'));
  while (pending.length) {
    const asset = pending.pop()!;
    if (js.has(asset)) continue;
    js.add(asset);
    const code = readFileSync(join(clientDir, asset), 'utf8');
    for (const m of code.matchAll(STATIC_IMPORT)) pending.push(resolveAsset(asset, m[1]));
    // The loader's own `import()`s are the page's code; those of the chunks it loads are lazy (later screens).
    if (withLoader && tags.includes(asset))
      for (const m of code.matchAll(DYNAMIC_IMPORT)) pending.push(resolveAsset(asset, m[1]));
  }
  return { js: [...js].sort(), css: tags.filter((t) => t.endsWith('.css')).sort() };
}
