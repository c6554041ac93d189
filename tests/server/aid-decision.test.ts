/**
 * Financial aid decided (decision 238): an admin awards a share up to the cohort's ceiling and within its number of
 * awards, or declines; a reviewer's decision is refused; the decision is held for the undo window (undo works only
 * then), released with one email, and the payment the server issues then charges the fee less the share. Cohort
 * settings refuse a ceiling above 100% and a number of awards below those made; the reports count awards and cost.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { aidDecisionPathOf, type StaffAidDecision } from '../../machines/rules/aidDecision';
import { cohortSettingsPath } from '../../machines/rules/cohortSettings';
import { paths, type PaymentStartResult } from '../../machines/rules/contract';
import { AID_MESSAGES } from '../../machines/rules/messages';
import { OPTION_FINANCIAL_AID, OPTION_FULL_PAYMENT, OPTION_INSTALMENTS } from '../../machines/rules/payments';
import { reportPaths, type StaffReports } from '../../machines/rules/reports';
import { DECISION_UNDO_MINUTES } from '../../machines/rules/staff/undo';
import { STAFF_MESSAGES } from '../../machines/rules/staff/messages';
import { outboxMailer } from '../../server/mail/index';
import { decisionMailer } from '../../server/review/decisionMail';
import { agreed, eligibility, employment, other } from '../support/answers';
import {
  asApplicant,
  cvForm,
  databases,
  useLeadAndAma,
  decide,
  financialAid,
  json,
  pdf,
  useClock,
  verifiedApplicant,
} from './support';

const ADA = 'ada@example.com';
const BOLA = 'bola@example.com';
const WINDOW = DECISION_UNDO_MINUTES * 60_000;

describe.each(databases)('financial aid decided on $name', (database) => {
  const clock = useClock();
  const { t, team, as } = useLeadAndAma(database, clock);
  const cookies: Record<string, string> = {};
  const ids: Record<string, number> = {};

  /** Submitted, accepted (released), and applied for aid. */
  async function applied(email: string) {
    cookies[email] = await verifiedApplicant(t, email);
    const { post } = asApplicant(email, () => ({ t: t, cookie: cookies[email]! }));
    await post(paths.eligibility, { email, eligible: 'eligible', eligibility: eligibility(0) });
    await asApplicant(email, () => ({ t: t, cookie: cookies[email]! })).upload(cvForm(email, pdf()));
    await post(paths.employment, { email, employment });
    await post(paths.other, { email, other });
    expect((await post(paths.submit, { email, ...agreed })).statusCode).toBe(200);
    await decide(t, email, 'ACCEPT', { passWindow: false });
    clock.now = new Date(clock.now.getTime() + WINDOW);
    // The acceptance's own email leaves now: what the mailer sends later is the aid decision's.
    await mailer().sendDue();
    const aid = await post(paths.misc, {
      email,
      misc: { column_name: 'Financial Info', payment_option: OPTION_FINANCIAL_AID, data: financialAid },
    });
    expect(aid.statusCode).toBe(200);
    const { rows } = await t.db.query<{ id: number }>('SELECT id FROM applications WHERE email = $1', [
      email,
    ]);
    ids[email] = rows[0]!.id;
  }
  const saved = (email: string) => asApplicant(email, () => ({ t: t, cookie: cookies[email]! })).saved();
  const start = async (email: string, option: string) => {
    const res = await asApplicant(email, () => ({ t: t, cookie: cookies[email]! })).post(paths.paymentStart, {
      email,
      option,
      country: 'Nigeria',
    });
    expect(res.statusCode, res.body).toBe(201);
    return json<{ data: PaymentStartResult }>(res).data.order;
  };
  const decideAid = (cookie: string, email: string, body: object) =>
    as(cookie).post(aidDecisionPathOf(ids[email]!), body);
  const storedDecisions = async () =>
    (
      await t.db.query(
        'SELECT decision, share, undone_at IS NOT NULL AS undone FROM aid_decisions ORDER BY id',
      )
    ).rows;
  const mailer = () =>
    decisionMailer({
      db: t.db,
      mailer: outboxMailer(t.db, () => clock.now),
      config: { now: () => clock.now, publicUrl: 'http://localhost:3000' },
    });
  const aidMails = async (email: string) =>
    (await t.mails()).filter((m) => m.to === email && m.subject.startsWith('Your financial aid'));

  beforeEach(async () => {
    await applied(ADA);
  });

  it('an award of 20% is held, then released: one email, and the payment charges the fee less 20%', async () => {
    const res = await decideAid(team.admin, ADA, { decision: 'award', share: 20 });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).message).toBe(AID_MESSAGES.awarded(20));
    // Held: the applicant still reads "received" and the full price is charged.
    expect((await saved(ADA)).aid).toEqual({ status: 'received', share: 0 });
    expect((await start(ADA, OPTION_FULL_PAYMENT)).amount).toBe(51_000);
    expect(await mailer().sendDue()).toBe(0);

    clock.now = new Date(clock.now.getTime() + WINDOW);
    expect((await saved(ADA)).aid).toEqual({ status: 'awarded', share: 20 });
    expect(await start(ADA, OPTION_FULL_PAYMENT)).toMatchObject({ amount: 40_800, currency: 'NGN' });
    expect((await start(ADA, OPTION_INSTALMENTS)).amount).toBe(48_000);

    expect(await mailer().sendDue()).toBe(1);
    expect(await mailer().sendDue()).toBe(0);
    const mails = await aidMails(ADA);
    expect(mails.map((m) => m.subject)).toEqual([AID_MESSAGES.emailAwardedSubject(20)]);
    expect(mails[0]!.text).toContain(AID_MESSAGES.emailAwarded(20));
  });

  it('refuses an award above the cohort ceiling, in the catalogue words, and stores nothing', async () => {
    const res = await decideAid(team.admin, ADA, { decision: 'award', share: 31 });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({
      message: AID_MESSAGES.aboveCeiling(30),
      data: { error: { share: [AID_MESSAGES.aboveCeiling(30)] } },
    });
    expect(await storedDecisions()).toEqual([]);
  });

  it("the ceiling is the applicant's kept table's: named in their email and cards, and the one staff award within", async () => {
    const cohortOf = async (email: string) =>
      (
        await t.db.query<{ number: number }>(
          'SELECT c.number FROM cohorts c JOIN applications a ON c.id = COALESCE(a.cohort_id, a.applied_cohort_id) WHERE a.email = $1',
          [email],
        )
      ).rows[0]!.number;
    const cohort = await cohortOf(ADA);
    // Ada chose aid at 30%; then an admin lowers the cohort's ceiling to 20% and Bola applies under it.
    const lowered = await as(team.admin).post(cohortSettingsPath(cohort), {
      ...(await cohortSettingsOf(cohort)),
      aid_ceiling: 20,
    });
    expect(lowered.statusCode, lowered.body).toBe(200);
    await applied(BOLA);
    const received = (await t.mails()).filter((m) =>
      m.subject.startsWith('We have your financial aid application'),
    );
    expect(received.find((m) => m.to === ADA)!.text).toContain('Financial aid of up to 30% off');
    expect(received.find((m) => m.to === BOLA)!.text).toContain('Financial aid of up to 20% off');
    // Each one's cards price from their own kept table, its ceiling with it.
    expect((await saved(ADA)).fees.aid_ceiling).toBe(30);
    expect((await saved(BOLA)).fees.aid_ceiling).toBe(20);

    // Staff award within what each was offered: Bola's 20%, and Ada's 30% though the cohort's is 20% now.
    const above = await decideAid(team.admin, BOLA, { decision: 'award', share: 21 });
    expect(above.statusCode).toBe(400);
    expect(json(above).message).toBe(AID_MESSAGES.aboveCeiling(20));
    const ada = await decideAid(team.admin, ADA, { decision: 'award', share: 30 });
    expect(ada.statusCode, ada.body).toBe(200);
    expect(json<{ data: StaffAidDecision }>(ada).data.ceiling).toBe(30);
  });

  it("refuses an award past the cohort's number of awards; a decline still fits", async () => {
    await applied(BOLA);
    const cohort = (
      await t.db.query<{ number: number }>(
        'SELECT c.number FROM cohorts c JOIN applications a ON c.id = COALESCE(a.cohort_id, a.applied_cohort_id) WHERE a.email = $1',
        [ADA],
      )
    ).rows[0]!.number;
    await t.db.query('UPDATE cohorts SET aid_awards = 1 WHERE number = $1', [cohort]);
    expect((await decideAid(team.admin, ADA, { decision: 'award', share: 10 })).statusCode).toBe(200);
    const refused = await decideAid(team.admin, BOLA, { decision: 'award', share: 10 });
    expect(refused.statusCode).toBe(409);
    expect(json(refused).message).toBe(AID_MESSAGES.noAwardsLeft(1));
    expect((await decideAid(team.admin, BOLA, { decision: 'decline' })).statusCode).toBe(200);
    // The number of awards cannot drop below the one made.
    const lowered = await as(team.admin).post(cohortSettingsPath(cohort), {
      ...(await cohortSettingsOf(cohort)),
      aid_awards: 0,
    });
    expect(lowered.statusCode).toBe(400);
    expect(json(lowered).data).toEqual({ error: { aid_awards: [AID_MESSAGES.awardsBelowMade(1)] } });
  });

  it('refuses a reviewer, as other decisions are; the admin undoes within the window, not after', async () => {
    const reviewer = await decideAid(team.ama, ADA, { decision: 'award', share: 20 });
    expect(reviewer.statusCode).toBe(403);
    expect(json(reviewer).message).toBe(STAFF_MESSAGES.adminOnly);
    expect(await storedDecisions()).toEqual([]);

    expect((await decideAid(team.admin, ADA, { decision: 'decline' })).statusCode).toBe(200);
    const undone = await decideAid(team.admin, ADA, { decision: 'undo' });
    expect(undone.statusCode).toBe(200);
    expect(json<{ data: StaffAidDecision }>(undone).data.decision).toBeNull();
    clock.now = new Date(clock.now.getTime() + WINDOW);
    expect(await mailer().sendDue()).toBe(0);
    expect((await saved(ADA)).aid).toEqual({ status: 'received', share: 0 });

    expect((await decideAid(team.admin, ADA, { decision: 'decline' })).statusCode).toBe(200);
    clock.now = new Date(clock.now.getTime() + WINDOW);
    const late = await decideAid(team.admin, ADA, { decision: 'undo' });
    expect(late.statusCode).toBe(409);
    expect(json(late).message).toBe(STAFF_MESSAGES.undoWindowOver(WINDOW));
    expect((await saved(ADA)).aid).toEqual({ status: 'declined', share: 0 });
    expect((await start(ADA, OPTION_FULL_PAYMENT)).amount).toBe(51_000);
  });

  it('cohort settings refuse a ceiling above 100% in the catalogue words; the reports count awards and cost', async () => {
    const { rows } = await t.db.query<{ number: number }>('SELECT max(number) AS number FROM cohorts');
    const last = rows[0]!.number;
    const res = await as(team.admin).post(cohortSettingsPath(last), {
      ...(await cohortSettingsOf(last)),
      aid_ceiling: 120,
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).data).toEqual({ error: { aid_ceiling: [AID_MESSAGES.ceiling] } });

    await decideAid(team.admin, ADA, { decision: 'award', share: 20 });
    const report = await as(team.admin).get(reportPaths.reports);
    expect(report.statusCode).toBe(200);
    expect(json<{ data: StaffReports }>(report).data.aid).toEqual({
      requests: 1,
      awarded: 1,
      declined: 0,
      cost: [{ amount: 12_000, currency: 'NGN' }],
    });
  });

  async function cohortSettingsOf(number: number) {
    const { rows } = await t.db.query<Record<string, unknown>>(
      `SELECT name, start_date::text, application_deadline::text, seats FROM cohorts WHERE number = $1`,
      [number],
    );
    return rows[0]!;
  }
});
