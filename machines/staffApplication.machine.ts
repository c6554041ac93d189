/**
 * One application's page in the staff back office (/staff/applications/:id): it loads, then a team member may move
 * its review on (the review chart and their role decide which buttons exist) or add an internal note; after either
 * the page loads again, so what is shown is what the server stored. Calls are actors given with `.provide()`.
 */
import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from './notProvided';
import type { BusyTag, NoMeta } from './tags';
import { nextReviewStatus, type ReviewEventType, type ReviewStatus } from './review.machine';
import type { CvKind } from './rules/cv';
import type { ErrorMap } from './rules/messages';
import type { PaymentRecord, SavedApplication } from './rules/contract';
import { nextSeat } from './rules/seats';
import { STAFF_MESSAGES, type WithoutContact } from './rules/staff';
import { alertsOf, failureMessage, NO_ALERTS } from './staffFailure';

/** GET staffPaths.application → `{ message: 'Application', data: StaffApplicationPage }`. */
export interface StaffApplicationPage {
  id: number;
  /** Without email and phones for a role that does not see contact details (`contactFor`). */
  answers: WithoutContact<SavedApplication>;
  /**
   * null until submitted. `allowed`: the events this team member's role may send (the chart decides the rest);
   * `releasesInMs`: how long the newest decision is still held (inside its undo window), null when none is;
   * `seats`: its cohort's seats and how many acceptances hold (machines/rules/seats.ts); undoSeconds: the
   * configured window, for the hint.
   */
  review: {
    status: ReviewStatus;
    label: string;
    allowed: ReviewEventType[];
    releasesInMs: number | null;
    seats: { seats: number; taken: number } | null;
    undoSeconds: number;
  } | null;
  cv: { filename: string; kind: CvKind; size: number } | null;
  /** Every payment issued, oldest first: at most one paid; a `duplicate` was paid again and is to be refunded. */
  payments: (PaymentRecord & { provider_reference: string })[];
  notes: { id: number; body: string; at: string; by: string }[];
  timeline: { at: string; what: string; by?: string }[];
}

/** The buttons to offer: what the role may send and the chart allows from the status now. */
export const offeredEvents = (page: StaffApplicationPage): ReviewEventType[] => {
  const review = page.review;
  if (!review) return [];
  return review.allowed.filter(
    (type) =>
      type !== 'CHOOSE_PAYMENT' &&
      type !== 'PAYMENT_CONFIRMED' &&
      nextReviewStatus(review.status, { type }, review.releasesInMs !== null) !== null,
  );
};

export interface StaffApplicationContext {
  id: number;
  page: StaffApplicationPage | null;
  errors: ErrorMap;
  message?: string;
  notice?: string;
}

export type StaffApplicationEvent =
  | { type: 'REVIEW'; event: ReviewEventType }
  /** The admin confirms an acceptance past the cohort's seats, or thinks better of it. */
  | { type: 'OVERBOOK' }
  | { type: 'CANCEL' }
  | { type: 'ADD_NOTE'; body: string }
  | { type: 'RETRY' };

export interface ReviewInput {
  id: number;
  type: ReviewEventType;
  overbook: boolean;
}

/** The seat an acceptance from this page would take, when that is past its cohort's seats; null otherwise. */
export function overbooking(page: StaffApplicationPage | null): { seat: number; seats: number } | null {
  const seats = page?.review?.seats;
  if (!seats) return null;
  const { seat, overbooks } = nextSeat(seats);
  return overbooks ? { seat, seats: seats.seats } : null;
}

export const staffApplicationMachine = setup({
  types: {
    context: {} as StaffApplicationContext,
    events: {} as StaffApplicationEvent,
    input: {} as { id: number },
    meta: {} as NoMeta,
    tags: {} as BusyTag,
  },
  actors: {
    load: fromPromise<StaffApplicationPage, { id: number }>(notProvided('load')),
    review: fromPromise<{ label: string }, ReviewInput>(notProvided('review')),
    addNote: fromPromise<void, { id: number; body: string }>(notProvided('addNote')),
  },
  delays: {
    // The page loads again the moment the held decision is released, so Undo goes exactly when the server stops
    // taking it. Counted from the answer, not the browser's clock, which may be set wrong.
    untilReleased: ({ context }) => context.page?.review?.releasesInMs ?? 0,
  },
  guards: {
    decisionHeld: ({ context }) => (context.page?.review?.releasesInMs ?? null) !== null,
    acceptOverbooks: ({ context, event }) =>
      event.type === 'REVIEW' && event.event === 'ACCEPT' && overbooking(context.page) !== null,
    noteEmpty: ({ event }) => event.type === 'ADD_NOTE' && event.body.trim().length === 0,
    noteTooLong: ({ event }) => event.type === 'ADD_NOTE' && event.body.trim().length > 5000,
  },
}).createMachine({
  id: 'staffApplication',
  initial: 'loading',
  context: ({ input }) => ({ id: input.id, page: null, errors: {} }),
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'ready', actions: assign({ page: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ message: failureMessage }) },
      },
    },
    failed: {
      on: { RETRY: { target: 'loading', actions: assign({ message: undefined }) } },
    },
    ready: {
      after: { untilReleased: { guard: 'decisionHeld', target: 'loading' } },
      on: {
        REVIEW: [
          { guard: 'acceptOverbooks', target: 'confirmingOverbook', actions: assign(NO_ALERTS) },
          { target: 'reviewing', actions: assign(NO_ALERTS) },
        ],
        ADD_NOTE: [
          {
            guard: 'noteEmpty',
            actions: assign({ ...NO_ALERTS, errors: { body: [STAFF_MESSAGES.noteEmpty] } }),
          },
          {
            guard: 'noteTooLong',
            actions: assign({ ...NO_ALERTS, errors: { body: [STAFF_MESSAGES.noteTooLong] } }),
          },
          { target: 'savingNote', actions: assign(NO_ALERTS) },
        ],
      },
    },
    // "This takes seat 301 of 300": an acceptance past the cap happens only when the admin says so.
    confirmingOverbook: {
      on: { OVERBOOK: 'reviewing', CANCEL: 'ready' },
    },
    reviewing: {
      tags: 'busy',
      invoke: {
        id: 'review',
        src: 'review',
        input: ({ context, event }): ReviewInput => ({
          id: context.id,
          type: event.type === 'REVIEW' ? event.event : event.type === 'OVERBOOK' ? 'ACCEPT' : 'START_REVIEW',
          overbook: event.type === 'OVERBOOK',
        }),
        onDone: {
          target: 'loading',
          actions: assign({ notice: ({ event }) => `Status: ${event.output.label}` }),
        },
        onError: { target: 'ready', actions: assign({ message: failureMessage }) },
      },
    },
    savingNote: {
      tags: 'busy',
      invoke: {
        id: 'addNote',
        src: 'addNote',
        input: ({ context, event }) => ({
          id: context.id,
          body: event.type === 'ADD_NOTE' ? event.body.trim() : '',
        }),
        onDone: { target: 'loading', actions: assign({ notice: 'Note added' }) },
        onError: {
          target: 'ready',
          actions: assign(({ event }) => alertsOf(event.error)),
        },
      },
    },
  },
});
