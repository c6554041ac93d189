import { describe, expect, it } from 'vitest';
import {
  checkCohortSettings,
  cohortChanges,
  cohortState,
  followingCohort,
  intakeChange,
  isCalendarDay,
  type CohortRecord,
} from '../../machines/rules/cohortSettings';
import { COHORT_MESSAGES as M } from '../../machines/rules/messages';
import { STANDARD_FEES } from '../../machines/rules/payments';

const cohort13: CohortRecord = {
  number: 13,
  name: 'Cohort 13',
  start_date: '2026-12-10',
  application_deadline: '2026-12-03',
  seats: 300,
  intake: 'open',
  reopens_on: null,
  ...STANDARD_FEES,
  aid_ceiling: 30,
  aid_awards: 10,
};
const today = '2026-11-23';
const settings = {
  name: 'Cohort 14',
  start_date: '2027-03-10',
  application_deadline: '2027-03-03',
  seats: 40,
};

describe('cohort settings (decision 235)', () => {
  it("suggests the automatic rule's next cohort: 3 months on, closing 7 days before, the same seats", () => {
    expect(followingCohort(cohort13)).toEqual({
      number: 14,
      name: 'Cohort 14',
      start_date: '2027-03-10',
      application_deadline: '2027-03-03',
      seats: 300,
    });
  });

  it('takes good settings, trimmed and cast', () => {
    const checked = checkCohortSettings(
      { ...settings, name: '  Cohort 14  ', seats: '40' },
      { today, taken: 0, previous: cohort13 },
    );
    expect(checked).toEqual({ value: settings, issues: [] });
  });

  it('refuses each bad value in the catalogue words', () => {
    const issues = (values: object, taken = 0) =>
      checkCohortSettings({ ...settings, ...values }, { today, taken, previous: cohort13 }).issues;
    expect(issues({ application_deadline: '2027-03-11' })).toEqual([
      { path: 'application_deadline', message: M.deadlineAfterStart },
    ]);
    expect(issues({ seats: 10 }, 12)).toEqual([{ path: 'seats', message: M.seatsBelowTaken(12) }]);
    expect(M.seatsBelowTaken(12)).toBe('This cohort has 12 acceptances already: it needs at least 12 seats');
    expect(issues({ seats: 0 })).toEqual([{ path: 'seats', message: M.seats }]);
    expect(issues({ seats: [] })).toEqual([{ path: 'seats', message: M.seats }]);
    expect(issues({ name: '' })).toEqual([{ path: 'name', message: M.name }]);
    expect(issues({ name: 'x'.repeat(81) })).toEqual([{ path: 'name', message: M.nameTooLong }]);
    expect(issues({ start_date: '10/03/2027' })).toEqual([{ path: 'start_date', message: M.startDate }]);
    expect(issues({ start_date: today })).toEqual([{ path: 'start_date', message: M.startNotFuture }]);
    expect(issues({ start_date: '2026-12-10', application_deadline: '2026-12-01' })).toEqual([
      { path: 'start_date', message: M.startBeforePrevious('Cohort 13', '10 December 2026') },
    ]);
    expect(
      checkCohortSettings(cohort13, {
        today,
        taken: 0,
        next: { name: 'Cohort 14', start_date: '2026-12-10' },
      }).issues,
    ).toEqual([{ path: 'start_date', message: M.startAfterNext('Cohort 14', '10 December 2026') }]);
  });

  it('names the state the list shows: started from the start day, else the one seat model', () => {
    expect(cohortState(cohort13, 0, today)).toBe('open');
    expect(cohortState(cohort13, 300, today)).toBe('full');
    expect(cohortState({ ...cohort13, intake: 'paused' }, 0, today)).toBe('paused');
    expect(cohortState({ ...cohort13, intake: 'closed' }, 0, today)).toBe('closed');
    expect(cohortState(cohort13, 0, '2026-12-05')).toBe('closed');
    expect(cohortState(cohort13, 0, '2026-12-10')).toBe('started');
  });

  it('pauses until a day after today (or until reopened), closes, reopens', () => {
    expect(intakeChange('pause', null, today)).toEqual({ intake: 'paused', reopens_on: null });
    expect(intakeChange('pause', '2026-11-30', today)).toEqual({
      intake: 'paused',
      reopens_on: '2026-11-30',
    });
    expect(intakeChange('pause', today, today)).toEqual({
      issue: { path: 'reopens_on', message: M.reopenDate },
    });
    expect(intakeChange('pause', '2026-02-30', today)).toEqual({
      issue: { path: 'reopens_on', message: M.reopenDate },
    });
    expect(intakeChange('close', '2026-11-30', today)).toEqual({ intake: 'closed', reopens_on: null });
    expect(intakeChange('reopen', null, today)).toEqual({ intake: 'open', reopens_on: null });
  });

  it('writes what changed as before → after for the audit', () => {
    expect(cohortChanges(cohort13, { ...cohort13, seats: 250, name: 'Cohort 13' })).toEqual({
      seats: '300 → 250',
    });
    expect(cohortChanges(cohort13, { intake: 'paused', reopens_on: '2026-11-30' })).toEqual({
      intake: 'open → paused',
      reopens_on: 'none → 2026-11-30',
    });
    expect(cohortChanges(undefined, settings)).toEqual({
      name: 'Cohort 14',
      start_date: '2027-03-10',
      application_deadline: '2027-03-03',
      seats: '40',
    });
  });

  it('reads only days of the calendar', () => {
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2027-02-29')).toBe(false);
    expect(isCalendarDay('2027-3-1')).toBe(false);
  });
});
