/**
 * CV storage (server/storage/index.ts) on both backends: the local directory and an S3-compatible bucket served by
 * a real S3-protocol server in this process (tests/server/s3Server.ts). Then the CV routes with the bucket
 * configured: upload, the 10 MB cut and the .docx check leave nothing behind, a replaced CV is deleted, and staff
 * download the file, and the CV zip, through the API with its audit and headers.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../machines/rules/messages';
import { QUEUE_STAGES, staffQueuePaths } from '../../machines/rules/staff/queue';
import { staffPaths } from '../../machines/rules/staff/paths';
import { localStorage, type CvStorage } from '../../server/storage/index';
import { s3Storage } from '../../server/storage/s3';
import { ConfigError, readEnv } from '../../server/config';
import { minimalDocx, zipBombDocx } from '../rules/support/zip';
import { startS3Server, type S3TestServer } from './s3Server';
import { cvForm, databases, json, pdf, staffSignIn, testApp, uploadCv, verifiedApplicant } from './support';

let s3: S3TestServer;
const dirs: string[] = [];
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

let buckets = 0;
const backends: { name: string; open(): Promise<{ storage: CvStorage; stored(): Promise<number> }> }[] = [
  {
    name: 'local directory',
    async open() {
      const dir = mkdtempSync(join(tmpdir(), 'bootcamp-storage-'));
      dirs.push(dir);
      const storage = await localStorage(dir);
      const { readdirSync } = await import('node:fs');
      return { storage, stored: async () => readdirSync(dir).length };
    },
  },
  {
    name: 'S3 bucket',
    async open() {
      const name = `cvs-${++buckets}`;
      const storage = await s3.bucket(name);
      return { storage, stored: async () => (await s3.keys(name)).length };
    },
  },
];

/** A stream that gives `bytes` in pieces, then fails with `error` if given. */
const pieces = (bytes: Buffer, error?: Error) =>
  Readable.from(
    (async function* () {
      for (let at = 0; at < bytes.length; at += 256 * 1024) yield bytes.subarray(at, at + 256 * 1024);
      if (error) throw error;
    })(),
  );

describe.each(backends)('CV storage: $name', (backend) => {
  it('writes a stream, reads it back byte for byte, removes it, and says when a file is not there', async () => {
    const { storage, stored } = await backend.open();
    await storage.check();
    // Larger than one 5 MB multipart part.
    const bytes = Buffer.alloc(7 * 1024 * 1024 + 17);
    for (let i = 0; i < bytes.length; i += 4096) bytes[i] = i % 251;
    const name = await storage.write(pieces(bytes));
    expect(name).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const body = await storage.read(name);
    expect(body).not.toBeNull();
    expect((await buffer(body!)).equals(bytes)).toBe(true);
    expect(await stored()).toBe(1);
    await storage.remove(name);
    await storage.remove(name); // already gone: not an error
    expect(await storage.read(name)).toBeNull();
    expect(await storage.read('../../etc/passwd')).toBeNull();
    expect(await stored()).toBe(0);
  });

  it('keeps nothing when the incoming stream breaks, and throws its error', async () => {
    const { storage, stored } = await backend.open();
    const cut = new Error('cut at 10 MB');
    await expect(storage.write(pieces(Buffer.alloc(600 * 1024, 1), cut))).rejects.toBe(cut);
    await expect(storage.write(pieces(Buffer.alloc(6 * 1024 * 1024, 1), cut))).rejects.toBe(cut);
    expect(await stored()).toBe(0);
  });

  it('keeps nothing when the stream fails before its first byte is stored (a wrong type is refused at once)', async () => {
    const { storage, stored } = await backend.open();
    for (let round = 0; round < 20; round++) {
      const refused = new Error('not a CV');
      const source = new Transform({ transform: (_chunk, _encoding, done) => done(refused) });
      source.end(Buffer.from('MZ'));
      await expect(storage.write(source)).rejects.toBe(refused);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await stored()).toBe(0);
  });
});

describe('S3 settings from the environment', () => {
  it('is off without S3_BUCKET and refuses half a key pair or an endpoint that is not a URL', () => {
    expect(readEnv({}).s3).toBeNull();
    expect(readEnv({ ...s3.env, S3_PREFIX: 'apply/cvs' }).s3).toEqual({
      ...s3.settings,
      prefix: 'apply/cvs/',
    });
    expect(readEnv({ S3_BUCKET: 'cvs', AWS_REGION: 'eu-west-1' }).s3).toMatchObject({
      region: 'eu-west-1',
      credentials: undefined,
      forcePathStyle: false,
    });
    expect(() => readEnv({ S3_BUCKET: 'cvs', S3_ACCESS_KEY_ID: 'x' })).toThrow(ConfigError);
    expect(() => readEnv({ S3_BUCKET: 'cvs', S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT must be/);
  });

  it('is not ready while the bucket does not answer', async () => {
    const t = await testApp(databases[0], {
      storage: s3Storage({ ...s3.settings, bucket: 'no-such-bucket' }),
    });
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(json<{ checks: { storage: string } }>(res).checks.storage).toBe('unreachable');
    await t.close();
  });
});

describe.each(databases)('the CV routes with the S3 bucket on $name', (database) => {
  it('stores the CV in the bucket, replaces it, refuses bad files leaving nothing, and staff read it back', async () => {
    const bucket = `routes-${++buckets}`;
    const storage = await s3.bucket(bucket);
    const ADMIN = 'director@bootcamp.example';
    const t = await testApp(database, { storage, config: { staffEmails: [ADMIN] } });
    const keys = () => s3.keys(bucket);
    const EMAIL = 'bucket@example.com';
    const cookie = await verifiedApplicant(t, EMAIL);
    const upload = (file: Buffer, filename: string) => uploadCv(t, cvForm(EMAIL, file, filename), cookie);
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(json<{ checks: { storage: string } }>(ready).checks.storage).toBe('ok');

    const first = pdf(6 * 1024 * 1024);
    expect((await upload(first, 'First.pdf')).statusCode).toBe(200);
    const [firstKey] = await keys();
    expect(firstKey).toMatch(/^cvs\/[A-Za-z0-9_-]{24}$/);
    // The replaced CV is deleted from the bucket once the new one is recorded.
    const docx = minimalDocx();
    const second = await upload(docx, 'Ada Obi CV.docx');
    expect(json(second).data).toEqual({ filename: 'Ada Obi CV.docx', size: docx.length });
    expect(await keys()).toHaveLength(1);
    expect((await keys())[0]).not.toBe(firstKey);

    const refusals: [Buffer, string, number, string][] = [
      [pdf(11 * 1024 * 1024), 'huge.pdf', 413, MESSAGES.cvSize],
      [zipBombDocx(), 'cv.docx', 415, MESSAGES.cvType],
      [Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(20_000, 1)]), 'cv.pdf', 415, MESSAGES.cvType],
    ];
    for (const [file, filename, status, message] of refusals) {
      const res = await upload(file, filename);
      expect(res.statusCode).toBe(status);
      expect(json(res).message).toBe(message);
    }
    // Nothing of the refused files stayed: only the current CV, still the Word file.
    expect(await keys()).toHaveLength(1);

    const staffCookie = await staffSignIn(t, ADMIN);
    const { rows } = await t.db.query<{ id: number }>('SELECT id FROM applications');
    const download: LightMyRequestResponse = await t.app.inject({
      method: 'GET',
      url: staffPaths.cv.replace(':id', String(rows[0].id)),
      headers: { cookie: staffCookie },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="Ada Obi CV.docx"/);
    expect(download.rawPayload.equals(docx)).toBe(true);
    // The CV zip streams the objects too (this application is not submitted: the view names every stage).
    const zip = await t.app.inject({
      method: 'GET',
      url: `${staffQueuePaths.cvsZip}?stage=${QUEUE_STAGES.join(',')}`,
      headers: { cookie: staffCookie },
    });
    expect(zip.statusCode).toBe(200);
    expect(zip.rawPayload.includes(Buffer.from(`${rows[0].id}-Obi.docx`))).toBe(true);
    expect(zip.rawPayload.includes(docx)).toBe(true);
    await t.close();
  }, 60_000);
});

describe.each(backends)('one stored CV per applicant: $name', (backend) => {
  it('two uploads at once, then a third, leave one stored file: the last recorded, the others deleted', async () => {
    const { storage, stored } = await backend.open();
    const t = await testApp(databases[0], { storage });
    try {
      const EMAIL = 'one-cv@example.com';
      const cookie = await verifiedApplicant(t, EMAIL);
      const upload = (size: number) => uploadCv(t, cvForm(EMAIL, pdf(size)), cookie);
      const both = await Promise.all([upload(600_000), upload(700_000)]);
      expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(await stored()).toBe(1);
      expect((await upload(800_000)).statusCode).toBe(200);
      expect(await stored()).toBe(1);
      const { rows } = await t.db.query<{ stored_name: string; size: number }>(
        'SELECT stored_name, size FROM cvs',
      );
      expect(rows.map((row) => row.size)).toEqual([800_000]);
      const body = await storage.read(rows[0].stored_name);
      expect((await buffer(body!)).length).toBe(800_000);
    } finally {
      await t.close();
    }
  }, 90_000);
});

describe('a replaced CV the storage cannot delete', () => {
  it('leaves the new CV recorded and stored (200), not a failed upload that deletes the new file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bootcamp-storage-'));
    dirs.push(dir);
    const storage = await localStorage(dir);
    const t = await testApp(databases[0], { storage });
    try {
      const EMAIL = 'stuck@example.com';
      const cookie = await verifiedApplicant(t, EMAIL);
      expect((await uploadCv(t, cvForm(EMAIL, pdf(4096)), cookie)).statusCode).toBe(200);
      // The old file cannot be removed: its name is now a directory with something in it.
      const [old] = readdirSync(dir);
      rmSync(join(dir, old));
      mkdirSync(join(dir, old));
      writeFileSync(join(dir, old, 'held'), 'x');
      const second = await uploadCv(t, cvForm(EMAIL, pdf(8192)), cookie);
      expect(second.statusCode).toBe(200);
      const { rows } = await t.db.query<{ stored_name: string }>('SELECT stored_name FROM cvs');
      expect(rows).toHaveLength(1);
      expect(readdirSync(dir)).toContain(rows[0].stored_name);
      const body = await storage.read(rows[0].stored_name);
      expect((await buffer(body!)).length).toBe(8192);
    } finally {
      await t.close();
    }
  }, 90_000);
});
