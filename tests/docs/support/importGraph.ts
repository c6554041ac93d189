/**
 * The import graph of the code, from its source text: every relative `import … from` / `export … from` that stays
 * in the emitted JavaScript (type-only imports are erased, and a dynamic `import()` loads later, so neither can
 * close a cycle at start-up), and the cycles in it.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const STATIC_IMPORT =
  /^\s*(?:import|export)\s+(type\s+)?(?:([^'";]*?)\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm;

/** True when every name in `import { type A, type B }` is a type: the whole import is erased. */
const onlyTypes = (clause: string | undefined) => {
  const named = clause?.match(/^\{([\s\S]*)\}$/)?.[1];
  if (!named) return false;
  const names = named
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((n) => n.startsWith('type '));
};

export function sourceFiles(root: string, dirs: string[]): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return walk(path);
      return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
    });
  return dirs
    .map((d) => resolve(root, d))
    .filter(existsSync)
    .flatMap(walk);
}

function resolveImport(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find(
    (p) => existsSync(p) && statSync(p).isFile(),
  );
}

export function importGraph(files: string[], read = (f: string) => readFileSync(f, 'utf8')) {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const edges: string[] = [];
    for (const m of read(file).matchAll(STATIC_IMPORT)) {
      if (m[1] || onlyTypes(m[2]?.trim())) continue;
      const target = resolveImport(file, m[3]);
      if (target) edges.push(target);
    }
    graph.set(file, edges);
  }
  return graph;
}

/** Every strongly connected group of more than one file (or a file importing itself), as paths from `root`. */
export function importCycles(graph: Map<string, string[]>, root: string): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    indices.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indices.get(w)!));
    }
    if (low.get(v) === indices.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || (graph.get(v) ?? []).includes(v)) {
        cycles.push(group.map((p) => relative(root, p)).sort());
      }
    }
  };
  for (const v of graph.keys()) if (!indices.has(v)) visit(v);
  return cycles;
}
