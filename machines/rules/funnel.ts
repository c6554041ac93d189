import { STEPS, type StepRow } from '../steps';

/**
 * The screens an applicant may see before the application exists (it is created when Communications is saved): the
 * wizard steps open to anyone or to the applicant's own answers (machines/screens.ts `Access`). The browser sends one
 * anonymous beacon for each (src/app/funnelBeacons.ts) and the funnel counts them (server/staff/funnel.ts).
 */
type BeaconRow = Extract<StepRow, { access: 'anyone' | 'ownAnswers' }>;
export type FunnelBeaconStep = BeaconRow['state'];

export const FUNNEL_BEACON_STEPS: readonly FunnelBeaconStep[] = STEPS.map((step) => step.row)
  .filter((row): row is BeaconRow => row.access === 'anyone' || row.access === 'ownAnswers')
  .map((row) => row.state);

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
