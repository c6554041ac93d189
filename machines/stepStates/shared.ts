/**
 * Pieces of state that several steps share. Pure data: the steps' states (machines/stepStates/) are built from them.
 */
import type { ApplicationMachineContext } from '../persistence';
import { MESSAGES } from '../rules/messages';
import type { ValidationGroup } from '../validation';

/** SAVE on a form: on to `target` when the group's answers are valid, otherwise its messages as red alerts. */
export const whenValid = (group: ValidationGroup, target: string, only?: readonly string[]) => {
  const params = only ? { group, only } : { group };
  return [
    { guard: { type: 'valid', params }, target, actions: 'clearErrors' },
    { actions: { type: 'showErrors', params } },
  ] as const;
};

/** The 'Yes, continue' / 'Edit' dialog before a save that cannot be undone. */
export const confirmStep = { tags: 'dialog', on: { CONFIRM: 'saving', CANCEL: 'editing' } } as const;

/**
 * The state after a step, as its state's target: the next step in the list of steps (machines/steps/index.ts), or the
 * submission's after the last one. The chart hands it to each step's state (machines/application.machine.ts), so no
 * step names the one after it.
 */
export type NextStep = `#application.${string}`;

/** A form step's state: no stale alerts on arrival, and its form (`editing`) first (the chart adds its meta). */
export const formStep = <States>(states: States) =>
  ({ entry: 'clearErrors', initial: 'editing', states }) as const;

/**
 * A step's save: busy while the actor `src` runs with the payload read from the context; then `onDone`, or back to
 * the form with the server's messages (the catalogue's fallback when it gave none).
 */
export const savingStep = <Src extends string, Input, Done>(
  src: Src,
  input: (context: ApplicationMachineContext) => Input,
  onDone: Done,
) =>
  ({
    tags: 'busy',
    invoke: {
      src,
      id: src,
      input: ({ context }: { context: ApplicationMachineContext }) => input(context),
      onDone,
      onError: {
        target: 'editing',
        actions: { type: 'showFailure', params: { fallback: MESSAGES.genericSave } },
      },
    },
  }) as const;

/** The wait the server named with a code it sent. */
export const waitAsTold = ({ event }: { event: { output: { retryAfter: number } } }) => ({
  retryAfter: event.output.retryAfter,
});
