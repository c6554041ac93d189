/**
 * PGlite is one process per data directory: a second process would lose data silently (docs/api.md). The
 * lock file holds the owner's PID; a lock left by a dead process (a crash, SIGKILL) is taken over.
 *
 * Reading the lock, deciding it is stale and replacing it are three steps, so two servers starting together could
 * both take over the same stale lock. A guard directory (mkdir is atomic: exactly one process creates it) makes the
 * whole check-and-take one step at a time, and the new lock replaces the old one by an atomic rename, so a lock
 * file is never missing or half written. The guard is held for a millisecond; one older than GUARD_STALE_MS was
 * left by a process that died while holding it, and is removed.
 */
import { mkdirSync, readFileSync, renameSync, rmdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export class DataDirLocked extends Error {}

const GUARD_STALE_MS = 5_000;
const GUARD_WAIT_MS = 10;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const code = (error: unknown) => (error as NodeJS.ErrnoException).code;

const readOwner = (file: string): number | null => {
  try {
    const owner = Number.parseInt(readFileSync(file, 'utf8'), 10);
    return Number.isInteger(owner) ? owner : null;
  } catch (error) {
    if (code(error) === 'ENOENT') return null;
    throw error;
  }
};

const dropGuard = (guard: string) => {
  try {
    rmdirSync(guard);
  } catch (error) {
    if (code(error) !== 'ENOENT') throw error;
  }
};

/** Takes the guard, waiting while another process holds it. */
async function takeGuard(guard: string): Promise<void> {
  for (;;) {
    try {
      mkdirSync(guard);
      return;
    } catch (error) {
      if (code(error) !== 'EEXIST') throw error;
    }
    try {
      if (Date.now() - statSync(guard).mtimeMs > GUARD_STALE_MS) dropGuard(guard);
    } catch (error) {
      if (code(error) !== 'ENOENT') throw error;
    }
    await sleep(GUARD_WAIT_MS);
  }
}

/** Locks `dataDir` for this process; resolves to the unlock function, or rejects with DataDirLocked. */
export async function lockDataDir(dataDir: string): Promise<() => void> {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'server.lock');
  const guard = `${file}.guard`;
  await takeGuard(guard);
  try {
    const owner = readOwner(file);
    if (owner !== null && owner !== process.pid && alive(owner)) {
      throw new DataDirLocked(
        `Another server (PID ${owner}) is already using the data directory ${dataDir}. ` +
          'The embedded database allows one process per data directory: stop that server, choose another ' +
          'DATA_DIR, or set DATABASE_URL to share a PostgreSQL database between several processes.',
      );
    }
    // No lock, or a dead owner's: replace it whole.
    const fresh = `${file}.${process.pid}`;
    writeFileSync(fresh, String(process.pid));
    renameSync(fresh, file);
  } finally {
    dropGuard(guard);
  }
  return () => {
    // Only our own lock: never one a later owner wrote.
    if (readOwner(file) === process.pid) rmSync(file, { force: true });
  };
}
