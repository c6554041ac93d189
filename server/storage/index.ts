/** CV files live under `<DATA_DIR>/uploads`, outside the web root, under random names. */
import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

export interface CvStorage {
  readonly dir: string;
  /** A new random path for an incoming file (created by the caller). */
  newPath(): { name: string; path: string };
  pathOf(name: string): string;
  remove(name: string): Promise<void>;
}

export async function cvStorage(dir: string): Promise<CvStorage> {
  await mkdir(dir, { recursive: true });
  const pathOf = (name: string) => join(dir, name.replace(/[^a-zA-Z0-9_-]/g, ''));
  return {
    dir,
    newPath() {
      const name = randomBytes(18).toString('base64url');
      return { name, path: pathOf(name) };
    },
    pathOf,
    remove: (name) => rm(pathOf(name), { force: true }),
  };
}
