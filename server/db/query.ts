/**
 * Kysely as a typed query builder only: it compiles to SQL and parameters, and the project's own `Db` runs them, so
 * both engines (PGlite and PostgreSQL) see the same statements and no second connection is opened
 * (docs/decisions/060-the-staff-queue.md, 153-one-way-to-the-data.md).
 */
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  type Compilable,
} from 'kysely';
import type { Queryable } from './index';
import type { Database } from './schema';

export const qb = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

/**
 * Runs a built query through the project's database. `name` makes it a named prepared statement (Queryable's
 * `query`): only for a hot statement whose text never changes with its values and whose columns are listed.
 */
export async function run<T>(db: Queryable, query: Compilable<T>, name?: string): Promise<T[]> {
  const compiled = query.compile();
  return (await db.query<T>(compiled.sql, [...compiled.parameters], name)).rows;
}

/** The first row of a built query, or undefined. */
export const first = async <T>(db: Queryable, query: Compilable<T>, name?: string): Promise<T | undefined> =>
  (await run(db, query, name))[0];

/**
 * The cohort an application belongs to: the one it was placed in at submission, else the one it applied to
 * (docs/decisions/060-the-staff-queue.md). `table` is the name the query gives the applications table.
 */
export const applicationCohort = (table: 'a' | 'applications' = 'a') =>
  sql<number>`COALESCE(${sql.ref(`${table}.cohort_id`)}, ${sql.ref(`${table}.applied_cohort_id`)})`;
