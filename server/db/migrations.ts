/**
 * Schema migrations, run on start in order; each runs once, recorded in `migrations`. Append new ones; never edit
 * one that has shipped.
 */
import { BUILT_LANDING_WORDS } from '../../machines/rules/landingWords';
import type { Db, Queryable } from './index';
import { qb, run } from './query';

/**
 * The emailed one-time codes and the sessions a correct code opens, for one kind of owner (an application, a team
 * member): the same columns for both. The text is what migrations 1 and 8 shipped with.
 */
function codesAndSessions(t: {
  codes: string;
  sessions: string;
  owner: 'application' | 'staff';
  index: string;
}) {
  const owner = `${t.owner}_id integer NOT NULL REFERENCES ${t.owner === 'application' ? 'applications' : 'staff'}(id) ON DELETE CASCADE`;
  return `CREATE TABLE ${t.codes} (
  id serial PRIMARY KEY,
  ${owner},
  salt text NOT NULL,
  code_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  used_at timestamptz,
  voided_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX ${t.index} ON ${t.codes} (${t.owner}_id, id DESC);
CREATE TABLE ${t.sessions} (
  token_hash text PRIMARY KEY,
  ${owner},
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL
);`;
}

export const MIGRATIONS: ReadonlyArray<{ id: number; name: string; sql: string }> = [
  {
    id: 1,
    name: 'initial schema',
    sql: `
CREATE TABLE cohorts (
  id serial PRIMARY KEY,
  number integer NOT NULL UNIQUE,
  name text NOT NULL,
  start_date date NOT NULL,
  application_deadline date NOT NULL,
  seats integer NOT NULL CHECK (seats >= 0)
);
CREATE TABLE applications (
  id serial PRIMARY KEY,
  email text NOT NULL,
  firstname text NOT NULL,
  middlename text NOT NULL DEFAULT '',
  lastname text NOT NULL,
  gender text NOT NULL,
  country text NOT NULL,
  city text NOT NULL,
  phone text NOT NULL,
  whatsapp_phone text NOT NULL DEFAULT '',
  referred_by text NOT NULL DEFAULT '',
  referral_source text NOT NULL,
  referral_detail text NOT NULL DEFAULT '',
  communication_consent boolean NOT NULL DEFAULT true,
  applied_cohort_id integer REFERENCES cohorts(id),
  email_verified_at timestamptz,
  eligibility jsonb,
  eligibility_status text NOT NULL DEFAULT 'not measured',
  employment jsonb,
  other jsonb,
  agreement boolean NOT NULL DEFAULT false,
  agreement1 boolean NOT NULL DEFAULT false,
  agreement2 boolean NOT NULL DEFAULT false,
  video jsonb,
  payment_option text NOT NULL DEFAULT '',
  financial_aid jsonb,
  reminder_date timestamptz,
  reminder_sent_at timestamptz,
  submitted_at timestamptz,
  cohort_id integer REFERENCES cohorts(id),
  waitlisted boolean NOT NULL DEFAULT false,
  code_sends integer NOT NULL DEFAULT 0,
  code_sent_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX applications_email_key ON applications (lower(email));
${codesAndSessions({ codes: 'codes', sessions: 'sessions', owner: 'application', index: 'codes_application' })}
CREATE TABLE cvs (
  id serial PRIMARY KEY,
  application_id integer NOT NULL UNIQUE REFERENCES applications(id) ON DELETE CASCADE,
  stored_name text NOT NULL,
  original_name text NOT NULL,
  kind text NOT NULL,
  size integer NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE TABLE outbox (
  id serial PRIMARY KEY,
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text NOT NULL,
  sent_at timestamptz NOT NULL
);
CREATE TABLE idempotency (
  key text PRIMARY KEY,
  status integer NOT NULL,
  body jsonb NOT NULL,
  created_at timestamptz NOT NULL
);
INSERT INTO cohorts (number, name, start_date, application_deadline, seats)
VALUES (6, 'Cohort 6', '2025-03-10', '2025-03-03', 300);
`,
  },
  {
    id: 2,
    name: 'reminder emails: a claim lease and an index of the reminders still to send',
    sql: `
ALTER TABLE applications ADD COLUMN reminder_claimed_until timestamptz;
CREATE INDEX applications_reminders_due ON applications (reminder_date)
  WHERE reminder_sent_at IS NULL AND reminder_date IS NOT NULL;
`,
  },
  {
    id: 3,
    name: 'code emails per inbox: the send times of the last hour (server/mailQuota.ts)',
    sql: `
CREATE TABLE code_mail_quota (
  mailbox text PRIMARY KEY,
  sends timestamptz[] NOT NULL,
  granted boolean NOT NULL DEFAULT true
);
`,
  },
  {
    id: 4,
    name: "CV sent by email ('I have sent it'): the submission needs no upload, and staff see why",
    sql: `
ALTER TABLE applications ADD COLUMN cv_sent_by_email boolean NOT NULL DEFAULT false;
`,
  },
  {
    id: 5,
    name: 'payments: each checkout the server issued, priced from the table, and what the provider confirmed',
    sql: `
CREATE TABLE payments (
  id serial PRIMARY KEY,
  application_id integer NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
  reference text NOT NULL UNIQUE,
  option text NOT NULL,
  amount_minor integer NOT NULL CHECK (amount_minor > 0),
  currency text NOT NULL,
  mode text NOT NULL CHECK (mode IN ('sandbox', 'provider')),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'failed')),
  provider_reference text UNIQUE,
  created_at timestamptz NOT NULL,
  paid_at timestamptz
);
CREATE INDEX payments_application ON payments (application_id, id DESC);
`,
  },
  {
    id: 6,
    name: 'rate counters shared by every process: the per-IP and per-email limits (server/db/rateCounters.ts)',
    sql: `
CREATE UNLOGGED TABLE rate_counters (
  bucket text PRIMARY KEY,
  hits integer NOT NULL,
  resets_at timestamptz NOT NULL
);
CREATE INDEX rate_counters_resets_at ON rate_counters (resets_at);
`,
  },
  {
    id: 7,
    name: 'idempotency keys in three columns (route, owner, key): a joined string let one address match another',
    // Answers stored under an unambiguous joined key (exactly two separators) are kept, so a retry across the
    // upgrade is still answered; the ambiguous ones are dropped.
    sql: `
ALTER TABLE idempotency RENAME TO idempotency_joined;
ALTER TABLE idempotency_joined RENAME CONSTRAINT idempotency_pkey TO idempotency_joined_pkey;
CREATE TABLE idempotency (
  route text NOT NULL,
  owner text NOT NULL,
  key text NOT NULL,
  status integer NOT NULL,
  body jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (route, owner, key)
);
INSERT INTO idempotency (route, owner, key, status, body, created_at)
SELECT split_part(key, '|', 1), split_part(key, '|', 2), split_part(key, '|', 3), status, body, created_at
FROM idempotency_joined WHERE length(key) - length(replace(key, '|', '')) = 2;
DROP TABLE idempotency_joined;
`,
  },
  {
    id: 8,
    name: 'staff back office: the team, their codes and sessions, review status and events, notes, an append-only audit log',
    sql: `
CREATE TABLE staff (
  id serial PRIMARY KEY,
  email text NOT NULL,
  role text NOT NULL CHECK (role IN ('reviewer', 'admin')),
  added_by integer REFERENCES staff(id),
  created_at timestamptz NOT NULL,
  removed_at timestamptz
);
CREATE UNIQUE INDEX staff_email_key ON staff (lower(email)) WHERE removed_at IS NULL;
${codesAndSessions({ codes: 'staff_codes', sessions: 'staff_sessions', owner: 'staff', index: 'staff_codes_staff' })}
ALTER TABLE applications ADD COLUMN review_status text;
CREATE INDEX applications_review ON applications (cohort_id, review_status) WHERE submitted_at IS NOT NULL;
CREATE TABLE review_events (
  id serial PRIMARY KEY,
  application_id integer NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
  staff_id integer REFERENCES staff(id),
  event text NOT NULL,
  from_status text NOT NULL,
  to_status text NOT NULL,
  email_due_at timestamptz,
  email_sent_at timestamptz,
  undone_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX review_events_application ON review_events (application_id, id);
CREATE INDEX review_events_due ON review_events (email_due_at) WHERE email_sent_at IS NULL AND undone_at IS NULL;
CREATE TABLE staff_notes (
  id serial PRIMARY KEY,
  application_id integer NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
  staff_id integer NOT NULL REFERENCES staff(id),
  body text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  staff_id integer NOT NULL REFERENCES staff(id),
  action text NOT NULL,
  application_id integer,
  detail jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL
);
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'the audit log is append-only'; END $$;
CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
`,
  },
  {
    id: 9,
    name: "staff queue and funnel: indexes for the queue's sorts and searches, each step's first save time, anonymous step counts and refused-save counts",
    // The step times are set by a trigger from the row's own updated_at (the routes' clock), so no step route
    // has to remember them. Function bodies stay on one line: statements are split at a semicolon and a newline.
    sql: `
CREATE INDEX applications_queue_submitted ON applications ((COALESCE(cohort_id, applied_cohort_id)), (COALESCE(submitted_at, 'epoch'::timestamptz)), id);
CREATE INDEX applications_queue_created ON applications ((COALESCE(cohort_id, applied_cohort_id)), created_at, id);
CREATE INDEX applications_queue_name ON applications ((COALESCE(cohort_id, applied_cohort_id)), (lower(lastname || ' ' || firstname)), id);
CREATE INDEX applications_firstname_prefix ON applications (lower(firstname) text_pattern_ops);
CREATE INDEX applications_lastname_prefix ON applications (lower(lastname) text_pattern_ops);
CREATE INDEX applications_email_prefix ON applications (lower(email) text_pattern_ops);
ALTER TABLE applications ADD COLUMN eligibility_saved_at timestamptz;
ALTER TABLE applications ADD COLUMN employment_saved_at timestamptz;
ALTER TABLE applications ADD COLUMN video_watched_at timestamptz;
ALTER TABLE applications ADD COLUMN payment_chosen_at timestamptz;
CREATE FUNCTION applications_step_times() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.eligibility IS NOT NULL AND OLD.eligibility IS NULL THEN NEW.eligibility_saved_at := COALESCE(NEW.updated_at, now()); END IF; IF NEW.employment IS NOT NULL AND OLD.employment IS NULL THEN NEW.employment_saved_at := COALESCE(NEW.updated_at, now()); END IF; IF NEW.video_watched_at IS NULL AND (NEW.video->>'isVideoEnded') = 'true' THEN NEW.video_watched_at := COALESCE(NEW.updated_at, now()); END IF; IF NEW.payment_chosen_at IS NULL AND NEW.payment_option <> '' THEN NEW.payment_chosen_at := COALESCE(NEW.updated_at, now()); END IF; RETURN NEW; END $$;
CREATE TRIGGER applications_step_times BEFORE UPDATE ON applications FOR EACH ROW EXECUTE FUNCTION applications_step_times();
CREATE TABLE funnel_beacons (
  cohort_id integer NOT NULL REFERENCES cohorts(id) ON DELETE CASCADE,
  step text NOT NULL,
  day date NOT NULL,
  hits integer NOT NULL DEFAULT 0,
  PRIMARY KEY (cohort_id, step, day)
);
CREATE TABLE validation_refusals (
  cohort_id integer NOT NULL REFERENCES cohorts(id) ON DELETE CASCADE,
  route text NOT NULL,
  field text NOT NULL,
  message text NOT NULL,
  hits integer NOT NULL DEFAULT 0,
  PRIMARY KEY (cohort_id, route, field, message)
);
`,
  },
  {
    id: 10,
    name: 'the outbox is a queue: delivery attempts, the next attempt (also the claim lease) and when it was delivered',
    // Rows already there were delivered the old way (stored in the mailbox, or sent inline by SMTP).
    sql: `
ALTER TABLE outbox ADD COLUMN attempts integer NOT NULL DEFAULT 0;
ALTER TABLE outbox ADD COLUMN next_attempt_at timestamptz;
ALTER TABLE outbox ADD COLUMN delivered_at timestamptz;
UPDATE outbox SET delivered_at = sent_at;
CREATE INDEX outbox_undelivered ON outbox (id) WHERE delivered_at IS NULL;
`,
  },
  {
    id: 11,
    name: 'wrong code tries per code and requesting address, and per owner a day (server/codes.ts, decision 031)',
    // Logged, unlike rate_counters: the daily totals bound a stranger's guesses, and a crash must not reset them.
    sql: `
CREATE TABLE code_tries (
  bucket text PRIMARY KEY,
  hits integer NOT NULL,
  resets_at timestamptz NOT NULL
);
CREATE INDEX code_tries_resets ON code_tries (resets_at);
`,
  },
  {
    id: 13,
    name: 'the CV uploads open now, at most two an applicant (docs/decisions/014-the-cv-is-checked-twice-by-content.md)',
    // UNLOGGED: a slot lives for one upload; a database crash that forgets them only frees them early.
    sql: `
CREATE UNLOGGED TABLE cv_upload_slots (
  id bigserial PRIMARY KEY,
  application_id integer NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);
CREATE INDEX cv_upload_slots_application ON cv_upload_slots (application_id);
`,
  },
  {
    id: 15,
    name: 'one paid payment per application: a second verified payment is a duplicate, to be refunded',
    // Applications that were already paid twice keep their first payment as paid; the later ones become duplicates
    // before the index that allows one paid row per application is built.
    sql: `
ALTER TABLE payments DROP CONSTRAINT payments_status_check;
ALTER TABLE payments ADD CONSTRAINT payments_status_check CHECK (status IN ('pending', 'paid', 'failed', 'duplicate'));
UPDATE payments p SET status = 'duplicate' WHERE p.status = 'paid' AND EXISTS (SELECT 1 FROM payments q WHERE q.application_id = p.application_id AND q.status = 'paid' AND (q.paid_at, q.id) < (p.paid_at, p.id));
CREATE UNIQUE INDEX payments_one_paid ON payments (application_id) WHERE status = 'paid';
`,
  },
  {
    id: 20,
    name: 'data protection: erased applications stay as anonymous rows, a tombstone per erasure, and retention may trim the audit log',
    // The audit log stays append-only for everyone but the retention run, which says so for its own transaction
    // (server/privacy/retention.ts). A tombstone holds a keyed hash of the address, never the address.
    sql: `
ALTER TABLE applications ADD COLUMN erased_at timestamptz;
CREATE TABLE erasures (
  id serial PRIMARY KEY,
  email_hmac text NOT NULL,
  requested_by text NOT NULL CHECK (requested_by IN ('applicant', 'staff', 'retention')),
  staff_id integer REFERENCES staff(id),
  application_id integer NOT NULL,
  erased_at timestamptz NOT NULL
);
CREATE INDEX erasures_email_hmac ON erasures (email_hmac);
CREATE INDEX outbox_sent_at ON outbox (sent_at);
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP = 'DELETE' AND current_setting('bootcamp.retention', true) = 'on' THEN RETURN OLD; END IF; RAISE EXCEPTION 'the audit log is append-only'; END $$;
`,
  },
  {
    id: 21,
    name: 'consent recorded with its version: which privacy notice an applicant agreed to, and when',
    // Null for applications created before the notice existed: they agreed to no recorded version (decision 150).
    sql: `
ALTER TABLE applications ADD COLUMN privacy_notice_version text;
ALTER TABLE applications ADD COLUMN privacy_consented_at timestamptz;
`,
  },
  {
    id: 22,
    name: "the erasure tombstones' key, made once and kept, when PRIVACY_HMAC_KEY is not set",
    // One row at most (the key is `true`): the first process to start writes a random key, every other one reads it
    // (server/privacy/key.ts, decision 149).
    sql: `
CREATE TABLE privacy_keys (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  erasure_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
`,
  },
  {
    id: 23,
    name: 'a bank transfer an admin records as paid is a payment of its own mode',
    // The bank's reference goes in provider_reference, whose unique index keeps one transfer from paying twice
    // (docs/decisions/036-one-price-table.md).
    sql: `
ALTER TABLE payments DROP CONSTRAINT payments_mode_check;
ALTER TABLE payments ADD CONSTRAINT payments_mode_check CHECK (mode IN ('sandbox', 'provider', 'transfer'));
`,
  },
  {
    id: 24,
    name: 'decision email templates staff edit: a row per edited template, none for the built-in wording',
    // No row: the built-in wording (machines/rules/mailTemplates.ts); "Restore the default" deletes the row.
    sql: `
CREATE TABLE mail_templates (
  kind text PRIMARY KEY CHECK (kind IN ('accepted', 'waitlisted', 'rejected')),
  subject text NOT NULL,
  body text NOT NULL,
  updated_by integer REFERENCES staff(id),
  updated_at timestamptz NOT NULL
);
`,
  },
  {
    id: 26,
    name: 'scorecards: a rubric per cohort, and one scorecard per team member and application (decision 163)',
    // The mean is stored with each scorecard, so the queue sorts and filters by score without reading the ratings.
    sql: `
CREATE TABLE cohort_rubrics (
  cohort_id integer PRIMARY KEY REFERENCES cohorts(id),
  criteria jsonb NOT NULL,
  updated_by integer NOT NULL REFERENCES staff(id),
  updated_at timestamptz NOT NULL
);
CREATE TABLE scorecards (
  application_id integer NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
  staff_id integer NOT NULL REFERENCES staff(id),
  ratings jsonb NOT NULL,
  mean numeric(4, 2) NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (application_id, staff_id)
);
`,
  },
  {
    id: 27,
    name: 'assignment: at most one reviewer an application is assigned to, and by whom (decision 163)',
    sql: `
CREATE TABLE assignments (
  application_id integer PRIMARY KEY REFERENCES applications(id) ON DELETE CASCADE,
  staff_id integer NOT NULL REFERENCES staff(id),
  assigned_by integer NOT NULL REFERENCES staff(id),
  assigned_at timestamptz NOT NULL
);
CREATE INDEX assignments_staff ON assignments (staff_id);
`,
  },
  {
    id: 28,
    name: 'reports and the audit log filtered: decisions by application and by day, audit entries by team member, action and application',
    // The reports count only decisions that stand (decision 063); the audit log pages newest first (decision 062).
    sql: `
CREATE INDEX review_events_decisions ON review_events (application_id, created_at) WHERE undone_at IS NULL AND event IN ('ACCEPT', 'WAITLIST', 'REJECT');
CREATE INDEX review_events_decided_at ON review_events (created_at) WHERE undone_at IS NULL AND event IN ('ACCEPT', 'WAITLIST', 'REJECT');
CREATE INDEX audit_log_staff ON audit_log (staff_id, id DESC);
CREATE INDEX audit_log_action ON audit_log (action, id DESC);
CREATE INDEX audit_log_application ON audit_log (application_id, id DESC) WHERE application_id IS NOT NULL;
`,
  },
  {
    id: 29,
    name: 'interviews: a per-cohort switch, slots staff offer, one booking per application, the invite template and mail attachments (decision 175)',
    // A slot is taken once: a booking locks its slot's row and counts against its capacity (server/interviews.ts).
    sql: `
ALTER TABLE cohorts ADD COLUMN interview boolean NOT NULL DEFAULT false;
CREATE TABLE interview_slots (
  id serial PRIMARY KEY,
  cohort_id integer NOT NULL REFERENCES cohorts(id),
  starts_at timestamptz NOT NULL,
  minutes integer NOT NULL CHECK (minutes BETWEEN 5 AND 240),
  capacity integer NOT NULL DEFAULT 1 CHECK (capacity >= 1),
  offered_by integer NOT NULL REFERENCES staff(id),
  created_at timestamptz NOT NULL
);
CREATE INDEX interview_slots_cohort ON interview_slots (cohort_id, starts_at);
CREATE TABLE interview_bookings (
  application_id integer PRIMARY KEY REFERENCES applications(id) ON DELETE CASCADE,
  slot_id integer NOT NULL REFERENCES interview_slots(id),
  uid text NOT NULL UNIQUE,
  booked_at timestamptz NOT NULL
);
CREATE INDEX interview_bookings_slot ON interview_bookings (slot_id);
ALTER TABLE mail_templates DROP CONSTRAINT mail_templates_kind_check;
ALTER TABLE mail_templates ADD CONSTRAINT mail_templates_kind_check CHECK (kind IN ('accepted', 'waitlisted', 'rejected', 'interview'));
ALTER TABLE outbox ADD COLUMN attachments jsonb;
`,
  },
  {
    id: 30,
    name: 'tags staff add to applications (decision 060)',
    sql: `
CREATE TABLE application_tags (
  application_id integer NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
  tag text NOT NULL,
  added_by integer NOT NULL REFERENCES staff(id),
  added_at timestamptz NOT NULL,
  PRIMARY KEY (application_id, tag)
);
CREATE INDEX application_tags_tag ON application_tags (tag);
`,
  },
  {
    id: 31,
    name: "saved views: a team member's named queue views (decision 060)",
    sql: `
CREATE TABLE saved_views (
  id serial PRIMARY KEY,
  staff_id integer NOT NULL REFERENCES staff(id) ON DELETE CASCADE,
  name text NOT NULL,
  query text NOT NULL,
  created_at timestamptz NOT NULL,
  UNIQUE (staff_id, name)
);
`,
  },
  {
    id: 33,
    name: "each application's review count and mean score, kept by the database on every scorecard write (decision 163)",
    // A trigger, not the routes, keeps them: every write to scorecards (a route, a bulk INSERT, a cascade) updates
    // them in its own transaction, so they cannot disagree with the scorecards. The mean is rounded to hundredths,
    // as the queue shows it; the score index's key is the queue's score sort key (server/staff/queueStore.ts).
    sql: `
ALTER TABLE applications ADD COLUMN reviews integer NOT NULL DEFAULT 0;
ALTER TABLE applications ADD COLUMN review_mean numeric(4, 2);
UPDATE applications a SET reviews = s.n, review_mean = s.m FROM (SELECT application_id, count(*)::int AS n, round(avg(mean), 2) AS m FROM scorecards GROUP BY application_id) s WHERE s.application_id = a.id;
CREATE FUNCTION application_scores(target integer) RETURNS void LANGUAGE sql AS $$ UPDATE applications SET reviews = s.n, review_mean = s.m FROM (SELECT count(*)::int AS n, round(avg(mean), 2) AS m FROM scorecards WHERE application_id = target) s WHERE id = target AND (reviews, review_mean) IS DISTINCT FROM (s.n, s.m) $$;
CREATE FUNCTION scorecards_keep_scores() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP <> 'INSERT' THEN PERFORM application_scores(OLD.application_id); END IF; IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.application_id <> OLD.application_id OR NEW.mean <> OLD.mean) THEN PERFORM application_scores(NEW.application_id); END IF; RETURN NULL; END $$;
CREATE TRIGGER scorecards_keep_scores AFTER INSERT OR UPDATE OR DELETE ON scorecards FOR EACH ROW EXECUTE FUNCTION scorecards_keep_scores();
CREATE INDEX applications_queue_score ON applications ((COALESCE(cohort_id, applied_cohort_id)), (COALESCE(round(review_mean * 100), 0)::int), id);
CREATE INDEX applications_queue_reviews ON applications ((COALESCE(cohort_id, applied_cohort_id)), reviews) WHERE reviews > 0;
`,
  },
  {
    id: 34,
    name: 'the audit log lists erasures by every door: an entry without a team member for the applicant and retention (decision 149)',
    sql: `
ALTER TABLE audit_log ALTER COLUMN staff_id DROP NOT NULL;
`,
  },
  {
    id: 35,
    name: 'a cohort takes applications, is paused (until a day, when set) or closed early, as an admin sets it (decision 235)',
    sql: `
ALTER TABLE cohorts ADD COLUMN intake text NOT NULL DEFAULT 'open' CHECK (intake IN ('open', 'paused', 'closed'));
ALTER TABLE cohorts ADD COLUMN reopens_on date;
`,
  },
  {
    id: 36,
    name: "financial aid decided: a cohort's aid ceiling and number of awards, and each application's aid decisions, held and released like the others (decision 238)",
    // A decision is released when its email is due (the undo window); an undone one is kept, marked, as review events are.
    sql: `
ALTER TABLE cohorts ADD COLUMN aid_ceiling integer NOT NULL DEFAULT 30 CHECK (aid_ceiling BETWEEN 0 AND 100);
ALTER TABLE cohorts ADD COLUMN aid_awards integer NOT NULL DEFAULT 10 CHECK (aid_awards >= 0);
CREATE TABLE aid_decisions (
  id serial PRIMARY KEY,
  application_id integer NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
  staff_id integer REFERENCES staff(id),
  decision text NOT NULL CHECK (decision IN ('award', 'decline')),
  share integer NOT NULL CHECK (share BETWEEN 0 AND 100),
  email_due_at timestamptz NOT NULL,
  email_sent_at timestamptz,
  undone_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX aid_decisions_application ON aid_decisions (application_id, id) WHERE undone_at IS NULL;
CREATE INDEX aid_decisions_due ON aid_decisions (email_due_at) WHERE email_sent_at IS NULL AND undone_at IS NULL;
`,
  },
  {
    id: 37,
    name: 'marketing consent is opt-in in the database too: a row stored without an answer has none (docs/privacy.md)',
    sql: `
ALTER TABLE applications ALTER COLUMN communication_consent SET DEFAULT false;
`,
  },
  {
    id: 38,
    name: "fees per cohort: each cohort's fee table, today's for the cohorts there are; an application keeps the table its first payment choice was made under (decision 244)",
    sql: `
ALTER TABLE cohorts ADD COLUMN fee_ngn integer NOT NULL DEFAULT 60000 CHECK (fee_ngn >= 0);
ALTER TABLE cohorts ADD COLUMN fee_usd integer NOT NULL DEFAULT 50 CHECK (fee_usd >= 0);
ALTER TABLE cohorts ADD COLUMN full_discount integer NOT NULL DEFAULT 15 CHECK (full_discount BETWEEN 0 AND 100);
ALTER TABLE cohorts ADD COLUMN instalments integer NOT NULL DEFAULT 2 CHECK (instalments BETWEEN 1 AND 12);
ALTER TABLE applications ADD COLUMN fees jsonb;
`,
  },
  {
    id: 39,
    name: 'the selection video and its quiz are versioned: each published version kept as it was, and the version each applicant started (decision 245)',
    // Version 1 is written from the configured addresses and the first quiz the first time it is read
    // (server/selectionQuiz.ts), so a deployment's own SELECTION_VIDEO_* stay what its applicants had.
    sql: `
CREATE TABLE selection_quiz_versions (
  version integer PRIMARY KEY CHECK (version >= 1),
  video_url text NOT NULL,
  poster_url text NOT NULL,
  captions_url text NOT NULL,
  questions jsonb NOT NULL,
  published_by integer REFERENCES staff(id),
  published_at timestamptz NOT NULL
);
CREATE FUNCTION selection_quiz_versions_kept() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'a published quiz version is kept as it was'; END $$;
CREATE TRIGGER selection_quiz_versions_no_change BEFORE UPDATE OR DELETE ON selection_quiz_versions FOR EACH ROW EXECUTE FUNCTION selection_quiz_versions_kept();
ALTER TABLE applications ADD COLUMN quiz_version integer REFERENCES selection_quiz_versions(version);
`,
  },
  {
    id: 40,
    name: "the landing page's words edited in the back office: each publish a version, one draft (decision 246)",
    // Version 1 is the words the page carried when this shipped, so `/` stays what it was until an admin publishes.
    sql: `
CREATE TABLE landing_words (
  version serial PRIMARY KEY,
  words text NOT NULL,
  published_by integer REFERENCES staff(id),
  published_at timestamptz NOT NULL
);
CREATE TABLE landing_words_draft (
  id integer PRIMARY KEY CHECK (id = 1),
  words text NOT NULL,
  saved_by integer REFERENCES staff(id),
  saved_at timestamptz NOT NULL
);
INSERT INTO landing_words (words, published_at) VALUES ('${JSON.stringify(BUILT_LANDING_WORDS).replaceAll("'", "''")}', now());
`,
  },
  {
    id: 41,
    name: 'the bank details and support address are set in the back office, seeded from the environment (decision 247)',
    sql: `
CREATE TABLE programme_settings (
  id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  bank_name text NOT NULL,
  bank_account_name text NOT NULL,
  bank_account_number text NOT NULL,
  support_email text NOT NULL,
  saved_by integer REFERENCES staff(id),
  saved_at timestamptz
);
`,
  },
  {
    id: 42,
    name: "the aid ceiling is part of a cohort's fee table: an applicant's kept table holds it, and the first landing words name it by its token (decision 244)",
    // A table kept before this takes the ceiling its cohort has now: the nearest this database knows.
    sql: `
UPDATE applications a SET fees = a.fees || jsonb_build_object('aid_ceiling', c.aid_ceiling)
  FROM cohorts c
  WHERE a.fees IS NOT NULL AND NOT a.fees ? 'aid_ceiling' AND c.id = COALESCE(a.cohort_id, a.applied_cohort_id);
UPDATE landing_words SET words = replace(replace(words,
    'financial aid of up to 30% off the fee', 'financial aid of up to {aid} off the fee'),
    'Financial aid of up to 30% off for those who qualify', 'Financial aid of up to {aid} off for those who qualify')
  WHERE version = 1 AND published_by IS NULL;
`,
  },
  {
    id: 43,
    name: 'the reports\' counts of applications started and submitted, per cohort, UTC day, referral source and country, kept by the database on every write (docs/architecture.md, "The staff reports")',
    // A trigger appends each change (+1/-1 rows) to application_count_changes: insert-only, so writes never wait on one
    // another for a shared counter (a TRUNCATE, which fires no row trigger, empties both). The reports read application_counts plus the changes not yet folded into it,
    // and fold them in first (server/staff/reportStore.ts). `started` counts by the day an application was created,
    // `started_submitted` those of them submitted since, `submitted` by the day of submission. The aid report reads
    // the cohort's aid requests through their own index rather than the whole cohort.
    sql: `
CREATE TABLE application_counts (
  cohort_id integer NOT NULL,
  day date NOT NULL,
  referral_source text NOT NULL,
  country text NOT NULL,
  started integer NOT NULL,
  started_submitted integer NOT NULL,
  submitted integer NOT NULL,
  PRIMARY KEY (cohort_id, day, referral_source, country)
);
CREATE TABLE application_count_changes (
  cohort_id integer NOT NULL,
  day date NOT NULL,
  referral_source text NOT NULL,
  country text NOT NULL,
  started integer NOT NULL,
  started_submitted integer NOT NULL,
  submitted integer NOT NULL
);
CREATE INDEX application_count_changes_cohort ON application_count_changes (cohort_id);
CREATE FUNCTION application_counts_change(a applications, delta integer) RETURNS void LANGUAGE sql AS $$ INSERT INTO application_count_changes (cohort_id, day, referral_source, country, started, started_submitted, submitted) SELECT COALESCE(a.cohort_id, a.applied_cohort_id), (a.created_at AT TIME ZONE 'UTC')::date, a.referral_source, a.country, delta, CASE WHEN a.submitted_at IS NULL THEN 0 ELSE delta END, 0 WHERE COALESCE(a.cohort_id, a.applied_cohort_id) IS NOT NULL UNION ALL SELECT COALESCE(a.cohort_id, a.applied_cohort_id), (a.submitted_at AT TIME ZONE 'UTC')::date, a.referral_source, a.country, 0, 0, delta WHERE COALESCE(a.cohort_id, a.applied_cohort_id) IS NOT NULL AND a.submitted_at > 'epoch'::timestamptz $$;
CREATE FUNCTION applications_keep_counts() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP <> 'INSERT' THEN PERFORM application_counts_change(OLD, -1); END IF; IF TG_OP <> 'DELETE' THEN PERFORM application_counts_change(NEW, 1); END IF; RETURN NULL; END $$;
CREATE TRIGGER applications_keep_counts AFTER INSERT OR DELETE ON applications FOR EACH ROW EXECUTE FUNCTION applications_keep_counts();
CREATE TRIGGER applications_keep_counts_update AFTER UPDATE OF cohort_id, applied_cohort_id, created_at, submitted_at, referral_source, country ON applications FOR EACH ROW WHEN ((OLD.cohort_id, OLD.applied_cohort_id, OLD.created_at, OLD.submitted_at, OLD.referral_source, OLD.country) IS DISTINCT FROM (NEW.cohort_id, NEW.applied_cohort_id, NEW.created_at, NEW.submitted_at, NEW.referral_source, NEW.country)) EXECUTE FUNCTION applications_keep_counts();
CREATE FUNCTION applications_truncate_counts() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN DELETE FROM application_counts; DELETE FROM application_count_changes; RETURN NULL; END $$;
CREATE TRIGGER applications_truncate_counts AFTER TRUNCATE ON applications FOR EACH STATEMENT EXECUTE FUNCTION applications_truncate_counts();
CREATE INDEX applications_aid_requests ON applications ((COALESCE(cohort_id, applied_cohort_id))) WHERE financial_aid IS NOT NULL;
INSERT INTO application_counts (cohort_id, day, referral_source, country, started, started_submitted, submitted) SELECT cohort_id, day, referral_source, country, sum(started)::int, sum(started_submitted)::int, sum(submitted)::int FROM (SELECT COALESCE(cohort_id, applied_cohort_id) AS cohort_id, (created_at AT TIME ZONE 'UTC')::date AS day, referral_source, country, 1 AS started, CASE WHEN submitted_at IS NULL THEN 0 ELSE 1 END AS started_submitted, 0 AS submitted FROM applications UNION ALL SELECT COALESCE(cohort_id, applied_cohort_id), (submitted_at AT TIME ZONE 'UTC')::date, referral_source, country, 0, 0, 1 FROM applications WHERE submitted_at > 'epoch'::timestamptz) m WHERE cohort_id IS NOT NULL GROUP BY 1, 2, 3, 4;
`,
  },
  {
    id: 44,
    name: "a step's first save time for every step that keeps one: the step-times trigger is written from the row's <column>_saved_at columns by applications_step_times_build(), which a new step's migration calls after adding its column and its time (docs/architecture.md, 'A step is its file and its state')",
    // The same times as migration 9's function (eligibility, employment, the video, the payment choice), for every
    // `<step>_saved_at` column whose step column exists. The function is written out, one IF a step, rather than
    // reading the row as JSON on every update: that measured about 6 times slower per row.
    sql: `
CREATE OR REPLACE FUNCTION applications_step_times_build() RETURNS void LANGUAGE plpgsql AS $$ DECLARE body text := ''; step text; BEGIN FOR step IN SELECT left(t.attname, -9) FROM pg_attribute t JOIN pg_attribute c ON c.attrelid = t.attrelid AND c.attname = left(t.attname, -9) AND NOT c.attisdropped WHERE t.attrelid = 'applications'::regclass AND NOT t.attisdropped AND right(t.attname, 9) = '_saved_at' ORDER BY c.attnum LOOP body := body || format('IF NEW.%1$I IS NOT NULL AND OLD.%1$I IS NULL THEN NEW.%2$I := COALESCE(NEW.updated_at, now()); END IF; ', step, step || '_saved_at'); END LOOP; EXECUTE format('CREATE OR REPLACE FUNCTION applications_step_times() RETURNS trigger LANGUAGE plpgsql AS %L', 'BEGIN ' || body || 'IF NEW.video_watched_at IS NULL AND (NEW.video->>''isVideoEnded'') = ''true'' THEN NEW.video_watched_at := COALESCE(NEW.updated_at, now()); END IF; IF NEW.payment_chosen_at IS NULL AND NEW.payment_option <> '''' THEN NEW.payment_chosen_at := COALESCE(NEW.updated_at, now()); END IF; RETURN NEW; END'); END $$;
SELECT applications_step_times_build();
`,
  },
];

/** Runs the pending migrations; an advisory lock keeps two PostgreSQL processes from racing. */
export async function migrate(db: Db): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(4242001)');
    await tx.query(
      'CREATE TABLE IF NOT EXISTS migrations (id integer PRIMARY KEY, name text NOT NULL, run_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set((await tx.query<{ id: number }>('SELECT id FROM migrations')).rows.map((r) => r.id));
    const ran: number[] = [];
    for (const m of MIGRATIONS) {
      if (done.has(m.id)) continue;
      for (const statement of m.sql
        .split(/;\s*\n/)
        .map((s) => s.trim())
        .filter(Boolean)) {
        await tx.query(statement);
      }
      await tx.query('INSERT INTO migrations (id, name) VALUES ($1, $2)', [m.id, m.name]);
      ran.push(m.id);
    }
    return ran;
  });
}

/** How many of these migrations have run (readiness); throws 42P01 when none has, as there is no table yet. */
export async function migrationsRun(db: Queryable, ids: readonly number[]): Promise<number> {
  const [row] = await run(
    db,
    qb
      .selectFrom('migrations')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('id', 'in', ids),
  );
  return Number(row.n);
}
