/**
 * The applicant's side of a staff decision: the standing read through the session alone (401 without one, never
 * another applicant's), a decision shown only once its undo window is over (an undone one never), and payment
 * refused (403, in the catalogue's words) to anyone not accepted.
 */
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { aidDecisionPathOf } from '../../machines/rules/aidDecision';
import { paths, type ApplicantStanding } from '../../machines/rules/contract';
import { OPTION_FINANCIAL_AID, OPTION_FULL_PAYMENT } from '../../machines/rules/payments';
import { DECISION_UNDO_MINUTES } from '../../machines/rules/staff/undo';
import { staffPaths } from '../../machines/rules/staff/paths';
import { offeredEvents, type StaffApplicationPage } from '../../machines/staffApplication.machine';
import { readEnv } from '../../server/config';
import { SERVER_MESSAGES } from '../../server/messages';
import {
  databases,
  decide,
  financialAid,
  json,
  staffSignIn,
  submittedApplicant,
  useTestApp,
  verifiedApplicant,
} from './support';

const ADA = 'ada@example.com';
const BOLA = 'bola@example.com';
const ADMIN = 'director@bootcamp.example';
const WINDOW = DECISION_UNDO_MINUTES * 60_000;

describe.each(databases)('the applicant’s standing on $name', (database) => {
  const t = useTestApp(database, { config: { staffEmails: [ADMIN] } });

  /** The staff API's review event `type` on application 1, as the staff member of the `cookie`. */
  const staffEvent = (cookie: string, type: string) =>
    t.app.inject({
      method: 'POST',
      url: staffPaths.events.replace(':id', '1'),
      payload: { type },
      headers: { cookie },
    });
  const standingOf = (cookie?: string) =>
    t.app.inject({ method: 'GET', url: paths.standing, headers: cookie ? { cookie } : {} });
  const standing = async (cookie: string) => json<{ data: ApplicantStanding }>(await standingOf(cookie)).data;
  const submitted = (email: string) => submittedApplicant(t, email);
  const post = (url: string, payload: object, cookie: string) =>
    t.app.inject({ method: 'POST', url, payload, headers: { cookie } });
  const choose = (cookie: string, email = ADA, option = OPTION_FULL_PAYMENT) =>
    post(paths.misc, { email, misc: { column_name: 'Financial Info', payment_option: option } }, cookie);
  const start = (cookie: string, email = ADA) =>
    post(paths.paymentStart, { email, option: OPTION_FULL_PAYMENT, country: 'Nigeria' }, cookie);
  const refusedAsNotAccepted = (res: LightMyRequestResponse) => {
    expect(res.statusCode).toBe(403);
    expect(json(res)).toEqual({
      message: SERVER_MESSAGES.paymentNotAccepted,
      data: { error: { payment_option: [SERVER_MESSAGES.paymentNotAccepted] } },
    });
  };

  it('needs the session (401), and a submitted application (403)', async () => {
    const none = await standingOf();
    expect(none.statusCode).toBe(401);
    expect(json(none).message).toBe(SERVER_MESSAGES.needSession);
    const forged = await standingOf('tebc_session=forged');
    expect(forged.statusCode).toBe(401);
    const cookie = await verifiedApplicant(t, ADA);
    const early = await standingOf(cookie);
    expect(early.statusCode).toBe(403);
    expect(json(early).message).toBe(SERVER_MESSAGES.incomplete);
    expect(early.headers['cache-control']).toBe('no-store');
  });

  it.each([
    ['ACCEPT', 'accepted'],
    ['WAITLIST', 'waitlisted'],
    ['REJECT', 'not_successful'],
  ] as const)('%s reaches the applicant only once its undo window is over', async (event, expected) => {
    const cookie = await submitted(ADA);
    const { rows } = await t.db.query<ApplicantStanding['cohort']>(
      'SELECT c.id, c.name, c.number FROM cohorts c JOIN applications a ON a.cohort_id = c.id',
    );
    expect(await standing(cookie)).toEqual({
      standing: 'under_review',
      cohort: rows[0],
      aid: null,
      withdrawable: true,
    });
    expect(rows[0].number).toBeGreaterThan(0);
    await decide(t, ADA, event, { passWindow: false });
    t.advance(WINDOW - 1000);
    expect((await standing(cookie)).standing).toBe('under_review');
    t.advance(1000);
    expect((await standing(cookie)).standing).toBe(expected);
  });

  it('a decision undone in its window was never shown; the staff API’s decisions are what the applicant sees', async () => {
    const cookie = await submitted(ADA);
    const staff = await staffSignIn(t, ADMIN);
    const event = (type: string) => staffEvent(staff, type);

    expect((await event('ACCEPT')).statusCode).toBe(200);
    t.advance(60_000);
    expect((await event('UNDO')).statusCode).toBe(200);
    t.advance(WINDOW);
    expect((await standing(cookie)).standing).toBe('under_review');
    refusedAsNotAccepted(await choose(cookie));

    // Waitlisted first, then a seat frees up: the waitlist shows until the acceptance's window is over.
    expect((await event('WAITLIST')).statusCode).toBe(200);
    t.advance(WINDOW);
    expect((await standing(cookie)).standing).toBe('waitlisted');
    expect((await event('ACCEPT')).statusCode).toBe(200);
    expect((await standing(cookie)).standing).toBe('waitlisted');
    t.advance(WINDOW);
    expect((await standing(cookie)).standing).toBe('accepted');
    expect((await choose(cookie)).statusCode).toBe(200);

    expect((await event('WITHDRAW')).statusCode).toBe(200);
    expect((await standing(cookie)).standing).toBe('withdrawn');
    refusedAsNotAccepted(await start(cookie));
  });

  it('a held acceptance cannot be seen or locked in: the applicant’s actions leave it, and Undo works to its last second', async () => {
    const cookie = await submitted(ADA);
    const staff = await staffSignIn(t, ADMIN);
    const page = async () =>
      json<{ data: StaffApplicationPage }>(
        await t.app.inject({
          method: 'GET',
          url: staffPaths.application.replace(':id', '1'),
          headers: { cookie: staff },
        }),
      ).data;
    const event = (type: string) => staffEvent(staff, type);
    const stored = async () =>
      (await t.db.query<{ review_status: string }>('SELECT review_status FROM applications WHERE id = 1'))
        .rows[0].review_status;
    const aid = () =>
      post(
        paths.misc,
        {
          email: ADA,
          misc: { column_name: 'Financial Info', payment_option: OPTION_FINANCIAL_AID, data: financialAid },
        },
        cookie,
      );

    expect((await event('ACCEPT')).statusCode).toBe(200);
    // The security review's lock-in: financial aid 0.04 s into the window moved accepted → payment_chosen.
    t.advance(40);
    expect((await aid()).statusCode).toBe(200);
    expect(await stored()).toBe('accepted');
    refusedAsNotAccepted(await choose(cookie));
    refusedAsNotAccepted(await start(cookie));
    expect((await standing(cookie)).standing).toBe('under_review');
    // Staff are offered Undo, and the server takes it, until the last second of the window.
    t.advance(WINDOW - 1040);
    expect((await page()).review).toMatchObject({ status: 'accepted', releasesInMs: 1000 });
    expect(offeredEvents(await page())).toEqual(['UNDO']);
    expect((await event('UNDO')).statusCode).toBe(200);
    expect(await stored()).toBe('submitted');

    // Once released the decision is the applicant's, and Undo is neither offered nor taken.
    expect((await event('ACCEPT')).statusCode).toBe(200);
    t.advance(WINDOW);
    expect((await page()).review?.releasesInMs).toBeNull();
    expect(offeredEvents(await page())).not.toContain('UNDO');
    expect((await event('UNDO')).statusCode).toBe(409);
    expect((await standing(cookie)).standing).toBe('accepted');
    expect((await aid()).statusCode).toBe(200);
    expect(await stored()).toBe('payment_chosen');
  });

  it('never tells one applicant another’s standing', async () => {
    const ada = await submitted(ADA);
    const bola = await submitted(BOLA);
    await decide(t, ADA, 'ACCEPT');
    expect((await standing(ada)).standing).toBe('accepted');
    expect((await standing(bola)).standing).toBe('under_review');
    // The route names no one: a query naming Ada changes nothing for Bola's session.
    const named = await t.app.inject({
      method: 'GET',
      url: `${paths.standing}?email=${encodeURIComponent(ADA)}`,
      headers: { cookie: bola },
    });
    expect(json<{ data: ApplicantStanding }>(named).data.standing).toBe('under_review');
    // Nor can Bola pay on Ada's acceptance.
    const onAda = await choose(bola, ADA);
    expect(onAda.statusCode).toBe(403);
    expect(json(onAda).message).toBe(SERVER_MESSAGES.notYours);
    refusedAsNotAccepted(await choose(bola, BOLA));
  });

  it('says where the session’s own aid request stands, a held decision as still reviewed, and never another’s', async () => {
    const ada = await submitted(ADA);
    const bola = await submitted(BOLA);
    await decide(t, ADA, 'WAITLIST');
    expect(await standing(ada)).toMatchObject({ standing: 'waitlisted', aid: null });
    const asked = await post(
      paths.misc,
      {
        email: ADA,
        misc: { column_name: 'Financial Info', payment_option: OPTION_FINANCIAL_AID, data: financialAid },
      },
      ada,
    );
    expect(asked.statusCode, asked.body).toBe(200);
    expect((await standing(ada)).aid).toEqual({ status: 'received', share: 0 });

    const { rows } = await t.db.query<{ id: number }>('SELECT id FROM applications WHERE email = $1', [ADA]);
    const award = await post(
      aidDecisionPathOf(rows[0]!.id),
      { decision: 'award', share: 20 },
      await staffSignIn(t, ADMIN),
    );
    expect(award.statusCode, award.body).toBe(200);
    // Held for its undo window, as a review decision is (decision 121): still "received" until released.
    expect((await standing(ada)).aid).toEqual({ status: 'received', share: 0 });
    t.advance(WINDOW);
    expect(await standing(ada)).toMatchObject({
      standing: 'waitlisted',
      aid: { status: 'awarded', share: 20 },
    });
    // Bola's session reads Bola's application alone, even naming Ada.
    expect((await standing(bola)).aid).toBeNull();
    const named = await t.app.inject({
      method: 'GET',
      url: `${paths.standing}?email=${encodeURIComponent(ADA)}`,
      headers: { cookie: bola },
    });
    expect(json<{ data: ApplicantStanding }>(named).data.aid).toBeNull();
  });

  it('refuses a payment choice and a payment to anyone not accepted, storing nothing; financial aid stays open', async () => {
    const cookie = await submitted(ADA);
    for (const event of [null, 'WAITLIST', 'REJECT'] as const) {
      if (event) await decide(t, ADA, event);
      refusedAsNotAccepted(await choose(cookie));
      refusedAsNotAccepted(await start(cookie));
      // The financial aid form (the not-successful and waitlisted pages point to it) is still taken.
      const asked = await post(
        paths.misc,
        {
          email: ADA,
          misc: { column_name: 'Financial Info', payment_option: OPTION_FINANCIAL_AID, data: financialAid },
        },
        cookie,
      );
      expect(asked.statusCode).toBe(200);
      // …but not as a way round the rule: another option beside the answers is refused.
      refusedAsNotAccepted(
        await post(
          paths.misc,
          {
            email: ADA,
            misc: { column_name: 'Financial Info', payment_option: OPTION_FULL_PAYMENT, data: financialAid },
          },
          cookie,
        ),
      );
    }
    const { rows } = await t.db.query<{ payment_option: string; n: number }>(
      'SELECT payment_option, (SELECT count(*)::int FROM payments) AS n FROM applications WHERE email = $1',
      [ADA],
    );
    expect(rows[0]).toEqual({ payment_option: OPTION_FINANCIAL_AID, n: 0 });
  });

  it('DECISION_UNDO_SECONDS sets the window (default 5 minutes; 0 shows a decision at once)', () => {
    expect(readEnv({}).decisionUndoMs).toBe(WINDOW);
    expect(readEnv({ DECISION_UNDO_SECONDS: '2' }).decisionUndoMs).toBe(2000);
    expect(readEnv({ DECISION_UNDO_SECONDS: '0' }).decisionUndoMs).toBe(0);
    expect(() => readEnv({ DECISION_UNDO_SECONDS: 'soon' })).toThrow(/DECISION_UNDO_SECONDS must be/);
  });
});

describe.each(databases)('a 0-second undo window on $name', (database) => {
  const t = useTestApp(database, { config: { staffEmails: [ADMIN], decisionUndoMs: 0 } });

  it('an acceptance is the applicant’s at once: no Undo is offered, and none is taken', async () => {
    const cookie = await verifiedApplicant(t, ADA);
    const { rows } = await t.db.query<{ id: number }>(
      'UPDATE applications SET submitted_at = $2, cohort_id = applied_cohort_id WHERE lower(email) = $1 RETURNING id',
      [ADA, t.now()],
    );
    const staff = await staffSignIn(t, ADMIN);
    const url = (path: string) => path.replace(':id', String(rows[0].id));
    const event = (type: string) =>
      t.app.inject({
        method: 'POST',
        url: url(staffPaths.events),
        payload: { type },
        headers: { cookie: staff },
      });
    expect((await event('ACCEPT')).statusCode).toBe(200);
    const page = json<{ data: StaffApplicationPage }>(
      await t.app.inject({ method: 'GET', url: url(staffPaths.application), headers: { cookie: staff } }),
    ).data;
    expect(page.review).toMatchObject({ status: 'accepted', releasesInMs: null, undoSeconds: 0 });
    expect(offeredEvents(page)).not.toContain('UNDO');
    expect((await event('UNDO')).statusCode).toBe(409);
    const mine = await t.app.inject({ method: 'GET', url: paths.standing, headers: { cookie } });
    expect(json<{ data: ApplicantStanding }>(mine).data.standing).toBe('accepted');
  });
});
