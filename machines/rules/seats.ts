/**
 * One seat model for the applicant, the server and staff (docs/decisions/016-cohorts.md): a cohort takes
 * applications until its deadline; its seats are taken by acceptances only, every status whose standing is
 * accepted (`SEAT_STATUSES` in machines/review.machine.ts: a decision still held, a payment chosen, paid), of
 * applications not erased (an erased acceptance frees its seat, as the queue's chips leave it out: decision 149). Plain
 * functions only: Get Started imports this file, without the chart. While seats are free nobody is waitlisted; a cohort that
 * is full or closed sends new applications on to the next one, and the applicant is told so before they start.
 */
import { formatDay } from './landingCohort';
import { feeFacts, type FeeTable } from './payments';

/** Whether a cohort takes applications, as an admin set it in the back office (decision 235). */
export type CohortIntake = 'open' | 'paused' | 'closed';

export interface CohortSeats {
  /** YYYY-MM-DD; applications are taken to the end of this day. */
  application_deadline: string;
  seats: number;
  /** Seats held by acceptances (`SEAT_STATUSES`) not erased. */
  taken: number;
  /** 'open' when not given: a cohort takes applications until its deadline unless an admin paused or closed it. */
  intake?: CohortIntake;
  /** YYYY-MM-DD: the day a paused cohort takes applications again by itself; null until an admin reopens it. */
  reopens_on?: string | null;
}

export type CohortOpenness = 'open' | 'full' | 'paused' | 'closed';

/** Whether a paused cohort is still paused on `today`: its reopen day, when set, ends the pause. */
export const isPaused = (cohort: Pick<CohortSeats, 'intake' | 'reopens_on'>, today: string): boolean =>
  cohort.intake === 'paused' && !(cohort.reopens_on && today >= cohort.reopens_on);

/**
 * Whether a cohort takes an application submitted on `today` (YYYY-MM-DD): closed after its deadline or when an
 * admin closed it early, paused while an admin paused it, full when every seat is taken. Anything but `open` sends
 * new applications on to the next cohort (its waitlist, at submit).
 */
export function cohortOpenness(cohort: CohortSeats, today: string): CohortOpenness {
  if (today > cohort.application_deadline || cohort.intake === 'closed') return 'closed';
  if (isPaused(cohort, today)) return 'paused';
  return cohort.taken >= cohort.seats ? 'full' : 'open';
}

/** The seat one more acceptance would take, and whether that is past the cap (staff confirm an overbooking). */
export const nextSeat = ({ seats, taken }: Pick<CohortSeats, 'seats' | 'taken'>) => ({
  seat: taken + 1,
  overbooks: taken + 1 > seats,
});

/** What Get Started says of the cohort an application started now is for, and of the one it replaces. */
export const cohortNotice = (cohort: {
  name: string;
  start_date: string;
  full?: { name: string };
  paused?: { name: string; reopens_on: string | null };
}): string => {
  const start = formatDay(cohort.start_date);
  if (cohort.paused) {
    const { name, reopens_on } = cohort.paused;
    return reopens_on
      ? SEAT_MESSAGES.pausedUntil(name, formatDay(reopens_on), cohort.name, start)
      : SEAT_MESSAGES.paused(name, cohort.name, start);
  }
  return cohort.full
    ? SEAT_MESSAGES.full(cohort.full.name, cohort.name, start)
    : SEAT_MESSAGES.open(cohort.name);
};

/**
 * What Get Started says: the cohort's sentence, then the fee a new applicant would pay, from that cohort's own table
 * (decision 244), so the fee an admin sets for the next round is named before anyone begins.
 */
export const applyingNotice = (cohort: Parameters<typeof cohortNotice>[0] & { fees: FeeTable }): string =>
  `${cohortNotice(cohort)} ${SEAT_MESSAGES.fee(feeFacts(cohort.fees).fee)}`;

export const SEAT_MESSAGES = {
  open: (cohort: string) => `Applications are open for ${cohort}.`,
  /** Get Started, after the cohort's sentence: the fee in both regions, as the landing page words it. */
  fee: (fee: string) => `The commitment fee is ${fee}, paid once you are selected.`,
  /** Get Started, when the cohort open now has no seat left: the applicant learns it before they begin. */
  full: (full: string, next: string, start: string) =>
    `${full} is full, so new applications are for ${next}, which starts on ${start}. You can apply now and keep your place for it.`,
  /** Get Started, while an admin paused the cohort open now (decision 235): one sentence, with its reopen day if set. */
  paused: (paused: string, next: string, start: string) =>
    `Applications for ${paused} are paused, so new applications are for ${next}, which starts on ${start}.`,
  pausedUntil: (paused: string, reopens: string, next: string, start: string) =>
    `Applications for ${paused} are paused until ${reopens}, so new applications are for ${next}, which starts on ${start}.`,
  /** Staff, before an acceptance past the cap. */
  overbook: (seat: number, seats: number) => `This takes seat ${seat} of ${seats}.`,
  /** Staff, on the queue, while seats are free and applications wait on the waitlist (freeSeatsNotice). */
  freeForWaitlist: (free: number, waitlisted: number) =>
    `${free} ${free === 1 ? 'seat is' : 'seats are'} free and ${waitlisted} ${waitlisted === 1 ? 'application is' : 'applications are'} on the waitlist.`,
  showWaitlist: 'Show the waitlist',
} as const;

/**
 * What staff are told when a seat is free (a withdrawal, an undone acceptance, an erasure, more seats) and the
 * cohort has a waitlist: the waitlist email promises "If we can offer you a place we will write to you at once", so
 * the queue says so and links to the waitlist, where an acceptance sends that email. Null otherwise.
 */
export function freeSeatsNotice({
  seats,
  taken,
  waitlisted,
}: Pick<CohortSeats, 'seats' | 'taken'> & { waitlisted: number }): string | null {
  const free = seats - taken;
  return free > 0 && waitlisted > 0 ? SEAT_MESSAGES.freeForWaitlist(free, waitlisted) : null;
}
