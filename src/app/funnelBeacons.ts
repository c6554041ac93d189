/**
 * The funnel's anonymous step beacons (docs/decisions/063-the-funnel.md): while no application exists, each step
 * of the wizard the person opens is counted once per page load. Read from the machine's state and its screen
 * meta, so the statechart needs nothing for it. The request carries no cookie and no identifier (`credentials:
 * 'omit'`, only the step's name), goes to our own origin (the Content-Security-Policy's connect-src 'self'), and
 * is never waited for: a failed beacon is lost, the wizard goes on.
 */
import { currentScreen, type ApplicationSnapshot } from '../../machines/application.machine';
import { paths } from '../../machines/rules/contract';
import { FUNNEL_BEACON_STEPS, type FunnelBeaconStep } from '../../machines/steps';
import { screenAt } from '../../machines/screens';

/** The beacon step a snapshot shows, or null: another screen, or an application already exists. */
export function beaconStepOf(snapshot: ApplicationSnapshot): FunnelBeaconStep | null {
  if (snapshot.context.existing || snapshot.context.submitted) return null;
  const path = currentScreen(snapshot)?.path;
  const state = path === undefined ? undefined : screenAt(path)?.state;
  return (FUNNEL_BEACON_STEPS as readonly string[]).includes(state ?? '')
    ? (state as FunnelBeaconStep)
    : null;
}

export const postBeacon = (step: FunnelBeaconStep): void => {
  fetch(paths.funnelStep, {
    method: 'POST',
    credentials: 'omit',
    keepalive: true,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ step }),
  }).catch(() => undefined);
};

/** Sends a beacon the first time each step is shown; returns the unsubscribe. */
export function sendFunnelBeacons(
  actor: { subscribe: (listener: (snapshot: ApplicationSnapshot) => void) => { unsubscribe: () => void } },
  post: (step: FunnelBeaconStep) => void = postBeacon,
): () => void {
  const sent = new Set<FunnelBeaconStep>();
  const { unsubscribe } = actor.subscribe((snapshot) => {
    const step = beaconStepOf(snapshot);
    if (step === null || sent.has(step)) return;
    sent.add(step);
    post(step);
  });
  return unsubscribe;
}
