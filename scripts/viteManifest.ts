/**
 * What `vite build` writes in dist/client/.vite/manifest.json (vite.config.ts `build.manifest`), and the chunks one
 * entry pulls in. Read by scripts/prerender.ts (the first press's wave, docs/performance.md (former decision 140)), by scripts/compileHints.ts (the
 * same wave, from the manifest in the bundle, docs/performance.md (former decision 212)) and by vite.config.ts (what the service worker
 * precaches, decision 168).
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type ViteManifest = Record<string, ManifestChunk>;

/**
 * The staff back office's chunks start here: the service worker never precaches them (decision 168), and `/staff`'s
 * page fetches them in its wave (scripts/prerender.ts).
 */
export const STAFF_ENTRY = 'src/staff/StaffApp.tsx';

/**
 * The app itself: the entry of every address opened cold, whose pages fetch its chunks in their wave
 * (scripts/prerender.ts, docs/performance.md (former decisions 190 and 209)).
 */
export const APP_ENTRY = 'src/main.tsx';

/** `/apply`: the page whose first press has a wave of its own (docs/performance.md (former decisions 140 and 194)). */
export const FIRST_PRESS_PAGE = 'apply.html';
/** The screens that answer the first press, fetched in its wave (except under Save-Data, docs/performance.md (former decision 098)). */
export const FIRST_PRESS_SCREENS = ['src/wizard/BiodataScreen.tsx'];

/** Where the build writes its manifest, inside the client's folder (and, during the build, the bundle). */
export const VITE_MANIFEST = '.vite/manifest.json';

export function readViteManifest(clientDir: string): ViteManifest {
  const file = resolve(clientDir, VITE_MANIFEST);
  if (!existsSync(file)) throw new Error(`${file} is missing: the build writes it (vite.config.ts)`);
  return JSON.parse(readFileSync(file, 'utf8')) as ViteManifest;
}

/**
 * The URL of every chunk `keys` need: each with its static imports, and its `import()`s too when `dynamic` is set,
 * never going into a key of `stopAt`. With `css`, each chunk's stylesheets as well.
 */
export function chunkClosure(
  manifest: ViteManifest,
  keys: string[],
  options: { dynamic?: boolean; css?: boolean; stopAt?: readonly string[] } = {},
  into = new Set<string>(),
): Set<string> {
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk || options.stopAt?.includes(key) || into.has(`/${chunk.file}`)) continue;
    into.add(`/${chunk.file}`);
    if (options.css) for (const css of chunk.css ?? []) into.add(`/${css}`);
    chunkClosure(manifest, chunk.imports ?? [], options, into);
    if (options.dynamic) chunkClosure(manifest, chunk.dynamicImports ?? [], options, into);
  }
  return into;
}

/** What a page's lines ask for once it has painted: `app`, the scripts its app needs; `ahead`, those of the screens ahead. */
export interface ScriptWave {
  app: string[];
  ahead: string[];
}

/**
 * Every script `page`'s first press needs, in one wave (docs/performance.md (former decision 140)): its entry
 * and the entry's imports, what the entry imports in turn (the machine, the app) with all their static imports, and
 * `screens` with theirs. Without the list the browser finds them in four waves, one chunk's imports after another.
 * The prerender writes it into the page (scripts/prerender.ts), and the build gives the same files the compile hint
 * (scripts/compileHints.ts): one list for both.
 */
export function firstPressWave(manifest: ViteManifest, page: string, screens: string[]): ScriptWave {
  const entry = manifest[page];
  if (!entry) throw new Error(`the manifest names no ${page}`);
  const own = chunkClosure(manifest, [page]);
  const app = chunkClosure(manifest, entry.dynamicImports ?? []);
  const ahead = chunkClosure(manifest, screens);
  const minus = (set: Set<string>, ...others: Set<string>[]) =>
    [...set].filter((url) => !others.some((other) => other.has(url)));
  // The entry and its own imports first: the browser fetches in the order asked, and nothing runs before them.
  return { app: [...own, ...minus(app, own)], ahead: minus(ahead, own, app) };
}
