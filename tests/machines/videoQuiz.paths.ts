/**
 * The videoQuiz model's path generation, shared by the machine test and the screen test.
 *
 * `createTestModel` refuses machines that invoke actors (DESIGN §2a), so the paths come from the graph utilities:
 * the adjacency map of an abstracted state space, the shortest path to every abstract state, and then, greedily,
 * one path per state-and-event edge that takes a transition of the machine definition no earlier path took.
 */
import type { AnyStateNode, EventFrom, SnapshotFrom, StateValue } from 'xstate';
import { getAdjacencyMap, getShortestPaths, getStateNodes } from 'xstate/graph';
import {
  FIRST_QUIZ,
  SEEK_SLACK,
  videoQuizMachine,
  type VideoQuizEvent,
  type VideoQuizInput,
} from '../../machines/videoQuiz.machine';

export type SaveActorId = 'manualSave' | 'autoSave';
export type ModelEvent =
  | VideoQuizEvent
  | { type: `xstate.done.actor.${SaveActorId}` }
  | { type: `xstate.error.actor.${SaveActorId}`; error: string };

type Machine = typeof videoQuizMachine;
type Snapshot = SnapshotFrom<Machine>;
type AnyTransition = { source: AnyStateNode; eventType: string };

/** A short stand-in video: 60 s long, quiz at 30 s, rewatch from 0. */
export const MODEL_DURATION = 60;
export const MODEL_INPUT: VideoQuizInput = {
  videoProgress: 0,
  isVideoEnded: false,
  attemptCounter: 0,
  quizTime: 30,
  rewatchTime: 0,
};

export const MODEL_EVENTS: readonly ModelEvent[] = [
  { type: 'VIDEO.LOADED', duration: MODEL_DURATION },
  { type: 'VIDEO.TIME', time: 10 },
  { type: 'VIDEO.TIME', time: 30 },
  { type: 'VIDEO.SEEKING', time: 50 },
  { type: 'VIDEO.SEEKING', time: 0 },
  { type: 'VIDEO.ENDED' },
  { type: 'VIDEO.ERROR' },
  // The server's answer with the applicant's version (decision 245): here version 1, which the screens' words follow.
  { type: 'QUIZ.VERSION', quiz: FIRST_QUIZ },
  { type: 'QUIZ.ANSWER', question: 1, value: 'C' },
  { type: 'QUIZ.ANSWER', question: 1, value: 'A' },
  { type: 'QUIZ.ANSWER', question: 2, value: 'C' },
  { type: 'QUIZ.SUBMIT' },
  { type: 'QUIZ.SKIP' },
  { type: 'RESULT.CONTINUE' },
  { type: 'RESULT.RETRY' },
  { type: 'RESULT.REWATCH' },
  { type: 'NOTICE.DISMISS' },
  { type: 'PROGRESS.SUBMIT' },
  { type: 'PROGRESS.CONFIRM' },
  { type: 'PROGRESS.CANCEL' },
  { type: 'CONTINUE' },
  { type: 'xstate.done.actor.manualSave' },
  { type: 'xstate.error.actor.manualSave', error: 'offline' },
  { type: 'xstate.done.actor.autoSave' },
  { type: 'xstate.error.actor.autoSave', error: 'offline' },
];

/**
 * The abstraction the traversal works on: the state value plus only the context that changes what an event does
 * (answers matter only while the quiz is open; positions only through 'ended', 'quiz done' and whether there is
 * a watched part to seek back into).
 */
export const serializeModelState = (s: Snapshot) =>
  JSON.stringify({
    value: s.value,
    status: s.status,
    ended: s.context.isVideoEnded,
    quizDone: s.context.quizDone,
    watched: s.context.furthest > SEEK_SLACK,
    tries: s.context.autoSaveTries,
    quiz: s.matches({ active: { player: 'quiz' } }) ? [s.context.answers, s.context.quizIncomplete] : null,
  });

/** A transition of the definition, named so that two instances of the machine (`.provide()`) agree. */
export function transitionKey(t: AnyTransition): string {
  const siblings = (t.source.transitions.get(t.eventType) ?? []) as unknown[];
  return `${t.source.id} on ${t.eventType} #${siblings.indexOf(t)}`;
}

export function definitionStates(machine: Machine = videoQuizMachine): string[] {
  return [machine.root, ...getStateNodes(machine.root)].map((n) => n.id);
}

export function definitionTransitions(machine: Machine = videoQuizMachine): string[] {
  return [machine.root, ...getStateNodes(machine.root)].flatMap((node) =>
    [...node.transitions.values()].flat().map((t) => transitionKey(t)),
  );
}

export interface ModelStep {
  event: ModelEvent;
  /** The state value the model reaches after the event. */
  value: StateValue;
  status: Snapshot['status'];
}

export interface ModelPath {
  description: string;
  steps: ModelStep[];
  /** The definition transitions this path was chosen for. */
  covers: string[];
}

const traversal = {
  input: MODEL_INPUT,
  events: MODEL_EVENTS as unknown as EventFrom<Machine>[],
  serializeState: serializeModelState,
  // Only events that do something: this keeps the graph to the machine's real edges.
  filterEvents: (s: Snapshot, e: EventFrom<Machine>) => s.status === 'active' && s.can(e),
};

const describe = (e: ModelEvent) => {
  const { type, ...rest } = e;
  return Object.keys(rest).length ? `${type} ${JSON.stringify(rest)}` : type;
};

type Adjacency = Record<
  string,
  { state: Snapshot; transitions: Record<string, { event: EventFrom<Machine>; state: Snapshot }> }
>;

let cache: ModelPath[] | undefined;

export function transitionCoveringPaths(): ModelPath[] {
  if (cache) return cache;
  const machine = videoQuizMachine;
  // getAdjacencyMap's declaration refers to a second copy of xstate's types (the .d.mts build), which TypeScript
  // holds unrelated to the machine's; the runtime values are the same, so the map is typed here by hand.
  const adjacency = getAdjacencyMap(machine as never, traversal as never) as unknown as Adjacency;
  const shortest = new Map(
    getShortestPaths(machine, traversal).map((p) => [serializeModelState(p.state), p] as const),
  );
  const sources = [...shortest.values()].sort((a, b) => a.weight - b.weight);
  const covered = new Set<string>();
  const paths: ModelPath[] = [];

  for (const source of sources) {
    const edges = adjacency[serializeModelState(source.state)]?.transitions ?? {};
    for (const { event, state: next } of Object.values(edges)) {
      const keys = machine.getTransitionData(source.state, event).map((t) => transitionKey(t));
      const fresh = keys.filter((k) => !covered.has(k));
      if (fresh.length === 0) continue;
      fresh.forEach((k) => covered.add(k));
      // Graph steps carry the event that led to each state; the first one is the initial state (xstate.init).
      const steps: ModelStep[] = source.steps
        .filter((s) => (s.event.type as string) !== 'xstate.init')
        .map((s) => ({ event: s.event as ModelEvent, value: s.state.value, status: s.state.status }));
      steps.push({ event: event as ModelEvent, value: next.value, status: next.status });
      paths.push({
        description: steps.map((s) => describe(s.event)).join(' → '),
        steps,
        covers: fresh,
      });
    }
  }
  cache = paths;
  return paths;
}
