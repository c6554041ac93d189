/**
 * A schema of its own on the PostgreSQL that DATABASE_URL names, for a test that starts servers on it: the URL
 * carries the schema as its search_path, and `drop` removes it with everything in it.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const postgresUrl = process.env.DATABASE_URL ?? '';

export async function scratchSchema(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const schema = `${prefix}_${randomBytes(5).toString('hex')}`;
  const run = async (sql: string) => {
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    try {
      await admin.query(sql);
    } finally {
      await admin.end();
    }
  };
  await run(`CREATE SCHEMA ${schema}`);
  const url = new URL(postgresUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { url: url.toString(), drop: () => run(`DROP SCHEMA ${schema} CASCADE`) };
}
