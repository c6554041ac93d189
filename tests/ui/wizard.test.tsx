/**
 * The generated paths of the application model, replayed on the rendered app (jsdom): a person's steps through
 * the UI, the server's answers delivered as the model lists them, and after each step the screen, URL, progress,
 * counter, dialogs and red alerts the model's state implies.
 */
import { describe, expect, it } from 'vitest';
import type { AnyTransitionDefinition } from 'xstate';
import { applicationMachine } from '../../machines/application.machine';
import { coveringPaths } from '../machines/application.model';
import { stateIds, transitionKey, transitionKeys } from '../machines/support/graphReplay';
import { replayInApp, type AppReplay } from './support/wizardReplay';

/**
 * NAVIGATE's "stay on this screen" transitions (no target). The paths take them with a NAVIGATE to the address
 * already shown, and the app sends nothing then: the URL did not change, so there is nothing to tell the machine.
 */
const STAY_PUT = new Set(
  (applicationMachine.root.transitions.get('NAVIGATE') ?? [])
    .filter((t: AnyTransitionDefinition) => !t.target)
    .map(transitionKey),
);

describe('the wizard replays the generated paths', () => {
  const paths = coveringPaths();
  const result: AppReplay = { taken: new Set(), visited: new Set() };
  let replayed = 0;

  it.each(paths.map((p, i) => [i + 1, p.description, p] as const))('path %i: %s', async (_i, _name, path) => {
    await replayInApp(path, result);
    replayed += 1;
  });

  it('and through the UI they take every state, and every transition a person can reach', () => {
    expect(replayed, 'every path replayed first').toBe(paths.length);
    expect(stateIds(applicationMachine).filter((id) => !result.visited.has(id))).toEqual([]);
    const untaken = transitionKeys(applicationMachine).filter((k) => !result.taken.has(k));
    expect(untaken.filter((k) => !STAY_PUT.has(k))).toEqual([]);
  });
});
