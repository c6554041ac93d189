/**
 * Starts the product the way `npm start` does (the built server and app in dist/), on a free loopback port with a
 * fresh data directory, as one `node` process with one PID to stop.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { inject } from 'vitest';
import { freePort } from '../../../scripts/freePort';
import { SERVER_ARGS } from '../../../scripts/serverBuild';
import { lockDataDir } from '../../../server/db/lock';
import '../../support/pgliteTemplate';

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

export { freePort };

const root = resolve(import.meta.dirname, '../../..');

/**
 * A new data directory holding the run's migrated, empty database (tests/support/pgliteTemplate.ts): the server
 * still migrates, and finds nothing to do. Outside Vitest (the benchmarks) the server makes its own. The copy comes
 * with the lock file a cleanly stopped server leaves: a database found with no lock file makes the server wait
 * 2.5 s in case a running one lost its file (server/db/lock.ts), seconds each test file would spend for nothing.
 */
export async function freshDataDir(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'bootcamp-data-'));
  const template = process.env.VITEST ? inject('pgliteTemplate') : undefined;
  if (template) {
    await (await lockDataDir(dir)).unlock();
    cpSync(template.dir, join(dir, 'pgdata'), { recursive: true });
  }
  return dir;
}

export async function startServer(
  env: Record<string, string> = {},
  dataDir?: string,
): Promise<RunningServer> {
  // A test that stands for a new deploy starts its second server on the first one's port: same origin, same worker.
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dir = dataDir ?? (await freshDataDir());
  // The built server in the tests, as `npm start` runs it; the benchmarks, which build only the client, run the sources.
  const args = process.env.VITEST ? SERVER_ARGS : ['--import', 'tsx', 'server/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  // Two minutes: on the shared 2-core machine under load the server has taken close to one to answer.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${log}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    url,
    port,
    dataDir: dir,
    process: child,
    output: () => log,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (!dataDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface MailboxEntry {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: { filename: string; contentType: string; content: string }[];
  sentAt: string;
}

/** The newest 6-digit code sent to an address, read from the outbox the way a person reads their inbox. */
export async function latestCode(baseUrl: string, to: string, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = (await (await fetch(`${baseUrl}/dev/mailbox.json`)).json()) as MailboxEntry[];
    const mail = mails.find((m) => m.to.toLowerCase().includes(to.toLowerCase()) && /\b\d{6}\b/.test(m.text));
    if (mail) return mail.text.match(/\b(\d{6})\b/)![1];
    if (Date.now() > deadline) throw new Error(`no code arrived for ${to}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
