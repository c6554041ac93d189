import { describe, expect, it } from 'vitest';
import {
  APPLICANT_EVENTS,
  DECISION_EVENTS,
  HELD_STATUSES,
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
  { type: 'UNDO' },
  { type: 'RELEASE' },
  { type: 'REOPEN' },
  { type: 'WITHDRAW' },
  { type: 'CHOOSE_PAYMENT' },
  { type: 'PAYMENT_CONFIRMED' },
  { type: 'REVIEW_ELIGIBILITY' },
  { type: 'ASK_SECOND_REVIEW' },
  { type: 'REVIEWS_AGREE' },
  // An admin records a bank transfer: only for an option paid by one (paid in full), not instalments.
  { type: 'RECORD_TRANSFER', paymentKind: 'full' },
  { type: 'RECORD_TRANSFER', paymentKind: 'instalments' },
  // An admin invites to an interview only when the cohort has the interview stage on.
  { type: 'INVITE_TO_INTERVIEW', interview: true },
  { type: 'INVITE_TO_INTERVIEW', interview: false },
  { type: 'BOOK_INTERVIEW' },
];

/**
 * The review rules as the programme states them, one row per place in the chart (a decided status is first held,
 * then released): what each event leads to ('-' = refused). Columns follow EVENTS.
 */
const RULES: Record<string, string> = {
  //                   START      ACCEPT    WAITLIST    REJECT    UNDO       RELEASE    REOPEN     WITHDRAW   CHOOSE          PAID  ELIGIBILITY  ASK           AGREE  TRANSFER (full, instalments)  INVITE (on, off)  BOOK
  submitted:
    '         in_review  accepted  waitlisted  rejected  -          -          -          withdrawn  -               -  eligibility_review  second_review  in_review  -  -  -  -  -',
  in_review:
    '         -          accepted  waitlisted  rejected  -          -          -          withdrawn  -               -  -  second_review  -  -  -  interview_invited  -  -',
  eligibility_review:
    '         -          accepted  waitlisted  rejected  -          -          -          withdrawn  -               -  -  -  -  -  -  interview_invited  -  -',
  second_review:
    '     -          -         waitlisted  rejected  -          -          -          withdrawn  -               -  -                   -              in_review  -  -  -  -  -',
  reviews_disagree:
    '  -          -         waitlisted  rejected  -          -          -          withdrawn  -               -  -                   -              in_review  -  -  -  -  -',
  interview_invited:
    ' -          accepted  waitlisted  rejected  -          -          -          withdrawn  -               -  -  -  -  -  -  -  -  interview_booked',
  interview_booked:
    '  -          accepted  waitlisted  rejected  -          -          -          withdrawn  -               -  -  -  -  -  -  -  -  -',
  'accepted held':
    '   -          -         -           -         in_review  accepted   -          -          -               -  -  -  -  -  -  -  -  -',
  accepted:
    '          -          -         -           -         -          -          -          withdrawn  payment_chosen  paid  -  -  -  -  -  -  -  -',
  'waitlisted held':
    ' -          -         -           -         in_review  waitlisted -          -          -               -  -  -  -  -  -  -  -  -',
  waitlisted:
    '        -          accepted  -           rejected  -          -          -          withdrawn  -               -  -  -  -  -  -  -  -  -',
  'rejected held':
    '   -          -         -           -         in_review  rejected   -          -          -               -  -  -  -  -  -  -  -  -',
  rejected:
    '          -          -         -           -         -          -          in_review  -          -               -  -  -  -  -  -  -  -  -',
  payment_chosen:
    '    -          -         -           -         -          -          -          withdrawn  payment_chosen  paid  -  -  -  paid  -  -  -  -',
  paid: '              -          -         -           -         -          -          -          -          -               -  -  -  -  -  -  -  -  -',
  withdrawn:
    '         -          -         -           -         -          -          in_review  -          -               -  -  -  -  -  -  -  -  -',
};

const POSITIONS = Object.keys(RULES).map((row) => {
  const [status, held] = row.split(' ');
  return { row, status: status as ReviewStatus, held: held === 'held' };
});

describe('review machine', () => {
  it('generated paths take every state and every transition', () => {
    // An undo that names the status its decision was taken from takes that status's own transition back.
    const undoBack = REVIEW_STATUSES.map((back): ReviewEvent => ({ type: 'UNDO', back }));
    const paths = transitionPaths(reviewMachine, undefined, () => [
      ...EVENTS,
      ...undoBack,
      { type: 'REVIEWS_DISAGREE' },
    ]);
    expect(uncovered(reviewMachine, [], undefined, paths)).toEqual({ states: [], transitions: [] });
  });

  it('lists every status the rules name, in the chart order, and holds exactly the decisions', () => {
    expect(REVIEW_STATUSES).toEqual([...new Set(POSITIONS.map((p) => p.status))]);
    expect(HELD_STATUSES).toEqual(POSITIONS.filter((p) => p.held).map((p) => p.status));
    // What a decision leads to is what is held.
    expect(HELD_STATUSES).toEqual(DECISION_EVENTS.map((type) => nextReviewStatus('in_review', { type })));
  });

  describe.each(POSITIONS)('from $row', ({ row, status, held }) => {
    const expected = RULES[row].trim().split(/\s+/);
    it.each(EVENTS.map((event, i) => [event.type, event, expected[i]] as const))(
      '%s → %s',
      (_name, event, next) => {
        expect(nextReviewStatus(status, event, held)).toBe(next === '-' ? null : next);
      },
    );
  });

  it('refuses every applicant event, and the payment that follows one, at every held state the paths reach', () => {
    const paths = transitionPaths(reviewMachine, undefined, () => EVENTS);
    const heldStates = paths
      .flatMap((path) => path.steps.map((step) => step.state))
      .filter((state) => typeof state.value === 'object' && Object.values(state.value).includes('held'));
    expect(new Set(heldStates.map((s) => JSON.stringify(s.value))).size).toBe(HELD_STATUSES.length);
    for (const state of heldStates) {
      for (const type of [...APPLICANT_EVENTS, 'PAYMENT_CONFIRMED'] as const) {
        expect(state.can({ type }), `${JSON.stringify(state.value)} ${type}`).toBe(false);
      }
    }
    expect(APPLICANT_EVENTS).toEqual(['WITHDRAW', 'CHOOSE_PAYMENT', 'BOOK_INTERVIEW']);
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
    // Only the server, on saving a score that is not eligible, sends an application to eligibility review.
    for (const actor of ['reviewer', 'admin', 'applicant'] as const)
      expect(mayActorSend(actor, 'REVIEW_ELIGIBILITY')).toBe(false);
    expect(mayActorSend('server', 'REVIEW_ELIGIBILITY')).toBe(true);
  });

  it('an undo restores the status the decision was taken from (in review when it is not known)', () => {
    for (const back of [
      'submitted',
      'in_review',
      'eligibility_review',
      'second_review',
      'interview_booked',
    ] as const)
      expect(nextReviewStatus('rejected', { type: 'UNDO', back }, true)).toBe(back);
    expect(nextReviewStatus('accepted', { type: 'UNDO', back: 'waitlisted' }, true)).toBe('waitlisted');
    expect(nextReviewStatus('accepted', { type: 'UNDO' }, true)).toBe('in_review');
    expect(nextReviewStatus('accepted', { type: 'UNDO', back: 'paid' }, true)).toBe('in_review');
  });

  it('the second review ends the wait: reviews that disagree say so, and are as unsettled as one review', () => {
    for (const from of ['submitted', 'in_review', 'second_review'] as const)
      expect(nextReviewStatus(from, { type: 'REVIEWS_DISAGREE' })).toBe('reviews_disagree');
    expect(nextReviewStatus('reviews_disagree', { type: 'ACCEPT' })).toBeNull();
    expect(nextReviewStatus('reviews_disagree', { type: 'REVIEWS_AGREE' })).toBe('in_review');
    expect(reviewMeta('reviews_disagree')).toEqual({ label: 'Reviews disagree', standing: 'under_review' });
    expect(mayActorSend('admin', 'REVIEWS_DISAGREE')).toBe(false);
  });

  it('only the server asks for a second review or settles it; one awaiting it is never accepted', () => {
    for (const type of ['ASK_SECOND_REVIEW', 'REVIEWS_AGREE'] as const) {
      for (const actor of ['reviewer', 'admin', 'applicant'] as const)
        expect(mayActorSend(actor, type)).toBe(false);
      expect(mayActorSend('server', type)).toBe(true);
    }
    expect(nextReviewStatus('second_review', { type: 'ACCEPT' })).toBeNull();
    expect(reviewMeta('second_review')).toEqual({
      label: 'Awaiting a second review',
      standing: 'under_review',
    });
  });

  it('an interview is an admin’s invite and the applicant’s booking, then the usual decisions', () => {
    expect(mayActorSend('admin', 'INVITE_TO_INTERVIEW')).toBe(true);
    expect(mayActorSend('reviewer', 'INVITE_TO_INTERVIEW')).toBe(false);
    expect(mayActorSend('applicant', 'BOOK_INTERVIEW')).toBe(true);
    for (const actor of ['reviewer', 'admin', 'server'] as const)
      expect(mayActorSend(actor, 'BOOK_INTERVIEW')).toBe(false);
    // A cohort without interviews: no invite, whatever the status.
    for (const status of REVIEW_STATUSES)
      expect(nextReviewStatus(status, { type: 'INVITE_TO_INTERVIEW' })).toBeNull();
    // An interview does not skip a second review: the invite is taken only where accepting is.
    expect(nextReviewStatus('second_review', { type: 'INVITE_TO_INTERVIEW', interview: true })).toBeNull();
    expect(reviewMeta('interview_invited')).toEqual({
      label: 'Invited to interview',
      standing: 'under_review',
    });
    expect(reviewMeta('interview_booked')).toEqual({ label: 'Interview booked', standing: 'under_review' });
  });

  it('tells the applicant where they stand without the staff’s internal steps', () => {
    expect(reviewMeta('submitted').standing).toBe('under_review');
    expect(reviewMeta('in_review').standing).toBe('under_review');
    expect(reviewMeta('eligibility_review').standing).toBe('under_review');
    expect(reviewMeta('payment_chosen').standing).toBe('accepted');
    expect(reviewMeta('rejected').standing).toBe('not_successful');
    expect(reviewMeta('waitlisted').standing).toBe('waitlisted');
  });
});
