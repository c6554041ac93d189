/**
 * What an applicant reads about their application after staff decide, in the voice of the decision emails
 * (server/staff/emails.ts): where they stand and what comes next.
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
  under_review: {
    title: 'Your application is under review',
    text: 'Thank you for applying. Our team is reviewing your application, and we will email you as soon as a decision is made. You do not need to do anything now.',
  },
  waitlisted: {
    title: (cohort: string) => `You are on the waitlist for ${cohort}`,
    text: (cohort: string) =>
      `${cohort} is full, so you are on its waitlist. If a place opens up we will write to you at once, and if not, we will keep your application for the next cohort. You do not need to do anything now.`,
  },
  not_successful: {
    title: 'We cannot offer you a place this time',
    text: (cohort: string) =>
      `Thank you for the time you gave your application to ${cohort}. We are sorry: we cannot offer you a place this time.`,
    next: 'This is not the end of the road. You are welcome to apply again for the next cohort, and if the fee was what held you back, financial aid covers up to 30% of it.',
  },
  withdrawn: {
    title: 'Your application has been withdrawn',
    text: 'This application is no longer being considered. If this is a mistake, write to us and we will look into it.',
  },
  /** The short line the success page shows. */
  line: {
    under_review: 'Under review: we will email you as soon as a decision is made.',
    accepted: 'Accepted: watch the video, then confirm your place on the confirmation page.',
    waitlisted: 'On the waitlist: we will write to you if a place opens up.',
    not_successful: 'Not successful this time: your confirmation page says what you can do next.',
    withdrawn: 'Withdrawn: this application is no longer being considered.',
  } satisfies Record<Standing, string>,
} as const;

/** The success page's one line for a standing, naming the cohort the application is for when it is known. */
export function standingLine(standing: Standing, cohort?: string): string {
  if (standing === 'under_review' && cohort)
    return `Under review for ${cohort}: we will email you as soon as a decision is made.`;
  return STANDING_MESSAGES.line[standing];
}

/**
 * The confirmation page's heading at each step of the application machine's `confirmation.standing` region; null
 * for `accepted`, whose heading is the acceptance banner's (the screen table's).
 */
export function standingHeading(step: string | null, cohort: string): string | null {
  switch (step) {
    case 'accepted':
      return null;
    case 'underReview':
      return STANDING_MESSAGES.under_review.title;
    case 'waitlisted':
      return STANDING_MESSAGES.waitlisted.title(cohort || 'the next cohort');
    case 'notSuccessful':
      return STANDING_MESSAGES.not_successful.title;
    case 'withdrawn':
      return STANDING_MESSAGES.withdrawn.title;
    case 'signedOut':
      return STANDING_MESSAGES.signedOut.title;
    default:
      return STANDING_MESSAGES.checkingTitle;
  }
}
