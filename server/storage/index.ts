/**
 * Where CV files live. Two backends behind one interface: a local directory (`<DATA_DIR>/uploads`, outside the web
 * root; the default) and an S3-compatible bucket (server/storage/s3.ts) that several machines share. Files have
 * random names and are only referenced once the database row points to them (docs/decisions/014-the-cv-is-checked-twice-by-content.md).
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface CvStorage {
  readonly kind: 'local' | 's3';
  /**
   * Streams `source` into a new file under a random name and resolves to that name once all of it is stored. If
   * the source fails, nothing stays behind and the source's error is thrown.
   */
  write(source: Readable): Promise<string>;
  /** The file's bytes as a stream; null when it is not there. */
  read(name: string): Promise<Readable | null>;
  /** Removes the file; a file already gone is not an error. */
  remove(name: string): Promise<void>;
  /** Resolves when the storage can take a file now (for /readyz); rejects otherwise. */
  check(): Promise<void>;
}

export const newCvName = () => randomBytes(18).toString('base64url');

/** Stored names are ours (base64url), but a name never leaves the directory whatever it holds. */
const safe = (name: string) => name.replace(/[^a-zA-Z0-9_-]/g, '');

export async function localStorage(dir: string): Promise<CvStorage> {
  await mkdir(dir, { recursive: true });
  const pathOf = (name: string) => join(dir, safe(name));
  const remove = (name: string) => rm(pathOf(name), { force: true });
  return {
    kind: 'local',
    async write(source) {
      const name = newCvName();
      const file = createWriteStream(pathOf(name), { flags: 'wx' });
      try {
        await pipeline(source, file);
      } catch (error) {
        // A source that fails at once can beat the file's open: removing before the stream has closed would let
        // the open create the file afterwards, and it would stay behind.
        if (!file.closed) await new Promise((done) => file.once('close', done));
        await remove(name);
        throw error;
      }
      return name;
    },
    async read(name) {
      try {
        if (!(await stat(pathOf(name))).isFile()) return null;
      } catch {
        return null;
      }
      return createReadStream(pathOf(name));
    },
    remove,
    async check() {
      const probe = join(dir, `.ready-${process.pid}-${randomBytes(4).toString('hex')}`);
      await writeFile(probe, 'ok');
      await rm(probe, { force: true });
    },
  };
}
