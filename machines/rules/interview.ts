/**
 * The interview stage, optional per cohort (docs/decisions/175-the-interview-stage.md): the paths, the answers and
 * the words staff and applicants read. Times are written in the programme's locale and say their zone: UTC for staff
 * (docs/decisions/176-interview-times-in-utc.md), the applicant's device's zone on their page and in their email
 * (docs/decisions/240-interview-times-in-the-applicant-s-zone.md).
 */
import { API, STAFF_API } from './api';
import { zoneLabel } from './timeZone';

export const interviewPaths = {
  /** PUT `{ on }` (admins): the cohort's interview stage on or off. */
  setting: `${STAFF_API}/cohorts/:number/interview`,
  /** GET: the cohort's setting and its slots (any team member); POST `{ start, minutes }` adds one (admins). */
  slots: `${STAFF_API}/cohorts/:number/interview-slots`,
  /** DELETE (admins): removes a slot nobody booked. */
  slot: `${STAFF_API}/interview-slots/:id`,
  /** GET: the session's own invitation and the free slots; POST `{ slot, timeZone? }` books one. */
  applicant: `${API}/bootcamp/application/interview`,
} as const;

/** The applicant's page, the invitation email's link. */
export const INTERVIEW_PAGE = '/apply/interview';

/** An interview's length in minutes: what the slot form offers, and what the server accepts. */
export const INTERVIEW_MINUTES = [15, 20, 30, 45, 60, 90] as const;
export const DEFAULT_INTERVIEW_MINUTES = 30;

/** One slot as staff see it. */
export interface StaffInterviewSlot {
  id: number;
  /** ISO time, UTC. */
  start: string;
  minutes: number;
  capacity: number;
  booked: number;
  /** The team member who offers it (their address). */
  offeredBy: string;
}

/** GET interviewPaths.slots. */
export interface StaffInterviewSlots {
  cohort: { number: number; name: string };
  interview: boolean;
  slots: StaffInterviewSlot[];
}

/** The interview an applicant booked, on the staff application page. */
export interface StaffInterviewBooking {
  start: string;
  minutes: number;
  offeredBy: string;
  /** "Interview booked Thursday 3 December 2026, 14:30–15:00 UTC". */
  words: string;
}

/** One free slot as the applicant sees it. */
export interface ApplicantInterviewSlot {
  id: number;
  start: string;
  minutes: number;
}

/** GET interviewPaths.applicant: the invitation, the free slots, or the one booked. */
export interface ApplicantInterview {
  /** invited: may book; booked: has booked `booked`; none: no interview to book. */
  state: 'invited' | 'booked' | 'none';
  cohortName: string;
  /** The programme's locale, which the page writes times in (decision 176). */
  locale: string;
  slots: ApplicantInterviewSlot[];
  booked: ApplicantInterviewSlot | null;
}

/**
 * A slot's time for people, in the programme's locale: "Thursday 3 December 2026, 14:30–15:00 UTC" for staff (UTC,
 * decision 176); in an applicant's zone, named by the reminder's rule (decision 229): "Thursday 3 December 2026,
 * 15:30–16:00 Lagos time (West Africa Time)" (decision 240).
 */
export function slotWords(start: string, minutes: number, locale: string, timeZone = 'UTC'): string {
  const begin = new Date(start);
  const end = new Date(begin.getTime() + minutes * 60_000);
  const day = begin.toLocaleDateString(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone,
  });
  const time = (d: Date) =>
    d.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit', hour12: false, timeZone });
  return `${day}, ${time(begin)}–${time(end)} ${timeZone === 'UTC' ? 'UTC' : zoneLabel(timeZone, begin)}`;
}

/** Whether the browser sent a zone the server knows ('Africa/Lagos'); anything else is refused (decision 240). */
export function knownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone });
    return timeZone.length <= 64;
  } catch {
    return false;
  }
}

export const INTERVIEW_MESSAGES = {
  /** Staff: the invite refused because the cohort has no interviews. */
  cohortOff:
    'Interviews are off for this cohort. An admin can switch them on under Interviews on the queue page',
  switchedOn: 'Interviews are on for this cohort',
  switchedOff: 'Interviews are off for this cohort',
  settingMissing: 'Say whether interviews are on or off',
  slotStartMissing: 'Choose a day and a time for the slot',
  slotStartPast: 'Choose a time that has not passed',
  slotMinutes: `Choose a length of ${INTERVIEW_MINUTES.join(', ')} minutes`,
  slotAdded: 'Slot added',
  slotRemoved: 'Slot removed',
  slotNotFound: 'This slot no longer exists',
  slotTaken: 'An applicant has booked this slot, so it cannot be removed',
  /** The staff page once the applicant booked. */
  bookedAt: (when: string) => `Interview booked ${when}`,
  /** Applicant: the page's words. */
  notInvited: 'There is no interview to book for your application. We will email you if that changes.',
  chooseSlot: 'Choose a time for your interview',
  /** The zone the times on the applicant's page are in (decision 240). */
  timesIn: (zone: string) => `Times are in ${zone}, the time zone of this device.`,
  timeZoneUnknown: 'Your device sent a time zone we do not know. Reload the page and try again.',
  slotGone:
    'Someone has just booked that time. Please choose another one from the list, which is now up to date.',
  // Adding a slot emails no one (decision 012): the page promises only what the applicant can do themselves.
  noSlots:
    'There are no free times just now. The team adds times as they plan the interviews: open this page again from your invitation email in a day or two.',
  booked: (when: string) =>
    `Your interview is booked for ${when}. We have emailed you a calendar invitation.`,
  alreadyBooked: 'You have already booked your interview',
} as const;

/** A calendar's day (a local date) and a HH:mm time, as the UTC instant they name (decision 176: slots are UTC). */
export const utcInstant = (day: Date, time: string) =>
  `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}T${time}:00Z`;
