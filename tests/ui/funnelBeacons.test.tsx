/** The wizard's anonymous funnel beacons: once per step before an application exists, with no cookie or identifier. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applicationMachine, type ApplicationSnapshot } from '../../machines/application.machine';
import { paths } from '../../machines/rules/contract';
import { beaconStepOf, postBeacon, sendFunnelBeacons } from '../../src/app/funnelBeacons';

const at = (value: string, context: { existing?: boolean; submitted?: boolean } = {}) =>
  applicationMachine.resolveState({
    value,
    context: { existing: false, submitted: false, ...context } as ApplicationSnapshot['context'],
  }) as ApplicationSnapshot;

/** An actor stand-in that replays the given snapshots to its one listener. */
function replay(snapshots: ApplicationSnapshot[]) {
  let listener: (s: ApplicationSnapshot) => void = () => {};
  return {
    actor: {
      subscribe: (l: (s: ApplicationSnapshot) => void) => {
        listener = l;
        return { unsubscribe: () => (listener = () => {}) };
      },
    },
    run: () => snapshots.forEach((s) => listener(s)),
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('funnel beacons', () => {
  it('counts Get Started, Bio Data and Communications once each, and nothing once an application exists', () => {
    const sent: string[] = [];
    const { actor, run } = replay([
      at('getStarted'),
      at('biodata'),
      at('getStarted'),
      at('biodata'),
      at('communications'),
      at('verifyEmail'),
      at('eligibility'),
    ]);
    sendFunnelBeacons(actor, (step) => sent.push(step));
    run();
    expect(sent).toEqual(['getStarted', 'biodata', 'communications']);
    expect(beaconStepOf(at('biodata', { existing: true }))).toBeNull();
    expect(beaconStepOf(at('getStarted', { submitted: true }))).toBeNull();
  });

  it('posts only the step to our own API, without cookies, and a failure reaches nobody', async () => {
    const fetch = vi.fn().mockRejectedValue(new TypeError('offline'));
    vi.stubGlobal('fetch', fetch);
    expect(() => postBeacon('biodata')).not.toThrow();
    await Promise.resolve();
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(paths.funnelStep);
    expect(init.credentials).toBe('omit');
    expect(JSON.parse(init.body as string)).toEqual({ step: 'biodata' });
  });
});
