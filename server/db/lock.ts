/**
 * PGlite is one process per data directory: a second process would lose data silently (DESIGN.md §2a). The lock
 * file holds the owner's PID; a lock left by a dead process (a crash, SIGKILL) is taken over.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirLocked extends Error {}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(owner) && owner !== process.pid && alive(owner)) {
        throw new DataDirLocked(
          `Another server (PID ${owner}) is already using the data directory ${dataDir}. ` +
            'The embedded database allows one process per data directory: stop that server, choose another ' +
            'DATA_DIR, or set DATABASE_URL to share a PostgreSQL database between several processes.',
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLocked(`Could not lock the data directory ${dataDir}.`);
}
