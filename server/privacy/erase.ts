/**
 * Erasing one applicant (docs/privacy.md, decisions 148 and 149). The application row stays, anonymous, so the funnel's
 * counts and the seats a decision took stay right; everything that identifies the person goes: answers, contact
 * details, the CV (its file too), their emails in the outbox, sessions, codes, staff notes, stored answers to
 * repeated requests, the code-email quota kept under their address, and any saved view's search that names them. A paid applicant's paid (and duplicate, to
 * refund) payment rows stay for the accounts: they hold a reference and an amount, never a name. A tombstone
 * records that an erasure happened, who asked and when, under a keyed hash of the address.
 */
import { createHmac } from 'node:crypto';
import { KEPT_PAYMENT_STATUSES } from '../../machines/rules/privacy';
import { sql } from 'kysely';
import type { Db, Queryable } from '../db/index';
import { first, qb, run } from '../db/query';
import type { PaymentRow } from '../db/schema';
import { mailboxOf } from '../mailQuota';
import { forgetSearchesFor } from '../staff/savedViews';
import type { CvStorage } from '../storage/index';

export type ErasureRequester = { by: 'applicant' } | { by: 'staff'; staffId: number } | { by: 'retention' };

/** The tombstone's key for an address: the same for every spelling of one mailbox, unreadable without the key. */
export const emailHmac = (key: string, email: string) =>
  createHmac('sha256', key).update(mailboxOf(email)).digest('hex');

/** What an erased row holds instead of the address: unique (the index on emails), and never a deliverable address. */
const ERASED_EMAIL = sql<string>`'erased-' || id`;

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
    const application = await first(
      tx,
      qb.selectFrom('applications').select(['email', 'erased_at']).where('id', '=', id).forUpdate(),
    );
    if (!application) return 'not found';
    if (application.erased_at) return 'erased before';
    const { email } = application;
    const cvs = await run(tx, qb.deleteFrom('cvs').where('application_id', '=', id).returning('stored_name'));
    await forgetApplicant(tx, id, email, now);
    await run(
      tx,
      qb.insertInto('erasures').values({
        email_hmac: emailHmac(erasureKey, email),
        requested_by: requester.by,
        staff_id: requester.by === 'staff' ? requester.staffId : null,
        application_id: id,
        erased_at: now,
      }),
    );
    for (const cv of cvs) await storage.remove(cv.stored_name);
    return 'erased';
  });
}

/** Everything but the CV and the tombstone: shared with the retention run's anonymising of unsubmitted applications. */
export async function forgetApplicant(tx: Queryable, id: number, email: string, now: Date): Promise<void> {
  const mailbox = mailboxOf(email);
  const person = await first(
    tx,
    qb.selectFrom('applications').select(['email', 'phone', 'firstname', 'lastname']).where('id', '=', id),
  );
  if (person) await forgetSearchesFor(tx, person);
  await run(tx, qb.deleteFrom('outbox').where(sql`lower(to_address)`, '=', sql`lower(${email})`));
  for (const table of ['sessions', 'codes', 'cv_upload_slots', 'staff_notes', 'application_tags'] as const)
    await run(tx, qb.deleteFrom(table).where('application_id', '=', id));
  // A decision whose email has not left yet never will: there is no one to send it to (server/staff/decisionMail.ts).
  await run(
    tx,
    qb
      .updateTable('review_events')
      .set({ email_due_at: null })
      .where('application_id', '=', id)
      .where('email_sent_at', 'is', null),
  );
  await run(tx, qb.deleteFrom('idempotency').where('owner', '=', email.trim().toLowerCase()));
  // The quota's rows are keyed by the mailbox, alone or with a digest of the requesting address (server/mailQuota.ts).
  await run(
    tx,
    qb
      .deleteFrom('code_mail_quota')
      .where((eb) =>
        eb.or([eb('mailbox', '=', mailbox), sql<boolean>`starts_with(mailbox, ${`${mailbox} from `})`]),
      ),
  );
  // Kept for the accounts (decision 148): a payment that was paid, or paid twice and owed back. The rest says nothing.
  await run(
    tx,
    qb
      .deleteFrom('payments')
      .where('application_id', '=', id)
      .where('status', '<>', sql<PaymentRow['status']>`ALL(${[...KEPT_PAYMENT_STATUSES]}::text[])`),
  );
  // What stays says nothing about the person: the cohort, the step times, the eligibility result, the review status
  // and the payment option, which the funnel and the seats count.
  await run(
    tx,
    qb
      .updateTable('applications')
      .set({
        email: ERASED_EMAIL,
        firstname: '',
        middlename: '',
        lastname: '',
        gender: '',
        country: '',
        city: '',
        phone: '',
        whatsapp_phone: '',
        referred_by: '',
        referral_detail: '',
        communication_consent: false,
        eligibility: null,
        employment: null,
        other: null,
        video: null,
        financial_aid: null,
        reminder_date: null,
        cv_sent_by_email: false,
        erased_at: now,
      })
      .where('id', '=', id),
  );
}
