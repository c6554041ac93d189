/**
 * One process per PGlite data directory, always (docs/api.md): two servers starting together on a directory whose
 * lock was left by a dead process never both run; one serves, the other exits saying another server has it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../e2e/support/server';

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

async function serve(dataDir: string): Promise<Started> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
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

async function stop(server: Started): Promise<void> {
  if (server.child.exitCode === null) {
    server.child.kill('SIGTERM');
    const killed = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
    await server.exited;
    clearTimeout(killed);
  }
}

describe('the PGlite data directory lock', () => {
  // Bounded: each round ends within 60 s, the whole test within 8 minutes (150 s measured on a busy 2-core machine).
  it('lets exactly one of two servers racing on a stale lock run, ten times out of ten', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bootcamp-lock-'));
    const rounds: Array<{ winner: number; message: boolean; bothUp: boolean }> = [];
    try {
      for (let round = 0; round < 10; round++) {
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
    expect(rounds).toEqual(Array.from({ length: 10 }, () => ({ winner: 1, message: true, bothUp: false })));
  }, 480_000);

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
          await lockDataDir(${JSON.stringify(dataDir)});
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
});
