import { describe, expect, it } from 'vitest';
import {
  DECISION_EVENTS,
  mayActorSend,
  nextReviewStatus,
  REVIEW_STATUSES,
  reviewMachine,
  reviewMeta,
  type ReviewEvent,
  type ReviewStatus,
} from '../../machines/review.machine';
import { transitionPaths, uncovered } from './support/graphReplay';

const EVENTS: ReviewEvent[] = [
  { type: 'START_REVIEW' },
  { type: 'ACCEPT' },
  { type: 'WAITLIST' },
  { type: 'REJECT' },
  { type: 'UNDO', withinUndoWindow: true },
  { type: 'UNDO', withinUndoWindow: false },
  { type: 'REOPEN' },
  { type: 'WITHDRAW' },
  { type: 'CHOOSE_PAYMENT' },
  { type: 'PAYMENT_CONFIRMED' },
];

const label = (e: ReviewEvent) =>
  e.type === 'UNDO' ? `UNDO(${e.withinUndoWindow ? 'in' : 'after'} window)` : e.type;

/**
 * The review rules as the programme states them, one row per status: what each event leads to ('-' = refused).
 * Columns follow EVENTS.
 */
const RULES: Record<ReviewStatus, string> = {
  //              START      ACCEPT     WAITLIST    REJECT     UNDO-in    UNDO-out REOPEN     WITHDRAW   CHOOSE          PAID
  submitted:
    '   in_review  accepted   waitlisted  rejected   -          -        -          withdrawn  -               -',
  in_review:
    '   -          accepted   waitlisted  rejected   -          -        -          withdrawn  -               -',
  accepted:
    '    -          -          -           -          in_review  -        -          withdrawn  payment_chosen  paid',
  waitlisted:
    '  -          accepted   -           rejected   in_review  -        -          withdrawn  -               -',
  rejected:
    '    -          -          -           -          in_review  -        in_review  -          -               -',
  payment_chosen:
    '-        -          -           -          -          -        -          withdrawn  payment_chosen  paid',
  paid: '        -          -          -           -          -          -        -          -          -               -',
  withdrawn:
    '   -          -          -           -          -          -        in_review  -          -               -',
};

describe('review machine', () => {
  it('generated paths take every state and every transition', () => {
    const paths = transitionPaths(reviewMachine, undefined, () => EVENTS);
    expect(uncovered(reviewMachine, [], undefined, paths)).toEqual({ states: [], transitions: [] });
  });

  it('lists every status the rules name, in the chart order', () => {
    expect(REVIEW_STATUSES).toEqual(Object.keys(RULES));
  });

  describe.each(REVIEW_STATUSES)('from %s', (status) => {
    const expected = RULES[status].trim().split(/\s+/);
    it.each(EVENTS.map((event, i) => [label(event), event, expected[i]] as const))(
      '%s → %s',
      (_name, event, next) => {
        expect(nextReviewStatus(status, event)).toBe(next === '-' ? null : next);
      },
    );
  });

  it('decisions are an admin’s; a reviewer may only open the review; only the server marks a payment', () => {
    for (const type of DECISION_EVENTS) {
      expect(mayActorSend('admin', type)).toBe(true);
      expect(mayActorSend('reviewer', type)).toBe(false);
      expect(mayActorSend('applicant', type)).toBe(false);
    }
    expect(mayActorSend('reviewer', 'START_REVIEW')).toBe(true);
    expect(mayActorSend('applicant', 'PAYMENT_CONFIRMED')).toBe(false);
    expect(mayActorSend('server', 'PAYMENT_CONFIRMED')).toBe(true);
    expect(mayActorSend('applicant', 'CHOOSE_PAYMENT')).toBe(true);
  });

  it('tells the applicant where they stand without the staff’s internal steps', () => {
    expect(reviewMeta('submitted').standing).toBe('under_review');
    expect(reviewMeta('in_review').standing).toBe('under_review');
    expect(reviewMeta('payment_chosen').standing).toBe('accepted');
    expect(reviewMeta('rejected').standing).toBe('not_successful');
    expect(reviewMeta('waitlisted').standing).toBe('waitlisted');
  });
});
