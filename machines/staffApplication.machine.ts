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
import type { PaymentRecord } from './rules/contract';
import type { SavedApplication } from './savedApplication';
import { nextSeat } from './rules/seats';
import { PRIVACY_MESSAGES } from './rules/privacy';
import { decidedWord } from './rules/staff/reviewActions';
import { STAFF_MESSAGES } from './rules/staff/messages';
import { type WithoutContact } from './rules/staff/contact';
import type { StaffEmail, StaffReminder, TimelineEntry } from './rules/staffRecord';
import type { StaffInterviewBooking } from './rules/interview';
import { alertsTo, failedLoad, failTo, failureAlerts, failureMessage, NO_ALERTS } from './staffFailure';

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
    /** Whether its cohort has the interview stage on: only then may an admin invite (decision 175). */
    interviews?: boolean;
  } | null;
  cv: { filename: string; kind: CvKind; size: number } | null;
  /** Every payment issued, oldest first: at most one paid; a `duplicate` was paid again and is to be refunded. */
  payments: (PaymentRecord & { provider_reference: string })[];
  notes: { id: number; body: string; at: string; by: string }[];
  /** Every email sent to the applicant, and the reminder they set (machines/rules/staffRecord.ts). */
  emails: StaffEmail[];
  reminder: StaffReminder | null;
  /** The interview the applicant booked ("Interview booked …" in `words`), null when none is. */
  interview?: StaffInterviewBooking | null;
  /** `what` in words from the review chart's labels; `emailSentAt` when the decision's email left. */
  timeline: TimelineEntry[];
}

/** The buttons to offer: what the role may send and the chart allows from the status now. */
export const offeredEvents = (page: StaffApplicationPage): ReviewEventType[] => {
  const review = page.review;
  if (!review) return [];
  return review.allowed.filter(
    (type) =>
      type !== 'CHOOSE_PAYMENT' &&
      type !== 'PAYMENT_CONFIRMED' &&
      // Recorded with its reference in the payment panel (src/staff/RecordTransfer.tsx), not as a button here.
      type !== 'RECORD_TRANSFER' &&
      nextReviewStatus(
        review.status,
        type === 'INVITE_TO_INTERVIEW' ? { type, interview: review.interviews === true } : { type },
        review.releasesInMs !== null,
      ) !== null,
  );
};

/**
 * A decision just taken on the page before, still held in its undo window: the next page says so ("Accepted Ada
 * Obi") with an Undo until `until` (the browser's clock, counted from the decision, so only differences matter).
 */
export interface PreviousDecision {
  id: number;
  name: string;
  label: string;
  until: number;
}

/** The decisions after which triage moves on to the next application by itself (docs/decisions/136). */
/** The applicant's name as staff read it, or what stands for it. */
export const applicantName = (page: StaffApplicationPage): string =>
  `${page.answers.firstname ?? ''} ${page.answers.lastname ?? ''}`.trim() ||
  page.answers.email ||
  `Application ${page.id}`;

export const MOVES_ON: readonly ReviewEventType[] = ['ACCEPT', 'WAITLIST', 'REJECT'];

export interface StaffApplicationContext {
  id: number;
  page: StaffApplicationPage | null;
  errors: ErrorMap;
  message?: string;
  notice?: string;
  /** The event being sent in `reviewing`, so its answer knows whether triage moves on. */
  asked?: ReviewEventType;
  /** Set in `decided`: what the next application's page says of it. */
  decision?: PreviousDecision;
  /** The decision taken on the page before, while it can still be undone. */
  previous?: PreviousDecision;
}

export type StaffApplicationEvent =
  | { type: 'REVIEW'; event: ReviewEventType }
  /** The admin confirms an acceptance past the cohort's seats, or thinks better of it. */
  | { type: 'OVERBOOK' }
  | { type: 'CANCEL' }
  | { type: 'ADD_NOTE'; body: string }
  | { type: 'RETRY' }
  /** After a decision, the page stays on this application (no next one in the view): it loads again, naming it. */
  | { type: 'STAY' }
  /** Undo the decision taken on the page before (`previous`), inside its window. */
  | { type: 'UNDO_PREVIOUS' }
  /** An admin erased the applicant's data (machines/staffDataRights.machine.ts): nothing of them is left to show. */
  | { type: 'ERASED' }
  /** Something on the page changed the record (a transfer recorded): it loads again, saying so. */
  | { type: 'RELOAD'; notice: string };

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

/**
 * What the screen asks of the chart (docs/architecture.md: screens ask tags, not state names): busy while a call
 * is under way; failed, erased; overbooking while the seat confirmation is open; deciding, decided and undone for
 * triage's moves; noting while a note is saved.
 */
export type StaffApplicationTag =
  BusyTag | 'failed' | 'erased' | 'overbooking' | 'deciding' | 'decided' | 'undone' | 'noting';

export const staffApplicationMachine = setup({
  types: {
    context: {} as StaffApplicationContext,
    events: {} as StaffApplicationEvent,
    input: {} as { id: number; previous?: PreviousDecision },
    meta: {} as NoMeta,
    tags: {} as StaffApplicationTag,
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
    previousHeld: ({ context }) => Math.max(0, (context.previous?.until ?? 0) - Date.now()),
  },
  actions: {
    showFailure: assign({ message: failureMessage }),
    showAlerts: assign(failureAlerts),
    forgetFailure: assign({ message: undefined }),
  },
  guards: {
    decisionHeld: ({ context }) => (context.page?.review?.releasesInMs ?? null) !== null,
    previousHeld: ({ context }) => context.previous !== undefined,
    movesOn: ({ context }) => context.asked !== undefined && MOVES_ON.includes(context.asked),
    acceptOverbooks: ({ context, event }) =>
      event.type === 'REVIEW' && event.event === 'ACCEPT' && overbooking(context.page) !== null,
    noteEmpty: ({ event }) => event.type === 'ADD_NOTE' && event.body.trim().length === 0,
    noteTooLong: ({ event }) => event.type === 'ADD_NOTE' && event.body.trim().length > 5000,
  },
}).createMachine({
  id: 'staffApplication',
  initial: 'loading',
  on: {
    ERASED: {
      target: '.erased',
      actions: assign({ ...NO_ALERTS, page: null, notice: PRIVACY_MESSAGES.staffErased }),
    },
  },
  context: ({ input }) => ({
    id: input.id,
    page: null,
    errors: {},
    // "Rejected Ada Obi" is said even with a 0 s window; Undo only while the server still takes it.
    notice: input.previous && `${input.previous.label} ${input.previous.name}`,
    previous: input.previous && input.previous.until > Date.now() ? input.previous : undefined,
  }),
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'ready', actions: assign({ page: ({ event }) => event.output }) },
        onError: failTo('failed'),
      },
    },
    failed: failedLoad,
    ready: {
      after: {
        untilReleased: { guard: 'decisionHeld', target: 'loading' },
        // The notice of the decision before loses its Undo when the server stops taking it.
        previousHeld: { guard: 'previousHeld', actions: assign({ previous: undefined }) },
      },
      on: {
        REVIEW: [
          {
            guard: 'acceptOverbooks',
            target: 'confirmingOverbook',
            actions: assign({ ...NO_ALERTS, asked: 'ACCEPT' as const }),
          },
          {
            target: 'reviewing',
            actions: assign(({ event }) => ({ ...NO_ALERTS, asked: event.event })),
          },
        ],
        UNDO_PREVIOUS: { guard: 'previousHeld', target: 'undoingPrevious', actions: assign(NO_ALERTS) },
        RELOAD: {
          target: 'loading',
          actions: assign(({ event }) => ({ ...NO_ALERTS, notice: event.notice })),
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
    // "This takes seat 301 of 300": an acceptance past the cap happens only when the admin says so.
    confirmingOverbook: {
      tags: 'overbooking',
      on: { OVERBOOK: 'reviewing', CANCEL: 'ready' },
    },
    reviewing: {
      tags: ['busy', 'deciding'],
      invoke: {
        id: 'review',
        src: 'review',
        input: ({ context, event }): ReviewInput => ({
          id: context.id,
          type: event.type === 'REVIEW' ? event.event : event.type === 'OVERBOOK' ? 'ACCEPT' : 'START_REVIEW',
          overbook: event.type === 'OVERBOOK',
        }),
        onDone: [
          // Triage: the screen shows the next application in the view, which says what was decided here.
          {
            guard: 'movesOn',
            target: 'decided',
            actions: assign({
              decision: ({ context, event }) => ({
                id: context.id,
                name: context.page ? applicantName(context.page) : `Application ${context.id}`,
                label: context.asked ? decidedWord(context.asked) : event.output.label,
                until: Date.now() + (context.page?.review?.undoSeconds ?? 0) * 1000,
              }),
            }),
          },
          {
            target: 'loading',
            actions: assign({ notice: ({ event }) => `Status: ${event.output.label}` }),
          },
        ],
        onError: failTo('ready'),
      },
    },
    // Decided: the screen moves to the next application, or says STAY when the view has none after this one.
    decided: {
      tags: ['busy', 'decided'],
      on: {
        STAY: {
          target: 'loading',
          actions: assign({
            notice: ({ context }) => context.decision && `${context.decision.label} ${context.decision.name}`,
            decision: undefined,
          }),
        },
      },
    },
    undoingPrevious: {
      tags: 'busy',
      invoke: {
        id: 'undoPrevious',
        src: 'review',
        input: ({ context }): ReviewInput => ({
          id: context.previous?.id ?? 0,
          type: 'UNDO',
          overbook: false,
        }),
        // Undone: the screen goes back to that application, to decide it again.
        onDone: 'previousUndone',
        onError: failTo('ready'),
      },
    },
    previousUndone: { tags: ['busy', 'undone'] },
    erased: { type: 'final', tags: 'erased' },
    savingNote: {
      tags: ['busy', 'noting'],
      invoke: {
        id: 'addNote',
        src: 'addNote',
        input: ({ context, event }) => ({
          id: context.id,
          body: event.type === 'ADD_NOTE' ? event.body.trim() : '',
        }),
        onDone: { target: 'loading', actions: assign({ notice: 'Note added' }) },
        onError: alertsTo('ready'),
      },
    },
  },
});
