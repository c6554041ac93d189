/**
 * A staff page that shows one resource and may change it: the team (add, remove), the audit log and the funnel
 * (read only). It loads, then a change is saved and the resource loads again, so the page shows what the server
 * stored. `load` and `save` are actors given with `.provide()` (src/staff/staffActors.ts).
 */
import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from './notProvided';
import type { BusyTag, NoMeta } from './tags';
import type { ErrorMap } from './rules/messages';
import { alertsOf, failedLoad, failureMessage, NO_ALERTS } from './staffFailure';

export interface StaffResourceContext {
  data: unknown;
  errors: ErrorMap;
  message?: string;
  notice?: string;
  /** A change asked for while the page was still loading: saved once it has loaded. */
  pending?: unknown;
}

export type StaffResourceEvent = { type: 'SAVE'; request: unknown } | { type: 'RETRY' };

/** What a page asks of the chart: loading, failed, ready (still so while a change is saved), busy while saving. */
export type StaffResourceTag = BusyTag | 'loading' | 'failed' | 'ready';

export const staffResourceMachine = setup({
  types: {
    context: {} as StaffResourceContext,
    events: {} as StaffResourceEvent,
    meta: {} as NoMeta,
    tags: {} as StaffResourceTag,
  },
  actors: {
    load: fromPromise<unknown>(notProvided('load')),
    /** Resolves with what to tell the person ('Added to the team'). */
    save: fromPromise<string, unknown>(notProvided('save')),
  },
  actions: {
    forgetFailure: assign({ message: undefined }),
  },
  guards: {
    savePending: ({ context }) => context.pending !== undefined,
  },
}).createMachine({
  id: 'staffResource',
  initial: 'loading',
  context: { data: null, errors: {} },
  states: {
    loading: {
      tags: 'loading',
      // A press during the load is held, not dropped: the page saves it as soon as it has loaded.
      on: { SAVE: { actions: assign({ pending: ({ event }) => event.request }) } },
      invoke: {
        id: 'load',
        src: 'load',
        onDone: [
          {
            guard: 'savePending',
            target: 'saving',
            actions: assign(({ event }) => ({ ...NO_ALERTS, data: event.output })),
          },
          { target: 'ready', actions: assign({ data: ({ event }) => event.output }) },
        ],
        // A page that did not load shows no form, so a held change goes with it rather than surprise after RETRY.
        onError: { target: 'failed', actions: assign({ message: failureMessage, pending: undefined }) },
      },
    },
    failed: failedLoad,
    ready: {
      tags: 'ready',
      on: {
        SAVE: {
          target: 'saving',
          actions: assign(({ event }) => ({ ...NO_ALERTS, pending: event.request })),
        },
      },
    },
    saving: {
      tags: ['busy', 'ready'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }: { context: StaffResourceContext }) => context.pending,
        onDone: {
          target: 'loading',
          actions: assign({ notice: ({ event }) => event.output, pending: undefined }),
        },
        onError: {
          target: 'ready',
          actions: assign(({ event }) => ({ ...alertsOf(event.error), pending: undefined })),
        },
      },
    },
  },
});
