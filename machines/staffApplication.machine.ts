/**
 * One application's page in the staff back office (/staff/applications/:id): it loads, then a team member may move
 * its review on (the review chart and their role decide which buttons exist) or add an internal note; after either
 * the page loads again, so what is shown is what the server stored. Calls are actors given with `.provide()`.
 */
import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from './notProvided';
import type { BusyTag } from './tags';
import { nextReviewStatus, type ReviewEventType, type ReviewStatus } from './review.machine';
import type { CvKind } from './rules/cv';
import type { ErrorMap } from './rules/messages';
import type { SavedApplication } from './rules/contract';
import { STAFF_MESSAGES, type WithoutContact } from './rules/staff';
import { alertsOf, failureMessage, NO_ALERTS } from './staffFailure';

/** GET staffPaths.application → `{ message: 'Application', data: StaffApplicationPage }`. */
export interface StaffApplicationPage {
  id: number;
  /** Without email and phones for a role that does not see contact details (`contactFor`). */
  answers: WithoutContact<SavedApplication>;
  /** null until submitted. `allowed`: the events this team member's role may send (the chart decides the rest). */
  /** undoSeconds: the configured undo window, for the hint. */
  review: { status: ReviewStatus; label: string; allowed: ReviewEventType[]; undoSeconds: number } | null;
  cv: { filename: string; kind: CvKind; size: number } | null;
  notes: { id: number; body: string; at: string; by: string }[];
  timeline: { at: string; what: string; by?: string }[];
}

/** The buttons to offer: what the role may send and the chart allows from the status now. */
export const offeredEvents = (page: StaffApplicationPage): ReviewEventType[] => {
  const review = page.review;
  if (!review) return [];
  return review.allowed.filter(
    (type) =>
      // The server offers UNDO only while a decision's email has not left, so inside the window.
      type !== 'CHOOSE_PAYMENT' &&
      type !== 'PAYMENT_CONFIRMED' &&
      nextReviewStatus(
        review.status,
        type === 'UNDO'
          ? { type, withinUndoWindow: true }
          : ({ type } as { type: Exclude<ReviewEventType, 'UNDO'> }),
      ) !== null,
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
  { type: 'REVIEW'; event: ReviewEventType } | { type: 'ADD_NOTE'; body: string } | { type: 'RETRY' };

export const staffApplicationMachine = setup({
  types: {
    context: {} as StaffApplicationContext,
    events: {} as StaffApplicationEvent,
    input: {} as { id: number },
    tags: {} as BusyTag,
  },
  actors: {
    load: fromPromise<StaffApplicationPage, { id: number }>(notProvided('load')),
    review: fromPromise<{ label: string }, { id: number; type: ReviewEventType }>(notProvided('review')),
    addNote: fromPromise<void, { id: number; body: string }>(notProvided('addNote')),
  },
  guards: {
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
      on: {
        REVIEW: {
          target: 'reviewing',
          actions: assign(NO_ALERTS),
        },
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
    reviewing: {
      tags: 'busy',
      invoke: {
        id: 'review',
        src: 'review',
        input: ({ context, event }) => ({
          id: context.id,
          type: event.type === 'REVIEW' ? event.event : 'START_REVIEW',
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
