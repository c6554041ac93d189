/**
 * The application actor's transitions, for the browser tests' coverage (tests/e2e/model.test.ts). Off unless a test
 * has put an array at `window.__machineTrace` before the app starts; the product never sets it.
 */
import type { AnyMachineSnapshot, InspectionEvent } from 'xstate';

export interface TraceEntry {
  /** The transition's source state; '' for the actor's first snapshot, which no transition makes. */
  source: string;
  eventType: string;
  targets: string[];
  /** The state nodes the actor is in afterwards. */
  nodes: string[];
}

declare global {
  interface Window {
    __machineTrace?: TraceEntry[];
  }
}

export function machineTrace(): ((event: InspectionEvent) => void) | undefined {
  const trace = globalThis.window?.__machineTrace;
  if (!Array.isArray(trace)) return undefined;
  const nodesOf = (snapshot: unknown) => (snapshot as AnyMachineSnapshot)._nodes.map((n) => n.id);
  return (e) => {
    // Only the application actor itself: its children's steps reach the same inspector.
    if (e.actorRef.sessionId !== e.rootId) return;
    if (e.type === '@xstate.snapshot' && e.event.type === 'xstate.init')
      trace.push({ source: '', eventType: e.event.type, targets: [], nodes: nodesOf(e.snapshot) });
    if (e.type !== '@xstate.microstep') return;
    const nodes = nodesOf(e.snapshot);
    for (const t of e._transitions)
      trace.push({
        source: t.source.id,
        eventType: t.eventType,
        targets: (t.target ?? []).map((n) => n.id),
        nodes,
      });
  };
}
