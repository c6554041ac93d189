import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../machines/rules/messages';
import {
  ALL_OPTION_VALUES,
  MERCHANT_PREFIX,
  NOT_READY,
  OPTION_FINANCIAL_AID,
  OPTION_FULL_PAYMENT,
  OPTION_INSTALMENTS,
  PAYMENT_OPTIONS,
  PRICES,
  STANDARD_FEES,
  checkoutOrder,
  feeFacts,
  findOption,
  instalmentsOption,
  paymentOptions,
  priceTable,
  failureMessage,
  formatMoney,
  isNigeria,
  kindOf,
  merchantReference,
  stillDue,
  regionOf,
  type PaymentRegion,
} from '../../machines/rules/payments';

const REGIONS: PaymentRegion[] = ['nigeria', 'international'];
const COMMITMENT_FEE = { nigeria: PRICES.nigeria.fee, international: PRICES.international.fee };
const FEE_FACTS = feeFacts(STANDARD_FEES);

describe("the pricing rule reads a cohort's fee table (decision 244)", () => {
  const dearer = { fee_ngn: 80_000, fee_usd: 70, full_discount: 10, instalments: 4, aid_ceiling: 20 };

  it('the standard table is the fee the product charged before fees were set per cohort', () => {
    expect(STANDARD_FEES).toEqual({
      fee_ngn: 60_000,
      fee_usd: 50,
      full_discount: 15,
      instalments: 2,
      aid_ceiling: 30,
    });
  });

  it('a cohort of N80,000 / $70, 10% off in full, 4 instalments and aid up to 20% is priced and worded from its table', () => {
    const prices = priceTable(dearer);
    expect(formatMoney(prices.nigeria.fee)).toBe('N80,000');
    expect(formatMoney(prices.nigeria.full)).toBe('N72,000');
    expect(prices.nigeria.instalments).toEqual({
      count: 4,
      each: { amount: 20_000, currency: 'NGN' },
      total: { amount: 80_000, currency: 'NGN' },
    });
    expect(formatMoney(prices.international.full)).toBe('$63');
    expect(prices.international.instalments).toBeNull();
    expect(paymentOptions(dearer, 'nigeria').map((o) => [o.value, o.price])).toEqual([
      [OPTION_FULL_PAYMENT, 'N72,000'],
      ['Pay in 4 instalments', 'N80,000 (4 × N20,000)'],
      [OPTION_FINANCIAL_AID, 'Up to 20% off'],
      [NOT_READY, 'No payment now'],
    ]);
    expect(checkoutOrder(dearer, 'nigeria', 'Pay in 4 instalments', 'a@b.co', 'R')).toMatchObject({
      amount: 80_000,
      currency: 'NGN',
    });
    // The standard plan's name is not this cohort's: it is not offered here.
    expect(findOption(dearer, 'nigeria', OPTION_INSTALMENTS)).toBeUndefined();
    expect(feeFacts(dearer)).toMatchObject({
      fee: 'N80,000 (Nigeria) or $70 (international)',
      full: 'Pay in full and save 10%: N72,000 (Nigeria) or $63 (international)',
      instalments: 'In Nigeria you may instead pay the N80,000 in 4 instalments of N20,000',
      aid: 'Financial aid of up to 20% off for those who qualify',
      aidCeiling: '20%',
    });
  });

  it('one instalment is no plan: the options are paying in full, aid and not ready', () => {
    const once = { ...STANDARD_FEES, instalments: 1 };
    expect(paymentOptions(once, 'nigeria').map((o) => o.kind)).toEqual(['full', 'financialAid', 'notReady']);
    expect(feeFacts(once).instalments).toBe(
      'The fee is paid at once; there is no instalment plan for this cohort',
    );
  });

  it('no discount and a free cohort are priced too', () => {
    expect(priceTable({ ...STANDARD_FEES, full_discount: 0 }).nigeria.full.amount).toBe(60_000);
    expect(priceTable({ ...STANDARD_FEES, fee_ngn: 0, fee_usd: 0 }).international.full.amount).toBe(0);
  });

  it('a plan of any count is settled as instalments, and the server accepts it', () => {
    expect(kindOf(instalmentsOption(4))).toBe('instalments');
    expect(ALL_OPTION_VALUES).toContain('Pay in 12 instalments');
    expect(kindOf('Pay in 13 instalments')).toBeUndefined();
    expect(kindOf('Pay in 1 instalments')).toBeUndefined();
  });
});

describe('the price table', () => {
  it.each([
    ['nigeria', 'N60,000', 'N51,000'],
    ['international', '$50', '$42.50'],
  ] as const)('the %s fee is %s; paid in full, 15%% off, it is %s', (region, fee, full) => {
    expect(formatMoney(COMMITMENT_FEE[region])).toBe(fee);
    expect(formatMoney(PRICES[region].full)).toBe(full);
    // The discounted price is in the fee's own currency: dollars stay dollars.
    expect(PRICES[region].full.currency).toBe(COMMITMENT_FEE[region].currency);
    expect(PRICES[region].full.amount).toBeCloseTo(COMMITMENT_FEE[region].amount * 0.85, 2);
  });

  it('the Nigerian instalment plan is the whole fee in 2 equal parts, no fee added', () => {
    const plan = PRICES.nigeria.instalments!;
    expect(plan.count).toBe(2);
    expect(plan.each).toEqual({ amount: 30_000, currency: 'NGN' });
    expect(plan.total).toEqual(COMMITMENT_FEE.nigeria);
    expect(plan.each.amount * plan.count).toBe(plan.total.amount);
    expect(PRICES.international.instalments).toBeNull();
  });

  it('the landing page, FAQ and Key Information words quote the table', () => {
    expect(FEE_FACTS.fee).toBe('N60,000 (Nigeria) or $50 (international)');
    expect(FEE_FACTS.full).toBe('Pay in full and save 15%: N51,000 (Nigeria) or $42.50 (international)');
    expect(FEE_FACTS.instalments).toBe(
      'In Nigeria you may instead pay the N60,000 in 2 instalments of N30,000',
    );
    expect(FEE_FACTS.aid).toMatch(/up to 30% off/);
    // The instalment count the landing page states is the one the confirmation page offers.
    expect(OPTION_INSTALMENTS).toBe('Pay in 2 instalments');
    expect(FEE_FACTS.instalments).not.toMatch(/68,000|61,500|three|3 monthly/);
  });
});

describe('formatMoney', () => {
  it.each([
    [{ amount: 60000, currency: 'NGN' }, 'N60,000'],
    [{ amount: 1234567, currency: 'NGN' }, 'N1,234,567'],
    [{ amount: 999, currency: 'NGN' }, 'N999'],
    [{ amount: 42.5, currency: 'USD' }, '$42.50'],
    [{ amount: 1000.05, currency: 'USD' }, '$1,000.05'],
    [{ amount: 0, currency: 'USD' }, '$0'],
  ] as const)('%o reads %s, as en-US digits do', (money, words) => {
    expect(formatMoney(money)).toBe(words);
    const digits = money.amount.toLocaleString('en-US', {
      minimumFractionDigits: Number.isInteger(money.amount) ? 0 : 2,
      maximumFractionDigits: 2,
    });
    expect(words.slice(1)).toBe(digits);
  });
});

describe('every option charges what its card says', () => {
  const options = REGIONS.flatMap((region) => PAYMENT_OPTIONS[region].map((o) => [region, o] as const));

  it.each(options.map(([region, o]) => [region, o.value, o] as const))('%s: %s', (region, value, option) => {
    const order = checkoutOrder(STANDARD_FEES, region, value, 'ada@example.com', 'TEBC-1234561000');
    if (!option.charge) {
      expect(order).toBeUndefined();
      expect(option.payable).toBe(false);
      return;
    }
    expect(order).toBeDefined();
    // The card's price line starts with the charged amount, formatted the same way.
    expect(option.price.startsWith(formatMoney({ amount: order!.amount, currency: order!.currency }))).toBe(
      true,
    );
    expect(order).toMatchObject({ shipping_fee: 0, merchant_reference: 'TEBC-1234561000' });
    expect(order!.items).toEqual([expect.objectContaining({ unit_price: order!.amount, quantity: 1 })]);
    expect(order!.meta_data).toEqual({ email: 'ada@example.com', payment_option: value });
    // The portal takes naira only.
    expect(option.portal).toBe(order!.currency === 'NGN');
  });

  it('the instalment order is 60000 NGN, shipping 0, one item of quantity 1', () => {
    expect(checkoutOrder(STANDARD_FEES, 'nigeria', OPTION_INSTALMENTS, 'a@b.co', 'R')).toMatchObject({
      amount: 60_000,
      currency: 'NGN',
      shipping_fee: 0,
      items: [{ unit_price: 60_000, quantity: 1 }],
    });
    expect(checkoutOrder(STANDARD_FEES, 'international', OPTION_INSTALMENTS, 'a@b.co', 'R')).toBeUndefined();
  });

  it('paying in full charges N51,000 in Nigeria and $42.50 abroad, never a naira price beside a dollar fee', () => {
    expect(checkoutOrder(STANDARD_FEES, 'nigeria', OPTION_FULL_PAYMENT, 'a@b.co', 'R')).toMatchObject({
      amount: 51_000,
      currency: 'NGN',
    });
    expect(checkoutOrder(STANDARD_FEES, 'international', OPTION_FULL_PAYMENT, 'a@b.co', 'R')).toMatchObject({
      amount: 42.5,
      currency: 'USD',
    });
  });
});

describe('option sets', () => {
  it.each([
    ['nigeria', [OPTION_FULL_PAYMENT, OPTION_INSTALMENTS, OPTION_FINANCIAL_AID, NOT_READY]],
    ['international', [OPTION_FULL_PAYMENT, OPTION_FINANCIAL_AID, NOT_READY]],
  ] as const)('the %s set offers its options in order', (region, values) => {
    expect(PAYMENT_OPTIONS[region].map((o) => o.value)).toEqual(values);
  });

  it('the server accepts the options either set offers, and a plan of any count a table may set', () => {
    expect([...ALL_OPTION_VALUES].sort()).toEqual(
      [
        OPTION_FULL_PAYMENT,
        ...[2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map(instalmentsOption),
        OPTION_FINANCIAL_AID,
        NOT_READY,
      ].sort(),
    );
  });

  it.each([
    [OPTION_FULL_PAYMENT, 'full'],
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

  it('financial aid is up to 30% off, limited, not guaranteed, and has no bank details or portal', () => {
    const aid = PAYMENT_OPTIONS.nigeria.find((o) => o.kind === 'financialAid')!;
    expect(aid.price).toBe('Up to 30% off');
    expect(aid.description).toMatch(/Limited/);
    expect(aid.description).toMatch(/not guaranteed/);
    expect(aid).toMatchObject({ payable: false, portal: false, charge: null });
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

describe('what is still due after a verified payment', () => {
  it('for instalments: the instalments after the first, of what the checkout charged', () => {
    expect(stillDue(OPTION_INSTALMENTS, { amount: 60_000, currency: 'NGN' })).toEqual({
      count: 1,
      each: { amount: 30_000, currency: 'NGN' },
      total: { amount: 30_000, currency: 'NGN' },
    });
  });

  it("for a cohort's plan of 4: the 3 after the first, whatever the cohort's table says later", () => {
    expect(stillDue('Pay in 4 instalments', { amount: 80_000, currency: 'NGN' })).toEqual({
      count: 3,
      each: { amount: 20_000, currency: 'NGN' },
      total: { amount: 60_000, currency: 'NGN' },
    });
  });

  it('for instalments after an aid award: the rest of what the checkout charged (decision 238)', () => {
    expect(stillDue(OPTION_INSTALMENTS, { amount: 48_000, currency: 'NGN' })).toEqual({
      count: 1,
      each: { amount: 24_000, currency: 'NGN' },
      total: { amount: 24_000, currency: 'NGN' },
    });
  });

  it.each([OPTION_FULL_PAYMENT, OPTION_FINANCIAL_AID, 'Pay with seashells'])('for %j: nothing', (option) => {
    expect(stillDue(option, { amount: 51_000, currency: 'NGN' })).toBeNull();
  });
});
