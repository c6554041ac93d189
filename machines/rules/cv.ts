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
