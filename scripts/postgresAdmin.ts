/**
 * The PostgreSQL chores the rehearsal, the benchmarks and the tests share: one statement on its own connection
 * (CREATE or DROP a database or a schema, which cannot run inside another's transaction), a connection URL naming
 * another database on the same server, and a database of one's own, dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export const withDatabase = (url: string, database: string): string => {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
};

/** A new database of its own, `<prefix>_<random>`, on the server `url` names; `drop` removes it, connections and all. */
export async function scratchDatabase(
  url: string,
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await adminQuery(url, `CREATE DATABASE ${name}`);
  return {
    url: withDatabase(url, name),
    drop: () => adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
