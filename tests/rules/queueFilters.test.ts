import { describe, expect, it } from 'vitest';
import { filterValueWords, readDraftDays, statusLabel } from '../../machines/rules/queueFilters';
import { formatStaffDay, parseStaffDay } from '../../machines/rules/staffDates';

const formatDay = (day: string) => formatStaffDay(day, 'en-GB');
const parseDay = (typed: string) => parseStaffDay(typed, 'en-GB');

describe('the queue filter chips', () => {
  it('word each active filter as its field words it', () => {
    expect(filterValueWords('status', 'not_submitted', formatDay)).toBe('Not submitted');
    expect(filterValueWords('status', 'submitted', formatDay)).toBe(statusLabel('submitted'));
    expect(filterValueWords('cv', 'yes', formatDay)).toBe('Uploaded or emailed');
    expect(filterValueWords('cv', 'no', formatDay)).toBe('None');
    expect(filterValueWords('from', '2026-03-04', formatDay)).toBe('04/03/2026');
    expect(filterValueWords('scoreMin', '3.5', formatDay)).toBe('3.5 or more');
    expect(filterValueWords('reviews', '0,2+', formatDay)).toBe('None yet, Two or more');
    expect(filterValueWords('paymentStatus', 'action_required', formatDay)).toBe('Action required');
    expect(filterValueWords('country', 'Kenya', formatDay)).toBe('Kenya');
  });
});

describe('the days typed in the filter form', () => {
  it('become the URL days, and an empty field clears its day', () => {
    expect(readDraftDays({ from: '04/03/2026', to: '' }, parseDay)).toEqual({
      days: { from: '2026-03-04', to: undefined },
      wrong: [],
    });
  });

  it('name the fields that hold no day, and apply none of them', () => {
    expect(readDraftDays({ from: '31/02/2026', to: 'soon' }, parseDay)).toEqual({
      days: {},
      wrong: ['from', 'to'],
    });
  });
});
