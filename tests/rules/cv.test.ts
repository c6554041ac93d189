/** docs/product.md §5 and §8: the CV checks, by name and size in the browser and by content (DESIGN §5) on the server. */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CV_MAX_BYTES,
  checkCvContent,
  checkCvFile,
  checkDocxPackage,
  detectCvKind,
} from '../../machines/rules';
import { DOCX_PARTS, minimalDocx, zip, zipBombDocx } from './support/zip';

const NO_FILE = 'Please attach your CV as a PDF or Word file.';
const BAD_TYPE = 'Invalid file type. Please select a PDF or Word file.';
const TOO_BIG = 'File size should not be more than 10MB';
const TEN_MB = 10 * 1024 * 1024;

describe('checkCvFile', () => {
  it.each([null, undefined])('no file (%s) asks for a CV', (file) => {
    expect(checkCvFile(file)).toBe(NO_FILE);
  });

  it.each(['cv.pdf', 'CV.PDF', 'cv.Pdf', 'cv.doc', 'CV.DOC', 'cv.docx', 'Ada Obi CV.DocX', 'my.cv.v2.pdf'])(
    '%j passes',
    (name) => {
      expect(checkCvFile({ name, size: 200_000 })).toBeNull();
    },
  );

  it.each([
    'cv.exe',
    'cv.txt',
    'cv.pdf.exe',
    'cv.docx.zip',
    'cv',
    'cvpdf',
    'cv.pdfx',
    'cv.odt',
    'cv.rtf',
    '',
  ])('%j fails as the wrong type', (name) => {
    expect(checkCvFile({ name, size: 200_000 })).toBe(BAD_TYPE);
  });

  it('exactly 10 MB passes; 10 MB and one byte fails', () => {
    expect(CV_MAX_BYTES).toBe(TEN_MB);
    expect(checkCvFile({ name: 'cv.pdf', size: TEN_MB })).toBeNull();
    expect(checkCvFile({ name: 'cv.pdf', size: TEN_MB + 1 })).toBe(TOO_BIG);
    expect(checkCvFile({ name: 'cv.docx', size: 50 * TEN_MB })).toBe(TOO_BIG);
  });

  it('a wrong type is reported before the size', () => {
    expect(checkCvFile({ name: 'cv.exe', size: TEN_MB + 1 })).toBe(BAD_TYPE);
  });

  it('an empty file is no CV', () => {
    expect(checkCvFile({ name: 'cv.pdf', size: 0 })).toBe(NO_FILE);
  });

  it('a one-byte file passes the browser check (its content is checked on the server)', () => {
    expect(checkCvFile({ name: 'cv.pdf', size: 1 })).toBeNull();
  });
});

const bytes = (...parts: (string | number[])[]): Uint8Array =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

/** A zip local file header (PK\3\4, version, flags, method, time, date, crc, sizes, name length) and its name. */
const zipEntry = (name: string): Uint8Array =>
  bytes(
    [0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00, 0x00, 0x00, 0x21, 0x00],
    [0xdf, 0xa4, 0xd2, 0x6c, 0x5a, 0x01, 0x00, 0x00, 0x20, 0x05, 0x00, 0x00],
    [name.length, 0x00, 0x00, 0x00],
    name,
    [0x78, 0x9c, 0x01, 0x02, 0x03],
  );

const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

describe('detectCvKind', () => {
  it('a real PDF header is a pdf', () => {
    expect(detectCvKind(bytes('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n'))).toBe('pdf');
    expect(detectCvKind(bytes('%PDF-'))).toBe('pdf');
  });

  it('the OLE compound-file header is a Word 97-2003 doc', () => {
    expect(detectCvKind(bytes(OLE, [0x00, 0x00, 0x00, 0x00, 0x3e, 0x00, 0x03, 0x00]))).toBe('doc');
  });

  it('a zip whose first part is [Content_Types].xml is a docx', () => {
    expect(detectCvKind(zipEntry('[Content_Types].xml'))).toBe('docx');
  });

  it('a zip that names a word/ part is a docx', () => {
    expect(detectCvKind(zipEntry('word/document.xml'))).toBe('docx');
    expect(detectCvKind(bytes([...zipEntry('_rels/.rels')], [...zipEntry('word/document.xml')]))).toBe(
      'docx',
    );
  });

  it('a plain zip is not a CV', () => {
    expect(detectCvKind(zipEntry('photos/cat.jpg'))).toBeNull();
    expect(detectCvKind(bytes([...zipEntry('docs/readme.txt')], [...zipEntry('words.txt')]))).toBeNull();
  });

  it('an .exe (MZ header) renamed to .pdf is not a CV', () => {
    expect(
      detectCvKind(bytes('MZ', [0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00], 'This program')),
    ).toBeNull();
  });

  it.each([
    ['empty', bytes()],
    ['%PDF without the dash', bytes('%PDF')],
    ['seven of the eight OLE bytes', bytes(OLE.slice(0, 7))],
    ['three of the four zip bytes', bytes([0x50, 0x4b, 0x03])],
    ['plain text', bytes('Curriculum vitae: Ada Obi')],
    ['a PDF signature not at the start', bytes(' %PDF-1.7')],
  ])('short or foreign input (%s) is null', (_label, head) => {
    expect(detectCvKind(head)).toBeNull();
  });
});

describe('a .docx is a real Word package of sane size (checkDocxPackage, checkCvContent)', () => {
  const MB = 1024 * 1024;
  const u8 = (b: Buffer) => new Uint8Array(b.buffer, b.byteOffset, b.length);

  it('a minimal Word document passes and is a docx', () => {
    const docx = minimalDocx();
    expect(checkDocxPackage(u8(docx))).toBe(true);
    expect(checkCvContent(u8(docx))).toBe('docx');
  });

  it('a Word document with a comment after its directory, and with stored parts, passes', () => {
    const docx = zip(DOCX_PARTS.map((p, i) => ({ ...p, store: i === 1 })));
    const comment = Buffer.from('made by a test');
    const withComment = Buffer.concat([docx, comment]);
    withComment.writeUInt16LE(comment.length, docx.length - 2);
    expect(checkCvContent(u8(withComment))).toBe('docx');
  });

  it('a Word document with a large photo that does not shrink passes', () => {
    const photo = randomBytes(3 * MB);
    expect(checkCvContent(u8(zip([...DOCX_PARTS, { name: 'word/media/image1.jpeg', data: photo }])))).toBe(
      'docx',
    );
  });

  it('a zip bomb renamed .docx (10 MB parts of zeros) is refused', () => {
    const bomb = zipBombDocx();
    expect(bomb.length).toBeLessThan(CV_MAX_BYTES);
    // Its first bytes look like a Word file: only the directory gives it away.
    expect(detectCvKind(u8(bomb).subarray(0, 4096))).toBe('docx');
    expect(checkCvContent(u8(bomb))).toBeNull();
  });

  it('one part that claims to shrink a thousandfold is refused, though the total is small', () => {
    const docx = zip([...DOCX_PARTS, { name: 'word/media/pad.bin', data: Buffer.alloc(2 * MB) }]);
    expect(checkDocxPackage(u8(docx))).toBe(false);
  });

  it('many small parts adding up to more than 50 MB are refused', () => {
    const small = Buffer.alloc(MB - 1);
    const parts = Array.from({ length: 51 }, (_, i) => ({ name: `word/media/p${i}.bin`, data: small }));
    expect(checkDocxPackage(u8(zip([...DOCX_PARTS, ...parts])))).toBe(false);
    expect(checkDocxPackage(u8(zip([...DOCX_PARTS, ...parts.slice(0, 40)])))).toBe(true);
  });

  it('a directory whose entries all point at the same packed data (an overlapping bomb) is refused', () => {
    const docx = zip([...DOCX_PARTS, { name: 'word/a.bin', data: Buffer.alloc(MB - 1) }]);
    const endAt = docx.length - 22;
    const directoryAt = docx.readUInt32LE(endAt + 16);
    const entries = docx.readUInt16LE(endAt + 10);
    // Repeat the last entry (word/a.bin) 60 times: 60 MB declared, one copy of the data.
    let last = directoryAt;
    for (let i = 0; i < entries - 1; i++)
      last += 46 + docx.readUInt16LE(last + 28) + docx.readUInt16LE(last + 30) + docx.readUInt16LE(last + 32);
    const entry = docx.subarray(last, endAt);
    const directory = Buffer.concat([
      docx.subarray(directoryAt, endAt),
      ...Array.from({ length: 60 }, () => entry),
    ]);
    const end = Buffer.from(docx.subarray(endAt));
    end.writeUInt16LE(entries + 60, 8);
    end.writeUInt16LE(entries + 60, 10);
    end.writeUInt32LE(directory.length, 12);
    const overlapping = Buffer.concat([docx.subarray(0, directoryAt), directory, end]);
    expect(checkDocxPackage(u8(overlapping))).toBe(false);
  });

  it('a renamed zip that is not a Word document is refused', () => {
    const photos = zip([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'photos/cat.jpg', data: Buffer.from('not really a cat') },
    ]);
    // It names [Content_Types].xml, so its first bytes pass; it has no word/document.xml.
    expect(detectCvKind(u8(photos))).toBe('docx');
    expect(checkCvContent(u8(photos))).toBeNull();
    const wordOnly = zip([{ name: 'word/document.xml', data: Buffer.from('<w:document/>') }]);
    expect(checkCvContent(u8(wordOnly))).toBeNull();
  });

  it.each([
    ['cut off before its directory', (d: Buffer) => d.subarray(0, d.length - 40)],
    ['its end record cut off', (d: Buffer) => d.subarray(0, d.length - 10)],
    ['a directory offset past the end', (d: Buffer) => (d.writeUInt32LE(d.length, d.length - 6), d)],
    ['ZIP64 markers', (d: Buffer) => (d.writeUInt16LE(0xffff, d.length - 12), d)],
    [
      'an unknown compression method',
      (d: Buffer) => {
        const at = d.readUInt32LE(d.length - 6);
        d.writeUInt16LE(99, at + 10);
        return d;
      },
    ],
  ])('a damaged package (%s) is refused', (_label, damage) => {
    expect(checkDocxPackage(u8(damage(Buffer.from(minimalDocx()))))).toBe(false);
  });

  it('PDFs and Word 97 files are judged by their first bytes alone', () => {
    expect(checkCvContent(bytes('%PDF-1.7\n'))).toBe('pdf');
    expect(checkCvContent(bytes(OLE, [0, 0, 0, 0]))).toBe('doc');
    expect(checkCvContent(bytes('plain text'))).toBeNull();
  });
});
