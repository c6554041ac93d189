/**
 * A .docx is judged by what it really unpacks to, not by what its zip directory declares: every part is inflated
 * as a stream, counted, and stopped as soon as it passes its declared size, so a package whose directory
 * understates its parts (a zip bomb that passes the directory check) costs at most the declared total
 * (DOCX_MAX_UNPACKED_BYTES) to refuse. A part that unpacks to more or less than declared, or does not unpack,
 * makes the package refused.
 */
import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { docxEntries, type ZipEntry } from '../machines/rules/cv';

const LOCAL = 0x04034b50;
const SLICE = 64 * 1024;

/** Whether `entry`'s data inflates to exactly its declared size. */
function unpacksAsDeclared(file: Buffer, entry: ZipEntry): Promise<boolean> {
  if (entry.localAt + 30 > file.length || file.readUInt32LE(entry.localAt) !== LOCAL)
    return Promise.resolve(false);
  const dataAt =
    entry.localAt + 30 + file.readUInt16LE(entry.localAt + 26) + file.readUInt16LE(entry.localAt + 28);
  if (dataAt + entry.packed > file.length) return Promise.resolve(false);
  const data = file.subarray(dataAt, dataAt + entry.packed);
  // A stored part is its own bytes: the directory already said packed === size.
  if (entry.method === 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    let unpacked = 0;
    const inflate = createInflateRaw();
    const settle = (ok: boolean) => {
      source.destroy();
      inflate.destroy();
      resolve(ok);
    };
    // Fed in slices, so that a bomb is stopped after a slice's worth of output, not after all of it.
    const source = Readable.from(
      (function* () {
        for (let at = 0; at < data.length; at += SLICE) yield data.subarray(at, at + SLICE);
      })(),
      { objectMode: false },
    );
    inflate.on('data', (chunk: Buffer) => {
      unpacked += chunk.length;
      if (unpacked > entry.size) settle(false);
    });
    inflate.once('error', () => settle(false));
    inflate.once('end', () => settle(unpacked === entry.size));
    source.pipe(inflate);
  });
}

/** Whether a whole .docx file is a real Word package whose parts unpack to exactly the sane sizes it declares. */
export async function checkDocxUnpacked(file: Buffer): Promise<boolean> {
  const entries = docxEntries(new Uint8Array(file.buffer, file.byteOffset, file.length));
  if (!entries) return false;
  for (const entry of entries) if (!(await unpacksAsDeclared(file, entry))) return false;
  return true;
}
