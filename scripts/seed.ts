/**
 * `npm run seed -- --applications 100000`: fills the database the server would use (PostgreSQL with DATABASE_URL,
 * else PGlite under DATA_DIR, which must not be in use by a running server) with fake applications in the current
 * cohort, across every stage, review status and payment state, for demos and benchmarks. Names and cities come
 * from @faker-js/faker's locale of the applicant's country (`fakerEN_NG` for Nigeria, most of them), and the
 * payments agree with the choices (docs/product.md §6): rows go in 5000 at a time with one `unnest` INSERT each. Every seeded email ends in
 * @seed.example, so seeded rows are easy to find (and never reach a real inbox).
 *
 * Options: --applications N (default 1000), --seed S (faker's seed, default 1).
 */
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { faker, fakerEN_GH, fakerEN_NG, fakerEN_ZA, type Faker } from '@faker-js/faker';
import { REVIEW_STATUSES, type ReviewStatus } from '../machines/review.machine';
import {
  APPROACH_TO_NEW_TASKS,
  EDUCATION_FOCUS,
  EMPLOYMENT_STATUSES,
  EXIT_TIMELINES,
  FEEDBACK_HANDLING,
  HIGHEST_QUALIFICATIONS,
  OPENNESS_TO_TOOLS,
  REFERRAL_SOURCES,
  UNEMPLOYMENT_DURATIONS,
  WORK_DISRUPTION_FEELINGS,
  WORK_EXPERIENCE_YEARS,
  type Option,
} from '../machines/rules/options';
import { kindOf, paymentOptions, STANDARD_FEES } from '../machines/rules/payments';
import { readEnv } from '../server/config';
import { currentCohort } from '../server/db/cohorts';
import { openPglite, postgresDb, type Db } from '../server/db/index';
import { lockDataDir } from '../server/db/lock';
import { migrate } from '../server/db/migrations';

const BATCH = 5000;
export const SEED_CV = 'seed-cv';

function argument(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? Number(process.argv[at + 1]) : fallback;
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} needs a whole number`);
  return value;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(faker.number.float() * items.length)];
const value = (options: readonly Option[]) => pick(options).value;
/** A value by weight: [[value, weight], …]. */
function weighted<T>(table: readonly (readonly [T, number])[]): T {
  const total = table.reduce((sum, [, w]) => sum + w, 0);
  let roll = faker.number.float() * total;
  for (const [item, w] of table) {
    roll -= w;
    if (roll < 0) return item;
  }
  return table[table.length - 1][0];
}

type Stage = 'created' | 'verified' | 'eligibility' | 'employment' | 'submitted';
const STAGE_WEIGHTS: readonly (readonly [Stage, number])[] = [
  ['created', 10],
  ['verified', 8],
  ['eligibility', 10],
  ['employment', 7],
  ['submitted', 65],
];
const STATUS_WEIGHTS: Record<ReviewStatus, number> = {
  submitted: 30,
  in_review: 20,
  // Only an application scored action_required or ineligible is in eligibility review (inEligibilityReview).
  eligibility_review: 0,
  // As if one reviewer had scored it (the seed writes no scorecards, so the queue shows no score for them).
  second_review: 4,
  // Reviews disagree only once two scorecards are in (decision 163), and the seed writes none.
  reviews_disagree: 0,
  // The seed's cohorts have the interview stage off (decision 175).
  interview_invited: 0,
  interview_booked: 0,
  accepted: 12,
  waitlisted: 10,
  rejected: 15,
  withdrawn: 3,
  payment_chosen: 6,
  paid: 4,
};
/**
 * Where the seeded applicants live: the countries faker has a locale for, so that each name and city reads true for
 * its country (the applicants are mostly Nigerian, as the programme's are), with the country's calling code.
 */
export const SEED_COUNTRIES = {
  Nigeria: { faker: fakerEN_NG, weight: 85, calling: '+234' },
  Ghana: { faker: fakerEN_GH, weight: 10, calling: '+233' },
  'South Africa': { faker: fakerEN_ZA, weight: 5, calling: '+27' },
} as const satisfies Record<string, { faker: Faker; weight: number; calling: string }>;
type SeedCountry = keyof typeof SEED_COUNTRIES;
const COUNTRY_WEIGHTS = Object.entries(SEED_COUNTRIES).map(
  ([country, { weight }]) => [country as SeedCountry, weight] as const,
);

/** The options the seeded cohorts offer: theirs is the standard fee table (migration 38's defaults, decision 244). */
const OPTION_VALUES = paymentOptions(STANDARD_FEES, 'nigeria').map((option) => option.value);
/** The options that charge a fee now (a payment row exists for them); "Not ready" and financial aid charge nothing. */
const CHARGED_OPTIONS = OPTION_VALUES.filter((option) => {
  const kind = kindOf(option);
  return kind === 'full' || kind === 'instalments';
});

const COLUMNS = [
  ['email', 'text'],
  ['firstname', 'text'],
  ['lastname', 'text'],
  ['gender', 'text'],
  ['country', 'text'],
  ['city', 'text'],
  ['phone', 'text'],
  ['referral_source', 'text'],
  ['applied_cohort_id', 'int'],
  ['cohort_id', 'int'],
  ['email_verified_at', 'timestamptz'],
  ['eligibility', 'jsonb'],
  ['eligibility_status', 'text'],
  ['eligibility_saved_at', 'timestamptz'],
  ['employment', 'jsonb'],
  ['employment_saved_at', 'timestamptz'],
  ['other', 'jsonb'],
  ['agreement', 'bool'],
  ['video', 'jsonb'],
  ['video_watched_at', 'timestamptz'],
  ['payment_option', 'text'],
  ['payment_chosen_at', 'timestamptz'],
  ['cv_sent_by_email', 'bool'],
  ['submitted_at', 'timestamptz'],
  ['review_status', 'text'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
] as const;

type Column = (typeof COLUMNS)[number][0];

const INSERT = `INSERT INTO applications (${COLUMNS.map(([c]) => c).join(', ')})
SELECT * FROM unnest(${COLUMNS.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ')})
RETURNING id, submitted_at, review_status, payment_option`;

function fakeApplication(i: number, tag: string, cohortId: number, now: number): Record<Column, unknown> {
  const country = weighted(COUNTRY_WEIGHTS);
  const local = SEED_COUNTRIES[country];
  const gender = pick(['male', 'female'] as const);
  const firstname = local.faker.person.firstName(gender);
  const lastname = local.faker.person.lastName();
  const created = now - faker.number.int({ min: 60_000, max: 60 * 86_400_000 });
  const stage = weighted(STAGE_WEIGHTS);
  const reached = (s: Stage) =>
    STAGE_WEIGHTS.findIndex(([x]) => x === s) <= STAGE_WEIGHTS.findIndex(([x]) => x === stage);
  const after = (from: number | null, maxMinutes: number) =>
    from === null ? null : Math.min(now, from + faker.number.int({ min: 30_000, max: maxMinutes * 60_000 }));
  const verified = reached('verified') ? after(created, 60) : null;
  const eligibilitySaved = reached('eligibility') ? after(verified, 30) : null;
  const eligibilityStatus = reached('eligibility')
    ? reached('employment')
      ? 'eligible'
      : weighted([
          ['eligible', 5],
          ['action_required', 3],
          ['ineligible', 2],
        ] as const)
    : 'not measured';
  const employmentSaved = reached('employment') ? after(eligibilitySaved, 20) : null;
  // A score that is not eligible sends the application to staff when it is saved, as the server does (decision 008).
  const inEligibilityReview = stage === 'eligibility' && eligibilityStatus !== 'eligible';
  const completed = reached('submitted') ? after(employmentSaved, 30) : null;
  const submitted = inEligibilityReview ? eligibilitySaved : completed;
  const status = inEligibilityReview
    ? 'eligibility_review'
    : submitted
      ? weighted(REVIEW_STATUSES.map((s) => [s, STATUS_WEIGHTS[s]] as const))
      : null;
  const paying = status === 'payment_chosen' || status === 'paid';
  const watched = completed !== null && (paying || faker.number.float() < 0.6) ? after(submitted, 600) : null;
  const chosen = paying ? after(watched, 2000) : null;
  const date = (ms: number | null) => (ms === null ? null : new Date(ms));
  return {
    email: `${firstname}.${lastname}.${tag}${i}@seed.example`.toLowerCase().replace(/[^a-z0-9.@]/g, ''),
    firstname,
    lastname,
    gender,
    country,
    city: local.faker.location.city(),
    phone: `${local.calling} 80${faker.string.numeric(1)} ${faker.string.numeric(3)} ${faker.string.numeric(4)}`,
    referral_source: value(REFERRAL_SOURCES),
    applied_cohort_id: cohortId,
    cohort_id: submitted ? cohortId : null,
    email_verified_at: date(verified),
    eligibility: eligibilitySaved
      ? JSON.stringify({
          openness_to_tools: value(OPENNESS_TO_TOOLS),
          work_disruption_feelings: value(WORK_DISRUPTION_FEELINGS),
          feedback_handling: value(FEEDBACK_HANDLING),
          approach_to_new_tasks: value(APPROACH_TO_NEW_TASKS),
          education_focus: value(EDUCATION_FOCUS),
          highest_qualification: value(HIGHEST_QUALIFICATIONS),
        })
      : null,
    eligibility_status: eligibilityStatus,
    eligibility_saved_at: date(eligibilitySaved),
    employment: employmentSaved
      ? JSON.stringify({
          employment_status: value(EMPLOYMENT_STATUSES),
          unemployment_duration: value(UNEMPLOYMENT_DURATIONS),
          work_experience_years: value(WORK_EXPERIENCE_YEARS),
          exit_timeline: value(EXIT_TIMELINES),
          job_urgency: faker.number.int({ min: 1, max: 10 }),
        })
      : null,
    employment_saved_at: date(employmentSaved),
    other: completed
      ? JSON.stringify({
          key_challenge: faker.lorem.sentence(),
          leadership_experience: faker.lorem.sentence(),
          distractions: faker.lorem.words(4),
          bootcamp_expectations: faker.lorem.sentence(),
        })
      : null,
    agreement: completed !== null,
    video: watched ? JSON.stringify({ videoProgress: 100, isVideoEnded: true, attemptCounter: 1 }) : null,
    video_watched_at: date(watched),
    // A paid fee was paid by an option that charges one: never "Paid" beside "Not ready" or financial aid.
    payment_option: status === 'paid' ? pick(CHARGED_OPTIONS) : paying ? pick(OPTION_VALUES) : '',
    payment_chosen_at: date(chosen),
    cv_sent_by_email: submitted !== null && faker.number.float() < 0.1,
    submitted_at: date(submitted),
    review_status: status === 'submitted' ? null : status,
    created_at: new Date(created),
    updated_at: new Date(
      chosen ?? watched ?? submitted ?? employmentSaved ?? eligibilitySaved ?? verified ?? created,
    ),
  };
}

/** Inserts `count` applications (and their CVs, payments and beacons) into `db`'s current cohort. */
export async function seed(db: Db, count: number, uploadsDir: string, now = new Date()): Promise<number> {
  const cohort = await db.transaction((tx) => currentCohort(tx, now));
  const tag = Date.now().toString(36);
  // The locales draw from faker's seed, so one --seed gives the same applicants.
  for (const { faker: local } of Object.values(SEED_COUNTRIES)) local.seed(faker.number.int());
  mkdirSync(uploadsDir, { recursive: true });
  // One small PDF stands in for every seeded CV.
  writeFileSync(join(uploadsDir, SEED_CV), '%PDF-1.4\n% a seeded CV\n%%EOF\n');
  let done = 0;
  while (done < count) {
    const size = Math.min(BATCH, count - done);
    const rows = Array.from({ length: size }, (_, i) =>
      fakeApplication(done + i, tag, cohort.id, now.getTime()),
    );
    const inserted = await db.transaction(async (tx) => {
      const { rows: ids } = await tx.query<{
        id: number;
        submitted_at: Date | null;
        review_status: string | null;
        payment_option: string;
      }>(
        INSERT,
        COLUMNS.map(([c]) => rows.map((r) => r[c])),
      );
      const withCv = ids.filter((r) => r.submitted_at && faker.number.float() < 0.85).map((r) => r.id);
      await tx.query(
        `INSERT INTO cvs (application_id, stored_name, original_name, kind, size, created_at)
         SELECT id, $2, 'cv.pdf', 'pdf', 40, $3 FROM unnest($1::int[]) AS id`,
        [withCv, SEED_CV, now],
      );
      // Only a charged option has a payment (paid, or still pending or failed): "Not ready" and financial aid none.
      const paying = ids.filter(
        (r) =>
          (r.review_status === 'paid' || r.review_status === 'payment_chosen') &&
          CHARGED_OPTIONS.includes(r.payment_option),
      );
      await tx.query(
        `INSERT INTO payments (application_id, reference, option, amount_minor, currency, mode, status, created_at, paid_at)
         SELECT v.id, 'seed-' || $4 || '-' || v.id, v.option, 15000000, 'NGN', 'sandbox', v.status, $3,
           CASE WHEN v.status = 'paid' THEN $3::timestamptz END
         FROM unnest($1::int[], $2::text[], $5::text[]) AS v(id, option, status)`,
        [
          paying.map((r) => r.id),
          paying.map((r) => r.payment_option),
          now,
          tag,
          paying.map((r) => (r.review_status === 'paid' ? 'paid' : pick(['pending', 'failed']))),
        ],
      );
      return ids.length;
    });
    done += inserted;
    process.stdout.write(`\r${done} of ${count} applications`);
  }
  process.stdout.write('\n');
  // The anonymous steps before an application exists, as the beacons would have counted them.
  const day = now.toISOString().slice(0, 10);
  for (const [step, factor] of [
    ['getStarted', 1.9],
    ['biodata', 1.4],
    ['communications', 1.15],
  ] as const) {
    await db.query(
      `INSERT INTO funnel_beacons (cohort_id, step, day, hits) VALUES ($1, $2, $3, $4)
       ON CONFLICT (cohort_id, step, day) DO UPDATE SET hits = funnel_beacons.hits + EXCLUDED.hits`,
      [cohort.id, step, day, Math.round(count * factor)],
    );
  }
  return done;
}

async function main(): Promise<void> {
  const env = readEnv();
  const count = argument('applications', 1000);
  faker.seed(argument('seed', 1));
  let unlock = async () => {};
  let db: Db;
  if (env.databaseUrl) {
    db = postgresDb(env.databaseUrl);
  } else {
    // The server must not be running on the same data directory (PGlite allows one process).
    const lock = await lockDataDir(env.dataDir, {
      onLost: (message) => {
        console.error(message);
        process.exit(1);
      },
    });
    unlock = () => lock.unlock();
    db = await openPglite(join(env.dataDir, 'pgdata'));
  }
  try {
    await migrate(db);
    const started = Date.now();
    await seed(db, count, join(env.dataDir, 'uploads'));
    console.log(
      `seeded ${count} applications on ${db.engine} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await db.close();
    await unlock();
  }
}

if (process.argv[1]?.endsWith('seed.ts')) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
