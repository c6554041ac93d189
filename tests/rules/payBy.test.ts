import { describe, expect, it } from 'vitest';
import { acceptanceDates, acceptanceSentence, payByDate } from '../../machines/rules/payBy';

describe('the pay-by date (decision 016)', () => {
  it.each([
    ['2025-03-10', '2025-03-07'],
    // Across a month and a year.
    ['2026-03-02', '2026-02-27'],
    ['2027-01-01', '2026-12-29'],
  ])('a cohort starting %s is paid for by %s', (start, payBy) => {
    expect(payByDate(start)).toBe(payBy);
  });

  it('words the cohort, its start and the pay-by date, for the banner and the email alike', () => {
    const dates = acceptanceDates({ name: 'Cohort 13', start_date: '2026-12-10' });
    expect(dates).toEqual({ cohort: 'Cohort 13', start: '10 December 2026', payBy: '7 December 2026' });
    expect(acceptanceSentence(dates!)).toBe(
      'Cohort 13 starts on 10 December 2026. Please pay the commitment fee by 7 December 2026 to secure your place.',
    );
  });

  it.each([null, { name: '', start_date: '2026-12-10' }, { name: 'Cohort 13', start_date: '' }])(
    'names no date when the cohort is not known (%j)',
    (cohort) => {
      expect(acceptanceDates(cohort)).toBeNull();
    },
  );
});
