/**
 * The decision emails' templates as an admin edits them (migration 24): a row per template an admin edited, none for
 * the built-in wording (docs/decisions/012-emails.md). The template an email uses is read by
 * server/review/templates.ts.
 */
import { sql } from 'kysely';
import {
  DEFAULT_TEMPLATES,
  TEMPLATE_KINDS,
  TEMPLATE_LABELS,
  type MailTemplate,
  type StaffTemplate,
  type TemplateKind,
} from '../../machines/rules/mailTemplates';
import { iso, type Queryable } from '../db/index';
import { qb, run } from '../db/query';

export async function listTemplates(db: Queryable): Promise<StaffTemplate[]> {
  const rows = await run(
    db,
    qb
      .selectFrom('mail_templates as t')
      .leftJoin('staff as s', 's.id', 't.updated_by')
      .select(['t.kind', 't.subject', 't.body', 't.updated_at', 's.email']),
  );
  const edited = new Map(rows.map((r) => [r.kind, r]));
  return TEMPLATE_KINDS.map((kind) => {
    const row = edited.get(kind);
    return {
      kind,
      label: TEMPLATE_LABELS[kind],
      subject: row?.subject ?? DEFAULT_TEMPLATES[kind].subject,
      body: row?.body ?? DEFAULT_TEMPLATES[kind].body,
      default: DEFAULT_TEMPLATES[kind],
      edited: row ? { at: iso(row.updated_at), by: row.email ?? '' } : null,
    };
  });
}

export async function saveTemplate(
  db: Queryable,
  kind: TemplateKind,
  template: MailTemplate,
  staffId: number,
  now: Date,
): Promise<void> {
  await run(
    db,
    qb
      .insertInto('mail_templates')
      .values({ kind, subject: template.subject, body: template.body, updated_by: staffId, updated_at: now })
      .onConflict((oc) =>
        oc.column('kind').doUpdateSet({
          subject: sql`excluded.subject`,
          body: sql`excluded.body`,
          updated_by: sql`excluded.updated_by`,
          updated_at: sql`excluded.updated_at`,
        }),
      ),
  );
}

/** Back to the built-in wording; true when an edited template was removed. */
export async function restoreTemplate(db: Queryable, kind: TemplateKind): Promise<boolean> {
  const rows = await run(db, qb.deleteFrom('mail_templates').where('kind', '=', kind).returning('kind'));
  return rows.length > 0;
}
