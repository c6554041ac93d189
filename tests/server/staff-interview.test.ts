/**
 * The interview stage (docs/decisions/175-the-interview-stage.md) through the real app: an admin switches it on
 * for a cohort and offers slots (a reviewer may only look), invites an applicant, who books a slot through their own
 * session; a slot is taken once, and both the applicant and the interviewer get the .ics. On PGlite, and PostgreSQL
 * when DATABASE_URL is set.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { reviewMeta } from '../../machines/review.machine';
import {
  INTERVIEW_MESSAGES,
  interviewPaths,
  slotWords,
  type ApplicantInterview,
  type StaffInterviewSlots,
} from '../../machines/rules/interview';
import { staffPaths } from '../../machines/rules/staff/paths';
import { SERVER_MESSAGES } from '../../server/messages';
import { currentCohort } from '../../server/db/cohorts';
import { databases, json, STAFF, useTestApp, verifiedApplicant, useStaffTeam } from './support';

describe.each(databases)('interviews on $name', (database) => {
  const t = useTestApp(database, { config: { staffEmails: [STAFF.lead] }, checkDocumentedAnswers: true });
  let cohortNumber: number;
  const team = useStaffTeam(t, STAFF.lead, { reviewer: STAFF.ama });

  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const data = <T>(res: LightMyRequestResponse) => json<{ data: T }>(res).data;
  const message = (res: LightMyRequestResponse) => json(res).message;
  const cohortPath = (path: string) => path.replace(':number', String(cohortNumber));
  const event = (id: number) => staffPaths.events.replace(':id', String(id));
  const inHours = (hours: number) => new Date(t.now().getTime() + hours * 3_600_000).toISOString();

  /** A verified applicant whose application is submitted and in review; their id and session. */
  async function inReview(email: string): Promise<{ id: number; cookie: string }> {
    const cookie = await verifiedApplicant(t, email);
    const { rows } = await t.db.query<{ id: number }>(
      `UPDATE applications SET submitted_at = $2, review_status = 'in_review' WHERE email = $1 RETURNING id`,
      [email, t.now()],
    );
    return { id: rows[0].id, cookie };
  }
  const statusOf = async (id: number) =>
    (await t.db.query<{ s: string }>('SELECT review_status AS s FROM applications WHERE id = $1', [id]))
      .rows[0].s;
  const addSlot = async (hours: number) =>
    data<StaffInterviewSlots>(
      await send('POST', cohortPath(interviewPaths.slots), team.admin, {
        start: inHours(hours),
        minutes: 30,
      }),
    ).slots;

  beforeEach(async () => {
    cohortNumber = (await currentCohort(t.db, t.now())).number;
  });

  it('refuses an invite in our words while the cohort has interviews off, and changes nothing', async () => {
    const { id } = await inReview('off@example.com');
    const res = await send('POST', event(id), team.admin, { type: 'INVITE_TO_INTERVIEW' });
    expect(res.statusCode).toBe(409);
    expect(message(res)).toBe(INTERVIEW_MESSAGES.cohortOff);
    expect(await statusOf(id)).toBe('in_review');
    expect((await t.mails()).some((m) => m.to === 'off@example.com' && /interview/i.test(m.subject))).toBe(
      false,
    );
  });

  it('lets only an admin switch interviews on and offer or remove slots; a reviewer may look (403 otherwise)', async () => {
    const setting = cohortPath(interviewPaths.setting);
    expect((await send('PUT', setting, team.reviewer, { on: true })).statusCode).toBe(403);
    expect(
      (
        await send('POST', cohortPath(interviewPaths.slots), team.reviewer, {
          start: inHours(24),
          minutes: 30,
        })
      ).statusCode,
    ).toBe(403);
    const on = await send('PUT', setting, team.admin, { on: true });
    expect(on.statusCode).toBe(200);
    expect(message(on)).toBe(INTERVIEW_MESSAGES.switchedOn);
    expect(data<StaffInterviewSlots>(on).interview).toBe(true);

    // Bad slots are refused in our words.
    const past = await send('POST', cohortPath(interviewPaths.slots), team.admin, {
      start: inHours(-1),
      minutes: 30,
    });
    expect([past.statusCode, message(past)]).toEqual([400, INTERVIEW_MESSAGES.slotStartPast]);
    const odd = await send('POST', cohortPath(interviewPaths.slots), team.admin, {
      start: inHours(2),
      minutes: 7,
    });
    expect([odd.statusCode, message(odd)]).toEqual([400, INTERVIEW_MESSAGES.slotMinutes]);
    const junk = await send('POST', cohortPath(interviewPaths.slots), team.admin, {
      start: 'tomorrow',
      minutes: 30,
    });
    expect([junk.statusCode, message(junk)]).toEqual([400, INTERVIEW_MESSAGES.slotStartMissing]);

    const slots = await addSlot(24);
    expect(slots).toEqual([
      {
        id: expect.any(Number),
        start: inHours(24),
        minutes: 30,
        capacity: 1,
        booked: 0,
        offeredBy: STAFF.lead,
      },
    ]);
    const seen = data<StaffInterviewSlots>(
      await send('GET', cohortPath(interviewPaths.slots), team.reviewer),
    );
    expect(seen.slots).toHaveLength(1);
    const slotPath = interviewPaths.slot.replace(':id', String(slots[0].id));
    expect((await send('DELETE', slotPath, team.reviewer)).statusCode).toBe(403);
    expect((await send('DELETE', slotPath, team.admin)).statusCode).toBe(200);
    expect((await send('DELETE', slotPath, team.admin)).statusCode).toBe(404);

    const { rows } = await t.db.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE action LIKE 'interview%' ORDER BY id",
    );
    expect(rows.map((r) => r.action)).toEqual([
      'interview_setting',
      'interview_slot_add',
      'interview_slot_remove',
    ]);
  });

  it('invites, lets the applicant book through their own session, and sends both of them the .ics', async () => {
    await send('PUT', cohortPath(interviewPaths.setting), team.admin, { on: true });
    const [slot] = await addSlot(48);
    const { id, cookie } = await inReview('ada@example.com');

    // Only an admin invites.
    expect((await send('POST', event(id), team.reviewer, { type: 'INVITE_TO_INTERVIEW' })).statusCode).toBe(
      403,
    );
    const invited = await send('POST', event(id), team.admin, { type: 'INVITE_TO_INTERVIEW' });
    expect(invited.statusCode).toBe(200);
    expect(message(invited)).toBe(reviewMeta('interview_invited').label);
    const invitation = (await t.mails()).find(
      (m) => m.to === 'ada@example.com' && /interview/i.test(m.subject),
    );
    expect(invitation?.text).toContain('/apply/interview');

    // The page needs the applicant's own session.
    const cold = await t.app.inject({ method: 'GET', url: interviewPaths.applicant });
    expect([cold.statusCode, message(cold)]).toEqual([401, SERVER_MESSAGES.needSession]);
    const page = data<ApplicantInterview>(await send('GET', interviewPaths.applicant, cookie));
    expect(page).toMatchObject({
      state: 'invited',
      slots: [{ id: slot.id, start: slot.start, minutes: 30 }],
    });

    const booked = await send('POST', interviewPaths.applicant, cookie, { slot: slot.id });
    expect(booked.statusCode).toBe(200);
    const when = slotWords(slot.start, 30, 'en-GB');
    expect(message(booked)).toBe(INTERVIEW_MESSAGES.booked(when));
    expect(data<ApplicantInterview>(booked)).toMatchObject({ state: 'booked', booked: { id: slot.id } });
    expect(await statusOf(id)).toBe('interview_booked');

    const mails = (await t.mails()).filter((m) => m.attachments?.length);
    expect(mails.map((m) => m.to).sort()).toEqual(['ada@example.com', STAFF.lead]);
    const [ics] = mails.map((m) => m.attachments?.[0]);
    expect(ics?.contentType).toMatch(/^text\/calendar;.*method=REQUEST/);
    expect(ics?.content).toMatch(/^METHOD:REQUEST\r$/m);
    expect(ics?.content).toMatch(/^DTSTART:\d{8}T\d{6}Z\r$/m);
    // One booking, one UID, in both mails.
    const uids = mails.map((m) => /^UID:(.+)\r$/m.exec(m.attachments?.[0].content ?? '')?.[1]);
    expect(uids[0]).toBeTruthy();
    expect(uids[1]).toBe(uids[0]);

    // The staff page says when, and offers the decisions from there.
    const staffPage = data<{ interview: { words: string }; review: { status: string } }>(
      await send('GET', staffPaths.application.replace(':id', String(id)), team.admin),
    );
    expect(staffPage.interview.words).toBe(INTERVIEW_MESSAGES.bookedAt(when));
    expect((await send('POST', event(id), team.admin, { type: 'ACCEPT' })).statusCode).toBe(200);

    // A booked slot cannot be removed.
    const removed = await send('DELETE', interviewPaths.slot.replace(':id', String(slot.id)), team.admin);
    expect([removed.statusCode, message(removed)]).toEqual([409, INTERVIEW_MESSAGES.slotTaken]);
  });

  it("writes the applicant's answer and email in their device's zone, named; the team member's stays in UTC", async () => {
    await send('PUT', cohortPath(interviewPaths.setting), team.admin, { on: true });
    const [slot] = await addSlot(48);
    const { id, cookie } = await inReview('lagos@example.com');
    await send('POST', event(id), team.admin, { type: 'INVITE_TO_INTERVIEW' });

    // A zone the server does not know is refused in our words, and books nothing.
    const unknown = await send('POST', interviewPaths.applicant, cookie, {
      slot: slot.id,
      timeZone: 'Mars/Olympus',
    });
    expect([unknown.statusCode, message(unknown)]).toEqual([400, INTERVIEW_MESSAGES.timeZoneUnknown]);
    expect(await statusOf(id)).toBe('interview_invited');

    const booked = await send('POST', interviewPaths.applicant, cookie, {
      slot: slot.id,
      timeZone: 'Africa/Lagos',
    });
    expect(booked.statusCode).toBe(200);
    const lagos = slotWords(slot.start, 30, 'en-GB', 'Africa/Lagos');
    expect(lagos).toMatch(/Lagos time \(West Africa Time\)$/);
    // Lagos is an hour ahead of UTC all year.
    const utcHour = new Date(slot.start).getUTCHours();
    expect(lagos).toContain(`, ${String((utcHour + 1) % 24).padStart(2, '0')}:`);
    expect(message(booked)).toBe(INTERVIEW_MESSAGES.booked(lagos));
    const mails = (await t.mails()).filter((m) => m.attachments?.length);
    const toApplicant = mails.find((m) => m.to === 'lagos@example.com');
    expect(toApplicant?.subject).toBe(`Your interview is booked: ${lagos}`);
    expect(toApplicant?.text).toContain(`is booked: ${lagos}.`);
    const toStaff = mails.find((m) => m.to === STAFF.lead);
    expect(toStaff?.text).toContain(`: ${slotWords(slot.start, 30, 'en-GB')}.`);
    expect(toStaff?.text).not.toContain('Lagos');
  });

  it('gives a slot to one of two applicants booking it at once; the other is told in our words', async () => {
    await send('PUT', cohortPath(interviewPaths.setting), team.admin, { on: true });
    const [slot, other] = (await addSlot(24), await addSlot(25));
    const first = await inReview('first@example.com');
    const second = await inReview('second@example.com');
    for (const { id } of [first, second])
      expect((await send('POST', event(id), team.admin, { type: 'INVITE_TO_INTERVIEW' })).statusCode).toBe(
        200,
      );

    const results = await Promise.all(
      [first, second].map(({ cookie }) => send('POST', interviewPaths.applicant, cookie, { slot: slot.id })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const loser = results.findIndex((r) => r.statusCode === 409);
    expect(message(results[loser])).toBe(INTERVIEW_MESSAGES.slotGone);
    const loserCookie = [first, second][loser].cookie;
    // Their list no longer offers the slot taken; they book another.
    const page = data<ApplicantInterview>(await send('GET', interviewPaths.applicant, loserCookie));
    expect(page.slots.map((s) => s.id)).toEqual([other.id]);
    expect((await send('POST', interviewPaths.applicant, loserCookie, { slot: other.id })).statusCode).toBe(
      200,
    );
    const { rows } = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM interview_bookings WHERE slot_id = $1',
      [slot.id],
    );
    expect(rows[0].n).toBe(1);
  });

  it('refuses a booking from an applicant nobody invited, and a second booking', async () => {
    await send('PUT', cohortPath(interviewPaths.setting), team.admin, { on: true });
    const [slot, later] = (await addSlot(24), await addSlot(26));
    const { id, cookie } = await inReview('uninvited@example.com');
    const refused = await send('POST', interviewPaths.applicant, cookie, { slot: slot.id });
    expect([refused.statusCode, message(refused)]).toEqual([409, INTERVIEW_MESSAGES.notInvited]);
    expect(data<ApplicantInterview>(await send('GET', interviewPaths.applicant, cookie)).state).toBe('none');
    await send('POST', event(id), team.admin, { type: 'INVITE_TO_INTERVIEW' });
    expect((await send('POST', interviewPaths.applicant, cookie, { slot: slot.id })).statusCode).toBe(200);
    const again = await send('POST', interviewPaths.applicant, cookie, { slot: later.id });
    expect([again.statusCode, message(again)]).toEqual([409, INTERVIEW_MESSAGES.alreadyBooked]);
  });
});
