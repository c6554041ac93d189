/**
 * The parts of an application's record its staff page adds to the answers (docs/decisions/157): every email sent
 * to the applicant, read from the outbox by address (the outbox keeps no application id, and an erasure deletes
 * the rows by address too), and the reminder they asked for.
 */
import { maskCodes, type StaffEmail, type StaffReminder } from '../../machines/rules/staffRecord';
import { iso, type Queryable } from '../db/index';
import { MAX_ATTEMPTS } from '../mail/worker';
import { qb, run } from './sql';

/** Every email queued for this address, oldest first, with its delivery status; subjects only. */
export async function emailsTo(db: Queryable, address: string): Promise<StaffEmail[]> {
  const rows = await run(
    db,
    qb
      .selectFrom('outbox')
      .select(['subject', 'sent_at', 'delivered_at', 'attempts'])
      .where((eb) => eb(eb.fn('lower', ['to_address']), '=', address.toLowerCase()))
      .orderBy('id'),
  );
  return rows.map((row) => ({
    subject: maskCodes(row.subject),
    status: row.delivered_at ? 'sent' : row.attempts >= MAX_ATTEMPTS ? 'failed' : 'queued',
    at: iso(row.sent_at),
    sentAt: row.delivered_at ? iso(row.delivered_at) : null,
    attempts: Number(row.attempts),
  }));
}

/** The reminder the applicant set, or null when they set none. */
export async function reminderOf(db: Queryable, applicationId: number): Promise<StaffReminder | null> {
  const [row] = await run(
    db,
    qb
      .selectFrom('applications')
      .select(['reminder_date', 'reminder_sent_at'])
      .where('id', '=', applicationId),
  );
  if (!row?.reminder_date) return null;
  return { at: iso(row.reminder_date), sentAt: row.reminder_sent_at ? iso(row.reminder_sent_at) : null };
}
