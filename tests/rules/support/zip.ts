/** Builds zip files for the CV tests: real Word packages, renamed zips and zip bombs, with node:zlib. */
import { crc32, deflateRawSync } from 'node:zlib';

export interface ZipPart {
  name: string;
  data: Buffer;
  /** Stored as is instead of deflated. */
  store?: boolean;
  /** The unpacked size the headers declare, when it is to be a lie. */
  declaredSize?: number;
}

/** A valid zip: local headers and data, then the central directory, then its end record. */
export function zip(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, 'latin1');
    const packed = part.store ? part.data : deflateRawSync(part.data, { level: 9 });
    const method = part.store ? 0 : 8;
    const crc = crc32(part.data);
    // The local header and the central directory entry carry the same fields from 'version needed' on, the
    // central one two bytes later (it has 'version made by' first).
    const describePart = (header: Buffer, at: number) => {
      header.writeUInt16LE(20, at);
      header.writeUInt16LE(method, at + 4);
      header.writeUInt32LE(crc, at + 10);
      header.writeUInt32LE(packed.length, at + 14);
      header.writeUInt32LE(part.declaredSize ?? part.data.length, at + 18);
      header.writeUInt16LE(name.length, at + 22);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    describePart(local, 4);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    describePart(central, 6);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const xml = (text: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${text}`);

/** The smallest Word document Word itself opens: content types, the package relationship, the body. */
export const DOCX_PARTS: ZipPart[] = [
  {
    name: '[Content_Types].xml',
    data: xml(
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
  },
  {
    name: '_rels/.rels',
    data: xml(
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
  },
  {
    name: 'word/document.xml',
    data: xml(
      '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Ada Obi: curriculum vitae</w:t></w:r></w:p></w:body></w:document>',
    ),
  },
];

export const minimalDocx = (): Buffer => zip(DOCX_PARTS);

/**
 * A zip bomb dressed as a Word document: the right parts, and beside them `copies` parts of `mb` MB of zeros each
 * (deflate packs each to about a thousandth). Kept under the 10 MB upload limit.
 */
export const zipBombDocx = (copies = 6, mb = 10): Buffer => {
  const zeros = Buffer.alloc(mb * 1024 * 1024);
  return zip([
    ...DOCX_PARTS,
    ...Array.from({ length: copies }, (_, i) => ({ name: `word/media/pad${i}.bin`, data: zeros })),
  ]);
};

/**
 * A zip bomb whose directory understates its one large part: `real` MB of zeros (deflate packs them to about a
 * thousandth) declared as `declared` MB, a ratio and a total the directory check lets through.
 */
export const understatedDocx = (real = 200, declared = 10): Buffer =>
  zip([
    ...DOCX_PARTS,
    {
      name: 'word/media/image1.png',
      data: Buffer.alloc(real * 1024 * 1024),
      declaredSize: declared * 1024 * 1024,
    },
  ]);
