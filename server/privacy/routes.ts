/**
 * One applicant's data (docs/api.md, "Your data"): the applicant downloads or erases their own through the session the
 * emailed code opened; an admin exports or erases one applicant's on their request, each audited. Reviewers get 403.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EXPORT_FILENAME, PRIVACY_MESSAGES, privacyPaths } from '../../machines/rules/privacy';
import { STAFF_COOKIE } from '../../machines/rules/staff/session';
import { STAFF_MESSAGES } from '../../machines/rules/staff/messages';
import type { Context } from '../context';
import { fail, fieldFail } from '../http';
import { SERVER_MESSAGES } from '../messages';
import { clearSessionCookie, sessionApplicationId } from '../sessions';
import { audit, staffForSession } from '../staff/store';
import { eraseApplication } from './erase';
import { applicantExport, type ExportContents, type ExportReader } from './export';

const confirmBody = {
  type: 'object',
  properties: { confirm: { type: 'boolean' } },
} as const;
const idParams = {
  type: 'object',
  properties: { id: { type: 'string', pattern: '^[0-9]{1,9}$' } },
  required: ['id'],
} as const;
export async function privacyRoutes(app: FastifyInstance, ctx: Context): Promise<void> {
  const { db, config, storage } = ctx;

  const applicantId = async (request: FastifyRequest) => {
    const id = await sessionApplicationId(db, request, config.now());
    if (id === null) throw fieldFail(401, 'email', SERVER_MESSAGES.needSession);
    return id;
  };

  const admin = async (request: FastifyRequest) => {
    const token = request.cookies?.[STAFF_COOKIE];
    const member = token && token.length <= 200 ? await staffForSession(db, token, config.now()) : undefined;
    if (!member) throw fail(401, STAFF_MESSAGES.needSignIn);
    if (member.role !== 'admin') throw fail(403, STAFF_MESSAGES.adminOnly);
    return member;
  };

  /** The zip, after `before` (the audit, given what it holds) has run; 404 when there is no such application. */
  const sendZip = async (
    reply: FastifyReply,
    id: number,
    reader: ExportReader,
    before?: (contents: ExportContents) => Promise<void>,
  ) => {
    const exported = await applicantExport(db, storage, id, config.now(), reader);
    if (!exported) throw fail(404, STAFF_MESSAGES.notFound);
    await before?.(exported.contents);
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="${EXPORT_FILENAME}"`)
      .send(exported.zip);
  };

  const confirmed = (request: FastifyRequest) => {
    if ((request.body as { confirm?: boolean } | undefined)?.confirm !== true)
      throw fieldFail(400, 'confirm', PRIVACY_MESSAGES.confirmErase);
  };

  app.get(
    privacyPaths.download,
    {
      schema: {
        summary: "Download the session's own data: one zip",
      },
    },
    async (request, reply) => sendZip(reply, await applicantId(request), 'applicant'),
  );

  app.post(
    privacyPaths.erase,
    {
      schema: {
        summary: "Erase the session's own data (body: { confirm: true }); ends the session",
        body: confirmBody,
      },
    },
    async (request, reply) => {
      confirmed(request);
      const id = await applicantId(request);
      await eraseApplication(db, {
        storage,
        id,
        requester: { by: 'applicant' },
        now: config.now(),
        erasureKey: ctx.erasureKey,
      });
      clearSessionCookie(reply, ctx.secureCookies);
      return { message: PRIVACY_MESSAGES.erased, data: {} };
    },
  );

  app.get<{ Params: { id: string } }>(
    privacyPaths.staffExport,
    {
      schema: {
        summary: "An admin exports one applicant's data on their request (audited)",
        tags: ['staff'],
        params: idParams,
      },
    },
    async (request, reply) => {
      const member = await admin(request);
      const id = Number(request.params.id);
      // The entry says what left: which parts, how many emails (codes masked) and payments, whether the CV.
      return sendZip(reply, id, 'staff', (contents) =>
        audit(db, member.id, 'export_applicant_data', config.now(), id, { ...contents }),
      );
    },
  );

  app.post<{ Params: { id: string } }>(
    privacyPaths.staffErase,
    {
      schema: {
        summary: "An admin erases one applicant's data on their request (body: { confirm: true }; audited)",
        tags: ['staff'],
        params: idParams,
        body: confirmBody,
      },
    },
    async (request) => {
      const member = await admin(request);
      confirmed(request);
      const id = Number(request.params.id);
      const now = config.now();
      const erased = await eraseApplication(db, {
        storage,
        id,
        requester: { by: 'staff', staffId: member.id },
        now,
        erasureKey: ctx.erasureKey,
      });
      if (erased === 'not found') throw fail(404, STAFF_MESSAGES.notFound);
      if (erased === 'erased before') throw fail(409, PRIVACY_MESSAGES.alreadyErased);
      return { message: PRIVACY_MESSAGES.staffErased, data: { id } };
    },
  );
}
