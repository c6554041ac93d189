/**
 * The assignments' repository (docs/decisions/163-scorecards-blind-and-a-second-review.md, 153-one-way-to-the-data.md): who is on
 * the team to be given applications, who holds which now, and giving them. server/staff/assignments.ts calls these.
 */
import { sql } from 'kysely';
import type { Queryable } from '../db/index';
import { qb, run } from '../db/query';

/** Team members among `ids` who are on the team now (in no particular order). */
export const activeMembers = (
  db: Queryable,
  ids: readonly number[],
): Promise<{ id: number; email: string }[]> =>
  run(
    db,
    qb.selectFrom('staff').select(['id', 'email']).where('id', 'in', ids).where('removed_at', 'is', null),
  );

/** Who holds each of these applications now (those assigned to no one are absent). */
export async function holdersOf(db: Queryable, ids: readonly number[]): Promise<Map<number, number>> {
  const holders = new Map<number, number>();
  // In slices, so that a large view stays under the engines' limit on bound values.
  for (let i = 0; i < ids.length; i += 5000) {
    const rows = await run(
      db,
      qb
        .selectFrom('assignments')
        .select(['application_id', 'staff_id'])
        .where('application_id', 'in', ids.slice(i, i + 5000)),
    );
    for (const r of rows) holders.set(r.application_id, r.staff_id);
  }
  return holders;
}

/**
 * Gives the applications to one team member, in one statement however many (an array bound once): a row for each
 * one not yet assigned, a new holder for one someone else held, and no write for one they hold already.
 */
export async function assignTo(
  tx: Queryable,
  applicationIds: readonly number[],
  staffId: number,
  assignedBy: number,
  now: Date,
): Promise<void> {
  await run(
    tx,
    qb
      .insertInto('assignments')
      .columns(['application_id', 'staff_id', 'assigned_by', 'assigned_at'])
      .expression(
        qb
          .selectFrom(sql<{ id: number }>`unnest(${[...applicationIds]}::int[])`.as('id'))
          .select([
            sql<number>`id`.as('application_id'),
            sql<number>`${staffId}::int`.as('staff_id'),
            sql<number>`${assignedBy}::int`.as('assigned_by'),
            sql<Date>`${now}::timestamptz`.as('assigned_at'),
          ]),
      )
      .onConflict((oc) =>
        oc
          .column('application_id')
          .doUpdateSet({ staff_id: staffId, assigned_by: assignedBy, assigned_at: now })
          .where('assignments.staff_id', '<>', staffId),
      ),
  );
}

/** Of the ids ticked, those of applications that are there and not erased, in the order given. */
export async function liveIds(db: Queryable, ids: readonly number[]): Promise<number[]> {
  const found = new Set(
    (
      await run(
        db,
        qb
          .selectFrom('applications as a')
          .select('a.id')
          .where('a.id', 'in', ids)
          .where(sql<boolean>`a.erased_at IS NULL`),
      )
    ).map((r) => r.id),
  );
  return ids.filter((id) => found.has(id));
}
