/**
 * A staff page that shows one resource and may change it: the team (add, remove), the audit log and the funnel
 * (read only). It loads, then a change is saved and the resource loads again, so the page shows what the server
 * stored. `load` and `save` are actors given with `.provide()` (src/staff/staffActors.ts).
 */
import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from './notProvided';
import type { ErrorMap } from './rules/messages';
import { STAFF_MESSAGES } from './rules/staff';
import type { StaffFailure } from './staffSession.machine';

export interface StaffResourceContext {
  data: unknown;
  errors: ErrorMap;
  message?: string;
  notice?: string;
}

export type StaffResourceEvent = { type: 'SAVE'; request: unknown } | { type: 'RETRY' };

const failureOf = (error: unknown): StaffFailure =>
  typeof error === 'object' && error !== null && 'message' in error
    ? { message: String((error as StaffFailure).message), errors: (error as StaffFailure).errors }
    : { message: STAFF_MESSAGES.unreachable };

export const staffResourceMachine = setup({
  types: {
    context: {} as StaffResourceContext,
    events: {} as StaffResourceEvent,
    // busy: a call the person waits on is under way.
    tags: {} as 'busy',
  },
  actors: {
    load: fromPromise<unknown>(notProvided('load')),
    /** Resolves with what to tell the person ('Added to the team'). */
    save: fromPromise<string, unknown>(notProvided('save')),
  },
}).createMachine({
  id: 'staffResource',
  initial: 'loading',
  context: { data: null, errors: {} },
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: assign({ message: ({ event }) => failureOf(event.error).message }),
        },
      },
    },
    failed: {
      on: { RETRY: { target: 'loading', actions: assign({ message: undefined }) } },
    },
    ready: {
      on: {
        SAVE: { target: 'saving', actions: assign({ errors: {}, message: undefined, notice: undefined }) },
      },
    },
    saving: {
      tags: 'busy',
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ event }: { event: StaffResourceEvent }) => (event.type === 'SAVE' ? event.request : null),
        onDone: { target: 'loading', actions: assign({ notice: ({ event }) => event.output }) },
        onError: {
          target: 'ready',
          actions: assign(({ event }) => {
            const f = failureOf(event.error);
            return { message: f.message, errors: f.errors ?? {} };
          }),
        },
      },
    },
  },
});
