/**
 * A schema of its own on the PostgreSQL that DATABASE_URL names, for a test that starts servers on it: the URL
 * carries the schema as its search_path, and `drop` removes it with everything in it.
 */
import { randomBytes } from 'node:crypto';
import { adminQuery } from '../../../scripts/postgresAdmin';

export const postgresUrl = process.env.DATABASE_URL ?? '';

export async function scratchSchema(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const schema = `${prefix}_${randomBytes(5).toString('hex')}`;
  await adminQuery(postgresUrl, `CREATE SCHEMA ${schema}`);
  const url = new URL(postgresUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { url: url.toString(), drop: () => adminQuery(postgresUrl, `DROP SCHEMA ${schema} CASCADE`) };
}
