/**
 * The whole record in Chromium against the built product (issue 24, item 5): an admin opens a bank-transfer
 * applicant ("Pay in full", at "Payment chosen"), reads the payment and the emails sent to them, records the
 * transfer as paid with its reference, and the outbox holds the applicant's receipt.
 */
import { describe, expect, it } from 'vitest';
import { OPTION_FULL_PAYMENT } from '../../machines/rules/payments';
import { TRANSFER_MESSAGES } from '../../machines/rules/staffRecord';
import { acceptedAndChose, adminOnApplication, DECIDING, decisionEmail } from './support/decision';
import { browser, expectNoAxeViolations, server, serverAndBrowser } from './support/suite';

const APPLICANT = 'ngozi.transfer-e2e@example.com';

serverAndBrowser(DECIDING);

describe("an application's whole record", () => {
  it('an admin sees the payment and the emails, records the bank transfer as paid, and the receipt is sent', async () => {
    await acceptedAndChose(
      server.url,
      APPLICANT,
      { firstname: 'Ngozi', lastname: 'Eze' },
      OPTION_FULL_PAYMENT,
    );

    const page = await adminOnApplication(browser, server.url, APPLICANT, 'Ngozi Eze');

    const payment = page.getByRole('region', { name: 'Payment choice' });
    await expect.poll(() => payment.textContent()).toContain(OPTION_FULL_PAYMENT);
    expect(await payment.textContent()).toContain('N51,000');
    expect(await payment.textContent()).toContain('No payment recorded');
    const emails = page.getByRole('table', { name: 'Every email sent to this applicant, oldest first' });
    expect(await emails.textContent()).toContain('Your code for The Employment Bootcamp: ••••••');
    expect(await emails.textContent()).toMatch(/You are accepted into The Employment Bootcamp/);
    expect(await page.getByRole('region', { name: 'Review' }).textContent()).toContain('Payment chosen');
    await expectNoAxeViolations(page);

    await payment.getByLabel(/Transfer reference/).fill('GTB-20261126-0042');
    await payment.getByRole('button', { name: 'Record as paid' }).click();
    await page.getByText(TRANSFER_MESSAGES.recorded).waitFor();
    await expect.poll(() => page.getByRole('region', { name: 'Review' }).textContent()).toContain('Paid');
    expect(await payment.textContent()).toContain('GTB-20261126-0042');
    expect(await payment.getByRole('button', { name: 'Record as paid' }).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Timeline' }).textContent()).toContain(
      'Paid by admissions@bootcamp.example',
    );
    expect(await emails.textContent()).toMatch(/Bank transfer received: N51,000 for The Employment Bootcamp/);

    const receipt = await decisionEmail(server.url, APPLICANT, /^Bank transfer received/);
    expect(receipt.text).toContain("Your transfer's reference: GTB-20261126-0042.");
    await page.context().close();
  });
});
