/**
 * How the build groups `/apply`'s first press into a few chunks (docs/performance.md (former decision 194)).
 * Left to itself, the bundler makes one chunk for each set of entries and `import()`s that share modules: `/apply`'s
 * first press needed 57 files, and over HTTP/1.1's six connections on a 150 ms link their round trips cost more
 * than their bytes. Every module the app needs to take the press (src/applyBoot.ts's stages with their static imports)
 * goes into one of three chunks: `common` if the landing page reaches it too (except what `/`'s entry imports itself,
 * which stays small), else `wizard` (our code) or `wizard-libs` (the libraries). The Bio Data screen keeps a chunk of
 * its own, fetched in the same wave except under Save-Data (docs/performance.md (former decision 098)); it brings no library of its own: its
 * country combobox, Headless UI's, is fetched once the screen shows (decision 242).
 * With `strictExecutionOrder` (vite.config.ts) each module in a chunk still runs only when first imported, so the
 * stages of docs/performance.md (former decision 190) keep their tasks.
 */
import { resolve } from 'node:path';

interface ModuleGraph {
  importers: string[];
  dynamicImporters: string[];
  importedIds: string[];
  dynamicallyImportedIds: string[];
}
type ModuleInfoOf = (id: string) => ModuleGraph | null;

/** The chunk groups for the client build's `output.codeSplitting`; `root` is the project's folder. */
export function firstPressChunks(root: string) {
  const APPLY_ENTRY = resolve(root, 'src/applyBoot.ts');
  const LANDING_ENTRY = resolve(root, 'src/landing/main.tsx');
  // Filled at the first call, when the module graph is complete.
  let firstPress: Set<string> | undefined;
  let landingEntry: Set<string> | undefined;
  let landing: Set<string> | undefined;

  // The modules `ids` reach by static imports, and by `import()`s too when `dynamic` is set.
  const reach = (info: ModuleInfoOf, ids: string[], dynamic: boolean, into = new Set<string>()) => {
    for (const id of ids) {
      if (into.has(id)) continue;
      into.add(id);
      const graph = info(id);
      reach(info, graph?.importedIds ?? [], dynamic, into);
      if (dynamic) reach(info, graph?.dynamicallyImportedIds ?? [], dynamic, into);
    }
    return into;
  };

  return [
    {
      name: (id: string, context: { getModuleInfo: ModuleInfoOf }): string | null => {
        const info: ModuleInfoOf = (module) => context.getModuleInfo(module);
        if (!firstPress || !landingEntry || !landing) {
          firstPress = reach(info, info(APPLY_ENTRY)?.dynamicallyImportedIds ?? [], false);
          landingEntry = reach(info, [LANDING_ENTRY], false);
          landing = reach(info, [LANDING_ENTRY], true);
        }
        // What `/`'s entry imports itself stays small and its own: `common` comes with the landing's hydration.
        const isLibrary = /[\\/]node_modules[\\/]/.test(id);
        if (!firstPress.has(id) || landingEntry.has(id)) return null;
        if (landing.has(id)) return 'common';
        return isLibrary ? 'wizard-libs' : 'wizard';
      },
      // Only the modules named: their imports that the landing page shares stay in the landing's chunks.
      includeDependenciesRecursively: false,
    },
  ];
}
