/**
 * Erasing one applicant (docs/privacy.md, decisions 148 and 149). The application row stays, anonymous, so the funnel's
 * counts and the seats a decision took stay right; everything that identifies the person goes: answers, contact
 * details, the CV (its file too), their emails in the outbox, sessions, codes, staff notes, stored answers to
 * repeated requests and the code-email quota kept under their address. A paid applicant's paid (and duplicate, to
 * refund) payment rows stay for the accounts: they hold a reference and an amount, never a name. A tombstone
 * records that an erasure happened, who asked and when, under a keyed hash of the address.
 */
import { createHmac } from 'node:crypto';
import { KEPT_PAYMENT_STATUSES } from '../../machines/rules/privacy';
import type { Db, Queryable } from '../db/index';
import { mailboxOf } from '../mailQuota';
import type { CvStorage } from '../storage/index';

export type ErasureRequester = { by: 'applicant' } | { by: 'staff'; staffId: number } | { by: 'retention' };

/** The tombstone's key for an address: the same for every spelling of one mailbox, unreadable without the key. */
export const emailHmac = (key: string, email: string) =>
  createHmac('sha256', key).update(mailboxOf(email)).digest('hex');

/** What an erased row holds instead of the address: unique (the index on emails), and never a deliverable address. */
const ERASED_EMAIL_SQL = `'erased-' || id`;

/**
 * Erases application `id` in one transaction; its CV file is removed before the transaction commits, so a storage
 * that fails leaves the applicant as they were (and a retry finds everything again).
 */
export async function eraseApplication(
  db: Db,
  storage: CvStorage,
  id: number,
  requester: ErasureRequester,
  now: Date,
  erasureKey: string,
): Promise<'erased' | 'erased before' | 'not found'> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ email: string; erased_at: Date | null }>(
      'SELECT email, erased_at FROM applications WHERE id = $1 FOR UPDATE',
      [id],
    );
    if (!rows[0]) return 'not found';
    if (rows[0].erased_at) return 'erased before';
    const email = rows[0].email;
    const cvs = await tx.query<{ stored_name: string }>(
      'DELETE FROM cvs WHERE application_id = $1 RETURNING stored_name',
      [id],
    );
    await forgetApplicant(tx, id, email, now);
    await tx.query(
      `INSERT INTO erasures (email_hmac, requested_by, staff_id, application_id, erased_at) VALUES ($1, $2, $3, $4, $5)`,
      [
        emailHmac(erasureKey, email),
        requester.by,
        requester.by === 'staff' ? requester.staffId : null,
        id,
        now,
      ],
    );
    for (const cv of cvs.rows) await storage.remove(cv.stored_name);
    return 'erased';
  });
}

/** Everything but the CV and the tombstone: shared with the retention run's anonymising of unsubmitted applications. */
export async function forgetApplicant(tx: Queryable, id: number, email: string, now: Date): Promise<void> {
  const mailbox = mailboxOf(email);
  await tx.query('DELETE FROM outbox WHERE lower(to_address) = lower($1)', [email]);
  await tx.query('DELETE FROM sessions WHERE application_id = $1', [id]);
  await tx.query('DELETE FROM codes WHERE application_id = $1', [id]);
  await tx.query('DELETE FROM cv_upload_slots WHERE application_id = $1', [id]);
  await tx.query('DELETE FROM staff_notes WHERE application_id = $1', [id]);
  await tx.query('DELETE FROM application_tags WHERE application_id = $1', [id]);
  // A decision whose email has not left yet never will: there is no one to send it to (server/staff/decisionMail.ts).
  await tx.query(
    'UPDATE review_events SET email_due_at = NULL WHERE application_id = $1 AND email_sent_at IS NULL',
    [id],
  );
  await tx.query('DELETE FROM idempotency WHERE owner = $1', [email.trim().toLowerCase()]);
  // The quota's rows are keyed by the mailbox, alone or with a digest of the requesting address (server/mailQuota.ts).
  await tx.query(`DELETE FROM code_mail_quota WHERE mailbox = $1 OR starts_with(mailbox, $1 || ' from ')`, [
    mailbox,
  ]);
  // Kept for the accounts (decision 148): a payment that was paid, or paid twice and owed back. The rest says nothing.
  await tx.query('DELETE FROM payments WHERE application_id = $1 AND status <> ALL($2::text[])', [
    id,
    [...KEPT_PAYMENT_STATUSES],
  ]);
  // What stays says nothing about the person: the cohort, the step times, the eligibility result, the review status
  // and the payment option, which the funnel and the seats count.
  await tx.query(
    `UPDATE applications SET email = ${ERASED_EMAIL_SQL}, firstname = '', middlename = '', lastname = '', gender = '',
       country = '', city = '', phone = '', whatsapp_phone = '', referred_by = '', referral_detail = '',
       communication_consent = false, eligibility = NULL, employment = NULL, other = NULL, video = NULL,
       financial_aid = NULL, reminder_date = NULL, cv_sent_by_email = false, erased_at = $2
     WHERE id = $1`,
    [id, now],
  );
}
