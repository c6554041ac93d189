/**
 * One convention per server feature (docs/architecture.md, "A server feature"), kept true under server/staff/: a file
 * that registers routes builds no SQL and declares no schema of its own, and a `*Store.ts` registers no route. Read
 * from the source text and its imports (tests/docs/support/importGraph.ts).
 */
import { readFileSync } from 'node:fs';
import { basename, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importGraph, sourceFiles } from './support/importGraph';

const root = resolve(import.meta.dirname, '../..');
const QUERY_BUILDER = resolve(root, 'server/db/query.ts');
const ROUTE_SCHEMA = 'server/staff/routeSchema.ts';

/** The code without its comments, so that a comment may name a statement ("DELETE … deletes one"). */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

const registersRoutes = (text: string) =>
  /\bapp\s*\.\s*(?:get|post|put|patch|delete|route)\s*[<(]/.test(text);

/** How a file builds SQL: the query builder imported, Kysely's `sql` tag, or a statement written out. */
function buildsSql(text: string, imports: string[]): string[] {
  const found: string[] = [];
  if (imports.includes(QUERY_BUILDER)) found.push('imports the query builder (server/db/query.ts)');
  if (/from\s+'kysely'/.test(text) && /\bsql\s*(?:<[^>]*>)?\s*`/.test(text))
    found.push("writes Kysely's sql``");
  if (/\b(?:SELECT\s+[\w*(]|INSERT\s+INTO\b|DELETE\s+FROM\b|UPDATE\s+\w+\s+SET\b)/.test(text))
    found.push('writes a statement');
  return found;
}

interface Source {
  file: string;
  text: string;
  imports: string[];
}

function staffSources(): Source[] {
  const files = sourceFiles(root, ['server/staff']);
  const graph = importGraph(files);
  return files.map((path) => ({
    file: relative(root, path),
    text: code(readFileSync(path, 'utf8')),
    imports: graph.get(path) ?? [],
  }));
}

/** What breaks the convention, one line a problem. */
function breaches(sources: Source[]): string[] {
  return sources.flatMap(({ file, text, imports }) => {
    const problems: string[] = [];
    const routes = registersRoutes(text);
    if (routes)
      problems.push(...buildsSql(text, imports).map((what) => `${file} registers routes and ${what}`));
    if (routes && file !== ROUTE_SCHEMA && /tags:\s*\[\s*'staff'\s*\]/.test(text))
      problems.push(`${file} declares a staff schema of its own, not through ${ROUTE_SCHEMA}`);
    if (basename(file).endsWith('Store.ts') && (routes || /from\s+'fastify'/.test(text)))
      problems.push(`${file} is a store and registers routes`);
    return problems;
  });
}

describe('a server feature: routes, store and schema apart', () => {
  it('holds under server/staff/', () => {
    const sources = staffSources();
    // The walk reads the real folder: the queue's three files are in it.
    expect(sources.map((s) => s.file)).toEqual(
      expect.arrayContaining([
        'server/staff/queueRoutes.ts',
        'server/staff/queueStore.ts',
        'server/staff/queueView.ts',
      ]),
    );
    expect(breaches(sources)).toEqual([]);
  });

  it('finds a route file that builds SQL, a store that registers a route, a schema declared apart', () => {
    const route = "app.get(path, staffSchema('x'), async () => ({}));\n";
    const source = (file: string, text: string, imports: string[] = []) => ({
      file,
      text: code(text),
      imports,
    });
    expect(
      breaches([
        source('server/staff/fooRoutes.ts', route, [QUERY_BUILDER]),
        source('server/staff/barRoutes.ts', `${route}const rows = 'SELECT id FROM applications';\n`),
        source('server/staff/bazStore.ts', route),
        source('server/staff/quxRoutes.ts', "app.post(path, { schema: { tags: ['staff'] } }, h);\n"),
        // A comment may name a statement; a store may build SQL.
        source('server/staff/okRoutes.ts', `// DELETE FROM nothing here\n${route}`),
        source('server/staff/okStore.ts', "import { sql } from 'kysely';\nconst q = sql`SELECT 1`;\n", [
          QUERY_BUILDER,
        ]),
      ]),
    ).toEqual([
      'server/staff/fooRoutes.ts registers routes and imports the query builder (server/db/query.ts)',
      'server/staff/barRoutes.ts registers routes and writes a statement',
      'server/staff/bazStore.ts is a store and registers routes',
      `server/staff/quxRoutes.ts declares a staff schema of its own, not through ${ROUTE_SCHEMA}`,
    ]);
  });
});
