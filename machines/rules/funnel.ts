/** The funnel's words for the submissions (the funnel's steps are the wizard's: machines/steps/index.ts). */
/**
 * Submissions, counted one way on every staff screen (decision 063): every submitted application, those sent to
 * eligibility review included, as the queue's total counts them. The funnel's success-page step cannot count those
 * (they never see that page, decision 008), so the funnel says how many they are beside it.
 */
export interface SubmissionCount {
  /** Every submitted application: the queue's total with no filter. */
  submitted: number;
  /** Of those, the ones scored action_required or ineligible and sent to eligibility review. */
  eligibilityReview: number;
}

export const submissionWords = ({ submitted, eligibilityReview }: SubmissionCount): string =>
  `${submitted} submitted, as the queue counts them: ${eligibilityReview} of them went to eligibility review and ` +
  `never see the success page, so that step counts ${submitted - eligibilityReview}.`;
