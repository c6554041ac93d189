/** SPEC §5 and §8: the CV checks, by name and size in the browser and by content (DESIGN §5) on the server. */
import { describe, expect, it } from 'vitest';
import { CV_MAX_BYTES, checkCvFile, detectCvKind } from '../../machines/rules';

const NO_FILE = 'Please attach your CV as a PDF or Word file.';
const BAD_TYPE = 'Invalid file type. Please select a PDF or Word file.';
const TOO_BIG = 'File size should not be morethan 10MB';
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
