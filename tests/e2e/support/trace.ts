/**
 * The application actor's transitions as the browser took them (src/app/trace.ts records them when a test asks),
 * collected from every page of a context, and mapped onto the keys of tests/machines/support/graphReplay.ts.
 */
import type { BrowserContext } from 'playwright-core';
import type { AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { applicationMachine, ROUTES } from '../../../machines/application.machine';
import { transitionKey } from '../../machines/support/graphReplay';
import type { TraceEntry } from '../../../src/app/trace';

export type { TraceEntry };

/**
 * Makes every page of the context record into one list: the app pushes onto `window.__machineTrace`, and each push
 * is forwarded to the test at once, so a reload or a closed page loses nothing.
 */
export async function recordTrace(context: BrowserContext): Promise<TraceEntry[]> {
  const trace: TraceEntry[] = [];
  await context.exposeFunction('__traceSink', (entries: TraceEntry[]) => {
    trace.push(...entries);
  });
  await context.addInitScript(() => {
    const target = window as unknown as {
      __machineTrace: unknown[];
      __traceSink: (entries: unknown[]) => Promise<void>;
    };
    const entries: unknown[] = [];
    const push = entries.push.bind(entries);
    entries.push = (...items: unknown[]) => {
      void target.__traceSink(items);
      return push(...items);
    };
    target.__machineTrace = entries;
  });
  return trace;
}

const sameTargets = (t: AnyTransitionDefinition, targets: string[]) => {
  const ids = (t.target ?? []).map((n: AnyStateNode) => n.id);
  return ids.length === targets.length && ids.every((id, i) => id === targets[i]);
};

/**
 * The definition's transition that a trace entry took. Source, event and targets name it, except for the
 * NAVIGATE that keeps a screen: one per screen, all without a target; the screen the actor is on tells which.
 */
export function keyOf(entry: TraceEntry): string {
  const source = applicationMachine.getStateNodeById(entry.source);
  const list: AnyTransitionDefinition[] =
    entry.eventType === '' ? (source.always ?? []) : (source.transitions.get(entry.eventType) ?? []);
  let candidates = list.filter((t) => sameTargets(t, entry.targets));
  if (candidates.length > 1 && entry.eventType === 'NAVIGATE') {
    candidates = candidates.filter((t) => {
      const screen = ROUTES[Math.floor(list.indexOf(t) / 2)].state;
      return entry.nodes.includes(`application.${screen}`);
    });
  }
  if (candidates.length !== 1)
    throw new Error(`trace entry matches ${candidates.length} transitions: ${JSON.stringify(entry)}`);
  return transitionKey(candidates[0]);
}

/** The states entered and transitions taken in a trace. */
export function covered(trace: readonly TraceEntry[]): { states: Set<string>; transitions: Set<string> } {
  const states = new Set<string>();
  const transitions = new Set<string>();
  for (const entry of trace) {
    entry.nodes.forEach((id) => states.add(id));
    if (!entry.source) continue;
    states.add(entry.source);
    transitions.add(keyOf(entry));
  }
  return { states, transitions };
}
