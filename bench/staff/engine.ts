/**
 * The database a staff bench measures: PGlite in memory, or a fresh PostgreSQL database of its own (not a schema in a
 * shared one, so its statistics and its cache are the bench's alone), dropped afterwards. BENCH_DATABASE_URL names
 * the server; PostgreSQL that does not answer is skipped.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPglite, postgresDb, type Db } from '../../server/db/index';

const BENCH_POSTGRES =
  process.env.BENCH_DATABASE_URL ?? 'postgresql://root@localhost/bootcamp_dev?host=/var/run/postgresql';

export async function openEngine(
  engine: string,
  prefix = 'bench_staff',
): Promise<{ db: Db; drop: () => Promise<void> } | undefined> {
  if (engine === 'pglite') return { db: await openPglite(), drop: async () => undefined };
  // A database of its own (not a schema in a shared one): its statistics and its cache are the bench's alone.
  const database = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: BENCH_POSTGRES });
  try {
    await admin.connect();
  } catch {
    console.log('PostgreSQL does not answer: skipped');
    return undefined;
  }
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const url = new URL(BENCH_POSTGRES);
  url.pathname = `/${database}`;
  return {
    db: postgresDb(url.toString()),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: BENCH_POSTGRES });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
