/**
 * What the pages and the submission email say comes next after submitting, in words that match the application
 * chart's next state (docs/decisions/121-a-decision-is-held-until-released.md): the success page's Continue opens
 * the video; the video's Continue opens the confirmation page, which shows where the application stands (a place to
 * confirm only once accepted). The quiz's questions are not counted in words: an admin publishes new versions with
 * 1 to 10 of them (decision 245), and an applicant keeps the version they started.
 */

/** One quiz (one moment in the video), whatever version the applicant has: not "a few short quizzes". */
export const QUIZ_WORDS = 'a short quiz';

export const NEXT_STEP_WORDS = {
  /** The success page; its Continue goes to the video (the chart's `success` → `selectionVideo`). */
  success: `Next, watch a short video by the Program Director and answer ${QUIZ_WORDS}.`,
  /** The video page; its Continue goes to the confirmation page (`selectionVideo` → `confirmation`). */
  selectionVideo: `Watch this short video from our Program Director to the end. It asks ${QUIZ_WORDS} along the way; then continue to see where your application stands.`,
  /** The submission email, before its link to the video page. */
  submittedEmail: `One more step: watch the short video from the Program Director and answer ${QUIZ_WORDS}:`,
  /** The submission email's link, a button in its HTML part. */
  videoLink: 'Watch the video',
  /** The video page opened signed out (the email's link on another phone): its button signs in, then comes back. */
  videoSignedOut:
    'You are not signed in on this phone. Anyone can watch, but only a signed-in applicant’s progress and quiz answers are saved: sign in with the email you applied with, and you come back here.',
} as const;
