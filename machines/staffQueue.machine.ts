/**
 * The staff queue (/staff): the page of applications the URL's view asks for, the rows ticked (or "all N
 * matching"), and a bulk decision that is previewed by the server (a dry run: how many, which email goes) before
 * an admin confirms it. Loading and deciding are actors given with `.provide()` (src/staff/staffActors.ts).
 */
import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from './notProvided';
import type { BusyTag, NoMeta } from './tags';
import { failedLoad, failTo, failureMessage } from './staffFailure';
import { BULK_EVENTS, type BulkEvent, type StaffBulkRequest, type StaffBulkResult } from './rules/staff/bulk';
import { type StaffQueuePage, type StaffQueueQuery } from './rules/staff/queue';
import { filterOf } from './rules/queueView';

/**
 * What the queue screen asks of a state (never its name): `loading` a page, the page `failed`, `ready` for ticks and
 * a bulk decision, a bulk decision `deciding` (its dialog open), `busy` while a call is under way.
 */
export type StaffQueueTag = BusyTag | 'loading' | 'failed' | 'ready' | 'deciding';

export interface StaffQueueContext {
  query: StaffQueueQuery;
  page: StaffQueuePage | null;
  selected: number[];
  /** Every application the filter matches, not only the ticked rows. */
  allMatching: boolean;
  bulkEvent: BulkEvent | null;
  /** With ACCEPT: accept up to the cohort's free seats and waitlist the rest, instead of refusing them. */
  capSeats: boolean;
  /** With ACCEPT on every matching application: the highest scores first, whatever the view's sort (decision 163). */
  byScore: boolean;
  preview: StaffBulkResult | null;
  message?: string;
  notice?: string;
}

export type StaffQueueEvent =
  | { type: 'QUERY'; query: StaffQueueQuery }
  | { type: 'RETRY' }
  | { type: 'TOGGLE'; id: number }
  | { type: 'TOGGLE_PAGE' }
  | { type: 'SELECT_ALL_MATCHING' }
  | { type: 'CLEAR_SELECTION' }
  | { type: 'BULK'; event: BulkEvent; capSeats?: boolean; byScore?: boolean }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' };

export const bulkRequest = (context: StaffQueueContext, dryRun: boolean): StaffBulkRequest => ({
  event: context.bulkEvent ?? 'ACCEPT',
  ...(context.bulkEvent === 'ACCEPT' && context.capSeats ? { capSeats: true } : {}),
  ...(context.allMatching ? { filter: filterOf(context.query) } : { ids: context.selected }),
  ...(context.bulkEvent === 'ACCEPT' && context.allMatching && context.byScore
    ? { order: 'score' as const }
    : {}),
  dryRun,
});

const DONE: Record<BulkEvent, string> = { ACCEPT: 'accepted', WAITLIST: 'waitlisted', REJECT: 'rejected' };

/** What an admin reads after a bulk decision: the counts applied, and how many the chart refused. */
export const bulkSummary = (result: StaffBulkResult): string => {
  const applied = Object.entries(result.applied)
    .filter(([, n]) => (n ?? 0) > 0)
    .map(([event, n]) => `${n} ${DONE[event as BulkEvent]}`);
  const refused = result.refused.length ? [`${result.refused.length} could not be changed`] : [];
  return [...(applied.length ? applied : ['Nothing changed']), ...refused].join(', ');
};

const VERB: Record<BulkEvent, string> = { ACCEPT: 'accept', WAITLIST: 'waitlist', REJECT: 'reject' };

/**
 * The confirm button of a bulk decision names what its dry run found will happen, not what was asked: "Accept 20,
 * waitlist 369" when the seats run out (machines/rules/seats.ts, on the server). Nothing to apply: "Accept 0".
 */
export const bulkConfirmLabel = (result: StaffBulkResult, event: BulkEvent): string => {
  const parts = BULK_EVENTS.flatMap((e) =>
    (result.applied[e] ?? 0) > 0 ? [`${VERB[e]} ${result.applied[e]}`] : [],
  );
  const text = parts.length ? parts.join(', ') : `${VERB[event]} 0`;
  return text.charAt(0).toUpperCase() + text.slice(1);
};

const unselected: Pick<
  StaffQueueContext,
  'selected' | 'allMatching' | 'bulkEvent' | 'preview' | 'capSeats' | 'byScore'
> = {
  capSeats: false,
  byScore: false,
  selected: [],
  allMatching: false,
  bulkEvent: null,
  preview: null,
};

export const staffQueueMachine = setup({
  types: {
    context: {} as StaffQueueContext,
    events: {} as StaffQueueEvent,
    input: {} as { query: StaffQueueQuery },
    meta: {} as NoMeta,
    tags: {} as StaffQueueTag,
  },
  actors: {
    load: fromPromise<StaffQueuePage, StaffQueueQuery>(notProvided('load')),
    bulk: fromPromise<StaffBulkResult, StaffBulkRequest>(notProvided('bulk')),
  },
  actions: {
    showFailure: assign({ message: failureMessage }),
    forgetFailure: assign({ message: undefined }),
  },
  guards: {
    hasSelection: ({ context }) => context.allMatching || context.selected.length > 0,
  },
}).createMachine({
  id: 'staffQueue',
  initial: 'loading',
  context: ({ input }) => ({ query: input.query, page: null, ...unselected }),
  on: {
    // The URL changed (a filter, a sort, the next page): a new view, and ticks on the old one no longer apply.
    QUERY: {
      target: '.loading',
      actions: assign(({ event }) => ({ query: event.query, ...unselected, message: undefined })),
    },
  },
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => context.query,
        onDone: {
          target: 'ready',
          actions: assign({ page: ({ event }) => event.output, message: undefined }),
        },
        onError: failTo('failed'),
      },
    },
    failed: failedLoad,
    ready: {
      tags: 'ready',
      on: {
        TOGGLE: {
          actions: assign(({ context, event }) => ({
            allMatching: false,
            selected: context.selected.includes(event.id)
              ? context.selected.filter((id) => id !== event.id)
              : [...context.selected, event.id],
          })),
        },
        TOGGLE_PAGE: {
          actions: assign(({ context }) => {
            const ids = context.page?.rows.map((r) => r.id) ?? [];
            const all = ids.length > 0 && ids.every((id) => context.selected.includes(id));
            return { allMatching: false, selected: all ? [] : ids };
          }),
        },
        SELECT_ALL_MATCHING: { actions: assign({ allMatching: true }) },
        CLEAR_SELECTION: { actions: assign({ ...unselected }) },
        BULK: {
          guard: 'hasSelection',
          target: 'previewing',
          actions: assign({
            bulkEvent: ({ event }) => event.event,
            capSeats: ({ event }) => event.capSeats === true,
            byScore: ({ event }) => event.byScore === true,
            message: undefined,
            notice: undefined,
          }),
        },
      },
    },
    previewing: {
      tags: 'busy',
      invoke: {
        id: 'preview',
        src: 'bulk',
        input: ({ context }) => bulkRequest(context, true),
        onDone: { target: 'confirming', actions: assign({ preview: ({ event }) => event.output }) },
        onError: failTo('ready'),
      },
    },
    confirming: {
      tags: 'deciding',
      on: {
        CONFIRM: 'applying',
        CANCEL: { target: 'ready', actions: assign({ preview: null, bulkEvent: null }) },
      },
    },
    applying: {
      tags: ['busy', 'deciding'],
      invoke: {
        id: 'apply',
        src: 'bulk',
        input: ({ context }) => bulkRequest(context, false),
        onDone: {
          target: 'loading',
          actions: assign(({ event }) => ({ ...unselected, notice: bulkSummary(event.output) })),
        },
        onError: {
          target: 'ready',
          actions: assign({ preview: null, message: failureMessage }),
        },
      },
    },
  },
});
