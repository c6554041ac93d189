/**
 * The decision emails' templates as stored (migration 24): a row per template an admin edited, none for the
 * built-in wording (docs/decisions/012-emails.md). Admins edit them in server/staff/templates.ts.
 */
import { DEFAULT_TEMPLATES, type MailTemplate, type TemplateKind } from '../../machines/rules/mailTemplates';
import type { Queryable } from '../db/index';
import { qb, run } from '../db/query';

/** The template each decision email uses now: the edited one, else the built-in wording. */
export async function templateFor(db: Queryable, kind: TemplateKind): Promise<MailTemplate> {
  const [row] = await run(
    db,
    qb.selectFrom('mail_templates').select(['subject', 'body']).where('kind', '=', kind),
  );
  return row ?? DEFAULT_TEMPLATES[kind];
}
