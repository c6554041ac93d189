/**
 * A cohort as an admin sets it in the back office (docs/api.md "Cohorts", decision 235): the automatic rule's next
 * cohort as the suggestion, the checks of a new or changed cohort, its state as the list shows it, a pause, an early
 * close or a reopen, and the audit's before → after. Plain functions only: the server and the staff screen both
 * import this file. Seats taken are the one seat model's count (machines/rules/seats.ts), given by the caller.
 */
import { number, object, string } from 'yup';
import type { AidSettings } from './aidDecision';
import type { FeeTable } from './payments';
import { STAFF_API } from './api';
import { formatDay } from './landingCohort';
import { COHORT_MESSAGES as M } from './messages';
import { cohortOpenness, type CohortIntake } from './seats';
import { checkAnswers, type Issue } from './yupAnswers';

/** The automatic rule: a new cohort every 3 calendar months after the one before, closing 7 days before it starts. */
export const COHORT_MONTHS = 3;
export const DEADLINE_DAYS_BEFORE = 7;
export const COHORT_NAME_MAX = 80;
export const COHORT_SEATS_MAX = 100_000;

/** What an admin sets of a cohort (dates as YYYY-MM-DD). */
export interface CohortSettings {
  name: string;
  start_date: string;
  application_deadline: string;
  seats: number;
}

/**
 * A cohort's aid ceiling and number of awards are set with it (decision 238: machines/rules/aidDecision.ts), and its
 * fee table (decision 244: machines/rules/cohortFees.ts).
 */
export interface CohortRecord extends CohortSettings, AidSettings, FeeTable {
  number: number;
  intake: CohortIntake;
  reopens_on: string | null;
}

/** A cohort in the back office's list: open, paused, closed (deadline passed or closed early), full, or started. */
export type CohortState = 'open' | 'paused' | 'closed' | 'full' | 'started';

export const COHORT_STATE_LABELS: Readonly<Record<CohortState, string>> = {
  open: 'Taking applications',
  paused: 'Paused',
  closed: 'Applications closed',
  full: 'Full',
  started: 'Started',
};

const addDays = (isoDay: string, days: number): string => {
  const date = new Date(`${isoDay}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/** The cohort the automatic rule makes after `last`: the suggestion the back office's form is prefilled with. */
export function followingCohort(
  last: Pick<CohortRecord, 'number' | 'start_date' | 'seats'>,
): CohortSettings & {
  number: number;
} {
  const start = new Date(`${last.start_date}T00:00:00Z`);
  start.setUTCMonth(start.getUTCMonth() + COHORT_MONTHS);
  const startDay = start.toISOString().slice(0, 10);
  const number = last.number + 1;
  return {
    number,
    name: `Cohort ${number}`,
    start_date: startDay,
    application_deadline: addDays(startDay, -DEADLINE_DAYS_BEFORE),
    seats: last.seats,
  };
}

/** A cohort has started from its start day on: nothing of it changes any more. */
export const hasStarted = (cohort: Pick<CohortSettings, 'start_date'>, today: string): boolean =>
  today >= cohort.start_date;

/** The state the back office shows on `today`, from the one seat model's openness. */
export function cohortState(cohort: CohortRecord, taken: number, today: string): CohortState {
  if (hasStarted(cohort, today)) return 'started';
  return cohortOpenness({ ...cohort, taken }, today);
}

/** A day of the calendar as YYYY-MM-DD (no 31 February). */
export const isCalendarDay = (text: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
};

const day = (message: string) =>
  string()
    .trim()
    .required(message)
    .test('day', message, (value) => value === undefined || isCalendarDay(value));

/** Each field on its own, in the catalogue's words. */
export const cohortSettingsSchema = object({
  name: string().trim().required(M.name).max(COHORT_NAME_MAX, M.nameTooLong),
  start_date: day(M.startDate),
  application_deadline: day(M.deadline),
  seats: number()
    .typeError(M.seats)
    .required(M.seats)
    .integer(M.seats)
    .min(1, M.seats)
    .max(COHORT_SEATS_MAX, M.seats),
});

/** What a check needs to know beyond the values: today, the cohort's acceptances, its neighbours by number. */
export interface CohortCheckContext {
  today: string;
  /** Seats its acceptances take now (0 for a new cohort). */
  taken: number;
  /** The cohort before it (by number), whose start it must follow. */
  previous?: Pick<CohortSettings, 'name' | 'start_date'>;
  /** The cohort after it, whose start it must precede (none for a new cohort). */
  next?: Pick<CohortSettings, 'name' | 'start_date'>;
}

/**
 * A new or changed cohort's settings: each field's own check, then a deadline after the start, a start not after
 * today, a start out of order with its neighbours (the cohort open now is the earliest by number: decision 235) and
 * seats below the acceptances already made. A cohort that has started is refused before this (`hasStarted`).
 */
export function checkCohortSettings(
  values: object,
  context: CohortCheckContext,
): { value: CohortSettings; issues: Issue[] } {
  const { value, issues } = checkAnswers(cohortSettingsSchema, values);
  const settings = value as CohortSettings;
  const wrong = new Set(issues.map((issue) => issue.path));
  const add = (path: keyof CohortSettings, message: string) => {
    if (!wrong.has(path)) issues.push({ path, message });
    wrong.add(path);
  };
  if (!wrong.has('start_date')) {
    if (settings.start_date <= context.today) add('start_date', M.startNotFuture);
    else if (context.previous && settings.start_date <= context.previous.start_date)
      add('start_date', M.startBeforePrevious(context.previous.name, formatDay(context.previous.start_date)));
    else if (context.next && settings.start_date >= context.next.start_date)
      add('start_date', M.startAfterNext(context.next.name, formatDay(context.next.start_date)));
  }
  if (!wrong.has('start_date') && !wrong.has('application_deadline'))
    if (settings.application_deadline > settings.start_date)
      add('application_deadline', M.deadlineAfterStart);
  if (!wrong.has('seats') && settings.seats < context.taken) add('seats', M.seatsBelowTaken(context.taken));
  return { value: settings, issues };
}

export const INTAKE_ACTIONS = ['pause', 'close', 'reopen'] as const;
export type IntakeAction = (typeof INTAKE_ACTIONS)[number];
export const isIntakeAction = (value: unknown): value is IntakeAction =>
  typeof value === 'string' && (INTAKE_ACTIONS as readonly string[]).includes(value);

/**
 * A pause (until `reopensOn` when one is given), an early close, or a reopen: the cohort's new intake, or the
 * refusal of a reopen day that is not a day after today. Only a pause keeps a reopen day.
 */
export function intakeChange(
  action: IntakeAction,
  reopensOn: string | null,
  today: string,
): { intake: CohortIntake; reopens_on: string | null } | { issue: Issue } {
  if (action !== 'pause') return { intake: action === 'close' ? 'closed' : 'open', reopens_on: null };
  if (reopensOn !== null && (!isCalendarDay(reopensOn) || reopensOn <= today))
    return { issue: { path: 'reopens_on', message: M.reopenDate } };
  return { intake: 'paused', reopens_on: reopensOn };
}

/** The audit's detail of a change: each field that changed as `before → after` (a new cohort's as `→ after`). */
export function cohortChanges(
  before: Partial<CohortRecord> | undefined,
  after: Partial<CohortRecord>,
): Record<string, string> {
  const changes: Record<string, string> = {};
  for (const [field, value] of Object.entries(after)) {
    const was = before?.[field as keyof CohortRecord];
    if (was === value) continue;
    const show = (v: unknown) => (v === null || v === undefined ? 'none' : String(v));
    changes[field] = before ? `${show(was)} → ${show(value)}` : show(value);
  }
  return changes;
}

/** The back office's cohort routes (docs/api.md "Staff"): the list and create; one cohort's settings; its intake. */
export const cohortSettingsPaths = {
  cohorts: `${STAFF_API}/cohort-settings`,
  cohort: `${STAFF_API}/cohort-settings/:number`,
  intake: `${STAFF_API}/cohort-settings/:number/intake`,
} as const;

export const cohortSettingsPath = (number: number) =>
  cohortSettingsPaths.cohort.replace(':number', String(number));
export const cohortIntakePath = (number: number) =>
  cohortSettingsPaths.intake.replace(':number', String(number));

/** One cohort in the back office's list. */
export interface StaffCohort extends CohortRecord {
  /** Seats its acceptances take (the one seat model). */
  taken: number;
  state: CohortState;
  /** Aid awards its applications hold now, held or released (decision 238). */
  aid_awards_made: number;
}

/** GET cohortSettingsPaths.cohorts → `{ message: 'Cohorts', data: StaffCohortSettings }`. */
export interface StaffCohortSettings {
  /** Newest first. */
  cohorts: StaffCohort[];
  /** The automatic rule's next cohort, which the create form starts from (the aid settings of the last one). */
  suggestion: CohortSettings & AidSettings & FeeTable & { number: number };
}

/** POST cohortIntakePath: a pause (with an optional reopen day), an early close, or a reopen. */
export interface IntakeBody {
  action: IntakeAction;
  reopens_on?: string | null;
}
