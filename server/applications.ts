/** The stored application and the shapes the API answers with (contract.ts: SavedApplication, LookupSummary). */
import { sql, type Insertable, type Updateable } from 'kysely';
import type { EligibilityStatus } from '../machines/rules/application';
import type { Answers } from '../machines/validation';
import type { FinancialAidData, LookupSummary, Stage, VideoData } from '../machines/rules/contract';
import type { SavedApplication, StepAnswers } from '../machines/savedApplication';
import type { SubmitPayload } from '../machines/steps/other';
import { cohortById, type CohortRow } from './db/cohorts';
import { iso, type Queryable } from './db/index';
import { first, qb, run } from './db/query';
import type { ApplicationRow, ApplicationsTable } from './db/schema';
import type { IdempotencyKey, StoredAnswer } from './idempotency';
import type { OutboxRow } from './mail/index';
import { latestPayment, paymentRecord } from './payments';
import { QUOTA_GRANTED, QUOTA_OLDEST, quotaOf, withCodeEmailTaken } from './mailQuota';
import { followServerEvent } from './review/events';
import { applicantAid } from './review/applicantAid';
import { applicantFees, keepFees } from './fees';
import { STEP_SPECS, savedFields, storedSteps, type StepSpec, type StoredColumn } from '../machines/steps';

/** What a create stores from the request (checked by the biodata and communications groups) and the cohort open now. */
export type NewApplication = Answers<'biodata'> &
  Omit<Answers<'communications'>, 'privacy_consent'> & {
    referred_by: string;
    applied_cohort_id: number;
    /** The privacy notice's version agreed to; the time agreed is the create's (decision 150). */
    privacy_notice_version: string;
  };

/**
 * The columns a create fills: the answers of the steps kept in flat columns (machines/steps/; the privacy box is
 * kept as the notice's version and time), then the server's own. One fixed list, so the statement's text, and its
 * prepared plan, are the same for every create.
 */
const CREATE_COLUMNS = [
  ...new Set(
    STEP_SPECS.filter((step) => step.schema && step.column === undefined)
      .flatMap((step) => step.fields)
      .filter((field) => field !== 'privacy_consent'),
  ),
  'referred_by',
  'applied_cohort_id',
  'privacy_notice_version',
  'privacy_consented_at',
  'created_at',
  'updated_at',
] as (keyof Insertable<ApplicationsTable> & string)[];

/**
 * Stores a new application, its first code (the first send), the answer under its idempotency key and, given the
 * outbox row, its code email: all in one statement, so atomic without a transaction and one round trip (on PGlite,
 * which runs one statement at a time for the whole process, statements are throughput). The statement first takes
 * one code email from the inbox's hourly allowances for the requesting address and for everyone (mailQuota.ts; not
 * when the email is already taken) and stores nothing if there is none left. The unique index on the email decides
 * who wins a race. `id` is the new id, or undefined when nothing was stored: `granted` false then means the inbox
 * had had its allowance (its oldest send in the hour is `oldest`); otherwise the email is taken.
 */
export async function insertApplication(
  db: Queryable,
  application: NewApplication,
  requester: string,
  now: Date,
  code: { salt: string; codeHash: string; expiresAt: Date },
  idempotency: { key: IdempotencyKey | null; answer: StoredAnswer },
  mail?: OutboxRow,
): Promise<{ id: number | undefined; granted: boolean | null; oldest: Date | null }> {
  const columns: Insertable<ApplicationsTable> = {
    ...application,
    created_at: now,
    updated_at: now,
    privacy_consented_at: now,
  };
  const key = idempotency.key;
  const taken = sql<boolean>`NOT EXISTS (SELECT 1 FROM applications WHERE lower(email) = lower(${application.email}))`;
  let query = withCodeEmailTaken(quotaOf(application.email, requester, now), taken)
    .with('app', (db) =>
      db
        .insertInto('applications')
        .columns(CREATE_COLUMNS)
        .expression(
          qb.selectNoFrom(CREATE_COLUMNS.map((name) => valueOf(columns[name]).as(name))).where(QUOTA_GRANTED),
        )
        .onConflict((conflict) => conflict.expression(sql`lower(email)`).doNothing())
        .returning('id'),
    )
    .with('code', (db) =>
      db
        .insertInto('codes')
        .columns(['application_id', 'salt', 'code_hash', 'expires_at', 'created_at'])
        .expression(
          db
            .selectFrom('app')
            .select([
              'id',
              valueOf(code.salt).as('salt'),
              valueOf(code.codeHash).as('code_hash'),
              valueOf(code.expiresAt).as('expires_at'),
              valueOf(now).as('created_at'),
            ]),
        ),
    )
    .with('answer', (db) =>
      db
        .insertInto('idempotency')
        .columns(['route', 'owner', 'key', 'status', 'body', 'created_at'])
        .expression(
          db
            .selectFrom('app')
            .select([
              valueOf(key?.route ?? '').as('route'),
              valueOf(key?.owner ?? '').as('owner'),
              valueOf(key?.key ?? '').as('key'),
              valueOf(idempotency.answer.status).as('status'),
              sql<string>`${JSON.stringify(idempotency.answer.body)}::jsonb`.as('body'),
              valueOf(now).as('created_at'),
            ])
            // Without a key the answer is not kept (the statement's text stays the same).
            .where(sql<boolean>`${key !== null}::boolean`),
        )
        .onConflict((conflict) =>
          conflict.columns(['route', 'owner', 'key']).doUpdateSet((eb) => ({
            status: eb.ref('excluded.status'),
            body: eb.ref('excluded.body'),
            created_at: eb.ref('excluded.created_at'),
          })),
        ),
    );
  if (mail) {
    const [to, subject, text, html, queuedAt] = mail;
    query = query.with('mail', (db) =>
      db
        .insertInto('outbox')
        .columns(['to_address', 'subject', 'text_body', 'html_body', 'sent_at'])
        .expression(
          db
            .selectFrom('app')
            .select([
              valueOf(to).as('to_address'),
              valueOf(subject).as('subject'),
              valueOf(text).as('text_body'),
              valueOf(html).as('html_body'),
              valueOf(queuedAt).as('sent_at'),
            ]),
        ),
    ) as unknown as typeof query;
  }
  const [row] = await run(
    db,
    query.selectNoFrom([
      sql<number | null>`(SELECT id FROM app)`.as('id'),
      QUOTA_GRANTED.as('granted'),
      QUOTA_OLDEST.as('oldest'),
    ]),
    mail ? 'create-application-with-mail' : 'create-application',
  );
  return {
    id: row?.id ?? undefined,
    granted: row?.granted ?? null,
    oldest: row?.oldest ? new Date(row.oldest) : null,
  };
}

/**
 * A value in a SELECT list, cast to its column's type: PostgreSQL cannot infer a parameter's type there. Strings
 * are text, numbers integer, booleans boolean and dates timestamptz: every column an insert-select fills here.
 */
function valueOf(value: unknown) {
  if (typeof value === 'boolean') return sql`${value}::boolean`;
  if (typeof value === 'number') return sql`${value}::integer`;
  if (value instanceof Date) return sql`${value}::timestamptz`;
  return sql`${value}::text`;
}

export type { ApplicationRow, CvRow } from './db/schema';

export async function findByEmail(
  db: Queryable,
  email: string,
  forUpdate = false,
): Promise<ApplicationRow | undefined> {
  const query = qb
    .selectFrom('applications')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()));
  return first(db, forUpdate ? query.forUpdate() : query);
}

export const findCv = (db: Queryable, applicationId: number) =>
  first(
    db,
    qb
      .selectFrom('cvs')
      .select(['id', 'stored_name', 'original_name', 'size'])
      .where('application_id', '=', applicationId),
  );

/** Records the applicant's CV, replacing the one before (the caller removes the old file once this commits). */
export async function saveCv(
  db: Queryable,
  applicationId: number,
  file: { name: string; original: string; kind: string; size: number },
  now: Date,
): Promise<void> {
  await run(
    db,
    qb
      .insertInto('cvs')
      .values({
        application_id: applicationId,
        stored_name: file.name,
        original_name: file.original,
        kind: file.kind,
        size: file.size,
        created_at: now,
      })
      .onConflict((conflict) =>
        conflict.column('application_id').doUpdateSet((eb) => ({
          stored_name: eb.ref('excluded.stored_name'),
          original_name: eb.ref('excluded.original_name'),
          kind: eb.ref('excluded.kind'),
          size: eb.ref('excluded.size'),
          created_at: eb.ref('excluded.created_at'),
        })),
      ),
  );
}

export function stageOf(row: ApplicationRow): Stage {
  if (row.submitted_at) return 'submitted';
  if (row.employment) return 'employment';
  if (row.eligibility) return 'eligibility';
  if (row.email_verified_at) return 'verified';
  return 'created';
}

export const lookupSummary = (row: ApplicationRow): LookupSummary => ({
  exists: true,
  stage: stageOf(row),
  email_verified: row.email_verified_at !== null,
});

/** What a row holds in a step's JSON column (`column` comes from machines/steps/, never from a request). */
export const stepColumn = (row: ApplicationRow, column: string): unknown =>
  (row as Record<string, unknown>)[column];

/** A step's saved answers as the API gives them: each field it saves, its schema's default where none is stored. */
function storedAnswers(step: StepSpec, stored: unknown): Record<string, unknown> {
  const saved = (stored ?? {}) as Record<string, unknown>;
  const defaults = (step.schema?.getDefault() ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    savedFields(step).map((field) => {
      const value = saved[field];
      return [field, typeof value === typeof defaults[field] ? value : defaults[field]];
    }),
  );
}

export async function savedApplication(
  db: Queryable,
  row: ApplicationRow,
  /** The clock that says whether an aid decision is still held (the server's `config.now()`). */
  now: Date = new Date(),
): Promise<SavedApplication> {
  const cv = await findCv(db, row.id);
  const payment = await latestPayment(db, row.id);
  const cohortId = row.cohort_id ?? row.applied_cohort_id;
  const cohort: CohortRow | undefined = cohortId ? await cohortById(db, cohortId) : undefined;
  const answers = Object.fromEntries(
    storedSteps().map((step) => [step.column, storedAnswers(step, stepColumn(row, step.column))]),
  );
  return {
    firstname: row.firstname,
    middlename: row.middlename,
    lastname: row.lastname,
    gender: row.gender,
    country: row.country,
    city: row.city,
    email: row.email,
    phone: row.phone,
    whatsapp_phone: row.whatsapp_phone,
    referred_by: row.referred_by,
    email_verified_at: iso(row.email_verified_at),
    stage: stageOf(row),
    communications: {
      referral_source: row.referral_source,
      referral_detail: row.referral_detail,
      communication_consent: row.communication_consent ? 1 : 0,
    },
    // Each stored step's answers under its column's name (machines/steps/), the eligibility's with its score.
    ...(answers as Omit<StepAnswers, 'eligibility'>),
    eligibility: {
      ...(answers.eligibility as Omit<SavedApplication['eligibility'], 'status'>),
      status: row.eligibility_status,
    },
    cv: cv ? { filename: cv.original_name, size: cv.size } : null,
    cv_sent_by_email: row.cv_sent_by_email === true,
    video: row.video ?? { videoProgress: 0, isVideoEnded: false, attemptCounter: 0 },
    payment_option: row.payment_option,
    payment: payment ? paymentRecord(payment) : null,
    financial_aid: row.financial_aid,
    aid: await applicantAid(db, row, now),
    fees: await applicantFees(db, row),
    reminder_date: iso(row.reminder_date),
    submitted_at: iso(row.submitted_at),
    cohort: {
      id: cohort?.id ?? 0,
      name: cohort?.name ?? '',
      waitlisted: row.waitlisted,
      start_date: cohort?.start_date ?? '',
    },
  };
}

/*
 * The writes of the steps after create. Each sets its own columns and `updated_at`; the handlers check the
 * request and the owner first (server/routes/steps.ts), and the step rules live in server/submission.ts.
 */

export async function saveAnswers(
  db: Queryable,
  id: number,
  column: string,
  answers: object,
  now: Date,
): Promise<void> {
  // `column` is a step's own JSON column (machines/steps/), never text from the request.
  await update(db, id, { [column as StoredColumn]: JSON.stringify(answers), updated_at: now });
}

export async function saveEligibility(
  db: Queryable,
  id: number,
  answers: object,
  status: EligibilityStatus,
  cvSentByEmail: boolean,
  now: Date,
): Promise<void> {
  await update(db, id, {
    eligibility: JSON.stringify(answers),
    eligibility_status: status,
    cv_sent_by_email: cvSentByEmail,
    updated_at: now,
  });
}

/** The email is proved: the first proof is kept. */
export async function markVerified(db: Queryable, id: number, now: Date): Promise<void> {
  await run(
    db,
    qb
      .updateTable('applications')
      .set({
        email_verified_at: sql<Date>`COALESCE(email_verified_at, ${now}::timestamptz)`,
        updated_at: now,
      })
      .where('id', '=', id),
  );
}

export type Agreements = Omit<SubmitPayload, 'email'>;

export async function markSubmitted(
  db: Queryable,
  id: number,
  agreements: Agreements,
  placement: { cohortId: number; waitlisted: boolean },
  now: Date,
): Promise<void> {
  await update(db, id, {
    agreement: agreements.agreement,
    agreement1: agreements.agreement1,
    agreement2: agreements.agreement2,
    submitted_at: now,
    cohort_id: placement.cohortId,
    waitlisted: placement.waitlisted,
    updated_at: now,
  });
}

/** The payment option (kept when '') and the financial aid answers (kept when null). */
export async function saveFinancialInfo(
  db: Queryable,
  id: number,
  paymentOption: string,
  aid: FinancialAidData | null,
  now: Date,
): Promise<void> {
  await update(db, id, {
    ...(paymentOption === '' ? {} : { payment_option: paymentOption }),
    ...(aid ? { financial_aid: JSON.stringify(aid) } : {}),
    updated_at: now,
  });
  // The choice keeps the price it was made at: the cohort's table is kept with it (decision 244).
  if (paymentOption !== '') await keepFees(db, id);
  // An accepted applicant's choice moves their review to payment_chosen, in the same transaction.
  if (paymentOption !== '') await followServerEvent(db, id, 'CHOOSE_PAYMENT', now);
}

/** A reminder date and/or the video progress; a new date is a new reminder, not sent and not claimed yet. */
export async function saveReminderOrVideo(
  db: Queryable,
  id: number,
  changes: { reminderDate?: Date; video?: VideoData },
  now: Date,
): Promise<void> {
  if (!changes.reminderDate && !changes.video) return;
  await update(db, id, {
    ...(changes.reminderDate
      ? { reminder_date: changes.reminderDate, reminder_sent_at: null, reminder_claimed_until: null }
      : {}),
    ...(changes.video ? { video: JSON.stringify(changes.video) } : {}),
    updated_at: now,
  });
}

const update = (db: Queryable, id: number, changes: Updateable<ApplicationsTable>) =>
  run(db, qb.updateTable('applications').set(changes).where('id', '=', id));
