/**
 * The whole record on an application's staff page (issue 24, item 5), through the real app on PGlite: every email
 * the outbox holds for the applicant with its status (codes masked), the reminder, the payment choice; and a
 * bank transfer an admin records as paid through the review chart's event.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../machines/rules/contract';
import { OPTION_FULL_PAYMENT } from '../../machines/rules/payments';
import { staffPaths } from '../../machines/rules/staff';
import type { StaffApplicationPage } from '../../machines/staffApplication.machine';
import { agreed, eligibility, employment, other } from '../support/answers';
import {
  asApplicant,
  cvForm,
  databases,
  decide,
  json,
  pdf,
  staffSignIn,
  useTestApp,
  verifiedApplicant,
} from './support';

const EMAIL = 'ada@example.com';
const ADMIN = 'director@bootcamp.example';
const REVIEWER = 'reviewer@bootcamp.example';

describe.each(databases)("an application's whole record on $name", (database) => {
  const t = useTestApp(database, { config: { staffEmails: [ADMIN] } });
  let cookie = '';
  let admin = '';
  let reviewer = '';
  let id = 0;
  const { post, upload } = asApplicant(EMAIL, () => ({ t, cookie }));

  /** Submitted, accepted past its undo window, and "Pay in full" chosen: what a bank-transfer applicant is. */
  const paymentChosen = async () => {
    await post(paths.misc, {
      email: EMAIL,
      misc: { column_name: 'Financial Info', payment_option: OPTION_FULL_PAYMENT },
    });
  };
  const page = async (as = admin) => {
    const res = await t.app.inject({
      method: 'GET',
      url: staffPaths.application.replace(':id', String(id)),
      headers: { cookie: as },
    });
    expect(res.statusCode).toBe(200);
    return json<{ data: StaffApplicationPage }>(res).data;
  };

  beforeEach(async () => {
    cookie = await verifiedApplicant(t, EMAIL);
    await post(paths.eligibility, { email: EMAIL, eligible: 'eligible', eligibility: eligibility(0) });
    await upload(cvForm(EMAIL, pdf()));
    await post(paths.employment, { email: EMAIL, employment });
    await post(paths.other, { email: EMAIL, other });
    expect((await post(paths.submit, { email: EMAIL, ...agreed })).statusCode).toBe(200);
    const { rows } = await t.db.query<{ id: number }>('SELECT id FROM applications');
    id = rows[0].id;
    admin = await staffSignIn(t, ADMIN);
    await t.app.inject({
      method: 'POST',
      url: staffPaths.team,
      payload: { email: REVIEWER, role: 'reviewer' },
      headers: { cookie: admin },
    });
    reviewer = await staffSignIn(t, REVIEWER);
  });

  it('lists every email sent to the applicant, oldest first, with its status and a sign-in code masked', async () => {
    await t.db.query(
      `UPDATE outbox SET delivered_at = sent_at WHERE lower(to_address) = $1 AND subject LIKE 'Your code%'`,
      [EMAIL],
    );
    // One email given up after every attempt (the worker's maximum).
    await t.db.query(
      `INSERT INTO outbox (to_address, subject, text_body, html_body, sent_at, attempts)
       VALUES ('ADA@example.com', 'A message that could not be delivered', '', '', now(), 30)`,
    );
    const { emails } = await page();
    expect(emails.map((e) => [e.subject, e.status])).toEqual([
      ['Your code for The Employment Bootcamp: ••••••', 'sent'],
      [expect.stringMatching(/^Your application to The Employment Bootcamp \(Cohort \d+\)$/), 'queued'],
      ['A message that could not be delivered', 'failed'],
    ]);
    expect(emails[0].sentAt).not.toBeNull();
    expect(emails[1].sentAt).toBeNull();
    // No email to the team (their sign-in codes) is on an applicant's record.
    expect(JSON.stringify(emails)).not.toMatch(/\d{6}/);
  });

  it('a reviewer sees the emails and the payment, but still no contact details', async () => {
    const seen = await page(reviewer);
    expect(seen.emails.length).toBeGreaterThan(0);
    expect(seen.answers.email).toBeUndefined();
    expect(JSON.stringify(seen)).not.toContain(EMAIL);
  });

  it('shows the reminder the applicant set, and when it left', async () => {
    expect((await page()).reminder).toBeNull();
    await decide(t, EMAIL, 'ACCEPT');
    const when = new Date(t.now().getTime() + 86_400_000);
    const set = await t.app.inject({
      method: 'POST',
      url: paths.update(EMAIL),
      payload: { email: EMAIL, reminderDate: when.toISOString() },
      headers: { cookie },
    });
    expect(set.statusCode).toBe(200);
    expect((await page()).reminder).toEqual({ at: when.toISOString(), sentAt: null });
  });

  it('shows the payment option the applicant chose', async () => {
    await decide(t, EMAIL, 'ACCEPT');
    await paymentChosen();
    const seen = await page();
    expect(seen.answers.payment_option).toBe(OPTION_FULL_PAYMENT);
    expect(seen.review?.status).toBe('payment_chosen');
  });

  it('the timeline names who took each event and when its email is due', async () => {
    const accepted = await t.app.inject({
      method: 'POST',
      url: staffPaths.events.replace(':id', String(id)),
      payload: { type: 'ACCEPT' },
      headers: { cookie: admin },
    });
    expect(accepted.statusCode).toBe(200);
    const due = new Date(t.now().getTime() + 5 * 60_000).toISOString();
    t.advance(5 * 60_000);
    await paymentChosen();
    const { timeline } = await page();
    expect(timeline.slice(-2).map(({ what, by, emailDueAt }) => ({ what, by, emailDueAt }))).toEqual([
      { what: 'Accepted', by: ADMIN, emailDueAt: due },
      { what: 'Payment chosen', by: 'the applicant', emailDueAt: undefined },
    ]);
  });
});
