/**
 * When an accepted applicant is asked to pay by (docs/decisions/016-cohorts.md): a fixed number of days
 * before their cohort starts, so the team knows who has taken their place before onboarding. The acceptance
 * banner and the acceptance email both word the cohort, its start and this date with `acceptanceDates`.
 */
import { formatDay } from './landingCohort';

export const PAY_BY_DAYS_BEFORE_START = 3;

/** '2025-03-10' → '2025-03-07': the cohort's start date less PAY_BY_DAYS_BEFORE_START days (calendar days, UTC). */
export function payByDate(startDate: string): string {
  const day = new Date(`${startDate}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - PAY_BY_DAYS_BEFORE_START);
  return day.toISOString().slice(0, 10);
}

/** The cohort an applicant is accepted into, as the server sends it (dates as YYYY-MM-DD). */
export interface AcceptedCohort {
  name: string;
  start_date: string;
}

/** The cohort's name, its start and the pay-by date as the banner and the email write them. */
export interface AcceptanceDates {
  cohort: string;
  start: string;
  payBy: string;
}

/** Null when the cohort or its start date is unknown: the words then name neither. */
export function acceptanceDates(cohort: AcceptedCohort | null | undefined): AcceptanceDates | null {
  if (!cohort?.name || !/^\d{4}-\d{2}-\d{2}$/.test(cohort.start_date)) return null;
  return {
    cohort: cohort.name,
    start: formatDay(cohort.start_date),
    payBy: formatDay(payByDate(cohort.start_date)),
  };
}

/** One sentence, for the banner and the email alike. */
export const acceptanceSentence = (dates: AcceptanceDates) =>
  `${dates.cohort} starts on ${dates.start}. Please pay the commitment fee by ${dates.payBy} to secure your place.`;
