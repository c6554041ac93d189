/**
 * The whole record on an application's staff page (issue 24, item 5), through the real app on PGlite: every email
 * the outbox holds for the applicant with its status (codes masked), the reminder, the payment choice; and a
 * bank transfer an admin records as paid through the review chart's event.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../machines/rules/contract';
import { OPTION_FULL_PAYMENT, OPTION_INSTALMENTS } from '../../machines/rules/payments';
import { STAFF_MESSAGES } from '../../machines/rules/staff/messages';
import { staffPaths } from '../../machines/rules/staff/paths';
import { TRANSFER_MESSAGES, transferPath } from '../../machines/rules/staffRecord';
import type { StaffApplicationPage } from '../../machines/staffApplication.machine';
import { agreed, eligibility, employment, other } from '../support/answers';
import {
  asApplicant,
  cvForm,
  databases,
  decide,
  json,
  pdf,
  staffRequests,
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
  const as = staffRequests(t);

  /** Submitted, accepted past its undo window, and "Pay in full" chosen: what a bank-transfer applicant is. */
  const paymentChosen = async () => {
    await post(paths.misc, {
      email: EMAIL,
      misc: { column_name: 'Financial Info', payment_option: OPTION_FULL_PAYMENT },
    });
  };
  const page = async (viewer = admin) => {
    const res = await as(viewer).get(staffPaths.application.replace(':id', String(id)));
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
    await as(admin).post(staffPaths.team, { email: REVIEWER, role: 'reviewer' });
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
    const accepted = await as(admin).post(staffPaths.events.replace(':id', String(id)), { type: 'ACCEPT' });
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

  describe('recording a bank transfer as paid', () => {
    const transfer = (payload: object | string, recorder = admin) =>
      as(recorder).post(transferPath.replace(':id', String(id)), payload);
    const receipts = async () =>
      (await t.mails()).filter((m) => m.subject.startsWith('Bank transfer received'));
    const status = async () => (await page()).review?.status;

    it('an admin records it with its reference: paid, audited, and the applicant gets a receipt', async () => {
      await decide(t, EMAIL, 'ACCEPT');
      await paymentChosen();
      const res = await transfer({ reference: '  GTB-20261124-0042 ' });
      expect(res.statusCode).toBe(200);
      const body = json<{ message: string; data: { status: string; payment: { reference: string } } }>(res);
      expect(body.message).toBe(TRANSFER_MESSAGES.recorded);
      expect(body.data.status).toBe('paid');

      const seen = await page();
      expect(seen.review?.status).toBe('paid');
      expect(seen.payments).toEqual([
        expect.objectContaining({
          reference: body.data.payment.reference,
          option: OPTION_FULL_PAYMENT,
          amount: 51_000,
          currency: 'NGN',
          status: 'paid',
          provider_reference: 'GTB-20261124-0042',
        }),
      ]);
      expect(seen.timeline.at(-1)).toMatchObject({ what: 'Paid', by: ADMIN });

      const [receipt] = await receipts();
      expect(receipt.to).toBe(EMAIL);
      expect(receipt.subject).toBe(
        `Bank transfer received: N51,000 for The Employment Bootcamp (${body.data.payment.reference})`,
      );
      expect(receipt.text).toContain("Your transfer's reference: GTB-20261124-0042.");
      expect(seen.emails.map((e) => e.subject)).toContain(receipt.subject);

      const audit = json<{ data: { action: string; applicationId: number; staff: string }[] }>(
        await t.app.inject({ method: 'GET', url: staffPaths.audit, headers: { cookie: admin } }),
      ).data;
      expect(audit).toContainEqual(
        expect.objectContaining({ action: 'record_transfer', applicationId: id, staff: ADMIN }),
      );

      // The applicant's own page sees it paid, and a second record is refused by the chart.
      const again = await transfer({ reference: 'GTB-OTHER' });
      expect(again.statusCode).toBe(409);
      expect(json(again).message).toBe(
        'This application is paid: it cannot be recorded as paid by bank transfer now',
      );
      expect(await receipts()).toHaveLength(1);
    });

    it('a reviewer cannot', async () => {
      await decide(t, EMAIL, 'ACCEPT');
      await paymentChosen();
      const res = await transfer({ reference: 'GTB-1' }, reviewer);
      expect(res.statusCode).toBe(403);
      expect(json(res).message).toBe(STAFF_MESSAGES.adminOnly);
      expect(await status()).toBe('payment_chosen');
    });

    it('the chart refuses an application not at "Payment chosen", and an option not paid by transfer', async () => {
      await decide(t, EMAIL, 'ACCEPT');
      const early = await transfer({ reference: 'GTB-1' });
      expect(early.statusCode).toBe(409);
      expect(json(early)).toEqual({
        message: 'This application is accepted: it cannot be recorded as paid by bank transfer now',
        data: {
          error: {
            reference: ['This application is accepted: it cannot be recorded as paid by bank transfer now'],
          },
        },
      });
      await post(paths.misc, {
        email: EMAIL,
        misc: { column_name: 'Financial Info', payment_option: OPTION_INSTALMENTS },
      });
      const instalments = await transfer({ reference: 'GTB-1' });
      expect(instalments.statusCode).toBe(409);
      expect(json(instalments).message).toBe(TRANSFER_MESSAGES.notByTransfer(OPTION_INSTALMENTS));
      expect(await status()).toBe('payment_chosen');
      expect(await receipts()).toHaveLength(0);
    });

    it('bad input gets the catalogue words and changes nothing, never a 500', async () => {
      await decide(t, EMAIL, 'ACCEPT');
      await paymentChosen();
      // A transfer already on record for another payment.
      await t.db.query(
        `INSERT INTO payments (application_id, reference, option, amount_minor, currency, mode, status, provider_reference, created_at)
         VALUES ($1, 'TEBC-0000001000', $2, 5100000, 'NGN', 'provider', 'failed', 'GTB-USED', now())`,
        [id, OPTION_FULL_PAYMENT],
      );
      const cases: [object, number, string][] = [
        [{}, 400, TRANSFER_MESSAGES.referenceMissing],
        [{ reference: '   ' }, 400, TRANSFER_MESSAGES.referenceMissing],
        [{ reference: 'x'.repeat(101) }, 400, TRANSFER_MESSAGES.referenceTooLong],
        [{ reference: 'GTB-USED' }, 409, TRANSFER_MESSAGES.referenceUsed],
      ];
      for (const [payload, code, message] of cases) {
        const res = await transfer(payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(code);
        expect(json(res).message).toBe(message);
      }
      for (const payload of [{ reference: ['GTB-1'] }, { reference: { a: 1 } }, 'not json']) {
        const res = await transfer(payload);
        expect(res.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, JSON.stringify(payload)).toBeLessThan(500);
      }
      const missing = await as(admin).post(transferPath.replace(':id', '999999'), { reference: 'GTB-1' });
      expect(missing.statusCode).toBe(404);
      expect(json(missing).message).toBe(STAFF_MESSAGES.notFound);
      // Not as a bare review event either.
      const bare = await as(admin).post(staffPaths.events.replace(':id', String(id)), {
        type: 'RECORD_TRANSFER',
      });
      expect(bare.statusCode).toBe(400);
      expect(await status()).toBe('payment_chosen');
      expect(await receipts()).toHaveLength(0);
    });
  });
});
