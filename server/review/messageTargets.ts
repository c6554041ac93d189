/**
 * Who an email about an application goes to: its applicant, their cohort and whether they were erased. Staff
 * messages (server/staff/messages.ts) and interview invitations (server/interviews.ts) both write to them.
 */
import { sql } from 'kysely';
import type { Queryable } from '../db/index';
import { applicationCohort, qb, run } from '../db/query';
import type { Recipient } from './emails';

export interface MessageTarget extends Recipient {
  id: number;
  /** The cohort the application is in, or applied to (null before either). */
  cohortId: number | null;
  erased: boolean;
}

/** The applications' recipients, in the order of `ids` (missing ones left out). */
export async function messageTargets(db: Queryable, ids: readonly number[]): Promise<MessageTarget[]> {
  const found = new Map<number, MessageTarget>();
  for (let i = 0; i < ids.length; i += 5000) {
    const rows = await run(
      db,
      qb
        .selectFrom('applications as a')
        .leftJoin('cohorts as c', (join) => join.on(sql<boolean>`c.id = ${applicationCohort()}`))
        .select([
          'a.id',
          'a.email',
          'a.firstname',
          sql<number | null>`c.id`.as('cohort_id'),
          'c.name',
          sql<string | null>`c.start_date::text`.as('start_date'),
          sql<boolean>`a.erased_at IS NOT NULL`.as('erased'),
        ])
        .where('a.id', 'in', ids.slice(i, i + 5000)),
    );
    for (const r of rows)
      found.set(r.id, {
        id: r.id,
        email: r.email,
        firstname: r.firstname,
        cohortId: r.cohort_id,
        cohortName: r.name ?? 'the next cohort',
        cohortStart: r.start_date,
        erased: r.erased,
      });
  }
  return ids.flatMap((id) => found.get(id) ?? []);
}
