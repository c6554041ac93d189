/**
 * Every amount a person is shown equals the amount they are charged: for each option of each country set, the
 * rendered card, the payment modal, the checkout's own dialog and the success dialog are read and compared with
 * the order the checkout is asked to charge (built by `checkoutOrder`, the function the server's payment/start
 * route prices with; tests/server/payments.test.ts holds the server to it). The landing page, FAQ, Key Information
 * modal and reminder email may only quote amounts of the same table.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { PaymentRecord, PaymentStartPayload, PaymentStartResult } from '../../machines/rules/contract';
import { cohortLabels } from '../../machines/rules/landingCohort';
import {
  PAYMENT_OPTIONS,
  PRICES,
  checkoutOrder,
  formatMoney,
  feeFacts,
  regionOf,
  STANDARD_FEES,
  type CheckoutOrder,
  type FeeTable,
  type PaymentRegion,
} from '../../machines/rules/payments';
import { faq } from '../../src/content/faq';
import { keyInformation } from '../../src/content/programme';
import { defaultConfig } from '../../src/config';
import { createCheckout } from '../../src/after-submission/instalmentCheckout';
import { reminderEmail } from '../../server/mail/templates';
import { renderConfirmation } from './support/confirmation';
import { expectShown } from './support/shown';

const COUNTRY: Record<PaymentRegion, string> = { nigeria: 'Nigeria', international: 'Ghana' };
/** An amount as the screens write it: N51,000, $42.50, $50. */
const MONEY = /[N$]\d[\d,]*(?:\.\d\d)?/g;
const moneyIn = (text: string | null | undefined) => (text ?? '').match(MONEY) ?? [];

/** The confirmation page on the checkout the server prices, for an applicant of `region` with table `fees`. */
function renderWithCheckout(region: PaymentRegion, fees: FeeTable = STANDARD_FEES) {
  const asked: CheckoutOrder[] = [];
  // The server's side of the checkout, priced the way payment/start prices it.
  const api = {
    startPayment: async ({ email, option, country }: PaymentStartPayload): Promise<PaymentStartResult> => {
      const order = checkoutOrder(fees, regionOf(country), option, email, 'TEBC-1234561000')!;
      asked.push(order);
      return { order, sandbox: true };
    },
    verifyPayment: async (): Promise<PaymentRecord> => {
      const order = asked.at(-1)!;
      return {
        reference: order.merchant_reference,
        option: order.meta_data.payment_option,
        amount: order.amount,
        currency: order.currency,
        status: 'paid',
        paid_at: '2026-11-23T10:00:00.000Z',
      };
    },
  };
  const payment = renderConfirmation({ payment: null, cohort: null, option: '', fees }, COUNTRY[region], {
    checkout: fromPromise(({ input }) => createCheckout(defaultConfig, api)(input)),
  });
  return { asked, payment };
}

const chargedOptions = (['nigeria', 'international'] as const).flatMap((region) =>
  PAYMENT_OPTIONS[region].filter((o) => o.charge).map((o) => [region, o.value] as const),
);

describe('the amount shown is the amount charged', () => {
  it.each(chargedOptions)('%s: %s', async (region, value) => {
    const user = userEvent.setup();
    const { asked, payment } = renderWithCheckout(region);
    await user.click(await screen.findByRole('button', { name: 'Proceed to payment' }));
    const card = (await screen.findByRole('heading', { name: value, level: 3 })).closest('li')!;
    const cardAmount = moneyIn(card.querySelector('.payment-option__price')?.textContent)[0];
    expect(cardAmount).toBeTruthy();

    await user.click(within(card).getByRole('button', { name: `Choose ${value}` }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Confirm your payment option' });
    expect(moneyIn(confirm.textContent)[0]).toBe(cardAmount);
    await user.click(within(confirm).getByRole('button', { name: 'Yes proceed' }));

    // Every option that charges money, the instalments too, shows the choice-recorded dialog first.
    const option = PAYMENT_OPTIONS[region].find((o) => o.value === value)!;
    const recorded = await screen.findByRole('dialog', { name: 'Your choice has been recorded' });
    await user.click(within(recorded).getByRole('button', { name: 'View Payment Details' }));
    const modal = await screen.findByRole('dialog', { name: 'Payment details' });
    expect(moneyIn(modal.querySelector('.payment-details__amount')?.textContent)[0]).toBe(cardAmount);
    if (!option.portal) {
      // Dollars are paid by bank transfer, at the card's amount; the naira portal is not offered.
      expect(within(modal).queryByRole('button', { name: 'Proceed to Payment Portal' })).toBeNull();
      expect(formatMoney(option.charge!)).toBe(cardAmount);
      return;
    }
    await user.click(within(modal).getByRole('button', { name: 'Proceed to Payment Portal' }));

    const checkout = await screen.findByRole('dialog', { name: 'Sandbox checkout: test mode' });
    const checkoutAmount = checkout.querySelector('.sandbox-checkout__amount')?.textContent;
    expect(asked).toHaveLength(1);
    const charged = formatMoney({ amount: asked[0].amount, currency: asked[0].currency });
    expect(cardAmount).toBe(charged);
    expect(checkoutAmount).toBe(`Amount to pay: ${charged}`);
    expect(asked[0].items).toEqual([expect.objectContaining({ unit_price: asked[0].amount, quantity: 1 })]);

    await user.click(within(checkout).getByRole('button', { name: 'Complete test payment' }));
    const paid = await screen.findByRole('dialog', { name: 'Payment successful' });
    expect(moneyIn(paid.textContent)).toEqual([charged]);
    expect(payment.getSnapshot().value).toBe('paid');
  });
});

describe('every amount quoted elsewhere is in the price table', () => {
  const table = new Set(
    (['nigeria', 'international'] as const).flatMap((region) => {
      const { fee, full, instalments } = PRICES[region];
      return [fee, full, ...(instalments ? [instalments.each, instalments.total] : [])].map(formatMoney);
    }),
  );
  const cohort = cohortLabels({
    number: 13,
    startDate: '2026-12-10',
    applicationDeadline: '2026-12-03',
    fees: feeFacts(STANDARD_FEES),
  });

  it.each([
    ['the landing page Key Information', keyInformation(cohort).map((c) => [c.lead, ...c.details].join(' '))],
    ['the FAQ', faq(cohort).map((e) => e.answer)],
    [
      'the reminder email',
      [
        reminderEmail('a@example.com', 'Ada', 'http://localhost/apply/confirmation', STANDARD_FEES, null)
          .text,
      ],
    ],
  ])('%s', (_, texts) => {
    const quoted = texts.flatMap(moneyIn);
    expect(quoted.length).toBeGreaterThan(0);
    for (const amount of quoted) expect(table, amount).toContain(amount);
  });

  it('the Key Information card and the confirmation page offer the same number of instalments', () => {
    const card = keyInformation(cohort).find((c) => c.title === 'Commitment fee')!;
    const plan = PRICES.nigeria.instalments!;
    expect(card.details.join(' ')).toContain(`${plan.count} instalments of ${formatMoney(plan.each)}`);
    expect(PAYMENT_OPTIONS.nigeria.map((o) => o.value)).toContain(`Pay in ${plan.count} instalments`);
  });

  it("every page that offers aid names the table's own ceiling, not a fixed 30% (decision 238)", async () => {
    const fees = { ...STANDARD_FEES, aid_ceiling: 20 };
    const labels = cohortLabels({
      number: 13,
      startDate: '2026-12-10',
      applicationDeadline: '2026-12-03',
      fees: feeFacts(fees),
    });
    const landing = [
      ...keyInformation(labels).flatMap((c) => [c.lead, ...c.details]),
      ...faq(labels).map((e) => e.answer),
    ].join(' ');
    expect(landing).toContain('Financial aid of up to 20% off for those who qualify');
    expect(landing).toContain('financial aid of up to 20% off the fee');
    expect(landing).not.toMatch(/30%/);
    // The confirmation page: the aid card and the option's price.
    renderWithCheckout('nigeria', fees);
    expectShown(await screen.findByText(/Financial aid of up to 20% off the fee is available/));
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Proceed to payment' }));
    expectShown(await screen.findByText('Up to 20% off'));
    expect(screen.queryByText(/30%/)).toBeNull();
  });
});
