/**
 * The database a staff bench measures: PGlite in memory, or a fresh PostgreSQL database of its own (not a schema in a
 * shared one, so its statistics and its cache are the bench's alone), dropped afterwards. BENCH_DATABASE_URL names
 * the server; PostgreSQL that does not answer is skipped.
 */
import { openPglite, postgresDb, type Db } from '../../server/db/index';
import { scratchDatabase } from '../../scripts/postgresAdmin';

const BENCH_POSTGRES =
  process.env.BENCH_DATABASE_URL ?? 'postgresql://root@localhost/bootcamp_dev?host=/var/run/postgresql';

export async function openEngine(
  engine: string,
  prefix = 'bench_staff',
): Promise<{ db: Db; drop: () => Promise<void> } | undefined> {
  if (engine === 'pglite') return { db: await openPglite(), drop: async () => undefined };
  let own: Awaited<ReturnType<typeof scratchDatabase>>;
  try {
    own = await scratchDatabase(BENCH_POSTGRES, prefix);
  } catch (error) {
    console.log(`PostgreSQL did not give the bench a database (${(error as Error).message}): skipped`);
    return undefined;
  }
  return { db: postgresDb(own.url), drop: own.drop };
}
