/**
 * The engines a rehearsal starts and stops: the real server (`server/main.ts`) as a child process with fast
 * clocks, on PGlite in a fresh DATA_DIR, or on a fresh PostgreSQL database with `WORKERS=n` when DATABASE_URL is
 * set; the SMTP sink; and with `--s3` an S3 server (s3rver) holding the CVs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { openPglite, postgresDb, type Db } from '../server/db/index';
import { freePort } from '../scripts/freePort';
import { scratchDatabase } from '../scripts/postgresAdmin';
import type { RehearsalOptions } from './options';
import { startSink, type Sink } from './sink';

const ROOT = resolve(import.meta.dirname, '..');

/** The fresh database a rehearsal's server writes to, which the rehearsal reads at the end. */
interface Database {
  engine: 'pglite' | 'postgres';
  env: Record<string, string>;
  /** Opens it for the end-of-run reads (PGlite only once the server has let go of it). */
  open(): Promise<Db>;
  /** `pg_dump --data-only` of it into `file`, as an operator's backup would hold it; false where there is none. */
  dump(file: string): Promise<boolean>;
  drop(): Promise<void>;
}

function pgliteDatabase(dir: string): Database {
  const dataDir = join(dir, 'data');
  return {
    engine: 'pglite',
    env: { DATA_DIR: dataDir },
    open: () => openPglite(join(dataDir, 'pgdata')),
    // PGlite has no pg_dump here: the dump check is PostgreSQL's.
    dump: async () => false,
    drop: async () => undefined,
  };
}

/** A database of its own on the server DATABASE_URL names, dropped afterwards. */
async function postgresDatabase(url: string, dir: string): Promise<Database> {
  const own = await scratchDatabase(url, 'rehearsal');
  return {
    engine: 'postgres',
    // Uploads still go under DATA_DIR unless --s3.
    env: { DATABASE_URL: own.url, DATA_DIR: join(dir, 'data') },
    open: async () => postgresDb(own.url),
    dump: (file) => pgDump(own.url, file).then(() => true),
    drop: own.drop,
  };
}

/** `pg_dump --data-only` of the database at `url` into `file`; rejects with pg_dump's own words when it fails. */
function pgDump(url: string, file: string): Promise<void> {
  return new Promise((done, fail) => {
    const out = openSync(file, 'w');
    const dump = spawn('pg_dump', ['--data-only', '--no-owner', '--dbname', url], {
      stdio: ['ignore', out, 'pipe'],
    });
    closeSync(out);
    let said = '';
    dump.stderr?.on('data', (chunk: Buffer) => (said += chunk.toString()));
    dump.on('error', fail);
    dump.on('exit', (code) =>
      code === 0 ? done() : fail(new Error(`pg_dump exited ${code}: ${said.trim()}`)),
    );
  });
}

async function startS3(dir: string): Promise<{ env: Record<string, string>; close: () => Promise<void> }> {
  const directory = join(dir, 's3');
  mkdirSync(directory, { recursive: true });
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory });
  const { port } = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver accepts these fixed credentials.
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials });
  await client.send(new CreateBucketCommand({ Bucket: 'cvs' }));
  client.destroy();
  return {
    env: {
      S3_BUCKET: 'cvs',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: () => server.close(),
  };
}

/**
 * The CPU ticks a process and its children have spent so far (from /proc: Linux), or undefined where it cannot be
 * read. With WORKERS=n the primary waits while its workers start, so the children count.
 */
export function treeCpuTicks(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  // After the command's closing parenthesis: state, ppid, … utime (14th field) and stime (15th).
  const fields = (id: string) => {
    try {
      const stat = readFileSync(`/proc/${id}/stat`, 'utf8');
      return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    } catch {
      return undefined;
    }
  };
  const own = fields(String(pid));
  if (!own) return undefined;
  let ticks = Number(own[11]) + Number(own[12]);
  for (const id of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    const child = fields(id);
    if (child && Number(child[1]) === pid) ticks += Number(child[11]) + Number(child[12]);
  }
  return ticks;
}

export interface Engines {
  url: string;
  engine: 'pglite' | 'postgres';
  sink: Sink;
  server: ChildProcess;
  /** The environment the server was started with (the secrets' values left out of the report). */
  settings: Record<string, string>;
  /** Stops the server (SIGTERM, as a deploy would), then opens its database for the end-of-run reads. */
  stopServer(): Promise<Db>;
  /** The database's data as `pg_dump` writes it, into `file` (PostgreSQL); false on PGlite. */
  dump(file: string): Promise<boolean>;
  close(): Promise<void>;
}

export async function startEngines(
  options: RehearsalOptions,
  dir: string,
  admins: string[],
): Promise<Engines> {
  const sink = await startSink();
  const databaseUrl = process.env.DATABASE_URL;
  const database = databaseUrl ? await postgresDatabase(databaseUrl, dir) : pgliteDatabase(dir);
  const s3 = options.s3 ? await startS3(dir) : undefined;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const settings: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    // The API only: the rehearsal drives the requests the app sends, not its pages.
    CLIENT_DIR: join(dir, 'no-client'),
    SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
    STAFF_EMAILS: admins.join(','),
    DECISION_UNDO_SECONDS: String(options.undoSeconds),
    MAIL_POLL_MS: String(options.mailPollMs),
    MAIL_RETRY_MS: String(options.mailRetryMs),
    REMINDER_POLL_MS: String(options.reminderPollMs),
    RETENTION_POLL_MS: String(options.retentionPollMs),
    // Every applicant comes from 127.0.0.1 here; the per-address limit would stop a real crowd at the door.
    RATE_LIMIT_IP_PER_MINUTE: '10000000',
    GEO_FIXED_COUNTRY: 'Nigeria',
    LOG_LEVEL: 'warn',
    ...(database.engine === 'postgres' ? { WORKERS: String(options.workers) } : {}),
    ...database.env,
    ...s3?.env,
  };
  const logFile = join(dir, 'server.log');
  const log = openSync(logFile, 'a');
  const { NODE_ENV: _node, DATABASE_URL: _url, ...inherited } = process.env;
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...inherited, ...settings },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  // The wait follows the work: a fresh PGlite's migrations took 116 s on a busy 2-core machine, so the server is
  // given up on only once its processes have spent no CPU for a while (or, without /proc, after a fixed time).
  const startedAt = Date.now();
  let lastWork = startedAt;
  let lastCpu = treeCpuTicks(server.pid);
  for (;;) {
    if (server.exitCode !== null)
      throw new Error(`the server exited at start (${server.exitCode}); see ${logFile}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    const cpu = treeCpuTicks(server.pid);
    if (cpu !== undefined && lastCpu !== undefined && cpu > lastCpu) lastWork = Date.now();
    lastCpu = cpu;
    const stalled = cpu === undefined ? Date.now() - startedAt > 90_000 : Date.now() - lastWork > 30_000;
    if (stalled) {
      server.kill('SIGKILL');
      throw new Error(`the server did not become ready (it stopped working); see ${logFile}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  let db: Db | undefined;
  const stopServer = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      const timer = setTimeout(() => server.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    }
    db ??= await database.open();
    return db;
  };
  return {
    url,
    engine: database.engine,
    sink,
    server,
    settings: Object.fromEntries(
      Object.entries(settings).map(([k, v]) => [k, /SECRET|DATABASE_URL|STAFF_EMAILS/.test(k) ? '(set)' : v]),
    ),
    stopServer,
    dump: (file) => database.dump(file),
    async close() {
      await stopServer().catch(() => undefined);
      await db?.close().catch(() => undefined);
      await sink.close();
      await s3?.close();
      await database.drop();
    },
  };
}
