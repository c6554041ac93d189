/**
 * The staff back office's API: sign-in with a code into a staff session of its own, roles, the application's page,
 * its CV, notes, review events checked by the review chart, decision emails after the undo window, the audit log.
 */
import { describe, expect, it } from 'vitest';
import {
  HELD_STATUSES,
  nextReviewStatus,
  REVIEW_EVENT_ACTORS,
  REVIEW_STATUSES,
  type ReviewStatus,
  type ReviewEventType,
} from '../../machines/review.machine';
import { paths } from '../../machines/rules/contract';
import { STAFF_COOKIE } from '../../machines/rules/staff/session';
import { STAFF_MESSAGES } from '../../machines/rules/staff/messages';
import { staffPaths } from '../../machines/rules/staff/paths';
import { staffQueuePaths } from '../../machines/rules/staff/queue';
import type { StaffApplicationPage } from '../../machines/staffApplication.machine';
import { ConfigError, readEnv } from '../../server/config';
import { outboxMailer } from '../../server/mail/index';
import { decisionMailer } from '../../server/review/decisionMail';
import {
  cvForm,
  databases,
  json,
  pdf,
  staffRequests,
  staffSignIn,
  uploadCv,
  useClock,
  useStaffApp,
  verifiedApplicant,
} from './support';

const ADMIN = 'director@bootcamp.example';
const at = (path: string, id: number | string) => path.replace(':id', String(id));

describe.each(databases)('staff back office on $name', (database) => {
  const clock = useClock();
  const t = useStaffApp(database, ADMIN, clock);

  const signIn = (email: string) => staffSignIn(t, email);

  const as = staffRequests(t);

  /** A verified applicant whose application is submitted; returns its id and the applicant's own cookie. */
  async function submitted(email: string) {
    const cookie = await verifiedApplicant(t, email);
    const { rows } = await t.db.query<{ id: number }>(
      // As the submit route stores it: a submitted application always has its cohort.
      'UPDATE applications SET submitted_at = $2, cohort_id = applied_cohort_id WHERE lower(email) = $1 RETURNING id',
      [email, clock.now],
    );
    return { id: rows[0].id, cookie };
  }

  it('an admin named in STAFF_EMAILS signs in with the emailed code; Sign out ends the session', async () => {
    const cookie = await signIn(ADMIN);
    const me = await as(cookie).get(staffPaths.me);
    // The programme's locale comes with the session: the staff pages write dates in it (decision 157).
    expect(json(me).data).toEqual({ email: ADMIN, role: 'admin', locale: 'en-GB' });
    expect(me.headers['cache-control']).toContain('no-store');

    await as(cookie).post(staffPaths.signOut, {});
    expect((await as(cookie).get(staffPaths.me)).statusCode).toBe(401);
  });

  it('tells an unknown address the same as a team member, and emails it nothing', async () => {
    const before = (await t.mails()).length;
    const res = await t.app.inject({
      method: 'POST',
      url: staffPaths.signIn,
      payload: { email: 'stranger@example.com' },
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe(STAFF_MESSAGES.codeSent);
    expect((await t.mails()).length).toBe(before);
  });

  it("an applicant's session or code never opens the staff area", async () => {
    const applicantCookie = await verifiedApplicant(t, 'ada@example.com');
    expect((await as(applicantCookie).get(staffPaths.me)).statusCode).toBe(401);
    expect((await as(applicantCookie).get(staffPaths.audit)).statusCode).toBe(401);

    // Even an applicant who is also staff: their applicant code is no staff code.
    await t.app.inject({ method: 'POST', url: paths.resendCode, payload: { email: 'ada@example.com' } });
    const applicantCode = await t.latestCode('ada@example.com');
    const res = await t.app.inject({
      method: 'POST',
      url: staffPaths.verify,
      payload: { email: 'ada@example.com', token: applicantCode },
    });
    expect(res.statusCode).toBe(400);
    expect(res.cookies.find((c) => c.name === STAFF_COOKIE)).toBeUndefined();
  });

  it('five wrong codes from one address end its tries at the code, as for applicants', async () => {
    await t.app.inject({ method: 'POST', url: staffPaths.signIn, payload: { email: ADMIN } });
    const code = await t.latestCode(ADMIN);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: staffPaths.verify,
        payload: { email: ADMIN, token: wrong },
      });
      expect(res.statusCode).toBe(400);
    }
    const res = await t.app.inject({
      method: 'POST',
      url: staffPaths.verify,
      payload: { email: ADMIN, token: code },
    });
    expect(res.statusCode).toBe(400);
  });

  it('replaying a staff verification three times mints no second session', async () => {
    await t.app.inject({ method: 'POST', url: staffPaths.signIn, payload: { email: ADMIN } });
    const request = {
      method: 'POST' as const,
      url: staffPaths.verify,
      payload: { email: ADMIN, token: await t.latestCode(ADMIN) },
    };
    expect((await t.app.inject(request)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) {
      const replayed = await t.app.inject(request);
      expect(replayed.statusCode).toBe(400);
      expect(replayed.cookies.find((c) => c.name === STAFF_COOKIE)).toBeUndefined();
    }
    const { rows } = await t.db.query<{ n: number | string }>('SELECT count(*) AS n FROM staff_sessions');
    expect(Number(rows[0].n)).toBe(1);
  });

  it('staff sign-in is rate limited per inbox, for team members and strangers alike', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      for (const email of [ADMIN, 'stranger@example.com']) {
        const res = await t.app.inject({ method: 'POST', url: staffPaths.signIn, payload: { email } });
        statuses.push(res.statusCode);
      }
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429, 429, 429]);
  });

  it('a reviewer reads, notes and opens a review, but cannot decide, manage the team or read the audit log', async () => {
    const admin = await signIn(ADMIN);
    const added = await as(admin).post(staffPaths.team, {
      email: 'reviewer@bootcamp.example',
      role: 'reviewer',
    });
    expect(added.statusCode).toBe(201);
    const reviewer = await signIn('reviewer@bootcamp.example');
    const { id } = await submitted('ada@example.com');

    const page = await as(reviewer).get(at(staffPaths.application, id));
    expect(page.statusCode).toBe(200);
    const data = json<{
      data: { answers: { firstname: string }; review: { status: string; allowed: string[] } };
    }>(page).data;
    expect(data.answers.firstname).toBe('Ada');
    expect(data.review.status).toBe('submitted');
    // The configured undo window (300 s by default), which the staff hint puts in words.
    expect(data.review).toMatchObject({ undoSeconds: 300 });
    expect(data.review.allowed).not.toContain('ACCEPT');

    expect((await as(reviewer).post(at(staffPaths.notes, id), { body: 'Strong answers' })).statusCode).toBe(
      201,
    );
    expect((await as(reviewer).post(at(staffPaths.events, id), { type: 'START_REVIEW' })).statusCode).toBe(
      200,
    );
    const accept = await as(reviewer).post(at(staffPaths.events, id), { type: 'ACCEPT' });
    expect(accept.statusCode).toBe(403);
    expect(json(accept).message).toBe(STAFF_MESSAGES.adminOnly);
    expect((await as(reviewer).get(staffPaths.team)).statusCode).toBe(403);
    expect((await as(reviewer).get(staffPaths.audit)).statusCode).toBe(403);
    expect(
      (await as(reviewer).post(staffPaths.team, { email: 'x@bootcamp.example', role: 'admin' })).statusCode,
    ).toBe(403);

    // Removing a member ends their session at once.
    const team = json<{ data: { id: number; email: string }[] }>(await as(admin).get(staffPaths.team)).data;
    const member = team.find((m) => m.email === 'reviewer@bootcamp.example')!;
    expect((await as(admin).del(at(staffPaths.teamMember, member.id))).statusCode).toBe(200);
    expect((await as(reviewer).get(staffPaths.me)).statusCode).toBe(401);
  });

  it('an admin named in STAFF_EMAILS cannot be removed in the app: 409, still signs in, marked in the team list', async () => {
    const director = await signIn(ADMIN);
    await as(director).post(staffPaths.team, { email: 'deputy@bootcamp.example', role: 'admin' });
    const deputy = await signIn('deputy@bootcamp.example');
    const team = json<{ data: { id: number; email: string; configured: boolean }[] }>(
      await as(deputy).get(staffPaths.team),
    ).data;
    expect(team.map((m) => [m.email, m.configured])).toEqual([
      ['deputy@bootcamp.example', false],
      [ADMIN, true],
    ]);
    const configured = team.find((m) => m.email === ADMIN)!;

    const removed = await as(deputy).del(at(staffPaths.teamMember, configured.id));
    expect(removed.statusCode).toBe(409);
    expect(json(removed).message).toBe(STAFF_MESSAGES.configuredAdmin);
    // Nothing changed: the configured admin's session still works and a new sign-in still gets a code.
    expect((await as(director).get(staffPaths.me)).statusCode).toBe(200);
    clock.now = new Date(clock.now.getTime() + 60_000);
    const again = await signIn(ADMIN);
    expect(json(await as(again).get(staffPaths.me)).data).toMatchObject({ email: ADMIN, role: 'admin' });
  });

  it('a configured admin removed or demoted before this rule is an admin again at their next sign-in', async () => {
    await signIn(ADMIN);
    await t.db.query('UPDATE staff SET removed_at = $1 WHERE email = $2', [clock.now, ADMIN]);
    clock.now = new Date(clock.now.getTime() + 60_000);
    const back = await signIn(ADMIN);
    expect(json(await as(back).get(staffPaths.me)).data).toMatchObject({ email: ADMIN, role: 'admin' });
    await t.db.query("UPDATE staff SET role = 'reviewer' WHERE email = $1 AND removed_at IS NULL", [ADMIN]);
    clock.now = new Date(clock.now.getTime() + 60_000);
    const promoted = await signIn(ADMIN);
    expect(json(await as(promoted).get(staffPaths.me)).data).toMatchObject({ email: ADMIN, role: 'admin' });
  });

  it('a decision emails the applicant only after its 5-minute undo window, and an undone one sends nothing', async () => {
    const admin = await signIn(ADMIN);
    const { id } = await submitted('ada@example.com');
    const mailer = decisionMailer({
      db: t.db,
      mailer: outboxMailer(t.db),
      config: { now: () => clock.now, publicUrl: 'http://localhost:3000' },
    });
    const decisionMails = async () =>
      (await t.mails()).filter((m) => m.to === 'ada@example.com' && !/\d{6}/.test(m.subject));

    expect(json(await as(admin).post(at(staffPaths.events, id), { type: 'ACCEPT' })).data).toMatchObject({
      status: 'accepted',
    });
    // Undo restores the status the decision was taken from.
    expect(json(await as(admin).post(at(staffPaths.events, id), { type: 'UNDO' })).data).toMatchObject({
      status: 'submitted',
    });
    expect((await as(admin).post(at(staffPaths.events, id), { type: 'REJECT' })).statusCode).toBe(200);

    clock.now = new Date(clock.now.getTime() + 4 * 60_000);
    expect(await mailer.sendDue()).toBe(0);
    clock.now = new Date(clock.now.getTime() + 60_000 + 1);
    expect(await mailer.sendDue()).toBe(1);
    expect(await mailer.sendDue()).toBe(0);
    const sent = await decisionMails();
    expect(sent).toHaveLength(1);
    expect(sent[0].text).toContain('we cannot offer you a place this time');
    expect(sent[0].text).toContain('http://localhost:3000/financial-aid-application');

    // The timeline says it in words from the review chart, never as codes, with when the email left.
    const timeline = json<{ data: StaffApplicationPage }>(await as(admin).get(at(staffPaths.application, id)))
      .data.timeline;
    expect(
      timeline.slice(-3).map(({ what, by, emailSentAt }) => ({ what, by, sent: !!emailSentAt })),
    ).toEqual([
      { what: 'Accepted (undone)', by: ADMIN, sent: false },
      { what: 'Decision undone, back to submitted', by: ADMIN, sent: false },
      { what: 'Not successful', by: ADMIN, sent: true },
    ]);

    const late = await as(admin).post(at(staffPaths.events, id), { type: 'UNDO' });
    expect(late.statusCode).toBe(409);
    expect(json(late).message).toBe(
      'A decision can be undone only within 5 minutes, before its email is sent',
    );
  });

  it('Undo restores the status before the decision: a waitlisted applicant accepted by mistake is waitlisted again', async () => {
    const admin = await signIn(ADMIN);
    const { id } = await submitted('ada@example.com');
    const send = async (type: ReviewEventType) =>
      json<{ data: { status: string } }>(await as(admin).post(at(staffPaths.events, id), { type })).data
        .status;
    expect(await send('START_REVIEW')).toBe('in_review');
    expect(await send('WAITLIST')).toBe('waitlisted');
    clock.now = new Date(clock.now.getTime() + 5 * 60_000 + 1);
    expect(await send('ACCEPT')).toBe('accepted');
    expect(await send('UNDO')).toBe('waitlisted');
    // Its own decision long released, the waitlisting stands: it is not undone in turn, and may be rejected.
    const page = json<{ data: StaffApplicationPage }>(
      await as(admin).get(at(staffPaths.application, id)),
    ).data;
    expect(page.review?.label).toBe('Waitlisted');
    expect((await as(admin).post(at(staffPaths.events, id), { type: 'UNDO' })).statusCode).toBe(409);
    expect(await send('REJECT')).toBe('rejected');
  });

  it('the server refuses exactly what the review chart refuses, for every status, held or released, and event', async () => {
    const admin = await signIn(ADMIN);
    const { id } = await submitted('ada@example.com');
    const DECIDED_BY: Partial<Record<ReviewStatus, ReviewEventType>> = {
      accepted: 'ACCEPT',
      waitlisted: 'WAITLIST',
      rejected: 'REJECT',
    };
    const positions = REVIEW_STATUSES.flatMap((status) =>
      HELD_STATUSES.includes(status)
        ? [
            { status, held: true },
            { status, held: false },
          ]
        : [{ status, held: false }],
    );
    for (const { status, held } of positions) {
      for (const type of Object.keys(REVIEW_EVENT_ACTORS) as ReviewEventType[]) {
        await t.db.query('DELETE FROM review_events WHERE application_id = $1', [id]);
        await t.db.query('UPDATE applications SET review_status = $2 WHERE id = $1', [id, status]);
        if (held)
          await t.db.query(
            `INSERT INTO review_events (application_id, event, from_status, to_status, email_due_at, created_at)
             VALUES ($1, $2, 'in_review', $3, $4, $5)`,
            [id, DECIDED_BY[status], status, new Date(t.now().getTime() + 60_000), t.now()],
          );
        const res = await as(admin).post(at(staffPaths.events, id), { type });
        const adminMay = REVIEW_EVENT_ACTORS[type].includes('admin');
        const next = nextReviewStatus(status, { type }, held);
        // A transfer needs its reference: it has a route of its own (tests/server/staffRecord.test.ts).
        const expected = type === 'RECORD_TRANSFER' ? 400 : !adminMay ? 403 : next === null ? 409 : 200;
        expect({ status, held, type, code: res.statusCode }).toEqual({ status, held, type, code: expected });
        const { rows } = await t.db.query<{ review_status: string }>(
          'SELECT review_status FROM applications WHERE id = $1',
          [id],
        );
        expect(rows[0].review_status).toBe(expected === 200 ? next : status);
      }
    }
  });

  it('a single accept past the seats is refused unless the admin overbooks, which the audit log records', async () => {
    const admin = await signIn(ADMIN);
    const ada = await submitted('ada@example.com');
    const bola = await submitted('bola@example.com');
    await t.db.query('UPDATE cohorts SET seats = 1');
    expect((await as(admin).post(at(staffPaths.events, ada.id), { type: 'ACCEPT' })).statusCode).toBe(200);
    const page = json<{ data: StaffApplicationPage }>(
      await as(admin).get(at(staffPaths.application, bola.id)),
    ).data;
    expect(page.review?.seats).toEqual({ seats: 1, taken: 1 });
    const refused = await as(admin).post(at(staffPaths.events, bola.id), { type: 'ACCEPT' });
    expect(refused.statusCode).toBe(409);
    expect(json(refused)).toEqual({
      message: 'This takes seat 2 of 1.',
      data: { error: { overbook: ['This takes seat 2 of 1.'] } },
    });
    const status = async (id: number) =>
      (
        await t.db.query<{ s: string | null }>('SELECT review_status AS s FROM applications WHERE id = $1', [
          id,
        ])
      ).rows[0].s;
    expect(await status(bola.id)).toBeNull();
    const overbooked = await as(admin).post(at(staffPaths.events, bola.id), {
      type: 'ACCEPT',
      overbook: true,
    });
    expect(overbooked.statusCode).toBe(200);
    expect(await status(bola.id)).toBe('accepted');
    const { rows } = await t.db.query<{ detail: Record<string, string> }>(
      "SELECT detail FROM audit_log WHERE action = 'review_event' ORDER BY id DESC LIMIT 1",
    );
    expect(rows[0].detail).toMatchObject({ event: 'ACCEPT', overbooked_seat: '2 of 1' });
  });

  it('concurrent single and bulk accepts never pass the seats', async () => {
    const admin = await signIn(ADMIN);
    const apps = [];
    for (const name of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'])
      apps.push(await submitted(`${name}@example.com`));
    await t.db.query('UPDATE cohorts SET seats = 4');
    const ids = apps.map((a) => a.id);
    await Promise.all([
      ...ids.slice(0, 4).map((id) => as(admin).post(at(staffPaths.events, id), { type: 'ACCEPT' })),
      as(admin).post(staffQueuePaths.bulk, { event: 'ACCEPT', ids: ids.slice(4) }),
      ...ids.slice(4).map((id) => as(admin).post(at(staffPaths.events, id), { type: 'ACCEPT' })),
    ]);
    const { rows } = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM applications WHERE review_status = 'accepted'",
    );
    expect(rows[0].n).toBe(4);
  });

  it('shows the CV inline with nosniff, framed by the staff pages only, and the audit log lists every view, download, decision and team change', async () => {
    const admin = await signIn(ADMIN);
    const { id, cookie } = await submitted('ada@example.com');
    const uploaded = await uploadCv(t, cvForm('ada@example.com', pdf()), cookie);
    expect(uploaded.statusCode).toBe(200);

    const cv = await as(admin).get(at(staffPaths.cv, id));
    expect(cv.statusCode).toBe(200);
    expect(cv.headers['content-type']).toBe('application/pdf');
    expect(cv.headers['x-content-type-options']).toBe('nosniff');
    expect(cv.headers['content-disposition']).toMatch(/^inline; filename=/);
    expect(cv.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The staff application page frames it (decision 021); no other page may, and nothing runs in it.
    expect(cv.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'self'");
    expect(cv.headers['x-frame-options']).toBe('SAMEORIGIN');
    // Every other API answer still refuses any frame.
    const page = await as(admin).get(at(staffPaths.application, id));
    expect(page.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(page.headers['x-frame-options']).toBe('DENY');

    await as(admin).post(at(staffPaths.events, id), { type: 'WAITLIST' });
    await as(admin).post(staffPaths.team, { email: 'reviewer@bootcamp.example', role: 'reviewer' });
    const log = json<{ data: { action: string; staff: string; applicationId: number | null }[] }>(
      await as(admin).get(staffPaths.audit),
    ).data;
    expect(log.map((e) => e.action)).toEqual([
      'team_add',
      'review_event',
      'view_application',
      'download_cv',
      'sign_in',
    ]);
    expect(log.every((e) => e.staff === ADMIN)).toBe(true);

    // Nothing edits or deletes it, not even SQL from inside the app.
    await expect(t.db.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
    await expect(t.db.query("UPDATE audit_log SET action = 'x'")).rejects.toThrow(/append-only/);
  });
});

describe('PROGRAMME_LOCALE', () => {
  it('is en-GB unless set; a locale the server knows is kept; anything else stops the server, naming it', () => {
    expect(readEnv({}).locale).toBe('en-GB');
    expect(readEnv({ PROGRAMME_LOCALE: 'en-US' }).locale).toBe('en-US');
    expect(() => readEnv({ PROGRAMME_LOCALE: 'british' })).toThrow(ConfigError);
    expect(() => readEnv({ PROGRAMME_LOCALE: 'british' })).toThrow(
      'PROGRAMME_LOCALE must be a locale tag the server knows, such as en-GB, en-NG or fr-FR, got "british".',
    );
  });
});
