/**
 * The CV uploads an applicant has open, counted in the database so that every process sharing it counts the same
 * (docs/decisions/107-cv-uploads-bounded-per-applicant.md). A slot is taken before an upload's body is read and
 * given back when the upload ends; one left by a process that died lapses when its upload could no longer be
 * running (the upload's time limit).
 */
import type { Db } from './index';

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
    await tx.query('SELECT id FROM applications WHERE id = $1 FOR UPDATE', [applicationId]);
    await tx.query('DELETE FROM cv_upload_slots WHERE application_id = $1 AND expires_at <= $2', [
      applicationId,
      now,
    ]);
    const open = await tx.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM cv_upload_slots WHERE application_id = $1',
      [applicationId],
    );
    if (open.rows[0].n >= CV_UPLOADS_AT_ONCE) return null;
    const { rows } = await tx.query<{ id: string | number }>(
      'INSERT INTO cv_upload_slots (application_id, expires_at) VALUES ($1, $2) RETURNING id',
      [applicationId, new Date(now.getTime() + holdMs)],
    );
    return Number(rows[0].id);
  });
}

export async function releaseUploadSlot(db: Db, slot: number): Promise<void> {
  await db.query('DELETE FROM cv_upload_slots WHERE id = $1', [slot]);
}
