/**
 * A tiny database interface with two engines speaking the same SQL: PGlite (embedded, the default) and a `pg`
 * Pool (PostgreSQL, when DATABASE_URL is set). Routes only ever see `Db`.
 */
import { PGlite, parse, protocol } from '@electric-sql/pglite';
import pg from 'pg';

export type Row = Record<string, unknown>;

export interface Queryable {
  /**
   * `name` keeps a hot statement parsed and planned on each PostgreSQL connection (a named prepared statement);
   * only for statements whose result columns no migration can change (never `SELECT *`). On PGlite too (once per
   * instance).
   */
  query<T = Row>(sql: string, params?: unknown[], name?: string): Promise<{ rows: T[] }>;
}

export interface Db extends Queryable {
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  readonly engine: 'pglite' | 'postgres';
  /** PostgreSQL only: the pool's connections, for /metrics. */
  readonly pool?: Pick<pg.Pool, 'totalCount' | 'idleCount' | 'waitingCount'>;
}

/**
 * A named statement on PGlite: parsed and planned once, then each call is one Bind/Describe/Execute/Sync message
 * to the WebAssembly Postgres instead of PGlite's six separate calls (which parse and plan every time). Measured on
 * create (docs/performance.md). The caller holds PGlite's query lock, as PGlite's own `query` does.
 */
async function runNamed<T>(
  instance: PGlite,
  statements: Map<string, number[]>,
  sql: string,
  params: unknown[],
  name: string,
  inTransaction: boolean,
): Promise<T[]> {
  const { serialize } = protocol;
  let types = statements.get(name);
  if (!types) {
    const described = await instance.execProtocol(
      concat(serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()),
      { syncToFs: false },
    );
    types = parse.parseDescribeStatementResults(described.messages);
    statements.set(name, types);
  }
  const values = params.map((value, i) => {
    if (value === null || value === undefined) return null;
    const serializer = instance.serializers[types[i]];
    return serializer ? serializer(value) : String(value);
  });
  const { messages } = await instance.execProtocol(
    concat(
      serialize.bind({ statement: name, values }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ),
    { syncToFs: false },
  );
  // As PGlite's `query`: the file system is brought up to date after a statement outside a transaction.
  if (!inTransaction) await instance.syncToFs();
  return (parse.parseResults(messages, instance.parsers)[0]?.rows ?? []) as T[];
}

const concat = (...parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

/** The statements prepared on each PGlite instance (its one session), however many wrappers it has. */
const preparedOn = new WeakMap<PGlite, Map<string, number[]>>();

/** PGlite: one connection in this process; its own queue serialises queries and transactions. */
export function pgliteDb(instance: PGlite): Db {
  const statements = preparedOn.get(instance) ?? new Map<string, number[]>();
  preparedOn.set(instance, statements);
  const named = <T>(sql: string, params: unknown[], name: string, inTransaction: boolean) =>
    instance._runExclusiveQuery(() => runNamed<T>(instance, statements, sql, params, name, inTransaction));
  return {
    engine: 'pglite',
    query: async <T = Row>(sql: string, params: unknown[] = [], name?: string) => ({
      rows: name
        ? // Outside a transaction, wait for any open one to end, as PGlite's `query` does.
          await instance._runExclusiveTransaction(() => named<T>(sql, params, name, false))
        : (await instance.query<T>(sql, params)).rows,
    }),
    transaction: (fn) =>
      instance.transaction((tx) =>
        fn({
          query: async <T = Row>(sql: string, params: unknown[] = [], name?: string) => ({
            rows: name ? await named<T>(sql, params, name, true) : (await tx.query<T>(sql, params)).rows,
          }),
        }),
      ),
    close: () => instance.close(),
  };
}

export async function openPglite(dataDir?: string): Promise<Db> {
  const instance = new PGlite(dataDir);
  await instance.waitReady;
  return pgliteDb(instance);
}

/** What is logged of a broken connection: PostgreSQL's code and words, never a statement or its values. */
export const connectionErrorFields = (error: unknown): { code: string; message: string } => ({
  code: String((error as { code?: unknown } | null)?.code ?? ''),
  message: error instanceof Error ? error.message : String(error),
});

/**
 * Whether a failed statement failed because its connection broke or could not be made (class 08, an
 * administrator's or a crash's termination 57P01–57P03, a socket refused, reset or closed under it, a client left
 * unqueryable by its broken connection), not because of the statement itself.
 */
export const isConnectionLoss = (error: unknown): boolean => {
  const code = String((error as { code?: unknown } | null)?.code ?? '');
  if (code.startsWith('08') || /^57P0[123]$/.test(code) || /^(ECONNREFUSED|ECONNRESET|EPIPE)$/.test(code)) {
    return true;
  }
  // node-postgres's own words for a socket that closed, and for a client whose connection broke mid-transaction
  // (its next statement is refused without reaching the server).
  return (
    error instanceof Error &&
    /^(Connection terminated|Client has encountered a connection error|Client was closed)/.test(error.message)
  );
};

/** Where broken connections are reported when nobody says otherwise: one JSON line on stderr. */
export const logConnectionError = (error: unknown): void =>
  console.error(
    JSON.stringify({ level: 'warn', msg: 'a database connection broke', ...connectionErrorFields(error) }),
  );

/**
 * PostgreSQL through a pool; `searchPath` lets tests run in a schema of their own. A connection that breaks (a
 * restart, a failover, an idle reaper) is reported to `onConnectionError` and dropped from the pool; the process
 * lives and the next queries open new connections.
 */
export function postgresDb(
  connectionString: string,
  searchPath?: string,
  onConnectionError: (error: unknown) => void = logConnectionError,
): Db {
  const pool = new pg.Pool({
    connectionString,
    // Measured on 2 cores (docs/performance.md): 20 beat 10 for creates, each of which is one commit, because
    // more commits in flight share each WAL flush; the statements themselves are short.
    max: 20,
    ...(searchPath ? { options: `-c search_path=${searchPath}` } : {}),
  });
  // A connection cut while idle is an 'error' event; one cut under a statement fails that statement instead. Both
  // are reported. Without a listener, an idle connection's error is an uncaught 'error' event that ends the process.
  pool.on('error', (error) => onConnectionError(error));
  const run = async <T = Row>(
    client: pg.Pool | pg.PoolClient,
    sql: string,
    params: unknown[] = [],
    name?: string,
    onLoss: (error: unknown) => void = onConnectionError,
  ) => {
    try {
      const result = await client.query(
        name ? { name, text: sql, values: params } : { text: sql, values: params },
      );
      return { rows: result.rows as T[] };
    } catch (error) {
      if (isConnectionLoss(error)) onLoss(error);
      throw error;
    }
  };
  return {
    engine: 'postgres',
    pool,
    query: (sql, params, name) => run(pool, sql, params, name),
    async transaction(fn) {
      const client = await pool.connect();
      // A checked-out connection that breaks emits 'error' too (uncaught, it ends the process), often beside the
      // failed statement's own error: one cut, reported once.
      let broken: Error | undefined;
      const onError = (error: unknown) => {
        if (!broken) onConnectionError(error);
        broken ??= error instanceof Error ? error : new Error(String(error));
      };
      client.on('error', onError);
      try {
        await run(client, 'BEGIN', [], undefined, onError);
        const result = await fn({ query: (sql, params, name) => run(client, sql, params, name, onError) });
        await run(client, 'COMMIT', [], undefined, onError);
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch((rollbackFailed: Error) => {
          broken ??= rollbackFailed;
        });
        throw error;
      } finally {
        client.off('error', onError);
        // Released with an error, a dead client is closed and discarded instead of going back to the pool.
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}

/** Timestamps come back as Date from both engines; answers carry ISO strings, and nulls become ''. */
export const iso = (value: unknown): string =>
  value instanceof Date ? value.toISOString() : typeof value === 'string' ? value : '';
