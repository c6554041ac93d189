/**
 * Two small PostgreSQL chores the rehearsal, the benchmarks and the tests share: one statement on its own
 * connection (CREATE or DROP a database or a schema, which cannot run inside another's transaction), and a
 * connection URL naming another database on the same server.
 */
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
