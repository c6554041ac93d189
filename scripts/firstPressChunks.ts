/**
 * How the build groups `/apply`'s first press into a few chunks (docs/decisions/194-the-first-press-in-few-chunks.md).
 * Left to itself, the bundler makes one chunk for each set of entries and `import()`s that share modules: `/apply`'s
 * first press needed 57 files, and over HTTP/1.1's six connections on a 150 ms link their round trips cost more
 * than their bytes. Every module the app needs to take the press (src/applyBoot.ts's stages with their static imports)
 * goes into one of three chunks: `common` if the landing page reaches it too, else `wizard` (our code) or
 * `wizard-libs` (the libraries). The Bio Data screen keeps a chunk of its own, fetched in the same wave except under
 * Save-Data (decision 098).
 * With `strictExecutionOrder` (vite.config.ts) each module in a chunk still runs only when first imported, so the
 * stages of decision 190 keep their tasks.
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
  const LANDING = `${resolve(root, 'src/landing')}/`;
  let firstPress: Set<string> | undefined;
  const landing = new Map<string, boolean>();

  const withStaticImports = (info: ModuleInfoOf, ids: string[], into = new Set<string>()) => {
    for (const id of ids) {
      if (into.has(id)) continue;
      into.add(id);
      withStaticImports(info, info(id)?.importedIds ?? [], into);
    }
    return into;
  };
  // Whether the landing page's entry reaches the module, by static or dynamic imports.
  const reachedByLanding = (info: ModuleInfoOf, id: string, seen = new Set<string>()): boolean => {
    const known = landing.get(id);
    if (known !== undefined) return known;
    if (id.startsWith(LANDING)) return true;
    if (seen.has(id)) return false;
    seen.add(id);
    const graph = info(id);
    const reached = [...(graph?.importers ?? []), ...(graph?.dynamicImporters ?? [])].some((importer) =>
      reachedByLanding(info, importer, seen),
    );
    landing.set(id, reached);
    return reached;
  };

  return [
    {
      name: (id: string, context: { getModuleInfo: ModuleInfoOf }): string | null => {
        const info: ModuleInfoOf = (module) => context.getModuleInfo(module);
        if (!firstPress) {
          const stages = info(APPLY_ENTRY)?.dynamicallyImportedIds ?? [];
          firstPress = withStaticImports(info, stages);
        }
        if (!firstPress.has(id)) return null;
        if (reachedByLanding(info, id)) return 'common';
        return /[\\/]node_modules[\\/]/.test(id) ? 'wizard-libs' : 'wizard';
      },
      // Only the modules named: their imports that the landing page shares stay in the landing's chunks.
      includeDependenciesRecursively: false,
    },
  ];
}
