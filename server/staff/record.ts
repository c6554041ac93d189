/**
 * The parts of an application's record its staff page adds to the answers (docs/decisions/157): every email sent
 * to the applicant, read from the outbox by address (the outbox keeps no application id, and an erasure deletes
 * the rows by address too), and the reminder they asked for.
 */
import { REVIEW_EVENT_ACTORS, type ReviewEventType } from '../../machines/review.machine';
import { maskCodes, type StaffEmail, type StaffReminder } from '../../machines/rules/staffRecord';
import { iso, type Queryable } from '../db/index';
import { MAX_ATTEMPTS } from '../mail/worker';
import { qb, run } from '../db/query';

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

/**
 * Who took a review event and what became of its email, for the timeline's sentence ("Accepted by ada@…, email
 * sent 14:05"): the team member, or "the applicant" for their own events (a payment choice, a withdrawal); the
 * email sent, or still due while the decision is held.
 */
export function timelineEmail(e: {
  event: ReviewEventType;
  email: string | null;
  email_sent_at: Date | null;
  email_due_at: Date | null;
  undone_at: Date | null;
}): { by?: string; emailSentAt?: string; emailDueAt?: string } {
  const by = e.email ?? (REVIEW_EVENT_ACTORS[e.event].includes('applicant') ? 'the applicant' : undefined);
  return {
    ...(by ? { by } : {}),
    ...(e.email_sent_at
      ? { emailSentAt: iso(e.email_sent_at) }
      : e.email_due_at && !e.undone_at
        ? { emailDueAt: iso(e.email_due_at) }
        : {}),
  };
}
