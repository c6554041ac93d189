/**
 * Issue 23, item 3: an application scored action_required or ineligible is reviewable. Saving the score sends it to
 * staff (the review chart's `eligibility_review`): it is in the queue, an admin decides it under the chart's guards
 * and the seat model, the applicant is emailed after the undo window and then sees the decision, and an accepted
 * one may choose how to pay (docs/decisions/008-route-guards-beyond-the-spec-s-table.md).
 */
import { describe, expect, it } from 'vitest';
import { reviewMeta } from '../../machines/review.machine';
import { paths, type ApplicantStanding } from '../../machines/rules/contract';
import { OPTION_FULL_PAYMENT } from '../../machines/rules/payments';
import { DECISION_UNDO_MINUTES } from '../../machines/rules/staff/undo';
import { staffPaths } from '../../machines/rules/staff/paths';
import { staffQueuePaths, type StaffQueuePage } from '../../machines/rules/staff/queue';
import type { StaffApplicationPage } from '../../machines/staffApplication.machine';
import { outboxMailer } from '../../server/mail/index';
import { SERVER_MESSAGES } from '../../server/messages';
import { decisionMailer } from '../../server/review/decisionMail';
import { eligibility, employment } from '../support/answers';
import {
  cvForm,
  databases,
  json,
  pdf,
  STAFF,
  staffSignIn,
  uploadCv,
  useTestApp,
  verifiedApplicant,
} from './support';

const ADA = 'ada@example.com';
const { director: ADMIN } = STAFF;
const at = (path: string, id: number | string) => path.replace(':id', String(id));
/** The last option of the four scored questions: ineligible. */
const INELIGIBLE = eligibility(3);
/** Two cautious answers: action_required. */
const ACTION_REQUIRED = { ...eligibility(0), openness_to_tools: eligibility(3).openness_to_tools };
ACTION_REQUIRED.work_disruption_feelings = eligibility(3).work_disruption_feelings;

describe.each(databases)('eligibility review on $name', (database) => {
  const t = useTestApp(database, { config: { staffEmails: [ADMIN] }, checkDocumentedAnswers: true });

  const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const post = (url: string, payload: object, cookie: string) =>
    t.app.inject({ method: 'POST', url, payload, headers: { cookie } });
  const idOf = async (email: string) =>
    (await t.db.query<{ id: number }>('SELECT id FROM applications WHERE email = $1', [email])).rows[0].id;

  /** A proved applicant with a CV who saves these eligibility answers; returns their cookie. */
  async function scored(email: string, answers: Record<string, string>) {
    const cookie = await verifiedApplicant(t, email);
    expect((await uploadCv(t, cvForm(email, pdf()), cookie)).statusCode).toBe(200);
    const res = await post(paths.eligibility, { email, eligible: 'eligible', eligibility: answers }, cookie);
    expect(res.statusCode).toBe(200);
    return { cookie, status: json<{ data: { status: string } }>(res).data.status };
  }

  it.each([
    ['action_required', ACTION_REQUIRED],
    ['ineligible', INELIGIBLE],
  ] as const)('a score of %s puts the application in the queue as reviewable', async (expected, answers) => {
    const { cookie, status } = await scored(ADA, answers);
    expect(status).toBe(expected);
    const admin = await staffSignIn(t, ADMIN);
    const queue = json<{ data: StaffQueuePage }>(
      await get(`${staffQueuePaths.queue}?eligibility=${expected}`, admin),
    ).data;
    expect(queue.rows.map((r) => [r.email, r.status, r.statusLabel])).toEqual([
      [ADA, 'eligibility_review', reviewMeta('eligibility_review').label],
    ]);
    expect(queue.counts.status.eligibility_review).toBe(1);
    const page = json<{ data: StaffApplicationPage }>(
      await get(at(staffPaths.application, await idOf(ADA)), admin),
    ).data;
    expect(page.review?.label).toBe('Eligibility review');
    // The applicant's own page says the same: under review, for the cohort it went to.
    const standing = json<{ data: ApplicantStanding }>(await get(paths.standing, cookie)).data;
    expect(standing.standing).toBe('under_review');
    expect(standing.cohort.name).toBe(queue.cohort.name);
    // The later steps stay closed, and the score is final.
    const later = await post(paths.employment, { email: ADA, employment }, cookie);
    expect(later.statusCode).toBe(403);
    const again = await post(paths.eligibility, { email: ADA, eligibility: eligibility(0) }, cookie);
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe(SERVER_MESSAGES.eligibilityFinal);
    expect((await t.db.query('SELECT eligibility_status FROM applications')).rows).toEqual([
      { eligibility_status: expected },
    ]);
  });

  it('an eligible score is not sent to review: it still has its later steps to take', async () => {
    const { cookie } = await scored(ADA, eligibility(0));
    expect((await get(paths.standing, cookie)).statusCode).toBe(403);
    expect((await t.db.query('SELECT submitted_at, review_status FROM applications')).rows).toEqual([
      { submitted_at: null, review_status: null },
    ]);
  });

  it('an admin accepts it; after the undo window the applicant is emailed, sees the acceptance and may pay', async () => {
    const { cookie } = await scored(ADA, ACTION_REQUIRED);
    const admin = await staffSignIn(t, ADMIN);
    const id = await idOf(ADA);
    const accepted = await post(at(staffPaths.events, id), { type: 'ACCEPT' }, admin);
    expect(json<{ data: { status: string } }>(accepted).data.status).toBe('accepted');
    const mailer = decisionMailer({
      db: t.db,
      mailer: outboxMailer(t.db),
      config: { now: () => t.now(), publicUrl: 'http://localhost:3000' },
    });
    const choose = () =>
      post(
        paths.misc,
        { email: ADA, misc: { column_name: 'Financial Info', payment_option: OPTION_FULL_PAYMENT } },
        cookie,
      );

    // Held: still under review for the applicant, and no email yet.
    expect(json<{ data: ApplicantStanding }>(await get(paths.standing, cookie)).data.standing).toBe(
      'under_review',
    );
    expect(await mailer.sendDue()).toBe(0);
    expect((await choose()).statusCode).toBe(403);

    t.advance(DECISION_UNDO_MINUTES * 60_000);
    expect(await mailer.sendDue()).toBe(1);
    const mail = (await t.mails()).filter((m) => m.to === ADA && /accepted/.test(m.subject));
    expect(mail).toHaveLength(1);
    expect(mail[0].text).toContain('http://localhost:3000/apply/confirmation');
    expect(json<{ data: ApplicantStanding }>(await get(paths.standing, cookie)).data.standing).toBe(
      'accepted',
    );
    expect((await choose()).statusCode).toBe(200);
    const page = json<{ data: StaffApplicationPage }>(await get(at(staffPaths.application, id), admin)).data;
    expect(page.review?.status).toBe('payment_chosen');
  });

  it.each([
    ['WAITLIST', 'waitlisted', /waitlist/i],
    ['REJECT', 'not_successful', /cannot offer you a place/],
  ] as const)('%s emails the applicant and becomes their standing', async (type, standing, words) => {
    const { cookie } = await scored(ADA, INELIGIBLE);
    const admin = await staffSignIn(t, ADMIN);
    expect((await post(at(staffPaths.events, await idOf(ADA)), { type }, admin)).statusCode).toBe(200);
    t.advance(DECISION_UNDO_MINUTES * 60_000);
    const mailer = decisionMailer({
      db: t.db,
      mailer: outboxMailer(t.db),
      config: { now: () => t.now(), publicUrl: 'http://localhost:3000' },
    });
    expect(await mailer.sendDue()).toBe(1);
    const sent = (await t.mails()).filter((m) => m.to === ADA && !/\d{6}/.test(m.subject));
    expect(sent.map((m) => words.test(m.text))).toEqual([true]);
    expect(json<{ data: ApplicantStanding }>(await get(paths.standing, cookie)).data.standing).toBe(standing);
  });

  it('a reviewer may not decide it: deciding is an admin’s, as for every application', async () => {
    await scored(ADA, INELIGIBLE);
    const admin = await staffSignIn(t, ADMIN);
    expect((await post(staffPaths.team, { email: STAFF.reader, role: 'reviewer' }, admin)).statusCode).toBe(
      201,
    );
    const reviewer = await staffSignIn(t, STAFF.reader);
    expect(
      (await post(at(staffPaths.events, await idOf(ADA)), { type: 'ACCEPT' }, reviewer)).statusCode,
    ).toBe(403);
  });
});
