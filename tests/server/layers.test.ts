/**
 * Handlers hold no SQL (docs/decisions/093-repositories-hold-the-sql.md, 153-one-way-to-the-data.md): the route
 * files and the app's assembly call repository functions, and neither write a statement nor import the query
 * builder. And one way to the data: outside the database plumbing, every statement is built with Kysely and run by
 * `run`/`first` (server/db/query.ts), never handed to the driver as a string. Read from the source text, so a
 * statement slipped in fails here rather than in a review.
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

/**
 * The files that may hand SQL text to the driver, each for a reason (decision 153): the driver itself, the one place
 * that runs what Kysely compiled, the group commit that forwards those statements, and the migrations (plain SQL, the
 * schema's history).
 */
const DRIVER_PLUMBING = [
  'server/db/index.ts',
  'server/db/query.ts',
  'server/db/groupCommit.ts',
  'server/db/migrations.ts',
];

/**
 * TEMPORARY: files still running raw SQL while they move to Kysely (issue 22 item 2). A file leaves this list when
 * it is converted (the test below says when one is); nothing is ever added to it.
 */
const NOT_YET_ON_KYSELY = [
  'server/mail/index.ts',
  'server/mail/worker.ts',
  'server/payments.ts',
  'server/reminders.ts',
  'server/standing.ts',
  'server/staff/assignments.ts',
  'server/staff/bulk.ts',
  'server/staff/decisionMail.ts',
  'server/staff/queue.ts',
  'server/staff/review.ts',
  'server/staff/scorecards.ts',
  'server/staff/store.ts',
];

/** Calls that hand a statement to the driver: `x.query(…)`/`x.query<…>(…)`, or `x.exec('…')` with SQL text. */
const RAW_STATEMENT = /\.\s*query\s*[<(]|\.\s*exec\s*\(\s*['"`]/g;

/** How many statements one file's text hands to the driver itself. */
export const rawStatementsIn = (text: string): number => text.match(RAW_STATEMENT)?.length ?? 0;

describe('one way to the data: statements are built with Kysely', () => {
  const serverFiles = () =>
    sourceFiles(root, ['server']).map((file) => relative(root, file).split('\\').join('/'));

  it('no server file hands SQL to the driver but the plumbing and the files not converted yet', () => {
    const offenders = serverFiles().filter(
      (path) =>
        !DRIVER_PLUMBING.includes(path) &&
        !NOT_YET_ON_KYSELY.includes(path) &&
        rawStatementsIn(readFileSync(resolve(root, path), 'utf8')) > 0,
    );
    expect(offenders).toEqual([]);
  });

  it('lists only files that still run raw SQL, so a converted file leaves the list', () => {
    const files = serverFiles();
    const stale = [...DRIVER_PLUMBING, ...NOT_YET_ON_KYSELY].filter(
      (path) => !files.includes(path) || rawStatementsIn(readFileSync(resolve(root, path), 'utf8')) === 0,
    );
    expect(stale).toEqual([]);
  });

  it('counts each way a statement reaches the driver, and lets a built query through', () => {
    expect(rawStatementsIn("await tx.query('DELETE FROM cvs WHERE id = $1', [id]);")).toBe(1);
    expect(rawStatementsIn('const { rows } = await db.query<{ n: number }>(COUNT, [now]);')).toBe(1);
    expect(rawStatementsIn('await (tx ?? db)\n  .query(`SELECT 1`);')).toBe(1);
    expect(rawStatementsIn("await pglite.exec('SET search_path TO x');")).toBe(1);
    expect(rawStatementsIn("await run(tx, qb.deleteFrom('cvs').where('id', '=', id));")).toBe(0);
    expect(rawStatementsIn('const match = /^Bearer\\s+(.+)$/i.exec(header);')).toBe(0);
    expect(rawStatementsIn('const email = request.query.email;')).toBe(0);
  });
});
