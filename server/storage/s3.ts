/**
 * CVs in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, …), so that every API process on every machine sees
 * the same files. Uploads stream as multipart uploads (lib-storage), with at most one 5 MB part in memory per upload;
 * downloads stream the object's body through the API, which keeps the staff routes' audit and headers.
 */
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Settings } from '../config';
import { newCvName, type CvStorage } from './index';

const isMissing = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

export function s3Storage(settings: S3Settings): CvStorage & { client: S3Client } {
  const config: S3ClientConfig = {
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // Checksums only where S3 requires them: many S3-compatible servers refuse or mangle the SDK's default
    // streaming checksum trailers (docs/decisions/014-the-cv-is-checked-twice-by-content.md).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
  const client = new S3Client(config);
  const Bucket = settings.bucket;
  const key = (name: string) => `${settings.prefix}${name.replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const remove = async (name: string) => {
    await client.send(new DeleteObjectCommand({ Bucket, Key: key(name) }));
  };
  return {
    kind: 's3',
    client,
    async write(source) {
      const name = newCvName();
      let failure: unknown = null;
      source.once('error', (error) => (failure = error));
      const upload = new Upload({
        client,
        // A plain stream of the source's bytes: lib-storage guesses a body's length from fields such as
        // `size`, which a source may carry with another meaning.
        params: {
          Bucket,
          Key: key(name),
          Body: Readable.from(source),
          ContentType: 'application/octet-stream',
        },
        partSize: 5 * 1024 * 1024,
        queueSize: 1,
      });
      try {
        await upload.done();
      } catch (error) {
        // A failed multipart upload is aborted by lib-storage; a small one may have been put whole.
        await remove(name).catch(() => undefined);
        throw failure ?? error;
      }
      // The source may have failed after its last byte was handed over (a check at its end).
      if (failure) {
        await remove(name).catch(() => undefined);
        throw failure;
      }
      return name;
    },
    async read(name) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key(name) }));
        return (object.Body as Readable | undefined) ?? null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    remove,
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
  };
}
