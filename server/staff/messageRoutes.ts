/**
 * The staff routes of emails staff word (docs/api.md, "Staff"): the decision emails' templates, which admins edit
 * and restore (docs/decisions/160-email-templates-staff-can-edit.md). Admins only: a reviewer gets 403. Every
 * change is audited.
 */
import type { FastifyInstance } from 'fastify';
import {
  BODY_MAX,
  SUBJECT_MAX,
  TEMPLATE_KINDS,
  checkTemplate,
  isTemplateKind,
  type MailTemplate,
} from '../../machines/rules/mailTemplates';
import { STAFF_TEMPLATE_MESSAGES as M, staffPaths } from '../../machines/rules/staff';
import type { Context } from '../context';
import { fail, invalid } from '../http';
import { errorAnswer } from '../openapi';
import { bool, closed, envelope, oneOf, text } from '../routes/answers';
import { object, str } from '../routes/schemas';
import type { StaffGuard } from './queue';
import { audit } from './store';
import { listTemplates, restoreTemplate, saveTemplate } from './templates';

const templateBody = object({ subject: str(SUBJECT_MAX), body: str(BODY_MAX) }, ['subject', 'body']);
const kindParams = object({ kind: { type: 'string', maxLength: 40 } }, ['kind']);
const mailTemplate = closed({ subject: text, body: text });
const templateAnswer = closed({
  kind: oneOf(TEMPLATE_KINDS),
  label: text,
  subject: text,
  body: text,
  default: mailTemplate,
  edited: { ...closed({ at: text, by: text }), type: ['object', 'null'] },
});

/** The success answer and every refusal (the staff guard's 401 and 403, a write's own, our 500). */
const answers = (ok: object, write: boolean, ...refusals: number[]) => ({
  200: ok,
  ...Object.fromEntries(
    [...refusals, 401, 403, ...(write ? [408, 413, 415] : []), 500].map((status) => [status, errorAnswer]),
  ),
});
const schema = (summary: string, response: object, parts: { body?: unknown; params?: unknown } = {}) => ({
  schema: { summary, tags: ['staff'], ...parts, response },
});

/** The template's kind from the path, or 404 in the catalogue's words. */
const kindOf = (params: unknown) => {
  const kind = (params as { kind?: string }).kind;
  if (!isTemplateKind(kind)) throw fail(404, M.unknownTemplate);
  return kind;
};

export async function staffMessageRoutes(app: FastifyInstance, ctx: Context, staff: StaffGuard) {
  const { db, config } = ctx;

  app.get(
    staffPaths.templates,
    schema(
      "The decision emails' templates (admins): each one's wording now and its built-in default",
      answers(
        envelope('The templates, in the order of the decisions', { type: 'array', items: templateAnswer }),
        false,
      ),
    ),
    async (request) => {
      await staff(request, 'admin');
      return { message: 'Templates', data: await listTemplates(db) };
    },
  );

  app.post<{ Body: MailTemplate }>(
    staffPaths.template,
    schema(
      'Save a template (admins): the decision emails use it from then on; unknown variables are refused',
      answers(envelope('Saved', closed({ kind: oneOf(TEMPLATE_KINDS), edited: bool })), true, 400, 404),
      { body: templateBody, params: kindParams },
    ),
    async (request) => {
      const member = await staff(request, 'admin');
      const kind = kindOf(request.params);
      const errors = checkTemplate(request.body);
      if (Object.keys(errors).length) throw invalid(errors);
      const template = { subject: request.body.subject.trim(), body: request.body.body.trim() };
      await db.transaction(async (tx) => {
        const now = config.now();
        await saveTemplate(tx, kind, template, member.id, now);
        await audit(tx, member.id, 'template_save', now, null, { template: kind });
      });
      return { message: M.saved, data: { kind, edited: true } };
    },
  );

  app.delete(
    staffPaths.template,
    schema(
      "Restore a template's built-in wording (admins)",
      answers(envelope('Restored', closed({ kind: oneOf(TEMPLATE_KINDS), edited: bool })), true, 400, 404),
      { params: kindParams },
    ),
    async (request) => {
      const member = await staff(request, 'admin');
      const kind = kindOf(request.params);
      await db.transaction(async (tx) => {
        const now = config.now();
        if (await restoreTemplate(tx, kind))
          await audit(tx, member.id, 'template_restore', now, null, { template: kind });
      });
      return { message: M.restored, data: { kind, edited: false } };
    },
  );
}
