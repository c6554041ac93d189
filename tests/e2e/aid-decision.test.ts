/**
 * Financial aid decided, in Chromium against the built product (issue 56, item 1; decision 238): an accepted
 * applicant applies for aid; an admin opens their record and awards 20%; once released (at once on this server:
 * DECIDING), the applicant's confirmation page says so, the "Pay in full" card charges N40,800 (N51,000 less 20%),
 * and the checkout and the server's payment charge that amount. axe finds nothing on either screen.
 */
import { describe, expect, it } from 'vitest';
import { AID_MESSAGES } from '../../machines/rules/messages';
import { OPTION_FINANCIAL_AID, OPTION_FULL_PAYMENT } from '../../machines/rules/payments';
import { financialAid } from '../support/answers';
import { acceptedAndChose, adminOnApplication, DECIDING, decisionEmail } from './support/decision';
import { acceptedOnPhone, expectSandboxCheckout } from './support/paymentChoice';
import { browser, expectNoAxeViolations, openDialog, server, serverAndBrowser } from './support/suite';

const APPLICANT = 'chidi.aid-e2e@example.com';
const WAIT = { timeout: 30_000 };

// No location look-up: the options follow the form's country (Nigeria). No provider: the sandbox checkout.
serverAndBrowser({ ...DECIDING, GEO_FIXED_COUNTRY: '', GEO_API_URL: '', BANK_ACCOUNT_NUMBER: '' });

describe('financial aid decided', () => {
  it("an admin awards 20% aid, and the applicant's payment card then charges the reduced amount", async () => {
    const applicant = await acceptedAndChose(
      server.url,
      APPLICANT,
      { firstname: 'Chidi', lastname: 'Obi' },
      OPTION_FINANCIAL_AID,
      financialAid,
    );

    // The admin, in the back office: the aid answers, then the award.
    const admin = await adminOnApplication(browser, server.url, APPLICANT, 'Chidi Obi');
    const aid = admin.getByRole('region', { name: 'Financial aid' });
    await aid.getByText('Not decided yet.').waitFor(WAIT);
    expect(await aid.textContent()).toContain(
      'This applicant may be awarded up to 30% of the fee; 0 of the cohort’s 10 awards',
    );
    await expectNoAxeViolations(admin);
    await aid.getByLabel(/Share of the fee to award/).fill('20');
    await aid.getByRole('button', { name: 'Award aid' }).click();
    await admin.getByText(AID_MESSAGES.awarded(20)).waitFor(WAIT);
    await expect.poll(() => aid.textContent(), WAIT).toContain('Awarded 20% of the fee');
    await expectNoAxeViolations(admin);
    await admin.context().close();
    await decisionEmail(server.url, APPLICANT, /^Your financial aid: 20% off the fee$/);

    // The applicant's confirmation page: the award said, no more offer of aid, and the reduced amount charged.
    const { page } = await acceptedOnPhone(browser, server.url, applicant);
    await page.getByText(AID_MESSAGES.standingAwarded(20)).waitFor(WAIT);
    expect(await page.getByRole('link', { name: /Apply for Financial Aid/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Proceed to payment' }).click();
    await page.getByRole('heading', { name: 'Payment options' }).waitFor(WAIT);
    const card = page.locator('li.payment-option').filter({
      has: page.getByRole('heading', { name: OPTION_FULL_PAYMENT, exact: true }),
    });
    expect(await card.locator('.payment-option__price').textContent()).toBe('N40,800');
    await expectNoAxeViolations(page);

    await card.getByRole('button', { name: `Choose ${OPTION_FULL_PAYMENT}` }).click();
    const confirm = await openDialog(page, 'Confirm your payment option');
    await confirm.getByRole('button', { name: 'Yes proceed' }).click();
    // The details and the checkout say N40,800, and the server priced the order itself: 40,800 naira, pending.
    const checkout = await expectSandboxCheckout(page, applicant, 'N40,800', 40_800);
    await checkout.getByRole('button', { name: 'Complete test payment' }).click();
    const paid = await openDialog(page, 'Payment successful');
    expect(await paid.textContent()).toContain('payment of N40,800');
    expect((await applicant.saved()).payment).toMatchObject({ amount: 40_800, status: 'paid' });
  });
});
