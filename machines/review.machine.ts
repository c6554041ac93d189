/**
 * An application's review by the programme's staff, from submission to a paid place (docs/design.md §8). One chart
 * answers both sides: the server asks it whether an event may happen from the stored status before it stores the
 * next one (`nextReviewStatus`), the staff screens offer only what it allows, and the applicant's pages read where
 * they stand from the state's `meta`.
 */
import { getNextSnapshot, setup, type SnapshotFrom } from 'xstate';
import type { PaymentKind } from './rules/payments';
import { TRANSFER_KINDS } from './rules/payments';
import type { NoTags } from './tags';

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
  /** The eligibility score is final and not eligible: the application goes to staff as it stands. */
  | { type: 'REVIEW_ELIGIBILITY' }
  | { type: 'ACCEPT' }
  | { type: 'WAITLIST' }
  | { type: 'REJECT' }
  /**
   * A decision taken by mistake is undone while it is held, before the applicant may see it. `back`: the status the
   * decision was taken from (its review event's `from_status`), which the undo restores; in review when not given.
   */
  | { type: 'UNDO'; back?: string }
  /** The undo window is over: the decision reaches the applicant (its email is due). */
  | { type: 'RELEASE' }
  | { type: 'REOPEN' }
  | { type: 'WITHDRAW' }
  | { type: 'CHOOSE_PAYMENT' }
  | { type: 'PAYMENT_CONFIRMED' }
  /** A scorecard was saved and it is the only review so far (machines/rules/scorecard.ts). */
  | { type: 'ASK_SECOND_REVIEW' }
  /** A scorecard was saved and the reviews are in, but too far apart: another review settles them. */
  | { type: 'REVIEWS_DISAGREE' }
  /** A scorecard was saved and enough reviewers agree: the application may be decided. */
  | { type: 'REVIEWS_AGREE' }
  /**
   * An admin saw the applicant's bank transfer arrive and records it as paid (docs/decisions/158). `paymentKind`:
   * how the option the applicant chose is paid; only an option paid by bank transfer may be recorded so.
   */
  | { type: 'RECORD_TRANSFER'; paymentKind?: PaymentKind }
  /**
   * An admin invites the applicant to an interview (docs/decisions/175-the-interview-stage.md). `interview`: whether
   * the application's cohort has the interview stage switched on; the chart refuses the invite when it is off.
   */
  | { type: 'INVITE_TO_INTERVIEW'; interview?: boolean }
  /** The applicant booked one of the interview slots staff offer. */
  | { type: 'BOOK_INTERVIEW' };

export type ReviewEventType = ReviewEvent['type'];

/**
 * Decisions are an admin's; a reviewer opens the review (and writes notes and recommendations, which change no
 * status). The applicant chooses how to pay or withdraws; only the server, having verified a payment, marks it paid
 * (or an admin, having seen a bank transfer arrive, records it as paid),
 * or, having scored the eligibility answers action_required or ineligible, sends the application to staff; only the
 * server, having saved a scorecard, asks for a second review or lets the reviews stand; and only the clock (the server, when the undo window is over) releases a decision.
 */
export const REVIEW_EVENT_ACTORS: Record<ReviewEventType, readonly ReviewActor[]> = {
  START_REVIEW: ['reviewer', 'admin'],
  REVIEW_ELIGIBILITY: ['server'],
  ACCEPT: ['admin'],
  WAITLIST: ['admin'],
  REJECT: ['admin'],
  UNDO: ['admin'],
  RELEASE: ['server'],
  REOPEN: ['admin'],
  WITHDRAW: ['applicant', 'admin'],
  CHOOSE_PAYMENT: ['applicant'],
  PAYMENT_CONFIRMED: ['server'],
  ASK_SECOND_REVIEW: ['server'],
  REVIEWS_DISAGREE: ['server'],
  REVIEWS_AGREE: ['server'],
  RECORD_TRANSFER: ['admin'],
  INVITE_TO_INTERVIEW: ['admin'],
  BOOK_INTERVIEW: ['applicant'],
};

/** Every review event, in the table's order. */
export const REVIEW_EVENT_TYPES = Object.keys(REVIEW_EVENT_ACTORS) as ReviewEventType[];

/** Whether a value (a request body's `type`, an audit entry's `event`) names a review event. */
export const isReviewEventType = (value: unknown): value is ReviewEventType =>
  typeof value === 'string' && (REVIEW_EVENT_TYPES as string[]).includes(value);

/** The events that decide an application and therefore email the applicant. */
export const DECISION_EVENTS = ['ACCEPT', 'WAITLIST', 'REJECT'] as const satisfies readonly ReviewEventType[];

/** The events the applicant's own actions send: none of them is taken while a decision is held. */
export const APPLICANT_EVENTS = REVIEW_EVENT_TYPES.filter((type) =>
  REVIEW_EVENT_ACTORS[type].includes('applicant'),
);

const decide = {
  ACCEPT: 'accepted',
  WAITLIST: 'waitlisted',
  REJECT: 'rejected',
  WITHDRAW: 'withdrawn',
} as const;

/** What an application whose reviews have not settled may still do: never an acceptance. */
const unsettled = { WAITLIST: 'waitlisted', REJECT: 'rejected', WITHDRAW: 'withdrawn' } as const;

/** Where a decision may be taken, an admin may first invite to an interview, if the cohort has them on. */
const invite = { INVITE_TO_INTERVIEW: { target: 'interview_invited', guard: 'interviewOn' } } as const;

/**
 * Where an undo goes: back to the status the decision was taken from (a waitlisted applicant accepted by mistake is
 * waitlisted again, its own decision long released), else in review.
 */
const UNDO_TARGETS: Record<string, string> = {
  submitted: '#review.submitted',
  in_review: '#review.in_review',
  eligibility_review: '#review.eligibility_review',
  second_review: '#review.second_review',
  reviews_disagree: '#review.reviews_disagree',
  interview_invited: '#review.interview_invited',
  interview_booked: '#review.interview_booked',
  waitlisted: '#review.waitlisted.released',
};
const undoBack = [
  ...Object.entries(UNDO_TARGETS).map(([status, target]) => ({
    target,
    guard: { type: 'undoneBackTo' as const, params: { status } },
  })),
  { target: '#review.in_review' },
];

/**
 * A decision is first held: only staff see it, an admin may undo it, and nothing the applicant does can act on it
 * (docs/decisions/121-a-decision-is-held-until-released.md). When the undo window is over it is released, its email
 * is due, and only then may the applicant, or staff, move on from it.
 */
const heldThen = (released: Record<string, string>) => ({
  initial: 'held' as const,
  states: {
    held: { on: { UNDO: undoBack, RELEASE: 'released' } },
    released: { on: released },
  },
});

export const reviewMachine = setup({
  types: {
    events: {} as ReviewEvent,
    meta: {} as ReviewMeta,
    tags: {} as NoTags,
  },
  guards: {
    paidByTransfer: ({ event }) =>
      event.type === 'RECORD_TRANSFER' &&
      event.paymentKind !== undefined &&
      TRANSFER_KINDS.includes(event.paymentKind),
    interviewOn: ({ event }) => event.type === 'INVITE_TO_INTERVIEW' && event.interview === true,
    undoneBackTo: ({ event }, { status }: { status: string }) =>
      event.type === 'UNDO' && event.back === status,
  },
}).createMachine({
  id: 'review',
  initial: 'submitted',
  states: {
    submitted: {
      meta: { label: 'Submitted', standing: 'under_review' },
      on: {
        START_REVIEW: 'in_review',
        REVIEW_ELIGIBILITY: 'eligibility_review',
        ASK_SECOND_REVIEW: 'second_review',
        REVIEWS_DISAGREE: 'reviews_disagree',
        REVIEWS_AGREE: 'in_review',
        ...decide,
      },
    },
    in_review: {
      meta: { label: 'In review', standing: 'under_review' },
      on: {
        ASK_SECOND_REVIEW: 'second_review',
        REVIEWS_DISAGREE: 'reviews_disagree',
        ...decide,
        ...invite,
      },
    },
    // Scored action_required or ineligible: the employment and open questions stay closed, and staff decide on the
    // answers and the CV the application has (docs/decisions/008-route-guards-beyond-the-spec-s-table.md).
    eligibility_review: {
      meta: { label: 'Eligibility review', standing: 'under_review' },
      on: { ...decide, ...invite },
    },
    // Scored by one reviewer only: nobody accepts it until another review settles it; it can still be waitlisted,
    // rejected or withdrawn (docs/decisions/163-scorecards-blind-and-a-second-review.md). The second review ends
    // the wait: the reviews agree, or they disagree and say so (decision 163).
    second_review: {
      meta: { label: 'Awaiting a second review', standing: 'under_review' },
      on: {
        REVIEWS_AGREE: 'in_review',
        REVIEWS_DISAGREE: 'reviews_disagree',
        ...unsettled,
      },
    },
    // The reviews are in but 2 points or more apart: as unsettled as one review, until a further review (or a
    // reviewer changing their score) brings them together (decision 163).
    reviews_disagree: {
      meta: { label: 'Reviews disagree', standing: 'under_review' },
      on: { REVIEWS_AGREE: 'in_review', ...unsettled },
    },
    // Invited to an interview: the applicant books a slot from the email's link; staff may still decide without it
    // (docs/decisions/175-the-interview-stage.md).
    interview_invited: {
      meta: { label: 'Invited to interview', standing: 'under_review' },
      on: { BOOK_INTERVIEW: 'interview_booked', ...decide },
    },
    interview_booked: {
      meta: { label: 'Interview booked', standing: 'under_review' },
      on: decide,
    },
    accepted: {
      meta: { label: 'Accepted', standing: 'accepted' },
      ...heldThen({
        CHOOSE_PAYMENT: '#review.payment_chosen',
        PAYMENT_CONFIRMED: '#review.paid',
        WITHDRAW: '#review.withdrawn',
      }),
    },
    waitlisted: {
      meta: { label: 'Waitlisted', standing: 'waitlisted' },
      // A seat that frees up goes to the waitlist first.
      ...heldThen({ ACCEPT: '#review.accepted', REJECT: '#review.rejected', WITHDRAW: '#review.withdrawn' }),
    },
    rejected: {
      meta: { label: 'Not successful', standing: 'not_successful' },
      ...heldThen({ REOPEN: '#review.in_review' }),
    },
    payment_chosen: {
      meta: { label: 'Payment chosen', standing: 'accepted' },
      on: {
        CHOOSE_PAYMENT: 'payment_chosen',
        PAYMENT_CONFIRMED: 'paid',
        RECORD_TRANSFER: { target: 'paid', guard: 'paidByTransfer' },
        WITHDRAW: 'withdrawn',
      },
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

type ReviewValue = SnapshotFrom<typeof reviewMachine>['value'];
type TopLevel<V> = V extends string ? V : keyof V & string;

/** A status as stored: the chart's top-level state (held or released is read from the decision's undo window). */
export type ReviewStatus = TopLevel<ReviewValue>;

/** Every status, in the chart's order (the funnel and the filters list them this way). */
export const REVIEW_STATUSES = Object.keys(reviewMachine.config.states ?? {}) as ReviewStatus[];

export const isReviewStatus = (value: unknown): value is ReviewStatus =>
  typeof value === 'string' && (REVIEW_STATUSES as string[]).includes(value);

/** The statuses whose decision is held first and released when its undo window is over. */
export const HELD_STATUSES = REVIEW_STATUSES.filter(
  (status) => reviewMachine.states[status].states.held !== undefined,
);

/** Where the chart stands: the stored status, and whether its decision is still held (inside its undo window). */
export interface ReviewPosition {
  status: ReviewStatus;
  held: boolean;
}

const snapshotAt = ({ status, held }: ReviewPosition) =>
  reviewMachine.resolveState({
    value: HELD_STATUSES.includes(status) ? { [status]: held ? 'held' : 'released' } : status,
    context: {},
  });

const topLevel = (value: ReviewValue) =>
  (typeof value === 'string' ? value : Object.keys(value)[0]) as ReviewStatus;

/**
 * The status after `event`, or null when the chart does not allow it from where the application stands. A status
 * without `held` is a released one: a decision is held only while the server says its window is open.
 */
export function nextReviewStatus(
  status: ReviewStatus,
  event: ReviewEvent,
  held = false,
): ReviewStatus | null {
  const snapshot = snapshotAt({ status, held });
  if (!snapshot.can(event)) return null;
  return topLevel(getNextSnapshot(reviewMachine, snapshot, event).value);
}

/** May this actor send this event at all (before asking the chart whether it fits the status)? */
export const mayActorSend = (actor: ReviewActor, type: ReviewEventType): boolean =>
  REVIEW_EVENT_ACTORS[type].includes(actor);

export const reviewMeta = (status: ReviewStatus): ReviewMeta =>
  reviewMachine.states[status].config.meta as ReviewMeta;

/** The statuses that hold a seat in their cohort: every one whose standing is accepted (machines/rules/seats.ts). */
export const SEAT_STATUSES = REVIEW_STATUSES.filter((status) => reviewMeta(status).standing === 'accepted');
