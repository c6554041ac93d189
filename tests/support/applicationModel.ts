/**
 * What the two graphs of the application machine share: the jsdom one (tests/machines/application.model.ts, replayed
 * on the machine and on the screens) and the browser one (tests/e2e/support/browserModel.ts, replayed in Chromium
 * against the server). Each keeps its own idea of what the server answers and what a vertex is; the start, the
 * person's controls, the walk along a list of events and the shortest way to every vertex are written here once.
 */
import { initialTransition, transition, type AnyMachineSnapshot } from 'xstate';
import {
  applicationMachine,
  screenStateOf,
  type ApplicationEvent,
  type ApplicationInput,
} from '../../machines/application.machine';
import { OPTION_FULL_PAYMENT } from '../../machines/rules/payments';

export type Snapshot = AnyMachineSnapshot;

export const MODEL_NOW = 1_700_000_000_000;
export const MODEL_INPUT: ApplicationInput = { now: () => MODEL_NOW };

/**
 * The view a snapshot shows: its screen, and on eligibility the form or the result. A step that opens a new view
 * puts focus on that view's heading, where keyboard and screen-reader users start (both replays check it).
 */
export const viewOf = (s: Snapshot) =>
  `${screenStateOf(s)}${s.matches({ eligibility: { answers: 'result' } }) ? ' result' : ''}`;

/** The machine's first snapshot, as the models start it. */
export const start = () => initialTransition(applicationMachine, MODEL_INPUT)[0] as Snapshot;

/** The snapshot after each event of a list, from the start (invoked actors' outcomes are events too). */
export function walkEvents<E extends { type: string }>(events: E[]): { event: E; state: Snapshot }[] {
  let snapshot = start();
  return events.map((event) => {
    snapshot = transition(applicationMachine, snapshot as never, event as never)[0] as Snapshot;
    return { event, state: snapshot };
  });
}

/** A File serializes as {}: name it, or a good and a bad CV would be one edge. */
export const serializeEvent = (e: { type: string }) =>
  JSON.stringify(e, (_key, value: unknown) => (value instanceof File ? `file:${value.name}` : value));

/** An adjacency map with plain string keys (the graph library brands them). */
export type Graph<E> = Record<
  string,
  { state: Snapshot; transitions: Record<string, { event: E; state: Snapshot }> }
>;

/** Breadth-first from the start over one adjacency map: the fewest events that reach each vertex. */
export function shortestPaths<E>(adjacency: Graph<E>, serialize: (s: Snapshot) => string): Map<string, E[]> {
  const first = serialize(start());
  const paths = new Map<string, E[]>([[first, []]]);
  const queue = [first];
  while (queue.length) {
    const key = queue.shift()!;
    for (const { event, state } of Object.values(adjacency[key]?.transitions ?? {})) {
      const next = serialize(state);
      if (paths.has(next)) continue;
      paths.set(next, [...paths.get(key)!, event]);
      queue.push(next);
    }
  }
  return paths;
}

/** The vertices, nearest to the start first: paths chosen in this order stay short. */
export const byDistance = <E>(
  adjacency: Graph<E>,
  toVertex: Map<string, E[]>,
  serialize: (s: Snapshot) => string,
) =>
  Object.values(adjacency).sort(
    (a, b) =>
      (toVertex.get(serialize(a.state))?.length ?? 0) - (toVertex.get(serialize(b.state))?.length ?? 0),
  );

/**
 * The controls a person uses on the screens, whatever the model: buttons, dialogs, a payment choice, a reminder.
 * Each model adds what only it can send (a CV file, an upload's progress, the video's progress, a retry).
 */
export const PERSON_EVENTS: ApplicationEvent[] = [
  { type: 'SAVE' },
  { type: 'CONFIRM' },
  { type: 'CANCEL' },
  { type: 'DIALOG.CLOSE' },
  { type: 'RESEND' },
  { type: 'EMAIL.CHANGE' },
  { type: 'PROCEED' },
  { type: 'SUBMIT' },
  { type: 'CONTINUE' },
  { type: 'BACK' },
  { type: 'CV.HELP' },
  { type: 'CV.SENT' },
  { type: 'PAYMENT.CHOSEN', option: OPTION_FULL_PAYMENT },
  { type: 'PAYMENT.FAILED' },
  { type: 'REMINDER.SET', reminderDate: '2026-12-01T09:00:00.000Z' },
  { type: 'VIDEO.SUBMITTED' },
  { type: 'SIGN_OUT' },
  // "Continue with your email" on the confirmation or video page of a browser that proved nothing: Get Started as a
  // sign-in.
  { type: 'SIGN_IN' },
  // 'Try again' after the confirmation could not check where the application stands.
  { type: 'RETRY' },
];

/**
 * The events one button sends, whichever screen shows it: the jsdom replay and the Chromium driver press it by
 * this name.
 */
export const ONE_BUTTON: Partial<Record<ApplicationEvent['type'], string>> = {
  RESEND: 'Resend OTP',
  'EMAIL.CHANGE': 'Use a different email address',
  PROCEED: 'Proceed',
  SUBMIT: 'Submit Application',
  CONTINUE: 'Continue to Video',
  'CV.HELP': 'Help: I cannot upload my CV',
  'CV.SENT': 'I have sent it',
  SIGN_OUT: 'Sign out',
  SIGN_IN: 'Continue with your email',
  RETRY: 'Try again',
};
