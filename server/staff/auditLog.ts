/**
 * The audit log read back (docs/decisions/062-exports.md): newest first, a page of AUDIT_PAGE from
 * `before`, filtered by team member (their email address, also once they left the team), action and applicant
 * (part of their name or email address), each entry with the applicant's name as it is now.
 */
import { sql } from 'kysely';
import {
  AUDIT_ACTIONS,
  AUDIT_PAGE,
  AUDIT_WITHOUT_STAFF,
  REPORT_MESSAGES,
  type AuditAction,
  type AuditEntry,
} from '../../machines/rules/reports';
import type { Queryable } from '../db/index';
import { fieldFail } from '../http';
import { object, str } from '../routes/schemas';
import { escapeLike } from './queueStore';
import { one, type Query } from './queryParams';
import { qb, run } from '../db/query';

export interface AuditFilter {
  staff?: string;
  action?: AuditAction;
  applicant?: string;
  before?: number;
}

export const auditQuerySchema = object({
  staff: str(320),
  action: str(40),
  applicant: str(200),
  before: str(20),
});

/** Reads and checks the audit log's query string: 400 on the parameter's name, in the catalogue's words. */
export function readAuditFilter(query: Query): AuditFilter {
  const staff = one(query, 'staff')?.trim();
  if (staff !== undefined && !/^[^\s@]+@[^\s@]+$/.test(staff))
    throw fieldFail(400, 'staff', REPORT_MESSAGES.auditStaff);
  const action = one(query, 'action');
  if (action !== undefined && !(AUDIT_ACTIONS as string[]).includes(action))
    throw fieldFail(400, 'action', REPORT_MESSAGES.auditAction);
  const applicant = one(query, 'applicant')?.trim();
  if (applicant !== undefined && applicant.length >= 100)
    throw fieldFail(400, 'applicant', REPORT_MESSAGES.auditApplicant);
  const before = one(query, 'before');
  if (before !== undefined && !/^[0-9]{1,15}$/.test(before))
    throw fieldFail(400, 'before', REPORT_MESSAGES.auditBefore);
  return {
    ...(staff ? { staff } : {}),
    ...(action ? { action: action as AuditAction } : {}),
    ...(applicant ? { applicant } : {}),
    ...(before ? { before: Number(before) } : {}),
  };
}

/** One query: each filter narrows it through its own index (migration 28), the newest page first. */
export async function readAuditLog(db: Queryable, filter: AuditFilter): Promise<AuditEntry[]> {
  const words = filter.applicant ? `%${escapeLike(filter.applicant)}%` : null;
  const rows = await run(
    db,
    qb
      .selectFrom('audit_log as l')
      .leftJoin('staff as s', 's.id', 'l.staff_id')
      .leftJoin('applications as ap', 'ap.id', 'l.application_id')
      .select([
        'l.id',
        'l.created_at',
        's.email',
        'l.action',
        'l.application_id',
        'l.detail',
        // An erased applicant's name is blank: shown as none, never as an empty string.
        sql<string | null>`NULLIF(trim(concat_ws(' ', ap.firstname, ap.lastname)), '')`.as('applicant'),
      ])
      .$if(filter.staff !== undefined, (q) =>
        q.where('l.staff_id', 'in', (eb) =>
          eb
            .selectFrom('staff as who')
            .select('who.id')
            .where(sql<boolean>`lower(who.email) = lower(${filter.staff})`),
        ),
      )
      .$if(filter.action !== undefined, (q) => q.where('l.action', '=', filter.action as string))
      .$if(words !== null, (q) =>
        q.where('l.application_id', 'in', (eb) =>
          eb
            .selectFrom('applications as found')
            .select('found.id')
            .where(
              sql<boolean>`(lower(found.firstname || ' ' || found.lastname) LIKE ${words}
                OR lower(found.lastname || ' ' || found.firstname) LIKE ${words}
                OR lower(found.email) LIKE ${words})`,
            ),
        ),
      )
      .$if(filter.before !== undefined, (q) => q.where(sql<boolean>`l.id < ${filter.before}`))
      .orderBy('l.id', 'desc')
      .limit(AUDIT_PAGE),
  );
  return rows.map((r) => {
    const detail =
      typeof r.detail === 'string' ? (JSON.parse(r.detail) as Record<string, unknown>) : r.detail;
    return {
      id: Number(r.id),
      at: new Date(r.created_at).toISOString(),
      staff: r.email ?? AUDIT_WITHOUT_STAFF[String(detail.by)] ?? '',
      action: r.action as AuditAction,
      applicationId: r.application_id,
      applicant: r.applicant,
      detail,
    };
  });
}
