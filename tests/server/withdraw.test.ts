/**
 * An applicant withdraws their own application (decision 250), through the real app: the session names it (never
 * another's), the review chart decides where it may (409 in the catalogue's words elsewhere, nothing changed), an
 * accepted seat is free again for /apply and the staff's cohort list alike, staff see it on the record as the
 * applicant's, one email confirms it, and a retried request is applied once.
 */
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { cohortSettingsPaths, type StaffCohortSettings } from '../../machines/rules/cohortSettings';
import { paths, type ApplicantStanding, type CohortInfo } from '../../machines/rules/contract';
import { staffPaths } from '../../machines/rules/staff/paths';
import { WITHDRAWAL_MESSAGES as W } from '../../machines/rules/withdrawal';
import type { StaffApplicationPage } from '../../machines/staffApplication.machine';
import { COHORT_CACHE_MS } from '../../server/db/cohorts';
import { PROGRAMME } from '../../server/mail/templates';
import { SERVER_MESSAGES } from '../../server/messages';
import {
  databases,
  decide,
  json,
  staffRequests,
  staffSignIn,
  useTestApp,
  submittedApplicant,
  verifiedApplicant,
} from './support';

const ADA = 'ada@example.com';
const BOLA = 'bola@example.com';
const ADMIN = 'director@bootcamp.example';

describe.each(databases)('an applicant withdrawing their application on $name', (database) => {
  const t = useTestApp(database, { config: { staffEmails: [ADMIN] } });
  const as = staffRequests(t);

  const submitted = (email: string) => submittedApplicant(t, email);
  const idOf = async (email: string) =>
    (await t.db.query<{ id: number }>('SELECT id FROM applications WHERE lower(email) = $1', [email])).rows[0]
      .id;
  const withdraw = (cookie?: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: paths.withdraw,
      headers: { ...(cookie ? { cookie } : {}), ...headers },
    });
  const standing = async (cookie: string) =>
    json<{ data: ApplicantStanding }>(
      await t.app.inject({ method: 'GET', url: paths.standing, headers: { cookie } }),
    ).data;
  const withdrawals = async (email = ADA) =>
    (await t.mails()).filter((m) => m.to === email && m.subject === W.emailSubject(PROGRAMME));
  const events = async (email = ADA) =>
    (
      await t.db.query<{ event: string; staff_id: number | null }>(
        'SELECT event, staff_id FROM review_events WHERE application_id = $1 ORDER BY id',
        [await idOf(email)],
      )
    ).rows;
  const staffPage = async (email = ADA) => {
    const admin = await staffSignIn(t, ADMIN);
    const res = await as(admin).get(staffPaths.application.replace(':id', String(await idOf(email))));
    expect(res.statusCode).toBe(200);
    return json<{ data: StaffApplicationPage }>(res).data;
  };
  const refused = (res: LightMyRequestResponse, status: number, field: string, message: string) => {
    expect(res.statusCode).toBe(status);
    expect(json(res)).toEqual({ message, data: { error: { [field]: [message] } } });
  };

  it('withdraws an application under review: withdrawn on both sides, the applicant’s on the timeline, one email', async () => {
    const cookie = await submitted(ADA);
    expect(await standing(cookie)).toMatchObject({ standing: 'under_review', withdrawable: true });
    const at = t.now().toISOString();

    const res = await withdraw(cookie);
    expect(res.statusCode).toBe(200);
    expect(json<{ message: string; data: ApplicantStanding }>(res)).toMatchObject({
      message: W.done,
      data: { standing: 'withdrawn', withdrawable: false },
    });
    expect(await standing(cookie)).toMatchObject({ standing: 'withdrawn', withdrawable: false });

    const page = await staffPage();
    expect(page.review?.status).toBe('withdrawn');
    expect(page.timeline.at(-1)).toMatchObject({ at, what: 'Withdrawn', by: 'the applicant' });

    const [mail, ...more] = await withdrawals();
    expect(more).toHaveLength(0);
    expect(mail.text).toContain(W.emailWithdrawn(PROGRAMME, (await standing(cookie)).cohort.name));
    expect(mail.text).toContain(W.emailMistake);
    // Nothing to free: an application under review held no place.
    expect(mail.text).not.toContain(W.emailSeat);
  });

  it('frees an accepted seat, counted the same by /apply and the staff’s cohort list', async () => {
    const cookie = await submitted(ADA);
    const cohort = (await standing(cookie)).cohort;
    await t.db.query('UPDATE cohorts SET seats = 1 WHERE id = $1', [cohort.id]);
    await decide(t, ADA, 'ACCEPT');
    expect(await standing(cookie)).toMatchObject({ standing: 'accepted', withdrawable: true });
    const admin = await staffSignIn(t, ADMIN);
    const seatsTaken = async () => {
      const res = await as(admin).get(cohortSettingsPaths.cohorts);
      return json<{ data: StaffCohortSettings }>(res).data.cohorts.find((c) => c.number === cohort.number)
        ?.taken;
    };
    const applying = async () => {
      t.advance(COHORT_CACHE_MS + 1);
      const res = await t.app.inject({ method: 'GET', url: paths.currentCohort });
      return json<{ data: CohortInfo[] }>(res).data[0];
    };
    expect(await seatsTaken()).toBe(1);
    expect((await applying()).full?.number).toBe(cohort.number);

    expect((await withdraw(cookie)).statusCode).toBe(200);
    expect(await seatsTaken()).toBe(0);
    const after = await applying();
    expect(after.full).toBeUndefined();
    expect(after.number).toBe(cohort.number);
    const [mail] = await withdrawals();
    expect(mail.text).toContain(W.emailSeat);
  });

  it('a retry with the same idempotency key gets the same answer and changes nothing more; a repeat says it is done', async () => {
    const cookie = await submitted(ADA);
    await decide(t, ADA, 'WAITLIST');
    const key = { 'idempotency-key': 'withdraw-1' };
    const first = await withdraw(cookie, key);
    const again = await withdraw(cookie, key);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(json(again)).toEqual(json(first));
    // Another tab, no key: already withdrawn, told so, and still nothing more happens.
    const repeat = await withdraw(cookie);
    expect(repeat.statusCode).toBe(200);
    expect(json<{ message: string; data: ApplicantStanding }>(repeat)).toMatchObject({
      message: W.already,
      data: { standing: 'withdrawn' },
    });
    expect((await events()).map((e) => e.event)).toEqual(['WAITLIST', 'WITHDRAW']);
    expect(await withdrawals()).toHaveLength(1);
  });

  it('needs a session (401) and a submitted application (403), and refuses another site (403)', async () => {
    refused(await withdraw(), 401, 'email', SERVER_MESSAGES.needSession);
    refused(await withdraw('tebc_session=forged'), 401, 'email', SERVER_MESSAGES.needSession);
    const early = await verifiedApplicant(t, BOLA);
    refused(await withdraw(early), 403, 'email', SERVER_MESSAGES.incomplete);

    const cookie = await submitted(ADA);
    const crossSite = await withdraw(cookie, {
      origin: 'https://elsewhere.example',
      'sec-fetch-site': 'cross-site',
    });
    expect(crossSite.statusCode).toBe(403);
    expect(json(crossSite).message).toBe(SERVER_MESSAGES.crossSite);
    expect((await standing(cookie)).standing).toBe('under_review');
    expect(await events()).toEqual([]);
    expect(await withdrawals()).toHaveLength(0);
  });

  it('withdraws only the session’s own application, never another applicant’s', async () => {
    const ada = await submitted(ADA);
    const bola = await submitted(BOLA);
    await decide(t, ADA, 'ACCEPT');
    expect((await withdraw(bola)).statusCode).toBe(200);
    expect((await standing(bola)).standing).toBe('withdrawn');
    expect((await standing(ada)).standing).toBe('accepted');
    expect(await withdrawals(ADA)).toHaveLength(0);
    expect(await withdrawals(BOLA)).toHaveLength(1);
  });

  it.each([
    [
      'a paid fee',
      async () => t.db.query("UPDATE applications SET review_status = 'paid'"),
      'accepted',
      W.paid,
    ],
    ['a rejection', async () => decide(t, ADA, 'REJECT'), 'not_successful', W.decided],
  ] as const)(
    'refuses after %s with 409, in the catalogue’s words, changing nothing',
    async (_, reach, shown, message) => {
      const cookie = await submitted(ADA);
      await reach();
      const before = await events();
      expect(await standing(cookie)).toMatchObject({ standing: shown, withdrawable: false });
      refused(await withdraw(cookie), 409, 'withdraw', message);
      expect((await standing(cookie)).standing).toBe(shown);
      expect(await events()).toEqual(before);
      expect(await withdrawals()).toHaveLength(0);
    },
  );

  it('refuses while a decision is held (decision 121), then withdraws once it is released; staff can reopen it', async () => {
    const cookie = await submitted(ADA);
    await decide(t, ADA, 'ACCEPT', { passWindow: false });
    // The applicant still sees the review, and may try: the chart lets nothing of theirs act on a held decision.
    expect(await standing(cookie)).toMatchObject({ standing: 'under_review', withdrawable: true });
    refused(await withdraw(cookie), 409, 'withdraw', W.notNow);
    expect(await withdrawals()).toHaveLength(0);
    t.advance(60 * 60_000);
    expect((await withdraw(cookie)).statusCode).toBe(200);

    const admin = await staffSignIn(t, ADMIN);
    const reopened = await as(admin).post(staffPaths.events.replace(':id', String(await idOf(ADA))), {
      type: 'REOPEN',
    });
    expect(reopened.statusCode).toBe(200);
    expect(await standing(cookie)).toMatchObject({ standing: 'under_review', withdrawable: true });
    expect((await staffPage()).timeline.slice(-2).map(({ what, by }) => ({ what, by }))).toEqual([
      { what: 'Withdrawn', by: 'the applicant' },
      { what: 'In review', by: ADMIN },
    ]);
  });
});
