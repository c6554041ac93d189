/**
 * The database as Kysely sees it: one interface per table, written once from the migrations (server/db/migrations.ts)
 * and read by every query. Row types come from here with `Selectable`/`Insertable`, never written a second time
 * (docs/decisions/093-repositories-and-thin-handlers.md). `Generated` marks what the database fills in (serial ids, defaults).
 */
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { EligibilityStatus } from '../../machines/rules/application';
import type { FinancialAidData, VideoData } from '../../machines/rules/contract';
import type { MailAttachment } from '../mail/attachment';
import type { Currency, FeeTable } from '../../machines/rules/payments';
import type { StoredColumn } from '../../machines/steps';
import type { CohortIntake } from '../../machines/rules/seats';

/** A jsonb column: objects go in as JSON text (both engines parse it back into the object). */
type Json<T> = ColumnType<T, string, string>;
/** A jsonb column that may be empty. */
type NullableJson<T> = ColumnType<T | null, string | null, string | null>;
/** A timestamptz column: written as a Date, read back as a Date. */
type Timestamp = Date;
/** A date column, which the queries select as text (`::text`, YYYY-MM-DD): a calendar day, no time zone. */
type DateText = ColumnType<string, string, string>;
/** A date column that may be empty, and left out of an insert. */
type NullableDateText = ColumnType<string | null, string | null | undefined, string | null>;

export interface CohortsTable {
  id: Generated<number>;
  number: number;
  name: string;
  start_date: DateText;
  application_deadline: DateText;
  seats: number;
  /** The interview stage is on for this cohort (decision 175). */
  interview: Generated<boolean>;
  /** Whether it takes applications, as an admin set it (machines/rules/cohortSettings.ts, decision 235). */
  intake: Generated<CohortIntake>;
  /** The day a paused cohort takes applications again by itself; null: until an admin reopens it. */
  reopens_on: NullableDateText;
  /** The largest share of the fee aid may award, in %, and how many awards the cohort has (decision 238). */
  aid_ceiling: Generated<number>;
  aid_awards: Generated<number>;
  /** The cohort's fee table (decision 244, machines/rules/payments.ts `FeeTable`). */
  fee_ngn: Generated<number>;
  fee_usd: Generated<number>;
  full_discount: Generated<number>;
  instalments: Generated<number>;
}

/** Each step's own JSON column (machines/steps/, `column`): a new step's is typed by its spec. */
type StepColumns = { [C in StoredColumn]: NullableJson<Record<string, string | number>> };

export interface ApplicationsTable extends StepColumns {
  id: Generated<number>;
  email: string;
  firstname: string;
  middlename: Generated<string>;
  lastname: string;
  gender: string;
  country: string;
  city: string;
  phone: string;
  whatsapp_phone: Generated<string>;
  referred_by: Generated<string>;
  referral_source: string;
  referral_detail: Generated<string>;
  communication_consent: Generated<boolean>;
  applied_cohort_id: number | null;
  email_verified_at: Timestamp | null;
  eligibility_status: ColumnType<EligibilityStatus, EligibilityStatus | undefined, EligibilityStatus>;
  agreement: Generated<boolean>;
  agreement1: Generated<boolean>;
  agreement2: Generated<boolean>;
  video: NullableJson<VideoData>;
  payment_option: Generated<string>;
  financial_aid: NullableJson<FinancialAidData>;
  /** The fee table the applicant's first payment choice was made under: their prices from then on (decision 244). */
  fees: NullableJson<FeeTable>;
  reminder_date: Timestamp | null;
  reminder_sent_at: Timestamp | null;
  reminder_claimed_until: Timestamp | null;
  submitted_at: Timestamp | null;
  cohort_id: number | null;
  waitlisted: Generated<boolean>;
  code_sends: Generated<number>;
  code_sent_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  cv_sent_by_email: Generated<boolean>;
  review_status: string | null;
  eligibility_saved_at: Timestamp | null;
  employment_saved_at: Timestamp | null;
  video_watched_at: Timestamp | null;
  /** The selection video and quiz version the applicant started (migration 39, decision 245); none before. */
  quiz_version: number | null;
  payment_chosen_at: Timestamp | null;
  erased_at: Timestamp | null;
  /** The scorecards' count and mean (hundredths), kept by a trigger on scorecards (migration 33, decision 163). */
  reviews: Generated<number>;
  review_mean: string | null;
  /** Null for applications created before consent was recorded (migration 21) and for erased ones. */
  privacy_notice_version: string | null;
  privacy_consented_at: Timestamp | null;
}

/** The emailed one-time codes, for applicants (`codes`) and staff (`staff_codes`): the same columns. */
interface CodesColumns {
  id: Generated<number>;
  salt: string;
  code_hash: string;
  expires_at: Timestamp;
  attempts: Generated<number>;
  used_at: Timestamp | null;
  voided_at: Timestamp | null;
  created_at: Timestamp;
}
export interface CodesTable extends CodesColumns {
  application_id: number;
}
export interface StaffCodesTable extends CodesColumns {
  staff_id: number;
}

export interface SessionsTable {
  token_hash: string;
  application_id: number;
  expires_at: Timestamp;
  created_at: Timestamp;
}
export interface StaffSessionsTable {
  token_hash: string;
  staff_id: number;
  expires_at: Timestamp;
  created_at: Timestamp;
}

export interface CvsTable {
  id: Generated<number>;
  application_id: number;
  stored_name: string;
  original_name: string;
  kind: string;
  size: number;
  created_at: Timestamp;
}

export interface OutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  sent_at: Timestamp;
  attempts: Generated<number>;
  next_attempt_at: Timestamp | null;
  delivered_at: Timestamp | null;
  /** The email's attachments (an interview's .ics), as server/mail/index.ts writes them. */
  attachments: NullableJson<MailAttachment[]>;
}

export interface IdempotencyTable {
  route: string;
  owner: string;
  key: string;
  status: number;
  body: Json<unknown>;
  created_at: Timestamp;
}

export interface CodeMailQuotaTable {
  mailbox: string;
  sends: Timestamp[];
  granted: Generated<boolean>;
}

export interface PaymentsTable {
  id: Generated<number>;
  application_id: number;
  reference: string;
  option: string;
  amount_minor: number;
  currency: Currency;
  /** `transfer`: a bank transfer an admin recorded as paid (server/staff/transfer.ts). */
  mode: 'sandbox' | 'provider' | 'transfer';
  status: ColumnType<
    'pending' | 'paid' | 'failed' | 'duplicate',
    'pending' | 'paid' | 'failed' | 'duplicate' | undefined,
    'pending' | 'paid' | 'failed' | 'duplicate'
  >;
  provider_reference: string | null;
  created_at: Timestamp;
  paid_at: Timestamp | null;
}

/** The per-IP and per-email limits (rate_counters, unlogged) and the wrong-code tries (code_tries, logged). */
export interface CounterTable {
  bucket: string;
  hits: number;
  resets_at: Timestamp;
}

export interface StaffTable {
  id: Generated<number>;
  email: string;
  role: 'reviewer' | 'admin';
  added_by: number | null;
  created_at: Timestamp;
  removed_at: Timestamp | null;
}

export interface ReviewEventsTable {
  id: Generated<number>;
  application_id: number;
  staff_id: number | null;
  event: string;
  from_status: string;
  to_status: string;
  email_due_at: Timestamp | null;
  email_sent_at: Timestamp | null;
  undone_at: Timestamp | null;
  created_at: Timestamp;
}

/** An admin's aid decision, held until `email_due_at` (the undo window) like a review decision (decision 238). */
/** A published version of the selection video and its quiz (migration 39, decision 245): never changed. */
export interface SelectionQuizVersionsTable {
  version: number;
  video_url: string;
  poster_url: string;
  captions_url: string;
  /** QuizQuestionSetting[] (machines/rules/selectionQuiz.ts). */
  questions: unknown;
  published_by: number | null;
  published_at: Timestamp;
}

export interface AidDecisionsTable {
  id: Generated<number>;
  application_id: number;
  staff_id: number | null;
  decision: 'award' | 'decline';
  share: number;
  email_due_at: Timestamp;
  email_sent_at: Timestamp | null;
  undone_at: Timestamp | null;
  created_at: Timestamp;
}

export interface StaffNotesTable {
  id: Generated<number>;
  application_id: number;
  staff_id: number;
  body: string;
  created_at: Timestamp;
}

export interface ApplicationTagsTable {
  application_id: number;
  tag: string;
  added_by: number;
  added_at: Timestamp;
}

/** A team member's named queue view (decision 060): `query` is the queue's query string, without a page. */
export interface SavedViewsTable {
  id: Generated<number>;
  staff_id: number;
  name: string;
  query: string;
  created_at: Timestamp;
}

export interface AuditLogTable {
  /** bigserial: both engines give it back as text. */
  id: ColumnType<string, never, never>;
  /** Null for an erasure by the applicant or by retention (migration 34). */
  staff_id: number | null;
  action: string;
  application_id: number | null;
  detail: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: Timestamp;
}

export interface FunnelBeaconsTable {
  cohort_id: number;
  step: string;
  day: DateText;
  hits: Generated<number>;
}

/**
 * The reports' counts of a cohort's applications per UTC day, referral source and country (migration 43): folded
 * counts, and the changes a trigger appends until the reports fold them in (same columns).
 */
export interface ApplicationCountsTable {
  cohort_id: number;
  day: DateText;
  referral_source: string;
  country: string;
  /** Applications created on the day, and how many of those are submitted now. */
  started: number;
  started_submitted: number;
  /** Applications submitted on the day. */
  submitted: number;
}

export interface ValidationRefusalsTable {
  cohort_id: number;
  route: string;
  field: string;
  message: string;
  hits: Generated<number>;
}

export interface CvUploadSlotsTable {
  id: ColumnType<string, never, never>;
  application_id: number;
  expires_at: Timestamp;
}

export interface ErasuresTable {
  id: Generated<number>;
  email_hmac: string;
  requested_by: 'applicant' | 'staff' | 'retention';
  staff_id: number | null;
  application_id: number;
  erased_at: Timestamp;
}

/** The runner's own record of what has run (server/db/migrations.ts creates it). */
export interface MigrationsTable {
  id: number;
  name: string;
  run_at: Generated<Date>;
}

/** One row: the erasure tombstones' key when PRIVACY_HMAC_KEY is not set (server/privacy/key.ts, decision 149). */
interface PrivacyKeysTable {
  id: Generated<boolean>;
  erasure_key: string;
  created_at: Generated<Timestamp>;
}

/** A decision email's template as an admin edited it; no row means the built-in wording (decision 012). */
/** The one row of the programme's bank details and support address (decision 247); saved_at null: the seed. */
interface ProgrammeSettingsTable {
  id: Generated<number>;
  bank_name: string;
  bank_account_name: string;
  bank_account_number: string;
  support_email: string;
  saved_by: number | null;
  saved_at: Timestamp | null;
}

interface MailTemplatesTable {
  kind: string;
  subject: string;
  body: string;
  updated_by: number | null;
  updated_at: Timestamp;
}

/** A cohort's rubric, when an admin changed the default (decision 163). */
interface CohortRubricsTable {
  cohort_id: number;
  criteria: string;
  updated_by: number;
  updated_at: Timestamp;
}

interface ScorecardsTable {
  application_id: number;
  staff_id: number;
  ratings: string;
  /** numeric(4,2): read it as `mean::float8`. */
  mean: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** At most one reviewer an application is assigned to (decision 163). */
interface AssignmentsTable {
  application_id: number;
  staff_id: number;
  assigned_by: number;
  assigned_at: Timestamp;
}

/** A time staff offer for interviews in a cohort (decision 175). */
interface InterviewSlotsTable {
  id: Generated<number>;
  cohort_id: number;
  starts_at: Timestamp;
  minutes: number;
  capacity: Generated<number>;
  offered_by: number;
  created_at: Timestamp;
}

/** The slot an application's applicant booked; `uid` is the calendar invitation's, stable for the booking. */
interface InterviewBookingsTable {
  application_id: number;
  slot_id: number;
  uid: string;
  booked_at: Timestamp;
}

/** The landing page's published words, a version each publish (decision 246); the newest is served. */
export interface LandingWordsTable {
  version: Generated<number>;
  /** JSON: machines/rules/landingWords.ts `LandingWords`. */
  words: string;
  published_by: number | null;
  published_at: Date;
}

/** The one draft an admin previews before publishing. */
export interface LandingWordsDraftTable {
  id: number;
  words: string;
  saved_by: number | null;
  saved_at: Date;
}

export interface Database {
  applications: ApplicationsTable;
  assignments: AssignmentsTable;
  application_count_changes: ApplicationCountsTable;
  application_counts: ApplicationCountsTable;
  audit_log: AuditLogTable;
  code_mail_quota: CodeMailQuotaTable;
  code_tries: CounterTable;
  codes: CodesTable;
  cohort_rubrics: CohortRubricsTable;
  cohorts: CohortsTable;
  cv_upload_slots: CvUploadSlotsTable;
  cvs: CvsTable;
  erasures: ErasuresTable;
  funnel_beacons: FunnelBeaconsTable;
  idempotency: IdempotencyTable;
  interview_bookings: InterviewBookingsTable;
  interview_slots: InterviewSlotsTable;
  landing_words: LandingWordsTable;
  landing_words_draft: LandingWordsDraftTable;
  mail_templates: MailTemplatesTable;
  migrations: MigrationsTable;
  outbox: OutboxTable;
  payments: PaymentsTable;
  privacy_keys: PrivacyKeysTable;
  programme_settings: ProgrammeSettingsTable;
  rate_counters: CounterTable;
  review_events: ReviewEventsTable;
  aid_decisions: AidDecisionsTable;
  scorecards: ScorecardsTable;
  sessions: SessionsTable;
  staff: StaffTable;
  staff_codes: StaffCodesTable;
  staff_notes: StaffNotesTable;
  application_tags: ApplicationTagsTable;
  saved_views: SavedViewsTable;
  selection_quiz_versions: SelectionQuizVersionsTable;
  staff_sessions: StaffSessionsTable;
  validation_refusals: ValidationRefusalsTable;
}

export type ApplicationRow = Selectable<ApplicationsTable>;
export type CohortRow = Selectable<CohortsTable>;
export type CvRow = Selectable<CvsTable>;
export type PaymentRow = Selectable<PaymentsTable>;
