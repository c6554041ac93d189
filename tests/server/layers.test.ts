/**
 * Handlers hold no SQL (docs/decisions/093-repositories-and-thin-handlers.md, 153-one-way-to-the-data.md): a route
 * handler parses, calls repository functions and answers; it neither builds nor runs a statement. The handlers are
 * the ones the app really registers (Fastify's onRoute hook, on every instance as it is created), whatever file
 * they live in, and each is read from its own source text: a statement slipped into one fails here.
 *
 * And one way to the data: outside the database plumbing, every statement is built with Kysely and run by
 * `run`/`first` (server/db/query.ts), never handed to the driver as a string (docs/decisions/093-repositories-and-thin-handlers.md).
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scorecardPaths } from '../../machines/rules/scorecard';
import { staffQueuePaths } from '../../machines/rules/staff/queue';
import { qb, run } from '../../server/db/query';
import { sourceFiles } from '../docs/support/importGraph';
import { databases, testApp, type TestApp } from './support';

const root = resolve(import.meta.dirname, '../..');

/** Fastify announces each instance it creates on this channel, before any route is added to it. */
const CREATED = 'fastify.initialization';

/** `METHOD /url` and the handler of every route registered while `build` runs. */
async function registeredHandlers(
  build: () => Promise<unknown>,
): Promise<{ route: string; handler: RouteOptions['handler'] }[]> {
  const routes: { route: string; handler: RouteOptions['handler'] }[] = [];
  const listen = (message: unknown) =>
    (message as { fastify: FastifyInstance }).fastify.addHook('onRoute', (options) => {
      const methods = [options.method].flat().join(',');
      routes.push({ route: `${methods} ${options.url}`, handler: options.handler });
    });
  subscribe(CREATED, listen);
  try {
    await build();
  } finally {
    unsubscribe(CREATED, listen);
  }
  return routes;
}

// Read from the code as it runs (transpiled: an imported `run(…)` may read `(0, __vi_import_1__.run)(…)`).
const RULES: ReadonlyArray<[string, RegExp]> = [
  ['builds a query', /\bqb\s*\.|\bsql\s*\)?\s*`/],
  ['runs a statement', /\b(?:run|first)\s*\)?\s*\(|\.\s*query\s*\(/],
  ['writes SQL', /\b(?:SELECT\s+[\w*(]|INSERT\s+INTO\b|DELETE\s+FROM\b|UPDATE\s+\w+\s+SET\b)/],
];

/** What is wrong with one handler's source, one line per rule it breaks. */
const sqlIn = (source: string): string[] =>
  RULES.filter(([, pattern]) => pattern.test(source)).map(([what]) => what);

const offenders = (routes: { route: string; handler: RouteOptions['handler'] }[]) =>
  routes.flatMap(({ route, handler }) => sqlIn(handler.toString()).map((what) => `${route} ${what}`));

describe('route handlers hold no SQL', () => {
  let t: TestApp;
  let routes: { route: string; handler: RouteOptions['handler'] }[];
  beforeAll(async () => {
    routes = await registeredHandlers(async () => {
      t = await testApp(databases[0], { config: { apiDocs: true, devMailbox: true } });
    });
  }, 120_000);
  afterAll(() => t?.close());

  it('no handler the app registers builds, runs or writes a statement', () => {
    const registered = routes.map((r) => r.route);
    // Every route, wherever it is declared: the applicant's, the staff routes of any file, the dev mailbox.
    expect(registered).toContain(`PUT ${scorecardPaths.scorecards}`);
    expect(registered).toContain(`PUT ${scorecardPaths.rubric}`);
    expect(registered).toContain(`POST ${staffQueuePaths.assign}`);
    expect(registered.length).toBeGreaterThan(60);
    expect(offenders(routes)).toEqual([]);
  });

  it('catches a handler that builds, runs or writes a statement, and lets a repository call through', async () => {
    const db = t.db;
    const findStaff = async (email: string) => ({ email });
    const throwaway = await registeredHandlers(async () => {
      const app = Fastify();
      app.get('/built', async () => run(db, qb.selectFrom('staff').select('id')));
      app.get('/tagged', async () => run(db, qb.selectFrom('staff').select(sql<number>`count(*)`.as('n'))));
      app.get('/raw', async () => (await db.query<{ id: number }>('SELECT id FROM staff')).rows);
      app.post('/written', async () => db.query('DELETE FROM cvs'));
      app.get('/repository', async (request) => findStaff(String(request.query)));
      await app.ready();
      await app.close();
    });
    expect(offenders(throwaway)).toEqual([
      'GET /built builds a query',
      'GET /built runs a statement',
      'HEAD /built builds a query',
      'HEAD /built runs a statement',
      'GET /tagged builds a query',
      'GET /tagged runs a statement',
      'HEAD /tagged builds a query',
      'HEAD /tagged runs a statement',
      'GET /raw runs a statement',
      'GET /raw writes SQL',
      'HEAD /raw runs a statement',
      'HEAD /raw writes SQL',
      'POST /written runs a statement',
      'POST /written writes SQL',
    ]);
  });
});

/**
 * The files that may hand SQL text to the driver, each for a reason (decision 093): the driver itself, the one place
 * that runs what Kysely compiled, the group commit that forwards those statements, and the migrations (plain SQL, the
 * schema's history).
 */
const DRIVER_PLUMBING = [
  'server/db/index.ts',
  'server/db/query.ts',
  'server/db/groupCommit.ts',
  'server/db/migrations.ts',
];

/** Calls that hand a statement to the driver: `x.query(…)`/`x.query<…>(…)`, or `x.exec('…')` with SQL text. */
const RAW_STATEMENT = /\.\s*query\s*[<(]|\.\s*exec\s*\(\s*['"`]/g;

/** How many statements one file's text hands to the driver itself. */
export const rawStatementsIn = (text: string): number => text.match(RAW_STATEMENT)?.length ?? 0;

describe('one way to the data: statements are built with Kysely', () => {
  const serverFiles = () =>
    sourceFiles(root, ['server']).map((file) => relative(root, file).split('\\').join('/'));

  it('no server file hands SQL to the driver but the plumbing', () => {
    const offenders = serverFiles().filter(
      (path) =>
        !DRIVER_PLUMBING.includes(path) && rawStatementsIn(readFileSync(resolve(root, path), 'utf8')) > 0,
    );
    expect(offenders).toEqual([]);
  });

  it('lists as plumbing only files that still hand SQL to the driver', () => {
    const files = serverFiles();
    const stale = DRIVER_PLUMBING.filter(
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
