import { describe, expect, it } from 'vitest';
import {
  dayPattern,
  formatStaffDay,
  formatStaffTime,
  isKnownLocale,
  parseStaffDay,
} from '../../machines/rules/staffDates';

describe('staff dates in the programme locale', () => {
  it('writes a day the British way by default, and the American way only when configured', () => {
    expect(formatStaffDay('2026-11-23', 'en-GB')).toBe('23/11/2026');
    expect(formatStaffDay('2026-11-23T22:30:00.000Z', 'en-GB')).toBe('23/11/2026');
    expect(formatStaffDay('2026-11-23', 'en-US')).toBe('11/23/2026');
    expect(formatStaffDay('', 'en-GB')).toBe('—');
    expect(formatStaffTime('2026-11-23T10:05:00.000Z', 'en-GB')).toBe('23/11/2026, 10:05:00 UTC');
  });

  it('tells how a day is typed, and reads it back in that order', () => {
    expect(dayPattern('en-GB')).toBe('DD/MM/YYYY');
    expect(dayPattern('en-US')).toBe('MM/DD/YYYY');
    expect(parseStaffDay('23/11/2026', 'en-GB')).toBe('2026-11-23');
    expect(parseStaffDay(' 3.1.2026 ', 'en-GB')).toBe('2026-01-03');
    expect(parseStaffDay('11/23/2026', 'en-US')).toBe('2026-11-23');
    expect(parseStaffDay('2026-11-23', 'en-US')).toBe('2026-11-23');
  });

  it('refuses what is not a day of the calendar', () => {
    expect(parseStaffDay('11/23/2026', 'en-GB')).toBeNull();
    expect(parseStaffDay('30/02/2026', 'en-GB')).toBeNull();
    expect(parseStaffDay('soon', 'en-GB')).toBeNull();
    expect(parseStaffDay('1/2/26', 'en-GB')).toBeNull();
  });

  it('knows a real locale from a made-up one', () => {
    expect(isKnownLocale('en-GB')).toBe(true);
    expect(isKnownLocale('fr-FR')).toBe(true);
    expect(isKnownLocale('not a locale')).toBe(false);
    expect(isKnownLocale('')).toBe(false);
  });
});
