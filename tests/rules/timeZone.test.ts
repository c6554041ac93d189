/** The zone named beside a time the applicant picks (decision 229). */
import { describe, expect, it } from 'vitest';
import { zoneLabel } from '../../machines/rules/timeZone';

describe('zoneLabel', () => {
  const december = new Date('2026-12-06T09:00:00Z');
  it.each([
    ['Africa/Lagos', 'Lagos time (West Africa Time)'],
    ['Europe/London', 'London time (Greenwich Mean Time)'],
    ['America/New_York', 'New York time (Eastern Standard Time)'],
    ['UTC', 'Coordinated Universal Time'],
  ])('%s is named %j', (zone, label) => {
    expect(zoneLabel(zone, december)).toBe(label);
  });
  it('names summer time in summer', () => {
    expect(zoneLabel('Europe/London', new Date('2026-07-01T09:00:00Z'))).toBe(
      'London time (British Summer Time)',
    );
  });
});
