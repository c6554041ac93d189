/**
 * PGlite is one process per data directory: a second process would lose data silently (docs/api.md). The lock is a
 * file with a heartbeat (docs/decisions/024-one-process-per-pglite-directory.md), because a PID alone says nothing across PID
 * namespaces (two containers on one volume both see a "dead" PID, or their own PID 1) and a lock file can be deleted
 * under a running server.
 *
 * - The holder rewrites its record every HEARTBEAT_MS: a counter and the time. A record is given up only when it is
 *   released, provably dead (same boot and PID namespace as us, and its PID is gone), or stale: its heartbeat has not
 *   moved for STALE_MS (by the clock when it was written on this machine, else by watching it).
 * - A fresh record of a server in another namespace or on another machine is watched until it beats (refused) or
 *   goes stale (taken).
 * - No lock at all beside an existing database means the lock file may have been deleted under a running server: a
 *   newcomer writes a claim and waits CLAIM_WAIT_MS; a running holder puts its own record back over a missing lock
 *   or a claim on its next beat, so the newcomer finds it and refuses.
 * - A holder that finds another server's record (it was paused past STALE_MS and someone took over) has lost the
 *   directory: `onLost` is called and must stop the process before it writes another byte.
 *
 * Reading, deciding and writing are one step at a time under a guard directory (mkdir is atomic: one process
 * creates it), and a record replaces the last by an atomic rename, so a lock file is never half written. The guard
 * is held for a millisecond; one older than GUARD_STALE_MS was left by a process that died while holding it.
 */
import { randomUUID } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmdirSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export class DataDirLocked extends Error {}

export const HEARTBEAT_MS = 1_000;
/** Far past any pause of a busy event loop (the heartbeat runs on it), such as PGlite creating a database. */
export const STALE_MS = 30_000;
/** Long enough for a running holder to beat twice and put its record back over a newcomer's claim. */
export const CLAIM_WAIT_MS = 2_500;
const GUARD_STALE_MS = 5_000;
const GUARD_WAIT_MS = 10;
const WATCH_MS = 100;

interface LockRecord {
  token: string;
  pid: number;
  /** The machine's boot id: records from this boot share our clock and our PID namespaces' names. */
  boot: string;
  /** The PID namespace (`pid:[4026531836]`): only inside the same one does a PID name a process. */
  pidns: string;
  state: 'claim' | 'held' | 'released';
  beat: number;
  /** Date.now() at the last beat, on the writer's clock. */
  at: number;
}

export interface DataDirLock {
  /** Marks the lock released (the next server takes it at once) and stops the heartbeat. */
  unlock(): Promise<void>;
}

export interface LockOptions {
  /** Another server holds the directory now: stop writing, at once (the server exits). */
  onLost?: (message: string) => void;
  /** The lock file was gone or claimed and this holder wrote its record back. */
  onRetaken?: (message: string) => void;
}

const code = (error: unknown) => (error as NodeJS.ErrnoException).code;

const readText = (path: string): string => {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return '';
  }
};

const here = (() => {
  let link = '';
  try {
    link = readlinkSync('/proc/self/ns/pid');
  } catch {
    // No /proc (not Linux): PIDs are never trusted, only heartbeats.
  }
  return { boot: readText('/proc/sys/kernel/random/boot_id') || `host:${hostname()}`, pidns: link };
})();

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return code(error) === 'EPERM';
  }
};

/** The record in `file`; a bare PID is the lock of a server before the heartbeat, read as a fresh local one. */
function readRecord(file: string): LockRecord | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if (code(error) === 'ENOENT') return null;
    throw error;
  }
  if (/^\s*\d+\s*$/.test(text)) {
    return {
      token: `pid:${text.trim()}`,
      pid: Number(text),
      ...here,
      state: 'held',
      beat: 0,
      at: Date.now(),
    };
  }
  try {
    const record = JSON.parse(text) as LockRecord;
    if (typeof record.token === 'string' && typeof record.beat === 'number') return record;
  } catch {
    // A torn or foreign file: treated as a record that never beats, so it goes stale.
  }
  return { token: `unreadable:${text.length}`, pid: 0, boot: '', pidns: '', state: 'held', beat: 0, at: 0 };
}

function writeRecord(file: string, record: LockRecord): void {
  const fresh = `${file}.${record.token}`;
  writeFileSync(fresh, JSON.stringify(record));
  renameSync(fresh, file);
}

const dropGuard = (guard: string) => {
  try {
    rmdirSync(guard);
  } catch (error) {
    if (code(error) !== 'ENOENT') throw error;
  }
};

/** Runs `step` holding the guard, waiting while another process holds it. */
async function underGuard<T>(guard: string, step: () => T): Promise<T> {
  for (;;) {
    try {
      mkdirSync(guard);
      break;
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
  try {
    return step();
  } finally {
    dropGuard(guard);
  }
}

const sameHolder = (a: LockRecord, b: LockRecord) =>
  a.token === b.token && a.beat === b.beat && a.state === b.state;

const where = (record: LockRecord) =>
  record.boot !== here.boot
    ? ' on another machine'
    : record.pidns !== here.pidns
      ? ' in another PID namespace (another container)'
      : '';

const lockedMessage = (record: LockRecord, dataDir: string) =>
  `Another server (PID ${record.pid}) is already using the data directory ${dataDir}${where(record)}. ` +
  'The embedded database allows one process per data directory: stop that server, choose another ' +
  'DATA_DIR, or set DATABASE_URL to share a PostgreSQL database between several processes.';

type Verdict = 'free' | 'busy' | 'watch';

/** What a record found in the lock says, without watching it. */
function judge(record: LockRecord, now: number): Verdict {
  if (record.state === 'released') return 'free';
  if (record.boot !== here.boot || !record.boot) return 'watch';
  // Written on this machine since it booted: its time is on our clock.
  if (now - record.at >= STALE_MS) return 'free';
  if (record.pidns && record.pidns === here.pidns) {
    return record.pid !== process.pid && alive(record.pid) ? 'busy' : 'free';
  }
  return 'watch';
}

/**
 * Locks `dataDir` for this process and keeps the lock alive with a heartbeat; rejects with DataDirLocked when
 * another server holds it.
 */
export async function lockDataDir(dataDir: string, options: LockOptions = {}): Promise<DataDirLock> {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'server.lock');
  const guard = `${file}.guard`;
  const ours: LockRecord = {
    token: randomUUID(),
    pid: process.pid,
    ...here,
    state: 'held',
    beat: 0,
    at: Date.now(),
  };
  const write = (state: LockRecord['state']) => {
    ours.state = state;
    ours.beat += 1;
    ours.at = Date.now();
    writeRecord(file, ours);
  };

  let watched: { record: LockRecord; since: number } | null = null;
  for (;;) {
    const found = await underGuard(guard, (): 'taken' | 'claimed' | LockRecord => {
      const record = readRecord(file);
      if (record === null) {
        // A database without a lock: its lock file may have been deleted under a running server.
        if (existsSync(join(dataDir, 'pgdata'))) {
          write('claim');
          return 'claimed';
        }
        write('held');
        return 'taken';
      }
      const now = Date.now();
      const verdict = judge(record, now);
      const stale = verdict === 'watch' && watched && sameHolder(watched.record, record);
      if (verdict === 'free' || (stale && now - watched!.since >= STALE_MS)) {
        write('held');
        return 'taken';
      }
      if (verdict === 'busy') throw new DataDirLocked(lockedMessage(record, dataDir));
      return record;
    });
    if (found === 'taken') break;
    if (found === 'claimed') {
      await sleep(CLAIM_WAIT_MS);
      const mine = await underGuard(guard, () => {
        const record = readRecord(file);
        if (record?.token !== ours.token) return record;
        write('held');
        return true;
      });
      if (mine === true) break;
      if (mine) throw new DataDirLocked(lockedMessage(mine, dataDir));
      continue;
    }
    // Someone's fresh record we cannot judge by its PID: it beats (alive) or goes stale (dead).
    if (watched && !sameHolder(watched.record, found)) throw new DataDirLocked(lockedMessage(found, dataDir));
    watched ??= { record: found, since: Date.now() };
    await sleep(WATCH_MS);
  }

  let stopped = false;
  let lastBeat = Date.now();
  const lose = (message: string) => {
    stopped = true;
    clearInterval(timer);
    (options.onLost ?? ((text: string) => console.error(text)))(message);
  };
  const beat = async () => {
    let outcome: 'beat' | 'retaken' | LockRecord;
    try {
      outcome = await underGuard(guard, () => {
        if (stopped) return 'beat';
        const record = readRecord(file);
        if (record && record.token !== ours.token && record.state !== 'claim') return record;
        write('held');
        return record?.token === ours.token ? 'beat' : 'retaken';
      });
    } catch (error) {
      // A short hiccup of the disk is survived; a lock that cannot be kept is lost.
      if (Date.now() - lastBeat > STALE_MS / 2)
        lose(
          `The lock on the data directory ${dataDir} cannot be refreshed (${code(error)}): this server stops.`,
        );
      return;
    }
    if (stopped) return;
    if (typeof outcome === 'object') {
      lose(
        `Another server (PID ${outcome.pid})${where(outcome)} has taken the data directory ${dataDir}: ` +
          'this server stops now, so that only one process writes the embedded database.',
      );
      return;
    }
    lastBeat = Date.now();
    if (outcome === 'retaken')
      options.onRetaken?.(
        `The lock file of the data directory ${dataDir} was removed or claimed while this server held it: ` +
          'it is written again, and the other server is refused.',
      );
  };
  let beating = false;
  const timer = setInterval(() => {
    if (beating || stopped) return;
    beating = true;
    void beat().finally(() => (beating = false));
  }, HEARTBEAT_MS);
  timer.unref();

  return {
    async unlock() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      // Only our own lock: never one a later owner wrote.
      await underGuard(guard, () => {
        if (readRecord(file)?.token === ours.token) write('released');
      });
    },
  };
}
