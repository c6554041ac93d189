/**
 * Why an application is on a waitlist, as far as the product knows it (docs/decisions/012-emails.md):
 * every seat of its cohort is taken; or it went to the next cohort's waitlist when it was submitted, because the
 * cohort applied for was closed or full; or neither, and staff chose the waitlist with seats free. The email says the
 * first that holds, and claims no reason it does not have.
 */
export type WaitlistReason = 'full' | 'placed' | 'chosen';

export interface WaitlistFacts {
  /** The cohort's seats, and how many acceptances hold (machines/rules/seats.ts); null when it has no cohort. */
  seats: { seats: number; taken: number } | null;
  /** The application went to this cohort's waitlist at submission (applications.waitlisted). */
  placedAtSubmission: boolean;
}

export function waitlistReason({ seats, placedAtSubmission }: WaitlistFacts): WaitlistReason {
  if (seats && seats.taken >= seats.seats) return 'full';
  return placedAtSubmission ? 'placed' : 'chosen';
}

/** The waitlist email's sentence for each reason (`{{waitlist_reason}}`, machines/rules/mailTemplates.ts). */
export const WAITLIST_REASONS: Record<WaitlistReason, (cohort: string) => string> = {
  full: (cohort) => `${cohort} is full, so you are on its waitlist.`,
  placed: (cohort) =>
    `The cohort you applied for was closed or full when you applied, so you are on the waitlist for ${cohort}.`,
  chosen: (cohort) => `Our team has placed you on the waitlist for ${cohort}.`,
};
