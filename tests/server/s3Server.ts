/**
 * A real S3-protocol server in the test process: s3rver (an npm package that speaks S3's REST API, multipart
 * uploads included) on a loopback port, storing into a temporary directory. The app talks to it through the same
 * @aws-sdk client it would use against AWS (docs/decisions/014-the-cv-is-checked-twice-by-content.md).
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll } from 'vitest';
import type { S3Settings } from '../../server/config';
import type { CvStorage } from '../../server/storage/index';
import { s3Storage } from '../../server/storage/s3';
import type { TestApp } from './support';

export interface S3TestServer {
  endpoint: string;
  /** The S3_* variables a server process needs to use this bucket. */
  env: Record<string, string>;
  settings: S3Settings;
  /** A fresh bucket (created on the server) and its storage. */
  bucket(name: string): Promise<ReturnType<typeof s3Storage>>;
  /** The keys in a bucket. */
  keys(bucket: string): Promise<string[]>;
  close(): Promise<void>;
}

export async function startS3Server(): Promise<S3TestServer> {
  const directory = mkdtempSync(join(tmpdir(), 'bootcamp-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory });
  const { port } = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver accepts these fixed credentials.
  const settings = (bucket: string): S3Settings => ({
    bucket,
    prefix: 'cvs/',
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  const admin = s3Storage(settings('admin'));
  return {
    endpoint,
    settings: settings('cvs'),
    env: {
      S3_BUCKET: 'cvs',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async bucket(name) {
      await admin.client.send(new CreateBucketCommand({ Bucket: name }));
      return s3Storage(settings(name));
    },
    async keys(bucket) {
      const listed = await admin.client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((o) => o.Key ?? '');
    },
    async close() {
      admin.client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** Where a test's CVs go: the storage to give the app (none: its local directory) and how many files it holds. */
export interface CvStorageUnderTest {
  name: string;
  make: () => Promise<{ storage?: CvStorage; files: (t: TestApp) => Promise<number> }>;
}

/**
 * Both CV storages, for `describe.each`: the local disk, and a fresh bucket named `prefix-N` on an S3 server that
 * runs for the whole test file (started and stopped by the hooks this registers).
 */
export function cvStorages(prefix: string): CvStorageUnderTest[] {
  let s3: S3TestServer;
  let buckets = 0;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(async () => {
    await s3.close();
  });
  return [
    { name: 'local disk', make: async () => ({ files: async (t) => readdirSync(t.storageDir).length }) },
    {
      name: 'S3 bucket',
      make: async () => {
        const name = `${prefix}-${++buckets}`;
        const storage = await s3.bucket(name);
        return { storage, files: async () => (await s3.keys(name)).length };
      },
    },
  ];
}
