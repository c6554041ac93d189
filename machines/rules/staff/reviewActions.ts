/** The review events in staff's words: the buttons, the triage keys, the notices and the timeline. */
import { mayActorSend, type ReviewEventType } from '../../review.machine';
import type { StaffRole } from './roles';

/** What an application becomes by each review event, as a sentence names it ("it cannot be accepted now"). */
export const REVIEW_EVENT_VERBS: Record<ReviewEventType, string> = {
  START_REVIEW: 'put in review',
  REVIEW_ELIGIBILITY: 'sent to eligibility review',
  ACCEPT: 'accepted',
  WAITLIST: 'waitlisted',
  REJECT: 'rejected',
  UNDO: 'undone',
  RELEASE: 'released',
  REOPEN: 'reopened',
  WITHDRAW: 'withdrawn',
  CHOOSE_PAYMENT: 'given a payment choice',
  PAYMENT_CONFIRMED: 'marked paid',
  ASK_SECOND_REVIEW: 'sent for a second review',
  REVIEWS_DISAGREE: 'found to have disagreeing reviews',
  REVIEWS_AGREE: 'settled by its reviews',
  RECORD_TRANSFER: 'recorded as paid by bank transfer',
  INVITE_TO_INTERVIEW: 'invited to an interview',
  BOOK_INTERVIEW: 'booked an interview',
};

/** What the button that sends each review event says (the application page, the audit log's details). */
export const REVIEW_ACTION_LABELS: Record<ReviewEventType, string> = {
  START_REVIEW: 'Start review',
  REVIEW_ELIGIBILITY: 'Send to eligibility review',
  ACCEPT: 'Accept',
  WAITLIST: 'Waitlist',
  REJECT: 'Reject',
  UNDO: 'Undo the decision',
  RELEASE: 'Release',
  REOPEN: 'Reopen',
  WITHDRAW: 'Mark withdrawn',
  CHOOSE_PAYMENT: 'Choose payment',
  PAYMENT_CONFIRMED: 'Mark paid',
  ASK_SECOND_REVIEW: 'Ask for a second review',
  REVIEWS_DISAGREE: 'Mark the reviews as disagreeing',
  REVIEWS_AGREE: 'Settle the reviews',
  RECORD_TRANSFER: 'Record bank transfer',
  INVITE_TO_INTERVIEW: 'Invite to interview',
  BOOK_INTERVIEW: 'Book an interview',
};

/** The triage keys that decide (docs/staff.md, "Running a review round"), in the order the shortcuts list shows them. */
export const DECIDE_KEYS = { a: 'ACCEPT', w: 'WAITLIST', r: 'REJECT' } as const satisfies Record<
  string,
  ReviewEventType
>;

/**
 * The keyboard shortcuts a team member can use on an application's page: the decision keys only for a role that
 * may send that decision (a reviewer never decides), so nobody is shown a key that cannot work.
 */
export function triageShortcuts(role: StaffRole): [key: string, what: string][] {
  const decisions = Object.entries(DECIDE_KEYS)
    .filter(([, event]) => mayActorSend(role, event))
    .map(([key, event]): [string, string] => [key, REVIEW_ACTION_LABELS[event]]);
  return [
    ['j', 'Next application'],
    ['k', 'Previous application'],
    ...decisions,
    // Everyone scores: 1 to 5 rates the scorecard's next criterion, then Enter saves it.
    ['1–5', 'Rate the next criterion of my scorecard (then Enter saves it)'],
    ['?', 'Show these shortcuts'],
  ];
}

/** A decision in one word, as a notice names it ("Rejected Ada Obi"): the action, not the status's label. */
export const decidedWord = (event: ReviewEventType): string =>
  REVIEW_EVENT_VERBS[event].charAt(0).toUpperCase() + REVIEW_EVENT_VERBS[event].slice(1);

/**
 * A review event on an application's timeline in words, from the review chart's label of the status it led to
 * ("Accepted", "Payment chosen"), never its codes; the page adds who and when the email left.
 */
export const timelineWords = (event: ReviewEventType, statusLabel: string, undone: boolean): string =>
  (event === 'UNDO' ? `Decision undone, back to ${statusLabel.toLowerCase()}` : statusLabel) +
  (undone ? ' (undone)' : '');
