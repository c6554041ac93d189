/**
 * The chunks of `/apply`'s first press begin with V8's compile hint (docs/decisions/212-compile-hints-on-the-first-press.md):
 * `//# allFunctionsCalledOnLoad` as a file's first line asks Chrome (136 and later) to compile every function of the
 * file with the file, on the thread that streams it in, instead of each function on the main thread the first time it
 * is called. The first press calls most of what these chunks hold: the machine, the app's frame, Get Started and Bio
 * Data. Browsers that do not know the comment read a comment.
 */
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { chunkClosure, type ViteManifest } from './viteManifest';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

interface Chunk {
  type: 'chunk';
  fileName: string;
  code: string;
  imports: string[];
  dynamicImports: string[];
  moduleIds: string[];
}

/**
 * Every chunk of `/apply`'s first press, as its page's wave names them (scripts/prerender.ts): the entry
 * (src/applyBoot.ts) with its static imports, what it imports in turn with theirs, and each of `screens` with theirs.
 * Read from the bundle, as the manifest's closure (scripts/viteManifest.ts) reads the written build.
 */
export function firstPressFiles(chunks: Chunk[], entryModule: string, screens: string[]): Set<string> {
  const manifest: ViteManifest = Object.fromEntries(
    chunks.map((chunk) => [chunk.fileName, { ...chunk, file: chunk.fileName }]),
  );
  const holding = (id: string) =>
    chunks.filter((chunk) => chunk.moduleIds.includes(id)).map((chunk) => chunk.fileName);
  const entries = holding(entryModule);
  if (!entries.length) throw new Error(`no chunk holds ${entryModule}: which is the first press's?`);
  const wave = chunkClosure(manifest, [
    ...entries,
    ...entries.flatMap((file) => manifest[file]?.dynamicImports ?? []),
    ...screens.flatMap(holding),
  ]);
  // chunkClosure answers the addresses a page asks for (`/assets/…`); the bundle names its files without the slash.
  return new Set([...wave].map((url) => url.slice(1)));
}

/** The client build's plugin: the hint written first in each chunk of the first press. */
export function compileHints(root: string): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    enforce: 'post',
    // After Vite's own, which writes its preload map (`__vite__mapDeps`) at the top of some chunks.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter(
          (item): item is typeof item & Chunk => item.type === 'chunk',
        );
        const files = firstPressFiles(chunks, resolve(root, 'src/applyBoot.ts'), [
          resolve(root, 'src/wizard/BiodataScreen.tsx'),
        ]);
        for (const chunk of chunks)
          if (files.has(chunk.fileName)) chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
      },
    },
  };
}
