/**
 * The chunks of `/apply`'s first press begin with V8's compile hint (docs/performance.md (former decision 212)):
 * `//# allFunctionsCalledOnLoad` as a file's first line asks Chrome (136 and later) to compile every function of the
 * file with the file, on the thread that streams it in, instead of each function on the main thread the first time it
 * is called. The first press calls most of what these chunks hold: the machine, the app's frame, Get Started and Bio
 * Data. Browsers that do not know the comment read a comment.
 */
import type { Plugin } from 'vite';
import {
  FIRST_PRESS_PAGE,
  FIRST_PRESS_SCREENS,
  firstPressWave,
  VITE_MANIFEST,
  type ViteManifest,
} from './viteManifest';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * The client build's plugin: the hint written first in each chunk of the first press. The files are the wave the
 * page names (scripts/prerender.ts), read with the same function from the manifest the bundle already holds.
 */
export function compileHints(): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    enforce: 'post',
    // After Vite's own, which writes its preload map (`__vite__mapDeps`) at the top of some chunks and the manifest.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const manifest = bundle[VITE_MANIFEST];
        if (manifest?.type !== 'asset')
          throw new Error(`the bundle holds no ${VITE_MANIFEST}: which chunks are the first press's?`);
        const wave = firstPressWave(
          JSON.parse(String(manifest.source)) as ViteManifest,
          FIRST_PRESS_PAGE,
          FIRST_PRESS_SCREENS,
        );
        // The wave names the addresses a page asks for (`/assets/…`); the bundle names its files without the slash.
        const files = new Set([...wave.app, ...wave.ahead].map((url) => url.slice(1)));
        for (const item of Object.values(bundle))
          if (item.type === 'chunk' && files.has(item.fileName)) item.code = `${COMPILE_HINT}\n${item.code}`;
      },
    },
  };
}
