/**
 * One seat model for the applicant, the server and staff (docs/decisions/122-one-seat-model.md): a cohort takes
 * applications until its deadline; its seats are taken by acceptances only, every status whose standing is
 * accepted (`SEAT_STATUSES` in machines/review.machine.ts: a decision still held, a payment chosen, paid), of
 * applications not erased (an erased acceptance frees its seat, as the queue's chips leave it out: decision 218). Plain
 * functions only: Get Started imports this file, without the chart. While seats are free nobody is waitlisted; a cohort that
 * is full or closed sends new applications on to the next one, and the applicant is told so before they start.
 */
import { formatDay } from './landingCohort';

export interface CohortSeats {
  /** YYYY-MM-DD; applications are taken to the end of this day. */
  application_deadline: string;
  seats: number;
  /** Seats held by acceptances (`SEAT_STATUSES`) not erased. */
  taken: number;
}

export type CohortOpenness = 'open' | 'full' | 'closed';

/** Whether a cohort takes an application submitted on `today` (YYYY-MM-DD). */
export function cohortOpenness(cohort: CohortSeats, today: string): CohortOpenness {
  if (today > cohort.application_deadline) return 'closed';
  return cohort.taken >= cohort.seats ? 'full' : 'open';
}

/** The seat one more acceptance would take, and whether that is past the cap (staff confirm an overbooking). */
export const nextSeat = ({ seats, taken }: Pick<CohortSeats, 'seats' | 'taken'>) => ({
  seat: taken + 1,
  overbooks: taken + 1 > seats,
});

/** What Get Started says of the cohort an application started now is for, and of the full one it replaces. */
export const cohortNotice = (cohort: {
  name: string;
  start_date: string;
  full?: { name: string };
}): string =>
  cohort.full
    ? SEAT_MESSAGES.full(cohort.full.name, cohort.name, formatDay(cohort.start_date))
    : SEAT_MESSAGES.open(cohort.name);

export const SEAT_MESSAGES = {
  open: (cohort: string) => `Applications are open for ${cohort}.`,
  /** Get Started, when the cohort open now has no seat left: the applicant learns it before they begin. */
  full: (full: string, next: string, start: string) =>
    `${full} is full, so new applications are for ${next}, which starts on ${start}. You can apply now and keep your place for it.`,
  /** Staff, before an acceptance past the cap. */
  overbook: (seat: number, seats: number) => `This takes seat ${seat} of ${seats}.`,
} as const;
