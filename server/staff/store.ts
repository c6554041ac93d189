/**
 * The staff back office's SQL: team members, their sessions, notes, review events and the audit log. Sign-in codes
 * are the applicants' (server/codes.ts, STAFF_CODES): the same rules, the same code.
 */
import type { AuditAction } from '../../machines/rules/reports';
import { STAFF_SESSION_HOURS } from '../../machines/rules/staff/session';
import { type StaffRole } from '../../machines/rules/staff/roles';
import { sql } from 'kysely';
import type { Queryable } from '../db/index';
import { first, qb, run } from '../db/query';
import { insertSession, tokenHash } from '../sessions';
import { deleteViewsOf } from './savedViews';

export interface StaffMember {
  id: number;
  email: string;
  role: StaffRole;
}

/** The team member with this address, if they are on the team now. */
export async function findStaff(db: Queryable, email: string): Promise<StaffMember | undefined> {
  return first(
    db,
    qb
      .selectFrom('staff')
      .select(['id', 'email', 'role'])
      .where(sql<string>`lower(email)`, '=', sql<string>`lower(${email})`)
      .where('removed_at', 'is', null),
  );
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
  await run(
    tx,
    qb
      .insertInto('staff')
      .values({ email: sql<string>`lower(${email})`, role: 'admin', created_at: now })
      // The conflict target is the partial unique index on lower(email) among members on the team.
      .onConflict((oc) =>
        oc
          .expression(sql`lower(email)`)
          .where('removed_at', 'is', null)
          .doUpdateSet({ role: 'admin' }),
      ),
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
  return first(
    db,
    qb
      .selectFrom('staff_sessions as x')
      .innerJoin('staff as s', 's.id', 'x.staff_id')
      .select(['s.id', 's.email', 's.role'])
      .where('x.token_hash', '=', tokenHash(token))
      .where('x.expires_at', '>', now)
      .where('s.removed_at', 'is', null),
  );
}

export async function endStaffSession(db: Queryable, token: string): Promise<void> {
  await run(db, qb.deleteFrom('staff_sessions').where('token_hash', '=', tokenHash(token)));
}

export async function listTeam(db: Queryable): Promise<(StaffMember & { created_at: Date })[]> {
  return run(
    db,
    qb
      .selectFrom('staff')
      .select(['id', 'email', 'role', 'created_at'])
      .where('removed_at', 'is', null)
      .orderBy('role')
      .orderBy(sql`lower(email)`),
  );
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
  return first(
    tx,
    qb
      .insertInto('staff')
      .values({ email: sql<string>`lower(${email})`, role, added_by: addedBy, created_at: now })
      .returning(['id', 'email', 'role']),
  );
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
  const found = await first(
    tx,
    qb
      .selectFrom('staff')
      .select(['id', 'email', 'role'])
      .where('id', '=', id)
      .where('removed_at', 'is', null)
      .forUpdate(),
  );
  if (!found) return undefined;
  if (isConfiguredAdmin(found.email, configured)) return 'configured';
  const removed = await first(
    tx,
    qb
      .updateTable('staff')
      .set({ removed_at: now })
      .where('id', '=', id)
      .where('removed_at', 'is', null)
      .returning(['id', 'email', 'role']),
  );
  if (removed) {
    await run(tx, qb.deleteFrom('staff_sessions').where('staff_id', '=', id));
    await deleteViewsOf(tx, id);
  }
  return removed;
}

/** Appends to the audit log (the database refuses to change or delete its rows). Never holds personal data. */
export async function audit(
  db: Queryable,
  /** Null for what no team member did: an erasure the applicant or retention made (decision 149). */
  staffId: number | null,
  action: AuditAction,
  now: Date,
  applicationId: number | null = null,
  detail: Record<string, string | number | boolean> = {},
): Promise<void> {
  await run(
    db,
    qb.insertInto('audit_log').values({
      staff_id: staffId,
      action,
      application_id: applicationId,
      detail: JSON.stringify(detail),
      created_at: now,
    }),
  );
}
