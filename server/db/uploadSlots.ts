/**
 * The CV uploads an applicant has open, counted in the database so that every process sharing it counts the same
 * (docs/decisions/014-the-cv-is-checked-twice-by-content.md). A slot is taken before an upload's body is read and
 * given back when the upload ends; one left by a process that died lapses when its upload could no longer be
 * running (the upload's time limit).
 */
import { sql } from 'kysely';
import type { Db } from './index';
import { qb, run } from './query';

/** Uploads one applicant may have open at once. */
export const CV_UPLOADS_AT_ONCE = 2;

/** Takes an upload slot for the application; resolves to its id, or null when all of them are taken. */
export async function takeUploadSlot(
  db: Db,
  applicationId: number,
  now: Date,
  holdMs: number,
): Promise<number | null> {
  return db.transaction(async (tx) => {
    // The application's row lock makes two uploads starting at once count one after the other.
    await run(tx, qb.selectFrom('applications').select('id').where('id', '=', applicationId).forUpdate());
    await run(
      tx,
      qb
        .deleteFrom('cv_upload_slots')
        .where('application_id', '=', applicationId)
        .where('expires_at', '<=', now),
    );
    const [open] = await run(
      tx,
      qb
        .selectFrom('cv_upload_slots')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('application_id', '=', applicationId),
    );
    if (open.n >= CV_UPLOADS_AT_ONCE) return null;
    const [slot] = await run(
      tx,
      qb
        .insertInto('cv_upload_slots')
        .values({ application_id: applicationId, expires_at: new Date(now.getTime() + holdMs) })
        .returning('id'),
    );
    return Number(slot.id);
  });
}

export async function releaseUploadSlot(db: Db, slot: number): Promise<void> {
  await run(db, qb.deleteFrom('cv_upload_slots').where('id', '=', String(slot)));
}
