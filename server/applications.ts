/** The stored application and the shapes the API answers with (contract.ts: SavedApplication, LookupSummary). */
import type { EligibilityStatus } from '../machines/rules/application';
import type { Answers } from '../machines/rules/schemas';
import type {
  FinancialAidData,
  LookupSummary,
  SavedApplication,
  Stage,
  SubmitPayload,
  VideoData,
} from '../machines/rules/contract';
import { cohortById, type CohortRow } from './db/cohorts';
import { iso, type Queryable } from './db/index';
import type { IdempotencyKey, StoredAnswer } from './idempotency';
import { OUTBOX_INSERT, type OutboxRow } from './mail/index';
import { latestPayment, paymentRecord } from './payments';
import { QUOTA_GRANTED, QUOTA_OLDEST, quotaParams, takeCodeEmailCtes } from './mailQuota';
import { followServerEvent } from './staff/review';
import { savedFields, storedSteps, type StepSpec } from '../machines/steps';

/** What a create stores from the request (checked by the biodata and communications groups) and the cohort open now. */
export type NewApplication = Answers<'biodata'> &
  Omit<Answers<'communications'>, 'privacy_consent'> & {
    referred_by: string;
    applied_cohort_id: number;
    /** The privacy notice's version agreed to; the time agreed is the create's (decision 150). */
    privacy_notice_version: string;
  };

/** A row of the applications table: the create's columns, then what the later steps and the server add. */
export interface ApplicationRow extends Omit<NewApplication, 'applied_cohort_id' | 'privacy_notice_version'> {
  [key: string]: unknown;
  id: number;
  /** Null for applications created before consent was recorded (migration 21) and for erased ones. */
  privacy_notice_version: string | null;
  privacy_consented_at: Date | null;
  applied_cohort_id: number | null;
  email_verified_at: Date | null;
  eligibility: Record<string, string> | null;
  eligibility_status: EligibilityStatus;
  cv_sent_by_email: boolean;
  employment: Record<string, string | number> | null;
  other: Record<string, string> | null;
  agreement: boolean;
  agreement1: boolean;
  agreement2: boolean;
  video: VideoData | null;
  payment_option: string;
  financial_aid: FinancialAidData | null;
  reminder_date: Date | null;
  submitted_at: Date | null;
  cohort_id: number | null;
  waitlisted: boolean;
}

// The notice's version is the last parameter: after the mail's when there is one ($27–$31).
const createStatement = (withMail: boolean) => `
WITH ${takeCodeEmailCtes(
  { mailbox: '$22', requester: '$23', now: '$15', windowStart: '$24', max: '$25', maxAll: '$26' },
  'NOT EXISTS (SELECT 1 FROM applications WHERE lower(email) = lower($1))',
)}, app AS (
  INSERT INTO applications (email, firstname, middlename, lastname, gender, country, city, phone, whatsapp_phone,
    referred_by, referral_source, referral_detail, communication_consent, applied_cohort_id, created_at, updated_at,
    privacy_notice_version, privacy_consented_at)
  SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $15, ${withMail ? '$32' : '$27'}::text, $15
  WHERE ${QUOTA_GRANTED}
  ON CONFLICT ((lower(email))) DO NOTHING
  RETURNING id
), code AS (
  INSERT INTO codes (application_id, salt, code_hash, expires_at, created_at)
  SELECT id, $16::text, $17::text, $18::timestamptz, $15::timestamptz FROM app
), answer AS (
  INSERT INTO idempotency (route, owner, key, status, body, created_at)
  SELECT $19::jsonb->>'route', $19::jsonb->>'owner', $19::jsonb->>'key', $20::integer, $21::jsonb, $15::timestamptz
  FROM app WHERE $19::jsonb IS NOT NULL
  ON CONFLICT (route, owner, key)
  DO UPDATE SET status = EXCLUDED.status, body = EXCLUDED.body, created_at = EXCLUDED.created_at
)${
  withMail
    ? `, mail AS (
  ${OUTBOX_INSERT} SELECT $27::text, $28::text, $29::text, $30::text, $31::timestamptz FROM app
)`
    : ''
}
SELECT (SELECT id FROM app) AS id, ${QUOTA_GRANTED} AS granted, ${QUOTA_OLDEST} AS oldest`;

const CREATE_WITH_MAIL = createStatement(true);
const CREATE = createStatement(false);

/**
 * Stores a new application, its first code (the first send), the answer under its idempotency key and, given the
 * outbox row, its code email: all in one statement, so atomic without a transaction and one round trip (on PGlite,
 * which runs one statement at a time for the whole process, statements are throughput). The statement first takes
 * one code email from the inbox's hourly allowances for the requesting address and for everyone (mailQuota.ts; not
 * when the email is already taken) and stores nothing if there is none left. The unique index on the email decides who wins a race.
 * `id` is the new id, or undefined when nothing was stored: `granted` false then means the inbox had had its
 * allowance (its oldest send in the hour is `oldest`); otherwise the email is taken.
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
  const a = application;
  const params: unknown[] = [
    a.email,
    a.firstname,
    a.middlename,
    a.lastname,
    a.gender,
    a.country,
    a.city,
    a.phone,
    a.whatsapp_phone,
    a.referred_by,
    a.referral_source,
    a.referral_detail,
    a.communication_consent,
    a.applied_cohort_id,
    now,
    code.salt,
    code.codeHash,
    code.expiresAt,
    // The key's three parts as one JSON value ($19): separate columns, one parameter.
    idempotency.key && JSON.stringify(idempotency.key),
    idempotency.answer.status,
    JSON.stringify(idempotency.answer.body),
    // The quota's mailbox, requester's key, window start and limits ($22–$26); its time is the create's ($15).
    ...quotaParams(a.email, requester, now).filter((_, i) => i !== 2),
    ...(mail ?? []),
    a.privacy_notice_version,
  ];
  const { rows } = await db.query<{
    id: number | null;
    granted: boolean | null;
    oldest: Date | string | null;
  }>(mail ? CREATE_WITH_MAIL : CREATE, params, mail ? 'create-application-with-mail' : 'create-application');
  const row = rows[0];
  return {
    id: row?.id ?? undefined,
    granted: row?.granted ?? null,
    oldest: row?.oldest ? new Date(row.oldest) : null,
  };
}

export interface CvRow {
  [key: string]: unknown;
  id: number;
  stored_name: string;
  original_name: string;
  size: number;
}

export async function findByEmail(
  db: Queryable,
  email: string,
  forUpdate = false,
): Promise<ApplicationRow | undefined> {
  const { rows } = await db.query<ApplicationRow>(
    `SELECT * FROM applications WHERE lower(email) = lower($1)${forUpdate ? ' FOR UPDATE' : ''}`,
    [email.trim()],
  );
  return rows[0];
}

export async function findCv(db: Queryable, applicationId: number): Promise<CvRow | undefined> {
  return (
    await db.query<CvRow>('SELECT id, stored_name, original_name, size FROM cvs WHERE application_id = $1', [
      applicationId,
    ])
  ).rows[0];
}

/** Records the applicant's CV, replacing the one before (the caller removes the old file once this commits). */
export async function saveCv(
  db: Queryable,
  applicationId: number,
  file: { name: string; original: string; kind: string; size: number },
  now: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO cvs (application_id, stored_name, original_name, kind, size, created_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (application_id) DO UPDATE SET stored_name = EXCLUDED.stored_name,
       original_name = EXCLUDED.original_name, kind = EXCLUDED.kind, size = EXCLUDED.size,
       created_at = EXCLUDED.created_at`,
    [applicationId, file.name, file.original, file.kind, file.size, now],
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

export async function savedApplication(db: Queryable, row: ApplicationRow): Promise<SavedApplication> {
  const cv = await findCv(db, row.id);
  const payment = await latestPayment(db, row.id);
  const cohortId = row.cohort_id ?? row.applied_cohort_id;
  const cohort: CohortRow | undefined = cohortId ? await cohortById(db, cohortId) : undefined;
  const answers = Object.fromEntries(
    storedSteps().map((step) => [step.column, storedAnswers(step, row[step.column])]),
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
    ...(answers as Pick<SavedApplication, 'employment' | 'other'>),
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
  // `column` is a step's own column (machines/steps/), never text from the request.
  await db.query(`UPDATE applications SET ${column} = $2, updated_at = $3 WHERE id = $1`, [
    id,
    JSON.stringify(answers),
    now,
  ]);
}

export async function saveEligibility(
  db: Queryable,
  id: number,
  answers: object,
  status: EligibilityStatus,
  cvSentByEmail: boolean,
  now: Date,
): Promise<void> {
  await db.query(
    'UPDATE applications SET eligibility = $2, eligibility_status = $3, updated_at = $4, cv_sent_by_email = $5 WHERE id = $1',
    [id, JSON.stringify(answers), status, now, cvSentByEmail],
  );
}

/** The email is proved: the first proof is kept. */
export async function markVerified(db: Queryable, id: number, now: Date): Promise<void> {
  await db.query(
    'UPDATE applications SET email_verified_at = COALESCE(email_verified_at, $2), updated_at = $2 WHERE id = $1',
    [id, now],
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
  await db.query(
    `UPDATE applications SET agreement = $2, agreement1 = $3, agreement2 = $4, submitted_at = $5,
       cohort_id = $6, waitlisted = $7, updated_at = $5 WHERE id = $1`,
    [
      id,
      agreements.agreement,
      agreements.agreement1,
      agreements.agreement2,
      now,
      placement.cohortId,
      placement.waitlisted,
    ],
  );
}

/** The payment option (kept when '') and the financial aid answers (kept when null). */
export async function saveFinancialInfo(
  db: Queryable,
  id: number,
  paymentOption: string,
  aid: FinancialAidData | null,
  now: Date,
): Promise<void> {
  await db.query(
    `UPDATE applications SET payment_option = CASE WHEN $2 = '' THEN payment_option ELSE $2 END,
       financial_aid = COALESCE($3::jsonb, financial_aid), updated_at = $4 WHERE id = $1`,
    [id, paymentOption, aid ? JSON.stringify(aid) : null, now],
  );
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
  const sets: string[] = [];
  const values: unknown[] = [id, now];
  if (changes.reminderDate) {
    values.push(changes.reminderDate);
    sets.push(`reminder_date = $${values.length}, reminder_sent_at = NULL, reminder_claimed_until = NULL`);
  }
  if (changes.video) {
    values.push(JSON.stringify(changes.video));
    sets.push(`video = $${values.length}`);
  }
  if (!sets.length) return;
  await db.query(`UPDATE applications SET ${sets.join(', ')}, updated_at = $2 WHERE id = $1`, values);
}
