/**
 * The staff routes of emails staff word (docs/api.md, "Staff"): the decision emails' templates, which admins edit
 * and restore (docs/decisions/012-emails.md), and messages to one applicant or to a queue
 * view (decision 012). Admins only: a reviewer gets 403. Every change and every message is audited.
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
import { STAFF_MESSAGES } from '../../machines/rules/staff/messages';
import { STAFF_TEMPLATE_MESSAGES as M } from '../../machines/rules/staff/templateMessages';
import { staffPaths } from '../../machines/rules/staff/paths';
import type { Context } from '../context';
import { HttpError, fail, invalid } from '../http';
import { STAFF_MESSAGE_WINDOW_HOURS } from '../mailQuota';
import { bool, closed, envelope, int, oneOf, text } from '../routes/answers';
import { object, str } from '../routes/schemas';
import { idsOfFilter } from './bulk';
import { planMessages, sendMessage, sendMessages } from './messages';
import { messageTargets } from '../review/messageTargets';
import { queueQuerySchema } from './queueView';
import type { StaffGuard } from './staffGuard';
import { staffSchema, withRefusals } from './routeSchema';
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

const idParams = object({ id: { type: 'string', pattern: '^[0-9]{1,9}$' } }, ['id']);
const manyBody = object(
  { subject: str(SUBJECT_MAX), body: str(BODY_MAX), filter: queueQuerySchema, dryRun: { type: 'boolean' } },
  ['subject', 'body', 'filter'],
);
const messageResult = closed({
  dryRun: bool,
  matched: int,
  sent: int,
  skipped: { type: 'array', items: closed({ id: int, reason: text }) },
  preview: { ...closed({ to: text, subject: text, text }), type: ['object', 'null'] },
});

/** The words, checked as a template's are; trimmed. */
const wordsOf = (body: MailTemplate): MailTemplate => {
  const errors = checkTemplate(body);
  if (Object.keys(errors).length) throw invalid(errors);
  return { subject: body.subject.trim(), body: body.body.trim() };
};

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
    staffSchema(
      "The decision emails' templates (admins): each one's wording now and its built-in default",
      withRefusals(
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
    staffSchema(
      'Save a template (admins): the decision emails use it from then on; unknown variables are refused',
      withRefusals(envelope('Saved', closed({ kind: oneOf(TEMPLATE_KINDS), edited: bool })), true, 400, 404),
      { body: templateBody, params: kindParams },
    ),
    async (request) => {
      const member = await staff(request, 'admin');
      const kind = kindOf(request.params);
      const template = wordsOf(request.body);
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
    staffSchema(
      "Restore a template's built-in wording (admins)",
      withRefusals(
        envelope('Restored', closed({ kind: oneOf(TEMPLATE_KINDS), edited: bool })),
        true,
        400,
        404,
      ),
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

  app.post<{ Body: MailTemplate }>(
    staffPaths.message,
    staffSchema(
      'Send a message to one applicant (admins), through the outbox, within the per-inbox limit',
      withRefusals(envelope('Sent', closed({ id: int, sent: int })), true, 400, 404, 429),
      { body: templateBody, params: idParams },
    ),
    async (request) => {
      const member = await staff(request, 'admin');
      const id = Number((request.params as { id: string }).id);
      const template = wordsOf(request.body);
      await db.transaction(async (tx) => {
        const [target] = await messageTargets(tx, [id]);
        if (!target || target.erased) throw fail(404, STAFF_MESSAGES.notFound);
        const reason = await sendMessage(ctx, tx, member, target, template, config.now());
        if (reason)
          throw new HttpError(429, {
            message: reason,
            data: { retryAfter: STAFF_MESSAGE_WINDOW_HOURS * 3600 },
          });
      });
      return { message: M.sentOne, data: { id, sent: 1 } };
    },
  );

  app.post<{ Body: MailTemplate & { filter: Record<string, string>; dryRun?: boolean } }>(
    staffPaths.messages,
    staffSchema(
      'Send a message to every application a queue view matches (admins); dryRun counts and previews',
      withRefusals(
        envelope('What was (or, with dryRun, would be) sent and skipped', messageResult),
        true,
        400,
        404,
      ),
      { body: manyBody },
    ),
    async (request) => {
      const member = await staff(request, 'admin');
      const template = wordsOf(request.body);
      const ids = await idsOfFilter(ctx, request.body.filter, member);
      const result =
        request.body.dryRun === true
          ? await planMessages(ctx, ids, template)
          : await sendMessages(ctx, member, ids, template);
      return {
        message: result.dryRun ? M.wouldSend(result.sent, ids.length) : M.sentMany(result.sent),
        data: result,
      };
    },
  );
}
