/**
 * The interview stage (docs/decisions/175-the-interview-stage.md): a cohort's switch, the slots staff offer, the
 * invite and the booking. The review chart decides, as for every review event: an admin's INVITE_TO_INTERVIEW only
 * where a decision could be taken and only when the cohort has interviews on; the applicant's BOOK_INTERVIEW only
 * once invited. A slot is taken once: a booking locks the slot's row and counts its bookings under that lock, so of
 * two applicants racing for it one wins and the other is told so.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { nextReviewStatus, type ReviewStatus } from '../machines/review.machine';
import { CALENDAR_CONTENT_TYPE, calendarInvitation } from '../machines/rules/ics';
import {
  INTERVIEW_MESSAGES as M,
  slotWords,
  type ApplicantInterview,
  type ApplicantInterviewSlot,
  type StaffInterviewBooking,
  type StaffInterviewSlot,
} from '../machines/rules/interview';
import { STAFF_MESSAGES } from '../machines/rules/staff/messages';
import { STAFF_TEMPLATE_MESSAGES } from '../machines/rules/staff/templateMessages';
import { iso, type Queryable } from './db/index';
import { qb, run } from './db/query';
import { fail, fieldFail } from './http';
import type { MailMessage, Mailer } from './mail/index';
import { greeting, page, PROGRAMME, SIGN_OFF } from './mail/templates';
import { STAFF_MESSAGES_PER_INBOX, STAFF_MESSAGE_WINDOW_HOURS, takeStaffMessage } from './mailQuota';
import { templateEmail } from './review/emails';
import { messageTargets, type MessageTarget } from './review/messageTargets';
import {
  reviewStatusOf,
  applyReviewEvent,
  lockReviewPosition,
  writeReviewChanges,
  type ReviewChange,
} from './review/events';
import { templateFor } from './review/templates';

/** Whether the cohort has the interview stage on (false for no cohort). */
export async function interviewOn(db: Queryable, cohortId: number | null): Promise<boolean> {
  if (cohortId === null) return false;
  const [row] = await run(db, qb.selectFrom('cohorts').select('interview').where('id', '=', cohortId));
  return row?.interview ?? false;
}

export async function setInterview(db: Queryable, cohortId: number, on: boolean): Promise<void> {
  await run(db, qb.updateTable('cohorts').set({ interview: on }).where('id', '=', cohortId));
}

const slotColumns = [
  's.id',
  's.starts_at',
  's.minutes',
  's.capacity',
  sql<number>`(SELECT count(*)::int FROM interview_bookings b WHERE b.slot_id = s.id)`.as('booked'),
] as const;

/** The cohort's slots from `from` on, earliest first, with who offers each and how many booked it. */
export async function slotsOf(db: Queryable, cohortId: number, from: Date): Promise<StaffInterviewSlot[]> {
  const rows = await run(
    db,
    qb
      .selectFrom('interview_slots as s')
      .innerJoin('staff as m', 'm.id', 's.offered_by')
      .select([...slotColumns, 'm.email'])
      .where('s.cohort_id', '=', cohortId)
      .where('s.starts_at', '>=', from)
      .orderBy('s.starts_at')
      .orderBy('s.id'),
  );
  return rows.map((r) => ({
    id: r.id,
    start: iso(r.starts_at),
    minutes: r.minutes,
    capacity: r.capacity,
    booked: r.booked,
    offeredBy: r.email,
  }));
}

export async function addSlot(
  db: Queryable,
  slot: { cohortId: number; start: Date; minutes: number; offeredBy: number },
  now: Date,
): Promise<number> {
  const [row] = await run(
    db,
    qb
      .insertInto('interview_slots')
      .values({
        cohort_id: slot.cohortId,
        starts_at: slot.start,
        minutes: slot.minutes,
        offered_by: slot.offeredBy,
        created_at: now,
      })
      .returning('id'),
  );
  return row.id;
}

/** Removes a slot nobody booked: 404 when there is none, 409 when an applicant booked it. */
export async function removeFreeSlot(db: Queryable, id: number): Promise<{ cohortId: number }> {
  const [slot] = await run(
    db,
    qb.selectFrom('interview_slots').select('cohort_id').where('id', '=', id).forUpdate(),
  );
  if (!slot) throw fail(404, M.slotNotFound);
  const [booking] = await run(
    db,
    qb.selectFrom('interview_bookings').select('application_id').where('slot_id', '=', id).limit(1),
  );
  if (booking) throw fail(409, M.slotTaken);
  await run(db, qb.deleteFrom('interview_slots').where('id', '=', id));
  return { cohortId: slot.cohort_id };
}

/** The applicant an interview is for: the same recipient a staff message goes to (cohort name defaulted). */
async function inviteeOf(db: Queryable, applicationId: number): Promise<MessageTarget | undefined> {
  const [invitee] = await messageTargets(db, [applicationId]);
  return invitee;
}

/**
 * An admin's invite, inside `tx`: the chart must allow it with the cohort's setting (off → 409 in our words), and
 * the invitation email goes through the outbox from its template, counted against the inbox's limit for staff
 * messages (an inbox that had its messages refuses the invite, which then changes nothing).
 */
export async function inviteToInterview(
  tx: Queryable,
  mailer: Mailer,
  publicUrl: string,
  applicationId: number,
  staffId: number,
  now: Date,
): Promise<ReviewChange> {
  const invitee = await inviteeOf(tx, applicationId);
  if (!invitee || invitee.erased) throw fail(404, STAFF_MESSAGES.notFound);
  const on = await interviewOn(tx, invitee.cohortId);
  const position = await lockReviewPosition(tx, applicationId, now);
  if (!position) throw fail(404, STAFF_MESSAGES.notFound);
  // Where the chart would take the invite were interviews on, the cohort's setting is what refuses it.
  const allowedIfOn = nextReviewStatus(
    position.status,
    { type: 'INVITE_TO_INTERVIEW', interview: true },
    position.held,
  );
  if (allowedIfOn !== null && !on) throw fail(409, M.cohortOff);
  const change = await applyReviewEvent(
    tx,
    applicationId,
    { type: 'INVITE_TO_INTERVIEW', interview: on },
    staffId,
    now,
  );
  if (!(await takeStaffMessage(tx, invitee.email, now)))
    throw fail(429, STAFF_TEMPLATE_MESSAGES.inboxFull(STAFF_MESSAGES_PER_INBOX, STAFF_MESSAGE_WINDOW_HOURS));
  const template = await templateFor(tx, 'interview');
  await mailer.send(
    templateEmail(
      template,
      {
        email: invitee.email,
        firstname: invitee.firstname,
        cohortName: invitee.cohortName,
        cohortStart: invitee.cohortStart,
      },
      publicUrl,
    ),
    tx,
  );
  return change;
}

const applicantSlot = (r: { id: number; starts_at: Date; minutes: number }): ApplicantInterviewSlot => ({
  id: r.id,
  start: iso(r.starts_at),
  minutes: r.minutes,
});

/** The slot an application booked, with who offers it. */
export async function bookingOf(db: Queryable, applicationId: number) {
  const [row] = await run(
    db,
    qb
      .selectFrom('interview_bookings as b')
      .innerJoin('interview_slots as s', 's.id', 'b.slot_id')
      .innerJoin('staff as m', 'm.id', 's.offered_by')
      .select(['s.id', 's.starts_at', 's.minutes', 'm.email', 'b.uid'])
      .where('b.application_id', '=', applicationId),
  );
  return row;
}

/** The applicant's page: invited (with the free slots to come), booked (with theirs), or nothing to book. */
export async function applicantInterview(
  db: Queryable,
  applicationId: number,
  now: Date,
  locale: string,
): Promise<ApplicantInterview> {
  const [{ status }] = await run(
    db,
    qb
      .selectFrom('applications')
      .select(
        sql<ReviewStatus | null>`CASE WHEN submitted_at IS NOT NULL THEN ${reviewStatusOf} END`.as('status'),
      )
      .where('id', '=', applicationId),
  );
  const invitee = await inviteeOf(db, applicationId);
  const cohortName = invitee?.cohortName ?? 'the next cohort';
  const booking = await bookingOf(db, applicationId);
  if (booking) return { state: 'booked', cohortName, locale, slots: [], booked: applicantSlot(booking) };
  if (status !== 'interview_invited' || invitee?.cohortId == null)
    return { state: 'none', cohortName, locale, slots: [], booked: null };
  const free = await run(
    db,
    qb
      .selectFrom('interview_slots as s')
      .select(slotColumns)
      .where('s.cohort_id', '=', invitee.cohortId)
      .where('s.starts_at', '>', now)
      .orderBy('s.starts_at')
      .orderBy('s.id'),
  );
  return {
    state: 'invited',
    cohortName,
    locale,
    slots: free.filter((s) => s.booked < s.capacity).map(applicantSlot),
    booked: null,
  };
}

/**
 * Books `slotId` for the application, inside `tx`: the chart must allow BOOK_INTERVIEW (409 otherwise), and the
 * slot must be the cohort's, still to come and not full, counted under its row lock (409 `slot` otherwise). Both the
 * applicant and the team member who offers the slot get the calendar invitation.
 */
export async function bookInterview(
  tx: Queryable,
  options: { mailer: Mailer; locale: string; domain: string; timeZone: string },
  applicationId: number,
  slotId: number,
  now: Date,
): Promise<ApplicantInterviewSlot> {
  const position = await lockReviewPosition(tx, applicationId, now);
  if (!position) throw fail(404, STAFF_MESSAGES.notFound);
  if (position.status === 'interview_booked') throw fail(409, M.alreadyBooked);
  const to = nextReviewStatus(position.status, { type: 'BOOK_INTERVIEW' }, position.held);
  if (to === null) throw fail(409, M.notInvited);
  const invitee = await inviteeOf(tx, applicationId);
  if (!invitee || invitee.cohortId === null) throw fail(409, M.notInvited);
  const [slot] = await run(
    tx,
    qb
      .selectFrom('interview_slots as s')
      .innerJoin('staff as m', 'm.id', 's.offered_by')
      .select(['s.id', 's.starts_at', 's.minutes', 's.capacity', 'm.email'])
      .where('s.id', '=', slotId)
      .where('s.cohort_id', '=', invitee.cohortId)
      .forUpdate('s'),
  );
  const [{ booked }] = await run(
    tx,
    qb
      .selectFrom('interview_bookings')
      .select(sql<number>`count(*)::int`.as('booked'))
      .where('slot_id', '=', slotId),
  );
  if (!slot || slot.starts_at.getTime() <= now.getTime() || booked >= slot.capacity)
    throw fieldFail(409, 'slot', M.slotGone);
  const uid = `interview-${randomUUID()}@${options.domain}`;
  await run(
    tx,
    qb
      .insertInto('interview_bookings')
      .values({ application_id: applicationId, slot_id: slotId, uid, booked_at: now }),
  );
  await writeReviewChanges(
    tx,
    [{ id: applicationId, event: 'BOOK_INTERVIEW', from: position.status, to }],
    null,
    now,
    0,
  );
  const bookedSlot = applicantSlot(slot);
  for (const mail of invitationEmails({
    uid,
    slot: bookedSlot,
    applicant: { email: invitee.email, firstname: invitee.firstname },
    staffEmail: slot.email,
    cohortName: invitee.cohortName,
    locale: options.locale,
    timeZone: options.timeZone,
    now,
  }))
    await options.mailer.send(mail, tx);
  return bookedSlot;
}

/**
 * The two emails of a booking, each with the same .ics (one UID for the booking). The applicant's writes the time in
 * the zone their page showed it in, the team member's in UTC as the staff pages do (decision 240).
 */
export function invitationEmails(booking: {
  uid: string;
  slot: ApplicantInterviewSlot;
  applicant: { email: string; firstname: string };
  staffEmail: string;
  cohortName: string;
  locale: string;
  /** The applicant's IANA zone. */
  timeZone: string;
  now: Date;
}): MailMessage[] {
  const { slot, applicant } = booking;
  const start = new Date(slot.start);
  const when = slotWords(slot.start, slot.minutes, booking.locale);
  const theirWhen = slotWords(slot.start, slot.minutes, booking.locale, booking.timeZone);
  const summary = `Interview: ${PROGRAMME}, ${booking.cohortName}`;
  const ics = calendarInvitation({
    uid: booking.uid,
    start,
    end: new Date(start.getTime() + slot.minutes * 60_000),
    stamp: booking.now,
    summary,
    description: `${applicant.firstname}'s interview for ${booking.cohortName} of ${PROGRAMME}.`,
    // The team member who offers the slot holds the interview; the applicant is asked to it.
    organizer: { name: `${PROGRAMME} (${booking.staffEmail})`, email: booking.staffEmail },
    attendees: [{ name: applicant.firstname, email: applicant.email }],
  });
  const attachments = [{ filename: 'interview.ics', contentType: CALENDAR_CONTENT_TYPE, content: ics }];
  const toApplicant = [
    greeting(applicant.firstname),
    `Your interview for ${booking.cohortName} of ${PROGRAMME} is booked: ${theirWhen}.`,
    // Not "reply to this email": the sender is the outbox's no-reply address; the team member holding it reads theirs.
    `The calendar invitation is attached. If you can no longer come, write to ${booking.staffEmail}, who holds the interview.`,
    SIGN_OFF,
  ];
  const toStaff = [
    'Hello,',
    `An applicant booked your interview slot for ${booking.cohortName}: ${when}.`,
    'The calendar invitation is attached; the application page shows who it is.',
    `${PROGRAMME} team`,
  ];
  return [
    {
      to: applicant.email,
      subject: `Your interview is booked: ${theirWhen}`,
      text: `${toApplicant.join('\n\n')}\n`,
      html: page(toApplicant),
      attachments,
    },
    {
      // No applicant's name in the staff subject line: it shows in notifications.
      to: booking.staffEmail,
      subject: `Interview booked: ${when}`,
      text: `${toStaff.join('\n\n')}\n`,
      html: page(toStaff),
      attachments,
    },
  ];
}

/** The staff page's line once the applicant booked ("Interview booked Thursday 3 December 2026, 14:30–15:00 UTC"). */
export async function interviewForStaff(
  db: Queryable,
  applicationId: number,
  locale: string,
): Promise<StaffInterviewBooking | null> {
  const booking = await bookingOf(db, applicationId);
  if (!booking) return null;
  const start = iso(booking.starts_at);
  return {
    start,
    minutes: booking.minutes,
    offeredBy: booking.email,
    words: M.bookedAt(slotWords(start, booking.minutes, locale)),
  };
}
