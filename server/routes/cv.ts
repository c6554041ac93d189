/**
 * CV upload: multipart `email` then `cv`. The session cookie is checked before the body is read, and the email's
 * owner before the file is (docs/decisions/017-server-input.md). The content decides the type (magic bytes), not
 * the name; past 10 MB the upload is cut off while streaming and the partial file deleted, on local disk or in the
 * bucket (server/storage/index.ts). One current CV per application: the one it replaces is deleted from storage. At
 * most two uploads at once per applicant (docs/decisions/014-the-cv-is-checked-twice-by-content.md): a third is
 * refused before its body is read.
 */
import stream, { Transform, type TransformCallback } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { paths } from '../../machines/rules/contract';
import { CV_MAX_BYTES, detectCvKind, type CvKind } from '../../machines/rules/cv';
import { FIELD_MESSAGES, MESSAGES } from '../../machines/rules/messages';
import type { Context } from '../context';
import { findCv, saveCv } from '../applications';
import { checkDocxUnpacked } from '../docx';
import { fieldFail, HttpError } from '../http';
import { SERVER_MESSAGES } from '../messages';
import { sessionApplicationId } from '../sessions';
import { releaseUploadSlot, takeUploadSlot } from '../db/uploadSlots';
import { checkEmail, requireOwner } from './guard';
import { formParts, multipartFailure } from './multipart';
import { describe } from './schemas';
import type { CvStorage } from '../storage/index';

const HEAD_BYTES = 8192;

const tooBig = () => fieldFail(413, 'cv', MESSAGES.cvSize);
const wrongType = () => fieldFail(415, 'cv', MESSAGES.cvType);

/** Counts bytes, refuses past the limit, and checks the kind as soon as the first bytes are in. */
class CvGate extends Transform {
  size = 0;
  kind: CvKind | null = null;
  private head: Buffer[] = [];
  private headSize = 0;

  _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > CV_MAX_BYTES) return done(tooBig());
    if (this.kind === null && this.headSize < HEAD_BYTES) {
      this.head.push(chunk);
      this.headSize += chunk.length;
      if (this.headSize >= HEAD_BYTES && !this.detect()) return done(wrongType());
    }
    done(null, chunk);
  }

  _flush(done: TransformCallback): void {
    if (this.kind === null && !this.detect()) return done(wrongType());
    done();
  }

  private detect(): boolean {
    this.kind = detectCvKind(new Uint8Array(Buffer.concat(this.head).subarray(0, HEAD_BYTES)));
    return this.kind !== null;
  }
}

const readBack = async (storage: CvStorage, name: string): Promise<Buffer> => {
  const body = await storage.read(name);
  if (!body) throw new Error('the stored CV is gone');
  return buffer(body);
};

const cleanName = (name: string, kind: CvKind) => {
  const base =
    name
      .split(/[\\/]/)
      .pop()
      ?.replace(/[^\w .()-]/g, '_')
      .trim()
      .slice(0, 150) || 'cv';
  return /\.(pdf|docx?)$/i.test(base) ? base : `${base}.${kind}`;
};

export async function cvRoutes(app: FastifyInstance, ctx: Context): Promise<void> {
  const { storage, config } = ctx;

  const receiveCv = async (request: FastifyRequest, reply: FastifyReply) => {
    let email = '';
    let saved: { name: string; original: string; kind: CvKind; size: number } | null = null;
    try {
      for await (const part of formParts(request, 'cv')) {
        if (part.type === 'field') {
          if (part.fieldname === 'email' && !email) {
            email = checkEmail(part.value);
            await requireOwner(ctx, request, email);
          }
          continue;
        }
        const file = part as MultipartFile;
        // The email comes first, so that the file is only read once its owner is proven.
        if (!email) throw fieldFail(400, 'email', FIELD_MESSAGES.email);
        if (file.fieldname !== 'cv' || saved) {
          file.file.resume();
          continue;
        }
        const gate = new CvGate();
        let cut: unknown = null;
        file.file.once('error', (error) => (cut = error));
        let name: string;
        try {
          // The gate cuts the stream past 10 MB or at a wrong type; the storage then keeps nothing.
          // A broken body destroys the gate with its error, which the storage's write then throws.
          stream.pipeline(file.file, gate, () => undefined);
          name = await storage.write(gate);
          if (file.file.truncated) {
            await storage.remove(name);
            throw tooBig();
          }
        } catch (error) {
          if (error instanceof HttpError) throw error;
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooBig();
          // The body ended or broke mid-file: the client's upload, not our storage.
          const broken = cut ?? file.file.errored;
          if (broken) throw multipartFailure(broken, 'cv');
          throw error;
        }
        if (gate.size === 0 || !gate.kind) {
          await storage.remove(name);
          throw fieldFail(400, 'cv', FIELD_MESSAGES.cv);
        }
        // A .docx is a zip: a real Word package whose parts really unpack to the sane sizes its directory
        // declares (not a zip bomb renamed .docx). The whole file is stored by now (at most 10 MB) and read back.
        if (gate.kind === 'docx' && !(await checkDocxUnpacked(await readBack(storage, name)))) {
          await storage.remove(name);
          throw wrongType();
        }
        saved = {
          name,
          original: cleanName(file.filename, gate.kind),
          kind: gate.kind,
          size: gate.size,
        };
      }
      if (!email) throw fieldFail(400, 'email', FIELD_MESSAGES.email);
      if (!saved) throw fieldFail(400, 'cv', FIELD_MESSAGES.cv);
      const file = saved;
      const previous = await ctx.db.transaction(async (tx) => {
        const row = await requireOwner(ctx, request, email, tx);
        const old = await findCv(tx, row.id);
        await saveCv(tx, row.id, file, config.now());
        return old;
      });
      // From here the new file is the applicant's CV: nothing below may remove it.
      saved = null;
      // The old file goes only once the new one is recorded; one that cannot go is an orphan, not a failed upload.
      if (previous) {
        await storage.remove(previous.stored_name).catch((error: unknown) =>
          request.log.warn(
            {
              stored: previous.stored_name,
              code: (error as { code?: string; name?: string }).code ?? (error as Error).name,
            },
            'a replaced CV could not be deleted from storage',
          ),
        );
      }
      return reply
        .code(200)
        .send({ message: 'CV uploaded', data: { filename: file.original, size: file.size } });
    } catch (error) {
      if (saved) await storage.remove(saved.name);
      throw error;
    }
  };

  app.post(
    paths.uploadCv,
    { schema: describe('Upload the CV (multipart: email, then cv)') },
    async (request, reply) => {
      if (!request.isMultipart()) throw fieldFail(400, 'cv', FIELD_MESSAGES.cv);
      // Who is asking is known before a byte of the body is read: without a session nothing is uploaded.
      const applicationId = await sessionApplicationId(ctx.db, request, config.now());
      if (applicationId === null) throw fieldFail(401, 'email', SERVER_MESSAGES.needSession);
      // Each open upload holds a socket, a file and minutes of time: an applicant gets two at once, no more.
      const slot = await takeUploadSlot(ctx.db, applicationId, config.now(), ctx.uploadMs);
      if (slot === null) throw fieldFail(429, 'cv', SERVER_MESSAGES.uploadsAtOnce);
      try {
        return await receiveCv(request, reply);
      } finally {
        await releaseUploadSlot(ctx.db, slot);
      }
    },
  );
}
