/**
 * What an applicant reads about their application after staff decide, in the voice of the decision emails
 * (server/review/emails.ts): where they stand and what comes next.
 */
import type { Standing } from '../review.machine';

export const STANDING_MESSAGES = {
  /** The heading while the page checks, or when the check failed. */
  checkingTitle: 'Your application',
  loading: 'Checking where your application stands…',
  unavailable: 'We could not check where your application stands. Check your connection and try again.',
  signedOut: {
    title: 'Sign in to see where your application stands',
    text: 'Enter the email you applied with and the code we send you: your decision and its next steps are on this page.',
  },
  /** Get Started as the sign-in "Continue with your email" opens: no cohort, no step count (decision 227). */
  signIn: {
    title: 'Sign in',
    lede: 'Enter the email address you applied with. We will email you a code, then show you where your application stands.',
  },
  accepted: {
    title: 'Congratulations, you have been accepted!',
  },
  under_review: {
    title: 'Your application is under review',
    text: 'Thank you for applying. Our team is reviewing your application, and we will email you as soon as a decision is made. You do not need to do anything now.',
  },
  waitlisted: {
    title: (cohort: string) => `You are on the waitlist for ${cohort}`,
    text: (cohort: string) =>
      // No reason given: the page does not know one, and "full" with seats free was false (decision 012).
      `If we can offer you a place in ${cohort} we will write to you at once, and if not, we will keep your application for the next cohort. You do not need to do anything now.`,
  },
  not_successful: {
    title: 'We cannot offer you a place this time',
    text: (cohort: string) =>
      `Thank you for the time you gave your application to ${cohort}. We are sorry: we cannot offer you a place this time.`,
    next: 'This is not the end of the road. The fee played no part in this decision: it is asked for only once a place is offered. You are welcome to apply again for the next cohort, and if the fee would be hard for you then, financial aid can cover part of it.',
  },
  withdrawn: {
    title: 'Your application has been withdrawn',
    text: 'This application is no longer being considered. If this is a mistake, write to us and we will look into it.',
  },
} as const;

/**
 * The one message for a standing (the review chart's `meta.standing`), the same on every applicant page that says
 * where an application stands: the success page, the confirmation page and a returning applicant's standing page
 * (docs/decisions/121-a-decision-is-held-until-released.md). `cohort` is the cohort the application is for, '' if unknown.
 */
export function standingMessage(standing: Standing, cohort: string): string {
  switch (standing) {
    case 'accepted':
      return STANDING_MESSAGES.accepted.title;
    case 'under_review':
      return cohort
        ? `${STANDING_MESSAGES.under_review.title} for ${cohort}`
        : STANDING_MESSAGES.under_review.title;
    case 'waitlisted':
      return STANDING_MESSAGES.waitlisted.title(cohort || 'the next cohort');
    case 'not_successful':
      return STANDING_MESSAGES.not_successful.title;
    case 'withdrawn':
      return STANDING_MESSAGES.withdrawn.title;
  }
}

/** The steps of the application machine's `confirmation.standing` region that show a standing, and which one. */
const STEP_STANDING: Record<string, Standing> = {
  accepted: 'accepted',
  underReview: 'under_review',
  waitlisted: 'waitlisted',
  notSuccessful: 'not_successful',
  withdrawn: 'withdrawn',
};

/** The confirmation page's heading at each step of the application machine's `confirmation.standing` region. */
export function standingHeading(step: string | null, cohort: string): string {
  const standing = step ? STEP_STANDING[step] : undefined;
  if (standing) return standingMessage(standing, cohort);
  return step === 'signedOut' ? STANDING_MESSAGES.signedOut.title : STANDING_MESSAGES.checkingTitle;
}
