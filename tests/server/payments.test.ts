/**
 * Money and the rules the server holds itself: only offered payment options are stored, the steps after eligibility
 * are refused to an application scored ineligible or action_required, and a payment is paid only when the server
 * has confirmed it (with the provider, or its own sandbox record), whatever the browser says.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  IDEMPOTENCY_HEADER,
  paths,
  type PaymentRecord,
  type PaymentStartResult,
} from '../../machines/rules/contract';
import { type SavedApplication } from '../../machines/savedApplication';
import { ELIGIBILITY_RESULT, MESSAGES } from '../../machines/rules/messages';
import {
  ALL_OPTION_VALUES,
  NOT_READY,
  OPTION_FINANCIAL_AID,
  OPTION_FULL_PAYMENT,
  OPTION_INSTALMENTS,
  PAYMENT_OPTIONS,
  STANDARD_FEES,
  findOption,
} from '../../machines/rules/payments';
import { staffPaths } from '../../machines/rules/staff/paths';
import type { StaffApplicationPage } from '../../machines/staffApplication.machine';
import { buildApp } from '../../server/app';
import { decisionMailer } from '../../server/review/decisionMail';
import { defaultConfig, type Config } from '../../server/config';
import { outboxMailer } from '../../server/mail/index';
import { SERVER_MESSAGES } from '../../server/messages';
import {
  asApplicant,
  cvForm,
  databases,
  decide,
  expectLaterStepsRefused,
  financialAid,
  json,
  pdf,
  staffSignIn,
  START,
  testApp,
  type TestApp,
  verifiedApplicant,
} from './support';
import { agreed, eligibility, employment, other } from '../support/answers';

const EMAIL = 'ada@example.com';
const OTHER_EMAIL = 'bola@example.com';

/** A stand-in for the provider's verify endpoint on 127.0.0.1: answers what the test sets, records what it got. */
function fakeProvider() {
  const seen: { url: string; secret: string | undefined }[] = [];
  let answer: { status: number; body: unknown } = { status: 200, body: {} };
  const server: Server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', secret: req.headers['klump-secret-key'] as string | undefined });
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer.body));
  });
  return {
    seen,
    answer: (status: number, body: unknown) => (answer = { status, body }),
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(
            `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/transactions/{reference}/verify`,
          ),
        ),
      ),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The same database and files served again with another configuration (a redeploy). */
async function reopen(old: TestApp, config: Partial<Config>): Promise<TestApp> {
  await old.app.close();
  const app = await buildApp({
    db: old.db,
    mailer: outboxMailer(old.db, () => START),
    storageDir: old.storageDir,
    config: defaultConfig({ now: () => old.now(), ...config }),
  });
  await app.ready();
  return {
    ...old,
    app,
    close: async () => {
      await app.close();
      await old.close();
    },
  };
}

describe.each(databases)('payments and the rules the server holds, on $name', (database) => {
  let t: TestApp;
  let cookie: string;
  const open = async (config: Partial<Config> = {}) => {
    t = await testApp(database, { config });
    cookie = await verifiedApplicant(t, EMAIL);
  };
  afterEach(async () => {
    await t.close();
  });

  const applicant = asApplicant(EMAIL, () => ({ t, cookie }));
  const { post, upload, saved } = applicant;
  const answerEligibility = (answer: number) =>
    post(paths.eligibility, { email: EMAIL, eligible: 'eligible', eligibility: eligibility(answer) });
  const submitted = async () => {
    await answerEligibility(0);
    await upload(cvForm(EMAIL, pdf()));
    await post(paths.employment, { email: EMAIL, employment });
    await post(paths.other, { email: EMAIL, other });
    const res = await post(paths.submit, { email: EMAIL, ...agreed });
    expect(res.statusCode).toBe(200);
  };
  /** Submitted, then accepted by staff, the decision past its undo window: only now may the applicant pay. */
  const accepted = async () => {
    await submitted();
    await decide(t, EMAIL, 'ACCEPT');
  };
  const start = (option: string, country = 'Nigeria', headers: Record<string, string> = { cookie }) =>
    post(paths.paymentStart, { email: EMAIL, option, country }, headers);

  describe('payment_option', () => {
    beforeEach(async () => {
      await open();
      await accepted();
    });

    it.each([
      'Free please',
      'Pay the commitment fee',
      'pay in full (15% off)',
      'Pay in three monthly instalments',
    ])('refuses %j with the catalogue words, and stores nothing', async (option) => {
      const res = await post(paths.misc, {
        email: EMAIL,
        misc: { column_name: 'Financial Info', payment_option: option },
      });
      expect(res.statusCode).toBe(400);
      expect(json(res)).toEqual({
        message: SERVER_MESSAGES.paymentOption,
        data: { error: { payment_option: [SERVER_MESSAGES.paymentOption] } },
      });
      expect((await saved()).payment_option).toBe('');
    });

    it.each(ALL_OPTION_VALUES.map((o) => [o]))('stores %j, an option the cards offer', async (option) => {
      const res = await post(paths.misc, {
        email: EMAIL,
        misc: { column_name: 'Financial Info', payment_option: option },
      });
      expect(res.statusCode).toBe(200);
      expect((await saved()).payment_option).toBe(option);
    });
  });

  describe('the steps after eligibility', () => {
    beforeEach(() => open());

    // Three negative answers make an application ineligible; two, action_required (docs/product.md).
    it.each([
      ['ineligible', 3],
      ['action_required', 2],
    ] as const)('are refused to an application scored %s, changing nothing', async (status, negatives) => {
      const answers = { ...eligibility(0) };
      const negative = eligibility(3);
      const keys = ['openness_to_tools', 'work_disruption_feelings', 'feedback_handling'] as const;
      keys.slice(0, negatives).forEach((k) => (answers[k] = negative[k]));
      const scored = await post(paths.eligibility, {
        email: EMAIL,
        eligible: 'eligible',
        eligibility: answers,
      });
      expect(json<{ data: { status: string } }>(scored).data.status).toBe(status);

      const app = await expectLaterStepsRefused(EMAIL, applicant, ELIGIBILITY_RESULT.underReview);
      // It is with staff already (eligibility review, decision 008), submitted without the later answers.
      expect(app.stage).toBe('submitted');
      expect((await t.mails()).filter((m) => /application/i.test(m.subject))).toHaveLength(0);
    });

    it('are open to an application scored eligible', async () => {
      await answerEligibility(0);
      expect((await post(paths.employment, { email: EMAIL, employment })).statusCode).toBe(200);
      expect((await post(paths.other, { email: EMAIL, other })).statusCode).toBe(200);
    });
  });

  describe('in the sandbox (no provider configured)', () => {
    beforeEach(() => open());

    it('issues an order priced from the table for each option the portal takes, in its own currency', async () => {
      await accepted();
      for (const [region, country] of [
        ['nigeria', 'Nigeria'],
        ['international', 'Ghana'],
      ] as const) {
        for (const option of PAYMENT_OPTIONS[region]) {
          const res = await start(option.value, country);
          if (!option.portal) {
            expect(res.statusCode, option.value).toBe(400);
            continue;
          }
          expect(res.statusCode, option.value).toBe(201);
          const { order, sandbox } = json<{ data: PaymentStartResult }>(res).data;
          expect(sandbox).toBe(true);
          // What the checkout is asked to charge is exactly the card's amount.
          expect({ amount: order.amount, currency: order.currency }).toEqual(option.charge);
          expect(order).toMatchObject({
            shipping_fee: 0,
            meta_data: { email: EMAIL, payment_option: option.value },
          });
          expect(order.items).toEqual([expect.objectContaining({ unit_price: order.amount, quantity: 1 })]);
        }
      }
    });

    it('refuses options the portal does not take, options not offered, and an unsubmitted application', async () => {
      const early = await start(OPTION_FULL_PAYMENT);
      expect(early.statusCode).toBe(400);
      expect(json(early).message).toBe(SERVER_MESSAGES.paymentNotSubmitted);
      await accepted();
      for (const [option, country, message] of [
        [OPTION_FINANCIAL_AID, 'Nigeria', SERVER_MESSAGES.paymentNotOnline],
        [NOT_READY, 'Nigeria', SERVER_MESSAGES.paymentNotOnline],
        [OPTION_FULL_PAYMENT, 'Ghana', SERVER_MESSAGES.paymentNotOnline],
        [OPTION_INSTALMENTS, 'Ghana', SERVER_MESSAGES.paymentOption],
        ['Free please', 'Nigeria', SERVER_MESSAGES.paymentOption],
      ] as const) {
        const res = await start(option, country);
        expect(res.statusCode, option).toBe(400);
        expect(json(res).data, option).toEqual({ error: { payment_option: [message] } });
      }
      const rows = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM payments');
      expect(rows.rows[0].n).toBe(0);
    });

    it('confirms a sandbox payment it issued; the paid state is in the owner’s application and refuses a second', async () => {
      await accepted();
      const { order } = json<{ data: PaymentStartResult }>(await start(OPTION_FULL_PAYMENT)).data;
      // Issued is not paid: the saved application says pending.
      expect((await saved()).payment).toMatchObject({
        reference: order.merchant_reference,
        status: 'pending',
      });
      const res = await post(paths.paymentVerify, { email: EMAIL, reference: order.merchant_reference });
      expect(res.statusCode).toBe(200);
      const paid = json<{ data: PaymentRecord }>(res).data;
      expect(paid).toEqual({
        reference: order.merchant_reference,
        option: OPTION_FULL_PAYMENT,
        amount: 51_000,
        currency: 'NGN',
        status: 'paid',
        paid_at: expect.any(String),
      });
      // Another device: sign in again and read the application.
      const lookup = await t.app.inject({ method: 'GET', url: paths.lookup(EMAIL), headers: { cookie } });
      expect(json<{ data: SavedApplication[] }>(lookup).data[0].payment).toEqual(paid);
      expect((await saved()).payment_option).toBe(OPTION_FULL_PAYMENT);

      const again = await post(paths.paymentVerify, { email: EMAIL, reference: order.merchant_reference });
      expect(json(again).data).toEqual(paid);
      const second = await start(OPTION_INSTALMENTS);
      expect(second.statusCode).toBe(409);
      expect(json(second).message).toBe(SERVER_MESSAGES.paymentAlreadyPaid);
      // Nor can the choice on record be changed once it is paid.
      const change = await post(paths.misc, {
        email: EMAIL,
        misc: { column_name: 'Financial Info', payment_option: NOT_READY },
      });
      expect(change.statusCode).toBe(409);
      expect((await saved()).payment_option).toBe(OPTION_FULL_PAYMENT);
    });

    it('the review follows: a choice moves it to payment_chosen, a verified payment to paid, each on the timeline', async () => {
      await accepted();
      const review = async () => {
        const { rows } = await t.db.query<{ status: string }>(
          'SELECT review_status AS status FROM applications WHERE email = $1',
          [EMAIL],
        );
        const events = await t.db.query<{ event: string; to_status: string; staff_id: number | null }>(
          `SELECT e.event, e.to_status, e.staff_id FROM review_events e JOIN applications a ON a.id = e.application_id
           WHERE a.email = $1 AND e.event IN ('CHOOSE_PAYMENT', 'PAYMENT_CONFIRMED') ORDER BY e.id`,
          [EMAIL],
        );
        return { status: rows[0].status, events: events.rows };
      };
      const chosen = await post(paths.misc, {
        email: EMAIL,
        misc: { column_name: 'Financial Info', payment_option: OPTION_INSTALMENTS },
      });
      expect(chosen.statusCode).toBe(200);
      expect(await review()).toEqual({
        status: 'payment_chosen',
        events: [{ event: 'CHOOSE_PAYMENT', to_status: 'payment_chosen', staff_id: null }],
      });
      // Changing the option while payment_chosen is saved; the status and timeline stay as they are.
      const { order } = json<{ data: PaymentStartResult }>(await start(OPTION_FULL_PAYMENT)).data;
      expect((await saved()).payment_option).toBe(OPTION_FULL_PAYMENT);
      expect((await review()).events).toHaveLength(1);
      expect((await review()).status).toBe('payment_chosen');
      // An unknown reference confirms nothing and moves nothing.
      const refused = await post(paths.paymentVerify, { email: EMAIL, reference: 'TEB-NOPE' });
      expect(refused.statusCode).toBeGreaterThanOrEqual(400);
      expect((await review()).status).toBe('payment_chosen');
      const paid = await post(paths.paymentVerify, { email: EMAIL, reference: order.merchant_reference });
      expect(paid.statusCode).toBe(200);
      expect(await review()).toEqual({
        status: 'paid',
        events: [
          { event: 'CHOOSE_PAYMENT', to_status: 'payment_chosen', staff_id: null },
          { event: 'PAYMENT_CONFIRMED', to_status: 'paid', staff_id: null },
        ],
      });
    });

    it('a retried start (same idempotency key) issues one payment', async () => {
      await accepted();
      const headers = { cookie, [IDEMPOTENCY_HEADER]: 'pay-1' };
      const first = await start(OPTION_INSTALMENTS, 'Nigeria', headers);
      const retry = await start(OPTION_INSTALMENTS, 'Nigeria', headers);
      expect(retry.json()).toEqual(first.json());
      const rows = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM payments');
      expect(rows.rows[0].n).toBe(1);
    });

    it("cannot confirm someone else's payment, an unknown reference, or without a session", async () => {
      await accepted();
      const { order } = json<{ data: PaymentStartResult }>(await start(OPTION_FULL_PAYMENT)).data;
      const otherCookie = await verifiedApplicant(t, OTHER_EMAIL);
      const stranger = await post(
        paths.paymentVerify,
        { email: OTHER_EMAIL, reference: order.merchant_reference },
        { cookie: otherCookie },
      );
      expect(stranger.statusCode).toBe(404);
      expect(json(stranger).message).toBe(SERVER_MESSAGES.paymentUnknown);
      const wrongOwner = await post(
        paths.paymentVerify,
        { email: EMAIL, reference: order.merchant_reference },
        { cookie: otherCookie },
      );
      expect(wrongOwner.statusCode).toBe(403);
      const anonymous = await post(
        paths.paymentVerify,
        { email: EMAIL, reference: order.merchant_reference },
        {},
      );
      expect(anonymous.statusCode).toBe(401);
      expect((await saved()).payment?.status).toBe('pending');
    });
  });

  describe('one paid payment per applicant, and a receipt for each', () => {
    const ADMIN = 'admin@bootcamp.example';
    beforeEach(() => open({ staffEmails: [ADMIN] }));

    const verify = (reference: string, headers: Record<string, string> = { cookie }) =>
      post(paths.paymentVerify, { email: EMAIL, reference }, headers);
    const issue = async (option: string) =>
      json<{ data: PaymentStartResult }>(await start(option)).data.order.merchant_reference;
    const mailsTo = async (subject: RegExp) =>
      (await t.mails()).filter((m) => m.to === EMAIL && subject.test(m.subject));
    const stored = async () =>
      (
        await t.db.query<{ reference: string; status: string }>(
          'SELECT reference, status FROM payments ORDER BY id',
        )
      ).rows;

    it('two payments issued before either was paid, both verified: one paid, the other a duplicate to refund that staff see', async () => {
      await accepted();
      // Two tabs: each issues its own payment before either is paid.
      const first = await issue(OPTION_FULL_PAYMENT);
      const second = await issue(OPTION_INSTALMENTS);
      const paid = await verify(first);
      expect(paid.statusCode).toBe(200);
      const paidRecord = json<{ data: PaymentRecord }>(paid).data;

      const again = await verify(second);
      expect(again.statusCode).toBe(200);
      // The answer is the payment that counts, and says the second will be refunded.
      expect(json(again)).toEqual({ message: SERVER_MESSAGES.paymentDuplicate, data: paidRecord });
      expect(await stored()).toEqual([
        { reference: first, status: 'paid' },
        { reference: second, status: 'duplicate' },
      ]);
      expect((await saved()).payment).toEqual(paidRecord);

      // The review, its timeline and the queue see one payment.
      const { rows } = await t.db.query<{ status: string; confirmed: number }>(
        `SELECT a.review_status AS status, (SELECT count(*)::int FROM review_events e
           WHERE e.application_id = a.id AND e.event = 'PAYMENT_CONFIRMED') AS confirmed
         FROM applications a WHERE a.email = $1`,
        [EMAIL],
      );
      expect(rows[0]).toEqual({ status: 'paid', confirmed: 1 });

      // One receipt for the paid one; one email saying the second is to be refunded. Asking again sends nothing.
      expect(await verify(first)).toMatchObject({ statusCode: 200 });
      expect((await verify(second)).statusCode).toBe(200);
      const receipts = await mailsTo(/^Payment received/);
      expect(receipts).toHaveLength(1);
      expect(receipts[0].text).toContain(first);
      const refunds = await mailsTo(/will be refunded/);
      expect(refunds).toHaveLength(1);
      expect(refunds[0].subject).toBe(`A second payment of N60,000 will be refunded (${second})`);
      expect(refunds[0].text).toContain(`already paid (reference ${first})`);

      // The staff page lists both, the duplicate marked for a refund.
      const staffCookie = await staffSignIn(t, ADMIN);
      const { rows: ids } = await t.db.query<{ id: number }>('SELECT id FROM applications WHERE email = $1', [
        EMAIL,
      ]);
      const page = await t.app.inject({
        method: 'GET',
        url: staffPaths.application.replace(':id', String(ids[0].id)),
        headers: { cookie: staffCookie },
      });
      expect(page.statusCode).toBe(200);
      const data = json<{ data: StaffApplicationPage }>(page).data;
      expect(data.review?.status).toBe('paid');
      expect(data.payments).toEqual([
        expect.objectContaining({ reference: first, status: 'paid', amount: 51_000, currency: 'NGN' }),
        expect.objectContaining({
          reference: second,
          status: 'duplicate',
          amount: 60_000,
          paid_at: expect.any(String),
        }),
      ]);
      // No third payment may be issued once one is paid.
      expect((await start(OPTION_FULL_PAYMENT)).statusCode).toBe(409);
    });

    it('a verified payment is receipted once: amount, currency, reference, and what is still due for instalments', async () => {
      await accepted();
      const reference = await issue(OPTION_INSTALMENTS);
      const headers = { cookie, [IDEMPOTENCY_HEADER]: 'verify-1' };
      expect((await verify(reference, headers)).statusCode).toBe(200);
      // The same request retried, then a fresh one: the payment is paid already, no second receipt.
      expect((await verify(reference, headers)).statusCode).toBe(200);
      expect((await verify(reference)).statusCode).toBe(200);
      const receipts = await mailsTo(/^Payment received/);
      expect(receipts).toHaveLength(1);
      const [receipt] = receipts;
      expect(receipt.subject).toBe(`Payment received: N60,000 for The Employment Bootcamp (${reference})`);
      expect(receipt.text).toContain('Hello Ada,');
      expect(receipt.text).toContain('your payment of N60,000 (NGN)');
      expect(receipt.text).toContain(`Reference: ${reference}. Option: ${OPTION_INSTALMENTS}.`);
      expect(receipt.text).toContain('Still due: N30,000 (1 more instalment of N30,000)');
      expect(receipt.html).toContain(reference);
    });

    it('a payment in full is receipted with nothing more due', async () => {
      await accepted();
      const reference = await issue(OPTION_FULL_PAYMENT);
      expect((await verify(reference)).statusCode).toBe(200);
      const [receipt] = await mailsTo(/^Payment received/);
      expect(receipt.text).toContain('your payment of N51,000 (NGN)');
      expect(receipt.text).toContain('Nothing more is due for the commitment fee.');
      expect(receipt.text).not.toContain('Still due');
    });

    it('a financial aid application is receipted once: what was received and what happens next', async () => {
      await submitted();
      const aid = (key: string) =>
        post(
          paths.misc,
          {
            email: EMAIL,
            misc: { column_name: 'Financial Info', payment_option: OPTION_FINANCIAL_AID, data: financialAid },
          },
          { cookie, [IDEMPOTENCY_HEADER]: key },
        );
      expect((await aid('aid-1')).statusCode).toBe(200);
      expect((await aid('aid-1')).statusCode).toBe(200);
      expect((await aid('aid-2')).statusCode).toBe(200);
      const receipts = await mailsTo(/financial aid application/);
      expect(receipts).toHaveLength(1);
      expect(receipts[0].subject).toBe('We have your financial aid application to The Employment Bootcamp');
      expect(receipts[0].text).toContain('We have received your financial aid application');
      expect(receipts[0].text).toContain('What happens next: the team reviews your application');
      expect(receipts[0].text).toContain('http://localhost:3000/apply/confirmation');
    });

    it('the acceptance email names the cohort, its start date and the pay-by date', async () => {
      await submitted();
      await decide(t, EMAIL, 'ACCEPT');
      const mailer = decisionMailer({
        db: t.db,
        mailer: outboxMailer(t.db),
        config: { now: () => t.now(), publicUrl: 'http://localhost:3000' },
      });
      expect(await mailer.sendDue()).toBe(1);
      const [accepted] = await mailsTo(/^You are accepted/);
      // Applied on 23 November 2026: Cohort 13, which starts on 10 December 2026; pay 3 days before.
      expect(accepted.subject).toBe('You are accepted into The Employment Bootcamp (Cohort 13)');
      expect(accepted.text).toContain(
        'Cohort 13 starts on 10 December 2026. Please pay the commitment fee by 7 December 2026 to secure your place.',
      );
    });
  });

  describe('with a provider configured', () => {
    const provider = fakeProvider();
    let verifyUrl = '';
    beforeEach(async () => {
      verifyUrl = await provider.start();
      provider.seen.length = 0;
      await open({
        payment: { publicKey: 'klp_pk_test', secretKey: 'klp_sk_test', verifyUrl, sandbox: false },
      });
      await accepted();
    });
    afterEach(() => provider.stop());

    const issue = async () => {
      const res = await start(OPTION_FULL_PAYMENT);
      const data = json<{ data: PaymentStartResult }>(res).data;
      expect(data.sandbox).toBe(false);
      return data.order.merchant_reference;
    };
    const verify = (reference: string, provider_reference?: string) =>
      post(paths.paymentVerify, {
        email: EMAIL,
        reference,
        ...(provider_reference ? { provider_reference } : {}),
      });

    it("the browser's word is not enough: no provider reference, or the provider says not paid → not paid", async () => {
      const reference = await issue();
      const bare = await verify(reference);
      expect(bare.statusCode).toBe(400);
      provider.answer(200, {
        status: 'success',
        data: { status: 'FAILED', amount: 51_000, currency: 'NGN' },
      });
      const declined = await verify(reference, 'KLP-1');
      expect(declined.statusCode).toBe(402);
      expect(json(declined).message).toBe(MESSAGES.paymentFailed);
      expect((await saved()).payment?.status).toBe('failed');
      expect(provider.seen).toEqual([{ url: '/v1/transactions/KLP-1/verify', secret: 'klp_sk_test' }]);
    });

    it('a paid provider transaction for another amount or another order confirms nothing', async () => {
      const reference = await issue();
      provider.answer(200, { data: { status: 'SUCCESSFUL', amount: 60_000, currency: 'NGN' } });
      expect((await verify(reference, 'KLP-2')).statusCode).toBe(402);
      const next = await issue();
      provider.answer(200, {
        data: {
          status: 'SUCCESSFUL',
          amount: 51_000,
          currency: 'NGN',
          merchant_reference: 'TEBC-0000001234',
        },
      });
      expect((await verify(next, 'KLP-3')).statusCode).toBe(402);
      expect((await saved()).payment?.status).not.toBe('paid');
    });

    it('the provider confirming the amount and order marks it paid', async () => {
      const reference = await issue();
      provider.answer(200, {
        status: 'success',
        data: { status: 'SUCCESSFUL', amount: 51_000, currency: 'NGN', merchant_reference: reference },
      });
      const res = await verify(reference, 'KLP-4');
      expect(res.statusCode).toBe(200);
      expect((await saved()).payment).toMatchObject({ reference, status: 'paid', amount: 51_000 });
    });

    it('a provider transaction already used for one payment cannot pay another: 409, nothing stored', async () => {
      const first = await issue();
      const second = await issue();
      provider.answer(200, { data: { status: 'SUCCESSFUL', amount: 51_000, currency: 'NGN' } });
      expect((await verify(first, 'KLP-7')).statusCode).toBe(200);
      const before = await t.db.query('SELECT * FROM payments ORDER BY id');
      const mailsBefore = (await t.mails()).length;

      const reused = await verify(second, 'KLP-7');
      expect(reused.statusCode).toBe(409);
      expect(json(reused)).toEqual({
        message: SERVER_MESSAGES.paymentReferenceUsed,
        data: { error: { reference: [SERVER_MESSAGES.paymentReferenceUsed] } },
      });
      // The provider was asked once (for the first), and nothing changed: the second is still only issued.
      expect(provider.seen).toHaveLength(1);
      expect((await t.db.query('SELECT * FROM payments ORDER BY id')).rows).toEqual(before.rows);
      expect((await t.mails()).length).toBe(mailsBefore);
    });

    it('a provider that does not answer leaves the payment pending, to be checked again', async () => {
      const reference = await issue();
      provider.answer(502, {});
      const res = await verify(reference, 'KLP-5');
      expect(res.statusCode).toBe(503);
      expect(json(res).message).toBe(SERVER_MESSAGES.paymentNotConfirmed);
      expect((await saved()).payment?.status).toBe('pending');
    });
  });

  it('a sandbox payment cannot be confirmed once the server has a provider; production without one takes none', async () => {
    await open();
    await accepted();
    const { order } = json<{ data: PaymentStartResult }>(await start(OPTION_FULL_PAYMENT)).data;
    // The same database, now served with a provider configured.
    t = await reopen(t, {
      payment: {
        publicKey: 'pk',
        secretKey: 'sk',
        verifyUrl: 'http://127.0.0.1:9/{reference}',
        sandbox: false,
      },
    });
    const res = await post(paths.paymentVerify, { email: EMAIL, reference: order.merchant_reference });
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toBe(SERVER_MESSAGES.paymentSandboxOnly);

    t = await reopen(t, { payment: { publicKey: '', secretKey: '', verifyUrl: '', sandbox: false } });
    const none = await start(OPTION_FULL_PAYMENT);
    expect(none.statusCode).toBe(503);
    expect(json(none).message).toBe(SERVER_MESSAGES.paymentUnavailable);
    expect(findOption(STANDARD_FEES, 'nigeria', OPTION_FULL_PAYMENT)?.portal).toBe(true);
  });
});
