import { describe, expect, it } from 'vitest';
import { SEAT_STATUSES } from '../../machines/review.machine';
import { STANDARD_FEES } from '../../machines/rules/payments';
import {
  applyingNotice,
  cohortNotice,
  cohortOpenness,
  freeSeatsNotice,
  nextSeat,
} from '../../machines/rules/seats';
import { standingMessage, STANDING_MESSAGES } from '../../machines/rules/standing';

describe('one seat model', () => {
  const cohort = { application_deadline: '2026-12-03', seats: 300 };

  it('a cohort is open until the end of its deadline day while a seat is free', () => {
    expect(cohortOpenness({ ...cohort, taken: 272 }, '2026-12-03')).toBe('open');
    expect(cohortOpenness({ ...cohort, taken: 300 }, '2026-12-01')).toBe('full');
    expect(cohortOpenness({ ...cohort, taken: 0 }, '2026-12-04')).toBe('closed');
  });

  it('an admin closes a cohort early or pauses it, until its reopen day when one is set (decision 235)', () => {
    expect(cohortOpenness({ ...cohort, taken: 0, intake: 'closed' }, '2026-11-23')).toBe('closed');
    expect(cohortOpenness({ ...cohort, taken: 0, intake: 'paused' }, '2026-11-23')).toBe('paused');
    const until = { ...cohort, taken: 0, intake: 'paused', reopens_on: '2026-11-30' } as const;
    expect(cohortOpenness(until, '2026-11-29')).toBe('paused');
    expect(cohortOpenness(until, '2026-11-30')).toBe('open');
    // A pause never reopens a cohort past its deadline, nor frees a seat.
    expect(cohortOpenness(until, '2026-12-04')).toBe('closed');
    expect(cohortOpenness({ ...until, taken: 300 }, '2026-11-30')).toBe('full');
  });

  it('Get Started says in one sentence that the cohort open now is paused, with its reopen day if set', () => {
    const next = { name: 'Cohort 14', start_date: '2027-03-10' };
    expect(cohortNotice({ ...next, paused: { name: 'Cohort 13', reopens_on: null } })).toBe(
      'Applications for Cohort 13 are paused, so new applications are for Cohort 14, which starts on 10 March 2027.',
    );
    expect(cohortNotice({ ...next, paused: { name: 'Cohort 13', reopens_on: '2026-11-30' } })).toBe(
      'Applications for Cohort 13 are paused until 30 November 2026, so new applications are for Cohort 14, which starts on 10 March 2027.',
    );
  });

  it('seats are taken by every status whose standing is accepted, and by nothing else', () => {
    expect(SEAT_STATUSES).toEqual(['accepted', 'payment_chosen', 'paid']);
  });

  it('names the seat an acceptance takes, and whether it overbooks', () => {
    expect(nextSeat({ seats: 300, taken: 299 })).toEqual({ seat: 300, overbooks: false });
    expect(nextSeat({ seats: 300, taken: 300 })).toEqual({ seat: 301, overbooks: true });
  });

  it('Get Started names the full cohort and the one an application goes to', () => {
    expect(cohortNotice({ name: 'Cohort 13', start_date: '2026-12-10' })).toBe(
      'Applications are open for Cohort 13.',
    );
    expect(cohortNotice({ name: 'Cohort 14', start_date: '2027-03-10', full: { name: 'Cohort 13' } })).toBe(
      'Cohort 13 is full, so new applications are for Cohort 14, which starts on 10 March 2027. You can apply now and keep your place for it.',
    );
  });

  it("Get Started then names the fee of that cohort's own table, in both regions (decision 244)", () => {
    expect(applyingNotice({ name: 'Cohort 13', start_date: '2026-12-10', fees: STANDARD_FEES })).toBe(
      'Applications are open for Cohort 13. The commitment fee is N60,000 (Nigeria) or $50 (international), paid once you are selected.',
    );
    const raised = { ...STANDARD_FEES, fee_ngn: 80_000, fee_usd: 60 };
    expect(
      applyingNotice({
        name: 'Cohort 14',
        start_date: '2027-03-10',
        paused: { name: 'Cohort 13', reopens_on: null },
        fees: raised,
      }),
    ).toBe(
      'Applications for Cohort 13 are paused, so new applications are for Cohort 14, which starts on 10 March 2027. The commitment fee is N80,000 (Nigeria) or $60 (international), paid once you are selected.',
    );
  });
});

describe('the success page says one thing about where an application stands', () => {
  it('names the cohort an application under review is for, and nothing else', () => {
    expect(standingMessage('under_review', 'Cohort 14')).toBe(
      'Your application is under review for Cohort 14',
    );
    expect(standingMessage('waitlisted', 'Cohort 14')).toBe(STANDING_MESSAGES.waitlisted.title('Cohort 14'));
  });
});

describe('staff are told when a seat is free and the cohort has a waitlist', () => {
  it('says how many seats are free and how many wait, only when both are some', () => {
    expect(freeSeatsNotice({ seats: 100, taken: 99, waitlisted: 1 })).toBe(
      '1 seat is free and 1 application is on the waitlist.',
    );
    expect(freeSeatsNotice({ seats: 100, taken: 97, waitlisted: 12 })).toBe(
      '3 seats are free and 12 applications are on the waitlist.',
    );
    expect(freeSeatsNotice({ seats: 100, taken: 100, waitlisted: 12 })).toBeNull();
    // Overbooked: no seat is free.
    expect(freeSeatsNotice({ seats: 100, taken: 101, waitlisted: 12 })).toBeNull();
    expect(freeSeatsNotice({ seats: 100, taken: 40, waitlisted: 0 })).toBeNull();
  });
});
