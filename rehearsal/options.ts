/**
 * The rehearsal's flags (`npm run rehearse -- --applicants 10000 --reviewers 5 --hours 2`), each with the default
 * docs/decisions/248-the-round-rehearsal.md states. `--quick` is the CI size: a few hundred applicants in about a
 * minute.
 */

export interface RehearsalOptions {
  applicants: number;
  reviewers: number;
  /** How long the arrivals take, wall clock (the round compressed into it). */
  durationMs: number;
  /** Applicant journeys in flight at once: a 2-core machine is not swamped. */
  concurrency: number;
  /** Seats of the open cohort, set by the first admin before the round (default: a tenth of the applicants). */
  seats: number;
  /** The share that stops after each step (the funnel's drop-off). */
  drop: { verify: number; eligibility: number; employment: number; other: number; submit: number };
  /** Flaky phones: the share of applicants who do each. */
  flaky: {
    doubleTap: number;
    timeoutRetry: number;
    wrongCode: number;
    resend: number;
    /** Of those who stop before submitting, the share who ask for their data to be erased. */
    erase: number;
  };
  /** Share of submitted applicants who upload a CV (the rest say they emailed it), watch the video, ask for aid. */
  cvUpload: number;
  video: number;
  aid: number;
  /**
   * Share of submitted applicants who withdraw (decision 250): half of them at once, under review, half once their
   * decision is released.
   */
  withdraw: number;
  /** Share of decision batches an admin undoes one row of, inside the window; share of batches messaged. */
  undo: number;
  message: number;
  undoSeconds: number;
  /** The server's worker periods (ms). */
  reminderPollMs: number;
  mailPollMs: number;
  mailRetryMs: number;
  retentionPollMs: number;
  /** What a decision's release may take beyond its window and the decision mailer's period on a loaded machine. */
  graceMs: number;
  /** PostgreSQL processes (`WORKERS`) when DATABASE_URL is set. */
  workers: number;
  s3: boolean;
  /**
   * `--interviews`: the open cohort's (and each later one's) interview stage on; the share of rows a member invites
   * rather than decides at once, and the share of the invited who book a slot (decision 175).
   */
  interviews: boolean;
  invite: number;
  book: number;
  /** Where the run's folder goes (`var/rehearsals/<time>/`). */
  out: string;
  seed: number;
}

export const DEFAULTS: RehearsalOptions = {
  applicants: 1000,
  reviewers: 3,
  durationMs: 10 * 60_000,
  concurrency: 12,
  seats: 100,
  drop: { verify: 0.08, eligibility: 0.06, employment: 0.06, other: 0.05, submit: 0.04 },
  flaky: { doubleTap: 0.1, timeoutRetry: 0.08, wrongCode: 0.1, resend: 0.05, erase: 0.1 },
  cvUpload: 0.2,
  video: 0.6,
  aid: 0.1,
  withdraw: 0.02,
  undo: 0.2,
  message: 0.1,
  undoSeconds: 5,
  reminderPollMs: 500,
  mailPollMs: 250,
  mailRetryMs: 500,
  retentionPollMs: 2000,
  graceMs: 15_000,
  workers: 2,
  s3: false,
  interviews: false,
  invite: 0.25,
  book: 0.8,
  out: 'var/rehearsals',
  seed: 248,
};

/** The CI size: `--quick`. */
export const QUICK: Partial<RehearsalOptions> = {
  applicants: 150,
  reviewers: 2,
  durationMs: 30_000,
  concurrency: 10,
  seats: 15,
  undoSeconds: 3,
};

const SHARES: Record<string, (o: RehearsalOptions, v: number) => void> = {
  'drop-verify': (o, v) => (o.drop.verify = v),
  'drop-eligibility': (o, v) => (o.drop.eligibility = v),
  'drop-employment': (o, v) => (o.drop.employment = v),
  'drop-other': (o, v) => (o.drop.other = v),
  'drop-submit': (o, v) => (o.drop.submit = v),
  'double-tap': (o, v) => (o.flaky.doubleTap = v),
  'timeout-retry': (o, v) => (o.flaky.timeoutRetry = v),
  'wrong-code': (o, v) => (o.flaky.wrongCode = v),
  resend: (o, v) => (o.flaky.resend = v),
  erase: (o, v) => (o.flaky.erase = v),
  'cv-upload': (o, v) => (o.cvUpload = v),
  video: (o, v) => (o.video = v),
  aid: (o, v) => (o.aid = v),
  withdraw: (o, v) => (o.withdraw = v),
  undo: (o, v) => (o.undo = v),
  message: (o, v) => (o.message = v),
  invite: (o, v) => (o.invite = v),
  book: (o, v) => (o.book = v),
};

const NUMBERS: Record<string, (o: RehearsalOptions, v: number) => void> = {
  applicants: (o, v) => (o.applicants = v),
  reviewers: (o, v) => (o.reviewers = v),
  hours: (o, v) => (o.durationMs = v * 3600_000),
  minutes: (o, v) => (o.durationMs = v * 60_000),
  seconds: (o, v) => (o.durationMs = v * 1000),
  concurrency: (o, v) => (o.concurrency = v),
  seats: (o, v) => (o.seats = v),
  'undo-seconds': (o, v) => (o.undoSeconds = v),
  'grace-seconds': (o, v) => (o.graceMs = v * 1000),
  workers: (o, v) => (o.workers = v),
  seed: (o, v) => (o.seed = v),
};

export class UsageError extends Error {}

/** The flags and their defaults, in words (`--help`). */
export function usage(): string {
  const shares = Object.keys(SHARES).map((name) => `--${name}`);
  return [
    'npm run rehearse -- [--quick] [--applicants N] [--reviewers N] [--hours H | --minutes M | --seconds S]',
    '  [--concurrency N] [--seats N] [--undo-seconds N] [--grace-seconds N] [--workers N] [--seed N] [--s3] [--interviews] [--out DIR]',
    `  shares from 0 to 1: ${shares.join(' ')}`,
    `Defaults: ${JSON.stringify({ ...DEFAULTS, seats: 'a tenth of the applicants' })}`,
    `--quick: ${JSON.stringify(QUICK)}`,
    'With DATABASE_URL set: a fresh database on that PostgreSQL, WORKERS=--workers (docs/decisions/248-the-round-rehearsal.md).',
  ].join('\n');
}

/** The options from the command line; a flag that is not known, or a value that is not a number, is refused. */
export function parseOptions(argv: string[]): RehearsalOptions {
  if (argv.includes('--help')) throw new UsageError(usage());
  const quick = argv.includes('--quick');
  const options: RehearsalOptions = structuredClone({ ...DEFAULTS, ...(quick ? QUICK : {}) });
  let seatsGiven = false;
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (flag === '--quick') continue;
    if (flag === '--s3' || flag === '--interviews') {
      options[flag === '--s3' ? 's3' : 'interviews'] = true;
      continue;
    }
    const name = flag.replace(/^--/, '');
    const value = argv[i + 1];
    if (name === 'out' && value) {
      options.out = value;
      i++;
      continue;
    }
    const set = NUMBERS[name] ?? SHARES[name];
    const number = Number(value);
    if (!flag.startsWith('--') || !set || value === undefined || !Number.isFinite(number) || number < 0)
      throw new UsageError(`${flag} ${value ?? ''}: not a flag the rehearsal knows with a number from 0`);
    if (SHARES[name] && number > 1) throw new UsageError(`${flag} is a share from 0 to 1, got ${value}`);
    set(options, number);
    if (name === 'seats') seatsGiven = true;
    i++;
  }
  if (!quick && !seatsGiven) options.seats = Math.max(1, Math.round(options.applicants / 10));
  options.applicants = Math.max(1, Math.round(options.applicants));
  options.reviewers = Math.max(1, Math.round(options.reviewers));
  return options;
}
