import { FIELD_MESSAGES, MESSAGES } from './messages';

export const CV_MAX_BYTES = 10 * 1024 * 1024;
export const CV_EXTENSIONS = ['.pdf', '.doc', '.docx'] as const;
export const CV_ACCEPT =
  '.pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export type CvKind = 'pdf' | 'doc' | 'docx';

/** What the browser can check before sending: a file was chosen, its name says PDF or Word, and it fits. */
export function checkCvFile(file: { name: string; size: number } | null | undefined): string | null {
  if (!file) return FIELD_MESSAGES.cv;
  const name = file.name.toLowerCase();
  if (!CV_EXTENSIONS.some((ext) => name.endsWith(ext))) return MESSAGES.cvType;
  if (file.size > CV_MAX_BYTES) return MESSAGES.cvSize;
  if (file.size === 0) return FIELD_MESSAGES.cv;
  return null;
}

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]; // Word 97-2003 compound file
const ZIP = [0x50, 0x4b, 0x03, 0x04]; // .docx is a zip package

/**
 * The kind of document the first bytes show, whatever the name says. A zip counts as .docx only when its
 * content names the Word part (`word/`), which appears early in every .docx's directory of parts.
 */
export function detectCvKind(head: Uint8Array): CvKind | null {
  if (startsWith(head, PDF)) return 'pdf';
  if (startsWith(head, OLE)) return 'doc';
  if (startsWith(head, ZIP)) {
    const text = new TextDecoder('latin1').decode(head);
    return text.includes('word/') || text.includes('[Content_Types].xml') ? 'docx' : null;
  }
  return null;
}

/** What a Word package may unpack to, in all: far above any CV with photos, far below a zip bomb. */
export const DOCX_MAX_UNPACKED_BYTES = 50 * 1024 * 1024;
/** The most a large part may shrink by: Word's XML packs 5–20×; deflate cannot go past about 1032×. */
export const DOCX_MAX_RATIO = 200;
const RATIO_FROM_BYTES = 1024 * 1024;
const MAX_PARTS = 5000;
const DOCX_PARTS = ['[Content_Types].xml', 'word/document.xml'];

const EOCD = 0x06054b50; // end of central directory
const CENTRAL = 0x02014b50; // central directory entry

/** One part of a zip, as its central directory declares it. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  /** Where the part's local header starts. */
  localAt: number;
  packed: number;
  /** What the directory says the part unpacks to: only unpacking it shows whether that is true. */
  size: number;
}

/**
 * The parts of a whole .docx file, read from the zip's central directory alone (no part is unpacked), when it is
 * a real Word package of sane declared size: it lists `[Content_Types].xml` and `word/document.xml`, its parts'
 * declared sizes add up to at most DOCX_MAX_UNPACKED_BYTES, no large part claims to shrink more than DOCX_MAX_RATIO
 * times, and the directory is consistent (every entry where it says, only stored or deflated parts, no ZIP64: a CV
 * never needs 4 GB). Null otherwise.
 */
export function docxEntries(file: Uint8Array): ZipEntry[] | null {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  // The end record is the last 22 bytes, or sits before a comment of up to 64 KB.
  let end = -1;
  for (let at = file.length - 22; at >= Math.max(0, file.length - 22 - 0xffff); at--) {
    if (view.getUint32(at, true) === EOCD && at + 22 + view.getUint16(at + 20, true) === file.length) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  const count = view.getUint16(end + 10, true);
  const directorySize = view.getUint32(end + 12, true);
  const directoryAt = view.getUint32(end + 16, true);
  if (count === 0xffff || directoryAt === 0xffffffff || count > MAX_PARTS) return null;
  if (directoryAt + directorySize > end) return null;
  const entries: ZipEntry[] = [];
  let unpacked = 0;
  let at = directoryAt;
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || view.getUint32(at, true) !== CENTRAL) return null;
    const method = view.getUint16(at + 10, true);
    const packed = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const next = at + 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    const localAt = view.getUint32(at + 42, true);
    if (next > end || localAt >= directoryAt) return null;
    if (packed === 0xffffffff || size === 0xffffffff) return null;
    if (method !== 0 && method !== 8) return null;
    if (method === 0 && packed !== size) return null;
    if (size >= RATIO_FROM_BYTES && size > packed * DOCX_MAX_RATIO) return null;
    unpacked += size;
    if (unpacked > DOCX_MAX_UNPACKED_BYTES) return null;
    const name = new TextDecoder('latin1').decode(file.subarray(at + 46, at + 46 + nameLength));
    entries.push({ name, method, localAt, packed, size });
    at = next;
  }
  const names = new Set(entries.map((entry) => entry.name));
  return DOCX_PARTS.every((part) => names.has(part)) ? entries : null;
}

/**
 * Whether a whole .docx file is a real Word package of sane size by its directory (docxEntries). The directory's
 * sizes are the sender's word: the server also unpacks every part (server/docx.ts).
 */
export const checkDocxPackage = (file: Uint8Array): boolean => docxEntries(file) !== null;

/** The kind of a whole file by its content: the first bytes, and for a .docx its package's directory too. */
export function checkCvContent(file: Uint8Array): CvKind | null {
  const kind = detectCvKind(file.subarray(0, 8192));
  return kind === 'docx' && !checkDocxPackage(file) ? null : kind;
}
