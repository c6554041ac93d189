import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../machines/rules/messages';
import {
  COMMITMENT_FEE,
  FULL_PAYMENT,
  MERCHANT_PREFIX,
  NOT_READY,
  OPTION_COMMITMENT_FEE,
  OPTION_FINANCIAL_AID,
  OPTION_FULL_PAYMENT,
  OPTION_INSTALMENTS,
  PAYMENT_OPTIONS,
  failureMessage,
  formatMoney,
  instalmentOrder,
  instalmentPlan,
  isNigeria,
  kindOf,
  landingInstalments,
  merchantReference,
  regionOf,
} from '../../machines/rules/payments';

describe('prices (SPEC §9)', () => {
  it.each([
    ['nigeria', 'N60,000'],
    ['international', '$50'],
  ] as const)('the %s commitment fee is %s', (region, text) => {
    expect(formatMoney(COMMITMENT_FEE[region])).toBe(text);
  });

  it.each([
    ['nigeria', 51_000],
    ['international', 68_000],
  ] as const)('paying in full in the %s set is %i naira, 15%% off', (region, amount) => {
    expect(FULL_PAYMENT[region]).toEqual({ amount, currency: 'NGN' });
    expect(amount / 0.85).toBeCloseTo(Math.round(amount / 0.85), 6);
  });

  it('three monthly instalments add a 2.5% admin fee and sum to the total', () => {
    const plan = instalmentPlan(COMMITMENT_FEE.nigeria);
    expect(plan.total.amount).toBe(61_500);
    expect(plan.adminFee.amount).toBe(1_500);
    expect(plan.payments.map((p) => p.amount)).toEqual([20_500, 20_500, 20_500]);
  });

  it('an uneven split puts the rounding in the last payment', () => {
    const plan = instalmentPlan({ amount: 100, currency: 'NGN' }, 3, 0);
    expect(plan.payments.map((p) => p.amount)).toEqual([33, 33, 34]);
  });

  it.each([
    ['nigeria', [30_000, 30_000], 'NGN'],
    ['international', [25, 25], 'USD'],
  ] as const)('the landing page reads the %s fee as two instalments', (region, amounts, currency) => {
    expect(landingInstalments(region)).toEqual(amounts.map((amount) => ({ amount, currency })));
  });
});

describe('option sets', () => {
  it.each([
    [
      'nigeria',
      [OPTION_COMMITMENT_FEE, OPTION_FULL_PAYMENT, OPTION_INSTALMENTS, OPTION_FINANCIAL_AID, NOT_READY],
    ],
    ['international', [OPTION_COMMITMENT_FEE, OPTION_FULL_PAYMENT, OPTION_FINANCIAL_AID, NOT_READY]],
  ] as const)('the %s set offers its options in order', (region, values) => {
    expect(PAYMENT_OPTIONS[region].map((o) => o.value)).toEqual(values);
  });

  it.each([
    [OPTION_COMMITMENT_FEE, 'bank'],
    [OPTION_FULL_PAYMENT, 'bank'],
    [OPTION_INSTALMENTS, 'instalments'],
    [OPTION_FINANCIAL_AID, 'financialAid'],
    [NOT_READY, 'notReady'],
    ['Pay with seashells', undefined],
  ])('%s is settled as %s', (value, kind) => {
    expect(kindOf(value)).toBe(kind);
  });

  it('the not-ready option reads exactly as the product says it', () => {
    expect(NOT_READY).toBe("I'm Not Ready To Make Payment");
  });

  it('financial aid is up to 30% off, limited and not guaranteed', () => {
    const aid = PAYMENT_OPTIONS.nigeria.find((o) => o.kind === 'financialAid')!;
    expect(aid.price).toBe('Up to 30% off');
    expect(aid.description).toMatch(/Limited/);
    expect(aid.description).toMatch(/not guaranteed/);
  });
});

describe('isNigeria / regionOf', () => {
  it.each([
    ['Nigeria', true],
    [' nigeria ', true],
    ['NG', true],
    ['Federal Republic of Nigeria', true],
    ['Niger', false],
    ['Ghana', false],
    ['', false],
    [null, false],
    [undefined, false],
  ])('%s → %s', (name, expected) => {
    expect(isNigeria(name)).toBe(expected);
    expect(regionOf(name)).toBe(expected ? 'nigeria' : 'international');
  });
});

describe('merchantReference', () => {
  it.each([
    [1_741_000_123_456, 0, `${MERCHANT_PREFIX}1234561000`],
    [1_741_000_123_456, 0.99999, `${MERCHANT_PREFIX}1234569999`],
    [1_741_000_000_042, 0.5, `${MERCHANT_PREFIX}0000425500`],
    [42, 0.1234, `${MERCHANT_PREFIX}0000422110`],
  ])('at %i with random %d is %s', (now, random, reference) => {
    expect(merchantReference(now, () => random)).toBe(reference);
  });

  it('is the prefix, 6 digits of the timestamp and a 4-digit number', () => {
    for (let i = 0; i < 50; i += 1) {
      expect(merchantReference(Date.now())).toMatch(new RegExp(`^${MERCHANT_PREFIX}\\d{6}[1-9]\\d{3}$`));
    }
  });
});

describe('instalmentOrder', () => {
  it('is 60000 NGN, shipping 0, one item of quantity 1', () => {
    const order = instalmentOrder('ada@example.com', 'TEBC-1234561000');
    expect(order).toMatchObject({
      amount: 60_000,
      currency: 'NGN',
      shipping_fee: 0,
      merchant_reference: 'TEBC-1234561000',
    });
    expect(order.items).toHaveLength(1);
    expect(order.items[0]).toMatchObject({ unit_price: 60_000, quantity: 1 });
    expect(order.meta_data).toEqual({ email: 'ada@example.com', payment_option: OPTION_INSTALMENTS });
  });
});

describe('failureMessage', () => {
  it.each([
    [new Error('The server said no'), 'The server said no'],
    [new Error(''), MESSAGES.paymentChoiceFailed],
    [{ message: 'From a plain object' }, 'From a plain object'],
    [{ message: '   ' }, MESSAGES.paymentChoiceFailed],
    ['a string', MESSAGES.paymentChoiceFailed],
    [undefined, MESSAGES.paymentChoiceFailed],
  ])('%o → %s', (error, message) => {
    expect(failureMessage(error, MESSAGES.paymentChoiceFailed)).toBe(message);
  });
});
