/**
 * Erasing one applicant (docs/privacy.md, decisions 143 and 149): one function, `eraseApplicant`, for every door
 * (the applicant on "Your data", an admin on request, retention's anonymising of unsubmitted applications), so they
 * cannot drift. The application row stays, anonymous, so the funnel's counts stay right (an erased acceptance holds no
 * seat: decision 149); everything that identifies the person goes: each step's answers (the step specs name their
 * columns, machines/steps/), contact details, the CV (its file too), every email to them or naming them in the outbox
 * (sent or not, bodies and attachments), sessions, codes, staff notes and tags, their interview booking, stored answers
 * to repeated requests that name them, the mail quotas kept under their address, and any saved view's search that
 * names them. A paid applicant's paid (and duplicate, to refund) payment rows stay for the accounts: they hold a
 * reference and an amount, never a name. A tombstone records that an erasure happened, who asked and when, under a
 * keyed hash of the address; the audit log lists it, whichever door it came by.
 */
import { createHmac } from 'node:crypto';
import { KEPT_PAYMENT_STATUSES, ERASED_ADDRESS_PREFIX } from '../../machines/rules/privacy';
import { sql, type RawBuilder } from 'kysely';
import { STEP_SPECS, storedSteps } from '../../machines/steps';
import type { Db, Queryable } from '../db/index';
import { first, qb, run } from '../db/query';
import type { ApplicationsTable, PaymentRow } from '../db/schema';
import { escapeHtml } from '../mail/templates';
import { forgetInbox, mailboxOf } from '../mailQuota';
import { forgetSearchesFor } from '../staff/savedViews';
import { audit } from '../staff/store';
import type { CvStorage } from '../storage/index';

export type ErasureRequester = { by: 'applicant' } | { by: 'staff'; staffId: number } | { by: 'retention' };

/** The tombstone's key for an address: the same for every spelling of one mailbox, unreadable without the key. */
export const emailHmac = (key: string, email: string) =>
  createHmac('sha256', key).update(mailboxOf(email)).digest('hex');

/** What an erased row holds instead of the address: unique (the index on emails), and never a deliverable address. */
const ERASED_EMAIL = sql<string>`${sql.lit(ERASED_ADDRESS_PREFIX)} || id`;

type Column = keyof ApplicationsTable & string;

/**
 * The columns the steps keep their answers in (machines/steps/): a step's own JSON column, or its fields as flat
 * columns (as a create stores them, server/applications.ts). A new step's answers are erased with no line here.
 */
const STEP_JSON_COLUMNS = storedSteps().map((step) => step.column as Column);
const STEP_FLAT_COLUMNS = [
  ...new Set(
    STEP_SPECS.filter((step) => step.schema && step.column === undefined)
      .flatMap((step) => step.fields)
      // The consent is kept as the notice's version; the referral source is one of a fixed list, which the
      // reports count by (decision 149 kept it): neither names anyone.
      .filter((field) => field !== 'privacy_consent' && field !== 'referral_source'),
  ),
] as Column[];
/** What a flat answer holds once erased: its empty value (false for a yes/no, the placeholder for the address). */
const ERASED_FLAT: Partial<Record<Column, RawBuilder<unknown> | boolean>> = {
  email: ERASED_EMAIL,
  communication_consent: false,
};
/** The application's columns about the person outside the steps: after submission (video, aid, reminder) or the server's. */
const AFTER_STEPS: Partial<Record<Column, null | string | boolean>> = {
  referred_by: '',
  video: null,
  financial_aid: null,
  reminder_date: null,
  cv_sent_by_email: false,
};

/** The person as the rows may name them: what an erasure searches the stored texts for, lower-cased. */
interface Person {
  email: string;
  phone: string;
  whatsapp_phone: string;
  firstname: string;
  middlename: string;
  lastname: string;
}

/** The strings that name the person: the address (and its mailbox), phones and full name, as written and HTML-escaped. */
function personNeedles(person: Person): string[] {
  const full = [person.firstname, person.lastname]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(' ');
  const fuller = [person.firstname, person.middlename, person.lastname]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(' ');
  const names = [full, fuller].filter((name) => name.includes(' '));
  return [
    ...new Set(
      [
        person.email,
        mailboxOf(person.email),
        person.phone,
        person.whatsapp_phone,
        ...names,
        ...names.map(escapeHtml),
      ]
        .map((s) => s.trim().toLowerCase())
        .filter((s) => s.length >= 5),
    ),
  ];
}

/** True when the text holds any of the needles (lower-cased; a plain substring, no pattern characters). */
const mentions = (text: RawBuilder<string>, needles: string[]) =>
  needles.length
    ? sql<boolean>`(${sql.join(
        needles.map((needle) => sql`strpos(lower(${text}), ${needle}) > 0`),
        sql` OR `,
      )})`
    : sql<boolean>`false`;

/** One erasure: whose application, who asked, when, with the key of the tombstone's email HMAC. */
export interface Erasure {
  storage: CvStorage;
  id: number;
  requester: ErasureRequester;
  now: Date;
  erasureKey: string;
}

export type ErasureResult = 'erased' | 'erased before' | 'not found';

/**
 * Erases application `id` inside `tx` (the caller's transaction): the one erasure every door runs. Its CV file is
 * removed before the transaction commits, so a storage that fails leaves the applicant as they were (and a retry
 * finds everything again).
 */
export async function eraseApplicant(
  tx: Queryable,
  { storage, id, requester, now, erasureKey }: Erasure,
): Promise<ErasureResult> {
  const person = await first(
    tx,
    qb
      .selectFrom('applications')
      .select(['email', 'phone', 'whatsapp_phone', 'firstname', 'middlename', 'lastname', 'erased_at'])
      .where('id', '=', id)
      .forUpdate(),
  );
  if (!person) return 'not found';
  if (person.erased_at) return 'erased before';
  const cvs = await run(tx, qb.deleteFrom('cvs').where('application_id', '=', id).returning('stored_name'));
  await forgetApplicant(tx, id, person, now);
  await run(
    tx,
    qb.insertInto('erasures').values({
      email_hmac: emailHmac(erasureKey, person.email),
      requested_by: requester.by,
      staff_id: requester.by === 'staff' ? requester.staffId : null,
      application_id: id,
      erased_at: now,
    }),
  );
  // Every door is in the audit log: a team member's own, the applicant's and retention's without one (decision 149).
  await audit(tx, requester.by === 'staff' ? requester.staffId : null, 'erase_applicant_data', now, id, {
    by: requester.by,
  });
  for (const cv of cvs) await storage.remove(cv.stored_name);
  return 'erased';
}

/** `eraseApplicant` in a transaction of its own (the applicant's and the admin's doors). */
export function eraseApplication(db: Db, erasure: Erasure): Promise<ErasureResult> {
  return db.transaction((tx) => eraseApplicant(tx, erasure));
}

/** Everything but the CV, the tombstone and the audit entry. */
async function forgetApplicant(tx: Queryable, id: number, person: Person, now: Date): Promise<void> {
  const needles = personNeedles(person);
  await forgetSearchesFor(tx, person);
  // Emails to them, and any naming them (an interview's invitation to the interviewer, its .ics): sent or not.
  await run(
    tx,
    qb
      .deleteFrom('outbox')
      .where((eb) =>
        eb.or([
          eb(sql`lower(to_address)`, '=', person.email.toLowerCase()),
          mentions(
            sql<string>`concat_ws(' ', to_address, subject, text_body, html_body, attachments::text)`,
            needles,
          ),
        ]),
      ),
  );
  for (const table of [
    'sessions',
    'codes',
    'cv_upload_slots',
    'staff_notes',
    'application_tags',
    'interview_bookings',
  ] as const)
    await run(tx, qb.deleteFrom(table).where('application_id', '=', id));
  // A decision whose email has not left yet never will: there is no one to send it to (server/review/decisionMail.ts).
  await run(
    tx,
    qb
      .updateTable('review_events')
      .set({ email_due_at: null })
      .where('application_id', '=', id)
      .where('email_sent_at', 'is', null),
  );
  // Stored answers are theirs by owner, or name them in what they hold (docs/privacy.md).
  await run(
    tx,
    qb
      .deleteFrom('idempotency')
      .where((eb) =>
        eb.or([
          eb('owner', '=', person.email.trim().toLowerCase()),
          mentions(sql<string>`owner || ' ' || body::text`, needles),
        ]),
      ),
  );
  await forgetInbox(tx, person.email);
  // Kept for the accounts (decision 143): a payment that was paid, or paid twice and owed back. The rest says nothing.
  await run(
    tx,
    qb
      .deleteFrom('payments')
      .where('application_id', '=', id)
      .where('status', '<>', sql<PaymentRow['status']>`ALL(${[...KEPT_PAYMENT_STATUSES]}::text[])`),
  );
  // What stays says nothing about the person: the cohort, the step times, the eligibility result, the review status
  // and the payment option, which the funnel counts.
  const erased: Record<string, unknown> = {
    ...Object.fromEntries(STEP_FLAT_COLUMNS.map((column) => [column, ERASED_FLAT[column] ?? ''])),
    ...Object.fromEntries(STEP_JSON_COLUMNS.map((column) => [column, null])),
    ...AFTER_STEPS,
    erased_at: now,
  };
  await run(tx, qb.updateTable('applications').set(erased).where('id', '=', id));
}
