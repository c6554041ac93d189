/**
 * The staff back office's SQL: team members, their sessions, notes, review events and the audit log. Sign-in codes
 * are the applicants' (server/codes.ts, STAFF_CODES): the same rules, the same code.
 */
import { STAFF_SESSION_HOURS, type StaffRole } from '../../machines/rules/staff';
import type { Queryable } from '../db/index';
import { insertSession, tokenHash } from '../sessions';

export interface StaffMember {
  id: number;
  email: string;
  role: StaffRole;
}

/** The team member with this address, if they are on the team now. */
export async function findStaff(db: Queryable, email: string): Promise<StaffMember | undefined> {
  const { rows } = await db.query<StaffMember>(
    'SELECT id, email, role FROM staff WHERE lower(email) = lower($1) AND removed_at IS NULL',
    [email],
  );
  return rows[0];
}

/** Whether the address is one of the admins named in configuration (STAFF_EMAILS, lower case). */
export const isConfiguredAdmin = (email: string, configured: readonly string[]): boolean =>
  configured.includes(email.toLowerCase());

/**
 * The admins named in configuration (STAFF_EMAILS) are managed there, not in the app: each is on the team as an
 * admin whenever they sign in. Added the first time; one removed or demoted (by SQL, or in the app before the app
 * refused it) is an admin again, as a new row, so the removed one keeps its place in the audit log.
 */
export async function ensureConfiguredAdmin(
  tx: Queryable,
  email: string,
  configured: readonly string[],
  now: Date,
): Promise<void> {
  if (!isConfiguredAdmin(email, configured)) return;
  await tx.query(
    `INSERT INTO staff (email, role, created_at) VALUES (lower($1), 'admin', $2)
     ON CONFLICT ((lower(email))) WHERE removed_at IS NULL DO UPDATE SET role = 'admin'`,
    [email, now],
  );
}

export async function createStaffSession(
  tx: Queryable,
  staffId: number,
  now: Date,
): Promise<{ token: string; expires: Date }> {
  const into = { table: 'staff_sessions', owner: 'staff_id' } as const;
  return insertSession(tx, into, staffId, now, STAFF_SESSION_HOURS * 3600_000);
}

/** The team member a staff cookie proves: a live session of someone still on the team. */
export async function staffForSession(
  db: Queryable,
  token: string,
  now: Date,
): Promise<StaffMember | undefined> {
  const { rows } = await db.query<StaffMember>(
    `SELECT s.id, s.email, s.role FROM staff_sessions x JOIN staff s ON s.id = x.staff_id
     WHERE x.token_hash = $1 AND x.expires_at > $2 AND s.removed_at IS NULL`,
    [tokenHash(token), now],
  );
  return rows[0];
}

export async function endStaffSession(db: Queryable, token: string): Promise<void> {
  await db.query('DELETE FROM staff_sessions WHERE token_hash = $1', [tokenHash(token)]);
}

export async function listTeam(db: Queryable): Promise<(StaffMember & { created_at: Date })[]> {
  const { rows } = await db.query<StaffMember & { created_at: Date }>(
    'SELECT id, email, role, created_at FROM staff WHERE removed_at IS NULL ORDER BY role, lower(email)',
  );
  return rows;
}

/** Adds a member; undefined when the address is already on the team. */
export async function addTeamMember(
  tx: Queryable,
  email: string,
  role: StaffRole,
  addedBy: number,
  now: Date,
): Promise<StaffMember | undefined> {
  if (await findStaff(tx, email)) return undefined;
  const { rows } = await tx.query<StaffMember>(
    'INSERT INTO staff (email, role, added_by, created_at) VALUES (lower($1), $2, $3, $4) RETURNING id, email, role',
    [email, role, addedBy, now],
  );
  return rows[0];
}

/**
 * Removes a member and ends their sessions at once; undefined when no such member is on the team, 'configured'
 * (and nothing changes) for an admin named in configuration.
 */
export async function removeTeamMember(
  tx: Queryable,
  id: number,
  configured: readonly string[],
  now: Date,
): Promise<StaffMember | 'configured' | undefined> {
  const { rows: found } = await tx.query<StaffMember>(
    'SELECT id, email, role FROM staff WHERE id = $1 AND removed_at IS NULL FOR UPDATE',
    [id],
  );
  if (!found[0]) return undefined;
  if (isConfiguredAdmin(found[0].email, configured)) return 'configured';
  const { rows } = await tx.query<StaffMember>(
    'UPDATE staff SET removed_at = $2 WHERE id = $1 AND removed_at IS NULL RETURNING id, email, role',
    [id, now],
  );
  if (rows[0]) await tx.query('DELETE FROM staff_sessions WHERE staff_id = $1', [id]);
  return rows[0];
}

export type AuditAction =
  | 'sign_in'
  | 'view_application'
  | 'download_cv'
  | 'review_event'
  | 'note'
  | 'team_add'
  | 'team_remove'
  | 'export'
  /** One applicant's data, exported or erased on their request (server/privacy/routes.ts). */
  | 'export_applicant_data'
  | 'erase_applicant_data'
  /** A bulk decision: one entry per transaction of up to 200 applications, with the event and the counts. */
  | 'bulk'
  /** A bank transfer recorded as paid (server/staff/transfer.ts), with our payment reference. */
  | 'record_transfer';

/** Appends to the audit log (the database refuses to change or delete its rows). Never holds personal data. */
export async function audit(
  db: Queryable,
  staffId: number,
  action: AuditAction,
  now: Date,
  applicationId: number | null = null,
  detail: Record<string, string | number | boolean> = {},
): Promise<void> {
  await db.query(
    'INSERT INTO audit_log (staff_id, action, application_id, detail, created_at) VALUES ($1, $2, $3, $4, $5)',
    [staffId, action, applicationId, JSON.stringify(detail), now],
  );
}

export interface AuditEntry {
  id: number;
  at: string;
  staff: string;
  action: AuditAction;
  applicationId: number | null;
  detail: Record<string, unknown>;
}

export async function readAudit(
  db: Queryable,
  beforeId: number | null,
  limit: number,
): Promise<AuditEntry[]> {
  const { rows } = await db.query<{
    id: number;
    created_at: Date;
    email: string;
    action: AuditAction;
    application_id: number | null;
    detail: Record<string, unknown> | string;
  }>(
    `SELECT a.id, a.created_at, s.email, a.action, a.application_id, a.detail
     FROM audit_log a JOIN staff s ON s.id = a.staff_id
     WHERE ($1::bigint IS NULL OR a.id < $1) ORDER BY a.id DESC LIMIT $2`,
    [beforeId, limit],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    at: new Date(r.created_at).toISOString(),
    staff: r.email,
    action: r.action,
    applicationId: r.application_id,
    detail: typeof r.detail === 'string' ? (JSON.parse(r.detail) as Record<string, unknown>) : r.detail,
  }));
}
