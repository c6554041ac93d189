/**
 * The reads and writes behind the staff application page: the application with its review status and hold, its
 * CV, notes and timeline, and a new note. The handlers in server/staff/routes.ts call these (decision 093).
 */
import { sql } from 'kysely';
import type { CvKind } from '../../machines/rules/cv';
import type { ReviewEventType, ReviewStatus } from '../../machines/review.machine';
import type { Queryable } from '../db/index';
import { first, qb, run } from '../db/query';
import type { ApplicationRow } from '../db/schema';
import { heldUntilOf, reviewStatusOf } from '../review/events';

/** The application with its review status (null before submission) and when a held decision is released. */
export const applicationForStaff = (db: Queryable, id: number) =>
  first(
    db,
    qb
      .selectFrom('applications as a')
      .selectAll('a')
      .select([
        sql<string | null>`CASE WHEN submitted_at IS NULL THEN NULL ELSE ${reviewStatusOf} END`.as('status'),
        heldUntilOf.as('held_until'),
      ])
      .where('a.id', '=', id),
  ) as Promise<(ApplicationRow & { status: string | null; held_until: Date | null }) | undefined>;

export const cvOf = async (db: Queryable, id: number) => {
  const cv = await first(
    db,
    qb
      .selectFrom('cvs')
      .select(['stored_name', 'original_name', 'kind', 'size'])
      .where('application_id', '=', id),
  );
  return cv && { ...cv, kind: cv.kind as CvKind };
};

export const notesOf = (db: Queryable, id: number) =>
  run(
    db,
    qb
      .selectFrom('staff_notes as n')
      .innerJoin('staff as s', 's.id', 'n.staff_id')
      .select(['n.id', 'n.body', 'n.created_at', 's.email'])
      .where('n.application_id', '=', id)
      .orderBy('n.id'),
  );

export const timelineOf = async (db: Queryable, id: number) =>
  (
    await run(
      db,
      qb
        .selectFrom('review_events as e')
        .leftJoin('staff as s', 's.id', 'e.staff_id')
        .select([
          'e.event',
          'e.to_status',
          'e.created_at',
          'e.email_sent_at',
          'e.email_due_at',
          'e.undone_at',
          's.email',
        ])
        .where('e.application_id', '=', id)
        .orderBy('e.id'),
    )
  ).map((row) => ({ ...row, event: row.event as ReviewEventType, to_status: row.to_status as ReviewStatus }));

/** Adds a note to an application that exists: its id, or undefined when there is no such application. */
export const addNote = async (tx: Queryable, id: number, staffId: number, body: string, now: Date) =>
  (
    await first(
      tx,
      qb
        .insertInto('staff_notes')
        .columns(['application_id', 'staff_id', 'body', 'created_at'])
        .expression(
          qb
            .selectFrom('applications')
            .select([
              'id',
              sql<number>`${staffId}::integer`.as('staff_id'),
              sql<string>`${body}::text`.as('body'),
              sql<Date>`${now}::timestamptz`.as('created_at'),
            ])
            .where('id', '=', id),
        )
        .returning('id'),
    )
  )?.id;
