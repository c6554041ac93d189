/**
 * What `vite build` writes in dist/client/.vite/manifest.json (vite.config.ts `build.manifest`), and the chunks one
 * entry pulls in. Read by scripts/prerender.ts (the first press's wave, decision 140) and by vite.config.ts (what the
 * service worker precaches, decision 168).
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
 * (scripts/prerender.ts, decisions 190 and 209).
 */
export const APP_ENTRY = 'src/main.tsx';

export function readViteManifest(clientDir: string): ViteManifest {
  const file = resolve(clientDir, '.vite/manifest.json');
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
