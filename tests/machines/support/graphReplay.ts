/**
 * Model-based testing for machines that invoke actors (docs/design.md §2a): `createTestModel` refuses them, so paths
 * come from the graph utilities with the `xstate.done.actor.*` / `xstate.error.actor.*` events listed explicitly,
 * and each path is replayed on a live actor whose invoked actors are stubs that never settle (the path delivers
 * their outcome). Coverage is computed from the machine definition and asserted, not printed.
 */
import { getAdjacencyMap, getShortestPaths, getStateNodes, type AdjacencyValue } from 'xstate/graph';
import { expect, it } from 'vitest';
import {
  createActor,
  fromPromise,
  initialTransition,
  transition,
  __unsafe_getAllOwnEventDescriptors as getAllOwnEventDescriptors,
  setup,
  type AnyEventObject,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  type AnyStateNode,
} from 'xstate';

export interface ModelStep {
  event: AnyEventObject;
  state: AnyMachineSnapshot;
}
export interface ModelPath {
  description: string;
  steps: ModelStep[];
}

type EventsOf = (snapshot: AnyMachineSnapshot) => AnyEventObject[];

const describeEvent = (e: AnyEventObject) => {
  const { type, ...rest } = e;
  return Object.keys(rest).length ? `${type} ${JSON.stringify(rest)}` : type;
};

/**
 * One path per transition of the reachable graph: the shortest path to each vertex, then each of its edges. This
 * takes every edge the events can take, which the transition coverage below checks against the definition.
 */
export function transitionPaths(
  machine: AnyStateMachine,
  input: unknown,
  events: EventsOf,
  /**
   * Which snapshots count as one vertex. By default the whole context; a machine whose context holds free text
   * passes the parts its guards depend on, which keeps the graph small and every transition in it.
   */
  serialize: (s: AnyMachineSnapshot) => string = (s) =>
    JSON.stringify({ value: s.value, context: s.context }),
): ModelPath[] {
  // Only the events the current state handles (a custom `events` list replaces the library's own filter).
  const handled = (snapshot: AnyMachineSnapshot) => {
    const own = new Set<string>(getAllOwnEventDescriptors(snapshot));
    return events(snapshot).filter((e) => own.has(e.type));
  };
  const options = { input, events: handled, serializeState: (s: AnyMachineSnapshot) => serialize(s) };
  const shortest = getShortestPaths(machine, options);
  const adjacency = getAdjacencyMap(machine, options);
  const toVertex = new Map(shortest.map((p) => [serialize(p.state), p.steps.slice(1).map((s) => s.event)]));
  const paths: ModelPath[] = [];
  for (const { state, transitions } of Object.values(adjacency) as AdjacencyValue<
    AnyMachineSnapshot,
    AnyEventObject
  >[]) {
    const head = toVertex.get(serialize(state));
    if (!head) throw new Error(`no path reaches ${serialize(state)}`);
    for (const { event } of Object.values(transitions)) {
      // A vertex stands for several snapshots, so the expected states are recomputed along this very path.
      let snapshot = initialTransition(machine, input)[0] as AnyMachineSnapshot;
      const steps = [...head, event].map((e) => {
        snapshot = transition(machine, snapshot, e)[0] as AnyMachineSnapshot;
        return { event: e, state: snapshot };
      });
      paths.push({ description: steps.map((s) => describeEvent(s.event)).join(' → '), steps });
    }
  }
  return paths;
}

export const stateIds = (machine: AnyStateMachine): string[] =>
  getStateNodes(machine.root).map((n: AnyStateNode) => n.id);

export function transitionKey(t: AnyTransitionDefinition): string {
  const source = t.source as AnyStateNode;
  const list: AnyTransitionDefinition[] =
    t.eventType === '' ? (source.always ?? []) : (source.transitions.get(t.eventType) ?? []);
  return `${source.id} ${t.eventType || 'always'} #${list.indexOf(t)}`;
}

/**
 * The eventless transitions an event's microsteps took, from the states they passed through: each transient state
 * was left by its first `always` whose targets the microsteps went on to enter.
 */
export function eventlessTaken(machine: AnyStateMachine, states: readonly string[]): string[] {
  return [...new Set(states)].flatMap((id) =>
    ((machine.getStateNodeById(id) as AnyStateNode).always ?? [])
      .filter((t: AnyTransitionDefinition) => (t.target ?? []).every((n) => states.includes(n.id)))
      .slice(0, 1)
      .map(transitionKey),
  );
}

/** Every transition the definition declares: events, invoke outcomes and eventless ones. */
export function transitionKeys(machine: AnyStateMachine): string[] {
  return [machine.root, ...getStateNodes(machine.root)].flatMap((node: AnyStateNode) => [
    ...[...node.transitions.values()].flat().map(transitionKey),
    ...(node.always ?? []).map(transitionKey),
  ]);
}

/** A context as JSON, apart from the parent a child reports to (the model's run has none). */
const withoutParent = (context: unknown) =>
  JSON.stringify(context, (key, value: unknown) => (key === 'parent' ? undefined : value));

export interface StubCall {
  src: string;
  input: unknown;
}

export interface Replay {
  visited: Set<string>;
  taken: Set<string>;
  /** Events the machine sent to its parent. */
  toParent: AnyEventObject[];
  /** Invoked actors, in order, with their input. */
  calls: StubCall[];
  snapshots: AnyMachineSnapshot[];
}

/**
 * Replays a path on `machine` (invoked as child `sut` of a small parent that records what it is sent) and checks
 * after each step that the live actor is exactly where the model says: same state, same context.
 */
export function replay(
  machine: AnyStateMachine,
  actorIds: readonly string[],
  input: unknown,
  path: ModelPath,
  check: (snapshot: AnyMachineSnapshot, result: Replay) => void = () => {},
): Replay {
  const result: Replay = { visited: new Set(), taken: new Set(), toParent: [], calls: [], snapshots: [] };
  const stubs = Object.fromEntries(
    actorIds.map((src) => [
      src,
      fromPromise(({ input: stubInput }: { input: unknown }) => {
        result.calls.push({ src, input: stubInput });
        return new Promise<never>(() => {});
      }),
    ]),
  );
  const sut = machine.provide({ actors: stubs });
  const parent = setup({ actors: { sut } }).createMachine({
    // A child machine reports to the parent given in its input; the others ignore it.
    invoke: {
      id: 'sut',
      src: 'sut',
      input: ({ self }: { self: AnyActorRef }) => ({ ...(input as object), parent: self }) as never,
    },
    on: {
      '*': {
        actions: ({ event }) => {
          if (!event.type.startsWith('xstate.')) result.toParent.push(event);
        },
      },
    },
  });
  const actor = createActor(parent, {
    inspect: (e) => {
      if (e.type === '@xstate.microstep' && (e.actorRef as { id?: string }).id === 'sut') {
        e._transitions.forEach((t) => {
          result.taken.add(transitionKey(t));
          // A transient state (left at once by an eventless transition) is visited without ever being a snapshot.
          result.visited.add((t.source as AnyStateNode).id);
        });
      }
    },
  });
  actor.start();
  const child = () => actor.getSnapshot().children.sut;
  const record = (snapshot: AnyMachineSnapshot) => {
    snapshot._nodes.forEach((n: AnyStateNode) => result.visited.add(n.id));
    result.snapshots.push(snapshot);
  };
  record(child()!.getSnapshot());
  for (const step of path.steps) {
    const ref = child();
    if (!ref) throw new Error(`the machine stopped before ${describeEvent(step.event)}`);
    ref.send(step.event);
    const snapshot = ref.getSnapshot() as AnyMachineSnapshot;
    record(snapshot);
    // The running machine is where the model says, with the context the model says.
    expect(snapshot.value, `after ${describeEvent(step.event)}: the state`).toEqual(step.state.value);
    expect(withoutParent(snapshot.context), `after ${describeEvent(step.event)}: the context`).toBe(
      withoutParent(step.state.context),
    );
    check(snapshot, result);
  }
  actor.stop();
  return result;
}

/** Replays every path and returns what no path reached: both lists must be empty. */
export function uncovered(
  machine: AnyStateMachine,
  actorIds: readonly string[],
  input: unknown,
  paths: readonly ModelPath[],
): { states: string[]; transitions: string[] } {
  const visited = new Set<string>();
  const taken = new Set<string>();
  for (const path of paths) {
    const r = replay(machine, actorIds, input, path);
    r.visited.forEach((s) => visited.add(s));
    r.taken.forEach((t) => taken.add(t));
  }
  return {
    states: stateIds(machine).filter((id) => !visited.has(id)),
    transitions: transitionKeys(machine).filter((k) => !taken.has(k)),
  };
}

/** One test a path, named by it: the path replayed with `check` looking at every snapshot. */
export function replayEach(
  machine: AnyStateMachine,
  actorIds: readonly string[],
  input: unknown,
  paths: readonly ModelPath[],
  check: (snapshot: AnyMachineSnapshot, result: Replay) => void,
): void {
  it.each(paths.map((p) => [p.description, p] as const))('%s', (_, path) => {
    replay(machine, actorIds, input, path, check);
  });
}

/**
 * Expects the paths together to visit every state and take every transition; returns what the first path alone
 * leaves out, for the test to show that the check can fail.
 */
export function expectEveryStateAndTransition(
  machine: AnyStateMachine,
  actorIds: readonly string[],
  input: unknown,
  paths: readonly ModelPath[],
): { states: string[]; transitions: string[] } {
  expect(uncovered(machine, actorIds, input, paths)).toEqual({ states: [], transitions: [] });
  return uncovered(machine, actorIds, input, paths.slice(0, 1));
}
