/**
 * An interview's calendar invitation as an iCalendar file (RFC 5545), sent to the applicant and to the team member
 * who offered the slot (docs/decisions/175-the-interview-stage.md). Pure: the server attaches what it returns.
 */

export interface CalendarInvitation {
  /** Stable for one booking, so a calendar updates the event instead of adding a second one. */
  uid: string;
  start: Date;
  end: Date;
  /** When the invitation was written (DTSTAMP). */
  stamp: Date;
  summary: string;
  description?: string;
  organizer: { name: string; email: string };
  attendees: readonly { name?: string; email: string }[];
}

/** 20261126T140500Z: every time in UTC, so no time-zone block is needed. */
const utc = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** A TEXT value: backslash, semicolon and comma escaped, a line break written as \n (RFC 5545 §3.3.11). */
export const escapeText = (value: string): string =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');

/** A parameter value (a common name) in quotes, which may hold neither quotes nor line breaks. */
const paramValue = (value: string) => `"${value.replace(/["\r\n]/g, '')}"`;

const encoder = new TextEncoder();

/**
 * A content line folded at 75 octets (RFC 5545 §3.1): each continuation starts with a space. A line is cut between
 * characters, never inside a UTF-8 sequence.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // The first line holds 75 octets; the others 74 after their leading space.
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** The .ics file: one VEVENT with METHOD:REQUEST, lines ended by CRLF. */
export function calendarInvitation(invitation: CalendarInvitation): string {
  const { organizer } = invitation;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//The Employment Bootcamp//Interviews//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:REQUEST',
    'BEGIN:VEVENT',
    `UID:${invitation.uid}`,
    `DTSTAMP:${utc(invitation.stamp)}`,
    `DTSTART:${utc(invitation.start)}`,
    `DTEND:${utc(invitation.end)}`,
    `SUMMARY:${escapeText(invitation.summary)}`,
    ...(invitation.description ? [`DESCRIPTION:${escapeText(invitation.description)}`] : []),
    `ORGANIZER;CN=${paramValue(organizer.name)}:mailto:${organizer.email}`,
    ...invitation.attendees.map(
      (a) =>
        `ATTENDEE;${a.name ? `CN=${paramValue(a.name)};` : ''}ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:${a.email}`,
    ),
    'STATUS:CONFIRMED',
    'SEQUENCE:0',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

export const CALENDAR_CONTENT_TYPE = 'text/calendar; charset=utf-8; method=REQUEST';
