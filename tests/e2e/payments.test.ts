/**
 * Money in Chromium at a phone's width (390 px), against the built product and its real server: the amount on the
 * chosen option card is the amount the checkout shows and the server charges; a sandbox payment is recorded by the
 * server and still shows as paid after a reload and on another device; with no bank account configured the payment
 * modal says so in plain words and shows no account number; with one configured, it shows that account.
 *
 * Applicants are created and submitted through the API (the wizard is proven elsewhere); the browser gets their
 * session cookie and the local storage the app writes, then opens /apply/confirmation.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { paths } from '../../machines/rules/contract';
import { MESSAGES } from '../../machines/rules/messages';
import { OPTION_FULL_PAYMENT, OPTION_INSTALMENTS } from '../../machines/rules/payments';
import { BANK_NOT_SET_UP } from '../../src/after-submission/PaymentOptionsDialog';
import { screenshot } from './support/browser';
import { BANKED, DECIDING, decide } from './support/decision';
import { startServer, type MailboxEntry } from './support/server';
import { acceptedOnPhone, choose, paymentDetails } from './support/paymentChoice';
import { submittedApplicant, type ApplicantApi } from './support/submittedApplicant';
import { browser, expectNoAxeViolations, openDialog, server, serverAndBrowser } from './support/suite';

// No location look-up: the options follow the form's country. No bank account, no provider: the sandbox.
serverAndBrowser({
  ...DECIDING,
  GEO_FIXED_COUNTRY: '',
  GEO_API_URL: '',
  BANK_ACCOUNT_NUMBER: '',
});

const WAIT = { timeout: 30_000 };

/** A phone of that applicant (support/submittedApplicant.ts), accepted by staff, on the confirmation. */
async function confirmationOnDevice(base: string, api: ApplicantApi): Promise<Page> {
  // Only an accepted applicant is offered payment: staff accept first, through the staff API.
  await decide(base, (await api.saved()).email, 'ACCEPT');
  return (await acceptedOnPhone(browser, base, api)).page;
}

/** Everything the server queued, as the dev outbox shows it. */
const mailbox = async (base: string) =>
  (await (await fetch(`${base}/dev/mailbox.json`)).json()) as MailboxEntry[];

const noAccountNumber = async (scope: Locator) => {
  const text = (await scope.textContent()) ?? '';
  expect(text).not.toContain('0000000000');
  expect(text).not.toMatch(/\d{10}/);
};

describe('payments in a real browser, at 390 px', () => {
  it('pay in full: the card, the modal and the checkout say N51,000; paid survives a reload and another device', async () => {
    const email = `ada.pay.${Date.now()}@example.com`;
    const api = await submittedApplicant(server.url, email);
    const page = await confirmationOnDevice(server.url, api);
    await expectNoAxeViolations(page);

    const shown = await choose(page, OPTION_FULL_PAYMENT);
    expect(shown).toBe('N51,000');
    const details = await paymentDetails(page);
    expect(await details.locator('.payment-details__amount').textContent()).toBe(shown);
    // No bank account configured: the plain sandbox words, and no account number at all.
    expect(await details.getByText(BANK_NOT_SET_UP, { exact: false }).count()).toBe(1);
    await noAccountNumber(details);
    await expectNoAxeViolations(page);
    await screenshot(page, 'payments-details-unset-390');
    await details.getByRole('button', { name: 'Proceed to Payment Portal' }).click();

    const checkout = await openDialog(page, 'Sandbox checkout: test mode');
    expect(await checkout.locator('.sandbox-checkout__amount').textContent()).toBe(`Amount to pay: ${shown}`);
    await expectNoAxeViolations(page);
    await screenshot(page, 'payments-sandbox-checkout-390');
    // What the server was asked to charge, before anything is paid.
    expect((await api.saved()).payment).toMatchObject({ amount: 51_000, currency: 'NGN', status: 'pending' });
    await checkout.getByRole('button', { name: 'Complete test payment' }).click();

    const paid = await openDialog(page, 'Payment successful');
    expect(await paid.textContent()).toContain(`payment of ${shown}`);
    await paid.getByRole('button', { name: 'Close' }).click();
    const stored = (await api.saved()).payment;
    expect(stored).toMatchObject({
      option: OPTION_FULL_PAYMENT,
      amount: 51_000,
      currency: 'NGN',
      status: 'paid',
    });

    // The receipt, through the outbox: amount, currency, reference, nothing more due; one, however often verified.
    const receipts = async () =>
      (await mailbox(server.url)).filter((m) => m.to === email && m.subject.startsWith('Payment received'));
    await expect.poll(receipts, WAIT).toHaveLength(1);
    const [receipt] = await receipts();
    expect(receipt.subject).toBe(
      `Payment received: N51,000 for The Employment Bootcamp (${stored!.reference})`,
    );
    expect(receipt.text).toContain('your payment of N51,000 (NGN)');
    expect(receipt.text).toContain(`Reference: ${stored!.reference}.`);
    expect(receipt.text).toContain('Nothing more is due for the commitment fee.');
    const again = await api.call(paths.paymentVerify, { email, reference: stored!.reference });
    expect(again.message).toBe('Payment confirmed');

    // A reload: the server's record, not 'Proceed to payment'.
    await page.reload();
    expect(await receipts()).toHaveLength(1);
    const receiptLine = page.locator('.payment-receipt');
    await receiptLine.waitFor(WAIT);
    expect(await receiptLine.locator('.payment-receipt__amount').textContent()).toBe(shown);
    expect(await receiptLine.textContent()).toContain(stored!.reference);
    expect(await page.getByRole('button', { name: 'Proceed to payment' }).count()).toBe(0);
    await expectNoAxeViolations(page);
    await screenshot(page, 'payments-paid-after-reload-390');

    // Another device: a fresh browser whose local storage knows nothing of the payment.
    const other = await confirmationOnDevice(server.url, api);
    await other.locator('.payment-receipt').waitFor(WAIT);
    expect(await other.getByRole('button', { name: 'Proceed to payment' }).count()).toBe(0);
    await other.context().close();
    await page.context().close();
  });

  it('instalments: Yes proceed shows the choice-recorded dialog first; the checkout says N60,000; a failed test payment is not recorded as paid', async () => {
    const email = `ada.instal.${Date.now()}@example.com`;
    const api = await submittedApplicant(server.url, email);
    const page = await confirmationOnDevice(server.url, api);
    const shown = await choose(page, OPTION_INSTALMENTS);
    expect(shown).toBe('N60,000');
    // The spec's order: the choice is recorded, then View Payment Details or Later; no checkout yet.
    const recorded = await openDialog(page, 'Your choice has been recorded');
    expect(await recorded.getByRole('button', { name: 'Later' }).count()).toBe(1);
    expect(await page.locator('dialog.sandbox-checkout').count()).toBe(0);
    expect((await api.saved()).payment).toBeNull();
    await expectNoAxeViolations(page);
    await screenshot(page, 'payments-instalments-recorded-390');
    await recorded.getByRole('button', { name: 'View Payment Details' }).click();
    const details = await openDialog(page, 'Payment details');
    await details.getByRole('button', { name: 'Proceed to Payment Portal' }).click();
    const checkout = await openDialog(page, 'Sandbox checkout: test mode');
    expect(await checkout.locator('.sandbox-checkout__amount').textContent()).toBe(`Amount to pay: ${shown}`);
    await checkout.getByRole('button', { name: 'Fail test payment' }).click();
    await page.waitForURL((url) => url.pathname === '/failed', WAIT);
    await page.getByText(MESSAGES.paymentFailed).first().waitFor(WAIT);
    expect((await api.saved()).payment).toMatchObject({ amount: 60_000, status: 'pending' });
    await page.context().close();
  });

  it('the acceptance banner names the cohort, its start date and the pay-by date, as the acceptance email does', async () => {
    const email = `ada.banner.${Date.now()}@example.com`;
    const api = await submittedApplicant(server.url, email);
    const { cohort } = await api.saved();
    const current = (await (await fetch(`${server.url}${paths.currentCohort}`)).json()) as {
      data: { name: string; start_date: string }[];
    };
    const open = current.data[0];
    expect(cohort.name).toBe(open.name);
    // Written out here with the browser's own date formatting: 3 days before the start (decision 016).
    const day = (iso: string, less = 0) =>
      new Date(Date.parse(`${iso}T00:00:00Z`) - less * 86_400_000).toLocaleDateString('en-GB', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      });
    const start = day(open.start_date);
    const payBy = day(open.start_date, 3);

    const page = await confirmationOnDevice(server.url, api);
    const banner = page.locator('.acceptance-dates');
    await banner.waitFor(WAIT);
    expect(await banner.textContent()).toBe(
      `You have a place in ${cohort.name} of The Employment Bootcamp. ${cohort.name} starts on ${start}. Please pay the commitment fee by ${payBy} to secure your place. Choose how you will pay below.`,
    );
    await expectNoAxeViolations(page);
    await screenshot(page, 'payments-banner-dates-390');

    // The acceptance email, sent once the undo window is over, says the same.
    const accepted = async () =>
      (await mailbox(server.url)).filter((m) => m.to === email && m.subject.startsWith('You are accepted'));
    await expect.poll(accepted, WAIT).toHaveLength(1);
    const [mail] = await accepted();
    expect(mail.text).toContain(
      `${cohort.name} starts on ${start}. Please pay the commitment fee by ${payBy} to secure your place.`,
    );
    await page.context().close();
  });

  it('international: dollars on the card and in the modal, bank transfer only, no naira anywhere', async () => {
    const email = `kofi.intl.${Date.now()}@example.com`;
    const api = await submittedApplicant(server.url, email, { country: 'Ghana' });
    const page = await confirmationOnDevice(server.url, api);
    const shown = await choose(page, OPTION_FULL_PAYMENT);
    expect(shown).toBe('$42.50');
    expect(await page.locator('ul.payment-options').textContent()).not.toMatch(/N\d/);
    const details = await paymentDetails(page);
    expect(await details.locator('.payment-details__amount').textContent()).toBe(shown);
    expect(await details.getByRole('button', { name: 'Proceed to Payment Portal' }).count()).toBe(0);
    await noAccountNumber(details);
    await expectNoAxeViolations(page);
    await page.context().close();
  });

  it('financial aid offers the aid form, not bank details or the portal', async () => {
    const email = `ada.aid.${Date.now()}@example.com`;
    const api = await submittedApplicant(server.url, email);
    const page = await confirmationOnDevice(server.url, api);
    await choose(page, 'Apply for financial aid');
    const recorded = await openDialog(page, 'Your choice has been recorded');
    expect(await recorded.getByRole('button', { name: 'View Payment Details' }).count()).toBe(0);
    expect(await recorded.getByRole('link', { name: /Apply for Financial Aid/ }).count()).toBe(1);
    await recorded.getByRole('button', { name: 'Later' }).click();
    expect(await page.getByRole('button', { name: 'View Payment Details' }).count()).toBe(0);
    await page.context().close();
  });

  it('with a bank account configured, the modal shows that account', async () => {
    const configured = await startServer(BANKED);
    try {
      const api = await submittedApplicant(configured.url, `ada.bank.${Date.now()}@example.com`);
      const page = await confirmationOnDevice(configured.url, api);
      await choose(page, OPTION_FULL_PAYMENT);
      const details = await paymentDetails(page);
      expect(await details.locator('.payment-details__number').textContent()).toBe(
        BANKED.BANK_ACCOUNT_NUMBER,
      );
      expect(await details.getByText(BANKED.BANK_NAME).count()).toBe(1);
      expect(await details.getByText(BANK_NOT_SET_UP, { exact: false }).count()).toBe(0);
      await expectNoAxeViolations(page);
      await page.context().close();
    } finally {
      await configured.stop();
    }
  });
});
