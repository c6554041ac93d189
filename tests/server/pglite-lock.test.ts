/**
 * One process per PGlite data directory, always (docs/api.md, decision 024): two servers starting together on a
 * directory whose lock was left by a dead process never both run; a server in another PID namespace (another
 * container on the same volume), or one started after the lock file was deleted, is refused while the first
 * serves, and no write made through the first is lost; a server that was paused while another took over stops.
 */
import { applicant } from '../support/answers';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { IDEMPOTENCY_HEADER, paths } from '../../machines/rules/contract';
import { type CreatePayload } from '../../machines/steps/communications';
import { STALE_MS } from '../../server/db/lock';
import { freePort, freshDataDir } from '../e2e/support/server';

const root = resolve(import.meta.dirname, '../..');
const children = new Set<ChildProcess>();

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

/** The PID of a process that has exited: what a crashed server leaves in its lock. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await new Promise((done) => child.once('exit', done));
  return child.pid!;
}

interface Started {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * Whether this machine can start a process in a PID namespace of its own (root, util-linux unshare): then the
 * servers below each run in their own, as two containers would. Otherwise the same tests run in one namespace.
 */
const NAMESPACES = spawnSync('unshare', ['--pid', '--fork', '--mount-proc', 'true']).status === 0;

async function serve(dataDir: string, ownNamespace = false): Promise<Started> {
  const port = await freePort();
  const node = [process.execPath, '--import', 'tsx', 'server/main.ts'];
  const [command, ...args] = ownNamespace ? ['unshare', '--pid', '--fork', '--mount-proc', ...node] : node;
  const child = spawn(command, args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return { child, port, output: () => log, exited };
}

const healthy = async (port: number) => {
  try {
    return (await fetch(`http://127.0.0.1:${port}/healthz`)).ok;
  } catch {
    return false;
  }
};

/** The server's node process: the child itself, or unshare's child (unshare ignores SIGTERM while it waits). */
function serverPid(server: Started): number {
  const pid = server.child.pid!;
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    return children ? Number(children.split(' ')[0]) : pid;
  } catch {
    return pid;
  }
}

async function stop(server: Started): Promise<void> {
  if (server.child.exitCode === null) {
    const pid = serverPid(server);
    process.kill(pid, 'SIGTERM');
    const killed = setTimeout(() => {
      process.kill(pid, 'SIGKILL');
      server.child.kill('SIGKILL');
    }, 10_000);
    await server.exited;
    clearTimeout(killed);
  }
}

/** Up within 2 minutes: a start takes seconds, but minutes on a shared 2-core machine under load. */
async function untilHealthy(server: Started): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (!(await healthy(server.port))) {
    if (server.child.exitCode !== null || Date.now() > deadline)
      throw new Error(`the server did not start:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Whether a second server came up (answered /healthz) before it exited, watched for up to 2 minutes. */
async function cameUp(server: Started): Promise<boolean> {
  const deadline = Date.now() + 120_000;
  while (server.child.exitCode === null && Date.now() < deadline) {
    if (await healthy(server.port)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

const applicantNumber = (i: number): CreatePayload =>
  applicant(`lock${i}@example.com`, {
    firstname: `Applicant${i}`,
    lastname: 'Lock',
    phone: `+23480300${String(i).padStart(5, '0')}`,
  });

/** Creates applications `from`…`from + count - 1` through `server`; resolves to how many were acknowledged. */
async function createApplications(server: Started, from: number, count: number): Promise<number> {
  let acknowledged = 0;
  for (let i = from; i < from + count; i++) {
    const res = await fetch(`http://127.0.0.1:${server.port}${paths.create}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [IDEMPOTENCY_HEADER]: `lock-${i}` },
      body: JSON.stringify(applicantNumber(i)),
    });
    if (res.status === 201) acknowledged++;
  }
  return acknowledged;
}

/** The applications on disk, read once every server is stopped: what a restart would find. */
async function storedApplications(dataDir: string): Promise<string[]> {
  const db = new PGlite(join(dataDir, 'pgdata'));
  try {
    const { rows } = await db.query<{ email: string }>('SELECT email FROM applications ORDER BY id');
    return rows.map((row) => row.email);
  } finally {
    await db.close();
  }
}

/** A data directory holding the run's migrated, empty database for `body`, removed once it is done. */
async function inDataDir(body: (dataDir: string) => Promise<void>): Promise<void> {
  const dataDir = await freshDataDir();
  try {
    await body(dataDir);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const SERVER_ROUNDS = 4;

const refusal =
  /Another server \(PID \d+\)( in another PID namespace \(another container\))? is already using/;

describe('the PGlite data directory lock', () => {
  // Four rounds of whole servers, each two server starts: the race itself is run 300 times by the next test, at the
  // lock's own level, where a round costs milliseconds, not seconds. Bounded: each round ends within 60 s.
  it('lets exactly one of two servers racing on a stale lock run, four times out of four', async () => {
    const dataDir = await freshDataDir();
    const rounds: Array<{ winner: number; message: boolean; bothUp: boolean }> = [];
    try {
      for (let round = 0; round < SERVER_ROUNDS; round++) {
        writeFileSync(join(dataDir, 'server.lock'), String(await deadPid()));
        const pair = await Promise.all([serve(dataDir), serve(dataDir)]);
        const deadline = Date.now() + 60_000;
        let bothUp = false;
        // Until one serves and the other has exited (or the time is up).
        for (;;) {
          const up = await Promise.all(pair.map((s) => healthy(s.port)));
          if (up[0] && up[1]) bothUp = true;
          const done = pair.filter((s) => s.child.exitCode !== null).length;
          if ((up.some(Boolean) && done === 1) || done === 2 || Date.now() > deadline) break;
          await new Promise((r) => setTimeout(r, 100));
        }
        // A loser that had not yet exited must not come up later either.
        await new Promise((r) => setTimeout(r, 300));
        const up = await Promise.all(pair.map((s) => healthy(s.port)));
        if (up[0] && up[1]) bothUp = true;
        const winners = pair.filter((_, i) => up[i]);
        const losers = pair.filter((s) => s.child.exitCode !== null);
        rounds.push({
          winner: winners.length,
          message:
            losers.length === 1 && /Another server \(PID \d+\) is already using/.test(losers[0].output()),
          bothUp,
        });
        await Promise.all(pair.map(stop));
      }
    } finally {
      for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
    expect(rounds).toEqual(
      Array.from({ length: SERVER_ROUNDS }, () => ({ winner: 1, message: true, bothUp: false })),
    );
  }, 300_000);

  it('five processes taking a stale lock at the same moment: exactly one gets it, 300 times', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bootcamp-lock-'));
    // Each process loads the lock module, then on every "go" line tries to take the lock and says how it went.
    // Being ready first puts the five attempts within a millisecond of each other, where a check-then-take races.
    const script = `
      import { createInterface } from 'node:readline';
      import { lockDataDir } from './server/db/lock.ts';
      console.log('READY');
      for await (const _line of createInterface({ input: process.stdin })) {
        try {
          await lockDataDir(${JSON.stringify(dataDir)}, { onLost: () => {} });
          console.log('LOCKED');
        } catch (error) {
          console.log(error.constructor.name);
        }
      }
    `;
    const crowd = Array.from({ length: 5 }, () => {
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        cwd: root,
        stdio: ['pipe', 'pipe', 'inherit'],
      });
      children.add(child);
      const lines: string[] = [];
      let wake = () => {};
      createInterface({ input: child.stdout! }).on('line', (line) => {
        lines.push(line);
        wake();
      });
      const next = async () => {
        while (!lines.length) {
          if (child.exitCode !== null) throw new Error('a lock process exited');
          await new Promise<void>((done) => (wake = done));
        }
        return lines.shift()!;
      };
      return { child, next };
    });
    const outcomes: Record<string, number> = {};
    try {
      for (const { next } of crowd) expect(await next()).toBe('READY');
      const stale = String(await deadPid());
      for (let round = 0; round < 300; round++) {
        writeFileSync(join(dataDir, 'server.lock'), stale);
        for (const { child } of crowd) child.stdin!.write('go\n');
        const answers = await Promise.all(crowd.map(({ next }) => next()));
        const taken = `${answers.filter((a) => a === 'LOCKED').length} took it`;
        outcomes[taken] = (outcomes[taken] ?? 0) + 1;
      }
    } finally {
      for (const { child } of crowd) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
    expect(outcomes).toEqual({ '1 took it': 300 });
  }, 120_000);

  const where = NAMESPACES
    ? 'in two PID namespaces (two containers)'
    : 'in one PID namespace (unshare unavailable)';

  it(`refuses a second server ${where} on one data directory, and loses none of the first one's 20 writes`, async () => {
    await inDataDir(async (dataDir) => {
      const first = await serve(dataDir, NAMESPACES);
      await untilHealthy(first);
      const second = await serve(dataDir, NAMESPACES);
      const secondUp = await cameUp(second);
      const acknowledged = await createApplications(first, 0, 20);
      await stop(first);
      await stop(second);
      expect({ secondUp, refused: refusal.test(second.output()), acknowledged }).toEqual({
        secondUp: false,
        refused: true,
        acknowledged: 20,
      });
      expect(await storedApplications(dataDir)).toEqual(
        Array.from({ length: 20 }, (_, i) => `lock${i}@example.com`),
      );
    });
  }, 420_000);

  it('refuses a second server started after the lock file was deleted under the first, and loses none of its writes', async () => {
    await inDataDir(async (dataDir) => {
      const first = await serve(dataDir);
      await untilHealthy(first);
      rmSync(join(dataDir, 'server.lock'));
      const second = await serve(dataDir, NAMESPACES);
      // Writes go on through the first while the second starts.
      const [secondUp, acknowledged] = await Promise.all([cameUp(second), createApplications(first, 0, 20)]);
      const firstStillUp = await healthy(first.port);
      // The first wrote its lock back.
      const lockBack = existsSync(join(dataDir, 'server.lock'));
      await stop(first);
      await stop(second);
      expect({
        secondUp,
        refused: refusal.test(second.output()),
        acknowledged,
        firstStillUp,
        lockBack,
      }).toEqual({
        secondUp: false,
        refused: true,
        acknowledged: 20,
        firstStillUp: true,
        lockBack: true,
      });
      expect(await storedApplications(dataDir)).toHaveLength(20);
    });
  }, 420_000);

  it('a server paused past the heartbeat staleness, whose directory another server took, stops on waking', async () => {
    await inDataDir(async (dataDir) => {
      const first = await serve(dataDir);
      await untilHealthy(first);
      expect(await createApplications(first, 0, 5)).toBe(5);
      // A frozen container: alive by its PID, silent by its heartbeat. Its last beat is then made STALE_MS + 1 s
      // old, as the file reads after that long a pause, without the test waiting that long.
      first.child.kill('SIGSTOP');
      const lock = join(dataDir, 'server.lock');
      const lastBeat = JSON.parse(readFileSync(lock, 'utf8')) as { at: number };
      writeFileSync(lock, JSON.stringify({ ...lastBeat, at: lastBeat.at - STALE_MS - 1_000 }));
      const second = await serve(dataDir);
      await untilHealthy(second);
      first.child.kill('SIGCONT');
      // Its next beat stops it; on a loaded machine the woken process may take a while to get a core.
      const code = await Promise.race([
        first.exited,
        new Promise((r) => setTimeout(() => r('still running'), 60_000)),
      ]);
      expect({ code, output: code === 1 ? '' : first.output() }).toEqual({ code: 1, output: '' });
      expect(first.output()).toMatch(
        /Another server \(PID \d+\) has taken the data directory .*: this server stops now/,
      );
      expect(await createApplications(second, 5, 5)).toBe(5);
      await stop(second);
      expect(await storedApplications(dataDir)).toHaveLength(10);
    });
  }, 420_000);
});
