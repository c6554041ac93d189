/**
 * An application's review by the programme's staff, from submission to a paid place (docs/design.md §8). One chart
 * answers both sides: the server asks it whether an event may happen from the stored status before it stores the
 * next one (`nextReviewStatus`), the staff screens offer only what it allows, and the applicant's pages read where
 * they stand from the state's `meta`.
 */
import { getNextSnapshot, setup, type SnapshotFrom } from 'xstate';

/** What an applicant is told about their application, whatever the staff's internal step. */
export type Standing = 'under_review' | 'accepted' | 'waitlisted' | 'not_successful' | 'withdrawn';

export interface ReviewMeta {
  /** The words staff see for the status. */
  label: string;
  standing: Standing;
}

/** Who may send an event: staff roles, the applicant themself, or the server on a verified payment. */
export type ReviewActor = 'reviewer' | 'admin' | 'applicant' | 'server';

export type ReviewEvent =
  | { type: 'START_REVIEW' }
  | { type: 'ACCEPT' }
  | { type: 'WAITLIST' }
  | { type: 'REJECT' }
  /** A decision taken by mistake is undone within its window, before its email leaves the outbox. */
  | { type: 'UNDO'; withinUndoWindow: boolean }
  | { type: 'REOPEN' }
  | { type: 'WITHDRAW' }
  | { type: 'CHOOSE_PAYMENT' }
  | { type: 'PAYMENT_CONFIRMED' };

export type ReviewEventType = ReviewEvent['type'];

/**
 * Decisions are an admin's; a reviewer opens the review (and writes notes and recommendations, which change no
 * status). The applicant chooses how to pay or withdraws; only the server, having verified a payment, marks it paid.
 */
export const REVIEW_EVENT_ACTORS: Record<ReviewEventType, readonly ReviewActor[]> = {
  START_REVIEW: ['reviewer', 'admin'],
  ACCEPT: ['admin'],
  WAITLIST: ['admin'],
  REJECT: ['admin'],
  UNDO: ['admin'],
  REOPEN: ['admin'],
  WITHDRAW: ['applicant', 'admin'],
  CHOOSE_PAYMENT: ['applicant'],
  PAYMENT_CONFIRMED: ['server'],
};

/** The events that decide an application and therefore email the applicant. */
export const DECISION_EVENTS = ['ACCEPT', 'WAITLIST', 'REJECT'] as const satisfies readonly ReviewEventType[];

const decide = {
  ACCEPT: 'accepted',
  WAITLIST: 'waitlisted',
  REJECT: 'rejected',
  WITHDRAW: 'withdrawn',
} as const;

const undo = { UNDO: { guard: 'withinUndoWindow', target: 'in_review' } } as const;

export const reviewMachine = setup({
  types: {
    events: {} as ReviewEvent,
    meta: {} as ReviewMeta,
  },
  guards: {
    withinUndoWindow: ({ event }) => event.type === 'UNDO' && event.withinUndoWindow,
  },
}).createMachine({
  id: 'review',
  initial: 'submitted',
  states: {
    submitted: {
      meta: { label: 'Submitted', standing: 'under_review' },
      on: { START_REVIEW: 'in_review', ...decide },
    },
    in_review: {
      meta: { label: 'In review', standing: 'under_review' },
      on: decide,
    },
    accepted: {
      meta: { label: 'Accepted', standing: 'accepted' },
      on: { ...undo, CHOOSE_PAYMENT: 'payment_chosen', PAYMENT_CONFIRMED: 'paid', WITHDRAW: 'withdrawn' },
    },
    waitlisted: {
      meta: { label: 'Waitlisted', standing: 'waitlisted' },
      // A seat that frees up goes to the waitlist first.
      on: { ...undo, ACCEPT: 'accepted', REJECT: 'rejected', WITHDRAW: 'withdrawn' },
    },
    rejected: {
      meta: { label: 'Not successful', standing: 'not_successful' },
      on: { ...undo, REOPEN: 'in_review' },
    },
    payment_chosen: {
      meta: { label: 'Payment chosen', standing: 'accepted' },
      on: { CHOOSE_PAYMENT: 'payment_chosen', PAYMENT_CONFIRMED: 'paid', WITHDRAW: 'withdrawn' },
    },
    paid: {
      meta: { label: 'Paid', standing: 'accepted' },
      type: 'final',
    },
    withdrawn: {
      meta: { label: 'Withdrawn', standing: 'withdrawn' },
      on: { REOPEN: 'in_review' },
    },
  },
});

export type ReviewStatus = Extract<SnapshotFrom<typeof reviewMachine>['value'], string>;

/** Every status, in the chart's order (the funnel and the filters list them this way). */
export const REVIEW_STATUSES = Object.keys(reviewMachine.config.states ?? {}) as ReviewStatus[];

export const isReviewStatus = (value: unknown): value is ReviewStatus =>
  typeof value === 'string' && (REVIEW_STATUSES as string[]).includes(value);

const snapshotAt = (status: ReviewStatus) => reviewMachine.resolveState({ value: status, context: {} });

/** The status after `event`, or null when the chart does not allow it from `status`. */
export function nextReviewStatus(status: ReviewStatus, event: ReviewEvent): ReviewStatus | null {
  const snapshot = snapshotAt(status);
  if (!snapshot.can(event)) return null;
  return getNextSnapshot(reviewMachine, snapshot, event).value as ReviewStatus;
}

/** May this actor send this event at all (before asking the chart whether it fits the status)? */
export const mayActorSend = (actor: ReviewActor, type: ReviewEventType): boolean =>
  REVIEW_EVENT_ACTORS[type].includes(actor);

export const reviewMeta = (status: ReviewStatus): ReviewMeta =>
  reviewMachine.states[status].config.meta as ReviewMeta;
