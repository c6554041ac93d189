/**
 * Handlers hold no SQL (docs/decisions/093-repositories-hold-the-sql.md, 153-one-way-to-the-data.md): the route
 * files and the app's assembly call repository functions, and neither write a statement nor import the query
 * builder. Read from the source text, so a statement slipped into a handler fails here rather than in a review.
 */
import { readFileSync } from 'node:fs';
import { basename, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../docs/support/importGraph';

const root = resolve(import.meta.dirname, '../..');

/** The files that handle requests: everything under server/routes/, every `*Routes.ts`/`routes.ts`, and app.ts. */
const handlerFiles = () =>
  sourceFiles(root, ['server']).filter((file) => {
    const path = relative(root, file).split('\\').join('/');
    return (
      path.startsWith('server/routes/') || /(^r|R)outes\.ts$/.test(basename(path)) || path === 'server/app.ts'
    );
  });

const RULES: ReadonlyArray<[string, RegExp]> = [
  ['imports the query builder', /from\s+['"](kysely|[./]*(?:db\/)?query)['"]/],
  ['runs a statement', /\b(?:db|tx|ctx\.db|client)\s*\.\s*query\s*[<(]/],
  ['writes SQL', /\b(?:SELECT\s+[\w*(]|INSERT\s+INTO\b|DELETE\s+FROM\b|UPDATE\s+\w+\s+SET\b)/],
];

/** What is wrong with one file's text, one line per rule it breaks. */
export const sqlIn = (text: string): string[] =>
  RULES.filter(([, pattern]) => pattern.test(text)).map(([what]) => what);

describe('route handlers hold no SQL', () => {
  it('finds the handler files', () => {
    const files = handlerFiles().map((file) => relative(root, file));
    expect(files).toContain('server/app.ts');
    expect(files).toContain('server/routes/steps.ts');
    expect(files).toContain('server/staff/routes.ts');
    expect(files).toContain('server/staff/queueRoutes.ts');
  });

  it('no handler file writes SQL, runs a statement or imports the query builder', () => {
    const offenders = handlerFiles().flatMap((file) =>
      sqlIn(readFileSync(file, 'utf8')).map((what) => `${relative(root, file)} ${what}`),
    );
    expect(offenders).toEqual([]);
  });

  it('catches each way SQL gets into a handler, and lets a repository call through', () => {
    expect(sqlIn("import { qb, run } from '../db/query';")).toEqual(['imports the query builder']);
    expect(sqlIn("import { sql } from 'kysely';")).toEqual(['imports the query builder']);
    expect(sqlIn('await db.query<{ id: number }>(text, [id]);')).toEqual(['runs a statement']);
    expect(sqlIn('const text = `SELECT id FROM staff`;')).toEqual(['writes SQL']);
    expect(sqlIn("'UPDATE applications SET x = 1'")).toEqual(['writes SQL']);
    expect(sqlIn("'DELETE FROM cvs'")).toEqual(['writes SQL']);
    expect(sqlIn('const row = await findByEmail(ctx.db, request.query.email);')).toEqual([]);
  });
});
