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
