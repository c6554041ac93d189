import type { ScreenState } from '../screens';

/**
 * The wizard's steps before an application exists (it is created when Communications is saved). The browser sends
 * one anonymous beacon for each (src/app/funnelBeacons.ts) and the funnel counts them (server/staff/funnel.ts).
 */
export const FUNNEL_BEACON_STEPS = [
  'getStarted',
  'biodata',
  'communications',
] as const satisfies readonly ScreenState[];
export type FunnelBeaconStep = (typeof FUNNEL_BEACON_STEPS)[number];
