import { describe, expect, it } from 'vitest';
import { calendarInvitation, escapeText, foldLine } from '../../machines/rules/ics';

const octets = (line: string) => new TextEncoder().encode(line).length;

const INVITATION = {
  uid: 'interview-42@bootcamp.test',
  start: new Date('2026-12-03T14:30:00Z'),
  end: new Date('2026-12-03T15:00:00Z'),
  stamp: new Date('2026-11-26T21:00:00Z'),
  summary: 'Interview: The Employment Bootcamp, Cohort 14',
  organizer: { name: 'The Employment Bootcamp', email: 'lead@bootcamp.test' },
  attendees: [{ name: 'Ada Obi', email: 'ada@example.com' }, { email: 'lead@bootcamp.test' }],
};

describe('an interview invitation as an .ics file (RFC 5545)', () => {
  it('says what a calendar needs: a request, its UID, UTC times, organizer, attendees and summary', () => {
    const ics = calendarInvitation(INVITATION);
    const lines = ics.split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('METHOD:REQUEST');
    expect(lines).toContain('UID:interview-42@bootcamp.test');
    expect(lines).toContain('DTSTART:20261203T143000Z');
    expect(lines).toContain('DTEND:20261203T150000Z');
    expect(lines).toContain('DTSTAMP:20261126T210000Z');
    expect(lines).toContain('ORGANIZER;CN="The Employment Bootcamp":mailto:lead@bootcamp.test');
    expect(ics).toContain('SUMMARY:Interview: The Employment Bootcamp\\, Cohort 14');
    expect(ics.replace(/\r\n /g, '')).toContain(
      'ATTENDEE;CN="Ada Obi";ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:ada@example.com',
    );
    // Every line ends with CRLF, the last one too; no bare LF anywhere.
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('escapes backslashes, semicolons, commas and line breaks in text', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
    const ics = calendarInvitation({ ...INVITATION, description: 'Bring: CV; ID\nRoom 2, floor 1' });
    expect(ics.replace(/\r\n /g, '')).toContain('DESCRIPTION:Bring: CV\\; ID\\nRoom 2\\, floor 1');
  });

  it('folds lines longer than 75 octets, never inside a UTF-8 character, and unfolds to the original', () => {
    const long = `SUMMARY:${'Entretien à Lagos — '.repeat(8)}`;
    const folded = foldLine(long);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(octets(part)).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(long);
    // A short line is left as it is.
    expect(foldLine('UID:1')).toBe('UID:1');
    const ics = calendarInvitation({ ...INVITATION, summary: long });
    for (const line of ics.split('\r\n')) expect(octets(line)).toBeLessThanOrEqual(75);
  });
});
