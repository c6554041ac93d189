/**
 * A .docx is judged by what its parts really unpack to (server/docx.ts), not by the sizes its zip directory
 * declares: a directory that understates a part (a zip bomb the directory check lets through) or overstates it is
 * refused, and the refusal stops unpacking at the declared size.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkDocxPackage } from '../../machines/rules/cv';
import { checkDocxUnpacked } from '../../server/docx';
import { DOCX_PARTS, minimalDocx, understatedDocx, zip } from '../rules/support/zip';

const u8 = (b: Buffer) => new Uint8Array(b.buffer, b.byteOffset, b.length);

describe('a .docx checked by what it unpacks to', () => {
  it('takes real Word documents: deflated, stored parts, a photo that does not shrink', async () => {
    expect(await checkDocxUnpacked(minimalDocx())).toBe(true);
    expect(await checkDocxUnpacked(zip(DOCX_PARTS.map((p, i) => ({ ...p, store: i === 1 }))))).toBe(true);
    const photo = { name: 'word/media/image1.jpeg', data: randomBytes(3 * 1024 * 1024) };
    expect(await checkDocxUnpacked(zip([...DOCX_PARTS, photo]))).toBe(true);
  });

  it('refuses 200 MB of zeros sent as about 200 KB and declared as 10 MB, which its directory lets through', async () => {
    const bomb = understatedDocx(200, 10);
    expect(bomb.length).toBeLessThan(300 * 1024);
    expect(checkDocxPackage(u8(bomb))).toBe(true);
    expect(await checkDocxUnpacked(bomb)).toBe(false);
  });

  it('refuses a part that unpacks to less than declared, and deflated data that is cut short', async () => {
    const overstated = zip(DOCX_PARTS.map((part) => ({ ...part, declaredSize: part.data.length + 1 })));
    expect(checkDocxPackage(u8(overstated))).toBe(true);
    expect(await checkDocxUnpacked(overstated)).toBe(false);
    // The body part's deflated data replaced by its first half (its directory still points at whole data).
    const body = DOCX_PARTS.find((part) => part.name === 'word/document.xml')!;
    const photo = { name: 'word/media/a.bin', data: randomBytes(4096) };
    const docx = zip([...DOCX_PARTS, photo]);
    const cut = Buffer.from(docx);
    const localAt = cut.indexOf(Buffer.from(body.name, 'latin1')) - 30;
    const dataAt = localAt + 30 + body.name.length;
    const packed = cut.readUInt32LE(localAt + 18);
    cut.fill(0xff, dataAt + Math.floor(packed / 2), dataAt + packed);
    expect(checkDocxPackage(u8(cut))).toBe(true);
    expect(await checkDocxUnpacked(cut)).toBe(false);
  });
});
