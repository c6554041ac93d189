/** The aid rule (decision 238): an award's checks, the settings' checks, the amounts after aid and their cost. */
import { describe, expect, it } from 'vitest';
import {
  aidSettingsIssues,
  aidedOptions,
  aidedOrder,
  awardIssue,
  lessShare,
  reminderFeeWords,
  waived,
} from '../../machines/rules/aidDecision';
import { AID_MESSAGES as M } from '../../machines/rules/messages';
import {
  OPTION_FULL_PAYMENT,
  OPTION_INSTALMENTS,
  PAYMENT_OPTIONS,
  STANDARD_FEES,
} from '../../machines/rules/payments';
import { aidCost } from '../../machines/rules/reports';

const settings = { aid_ceiling: 30, aid_awards: 2 };

describe('an award', () => {
  it.each([
    [20, 0, null],
    [30, 1, null],
    ['25', 0, null],
    [31, 0, M.aboveCeiling(30)],
    [20, 2, M.noAwardsLeft(2)],
    [0, 0, M.share],
    [12.5, 0, M.share],
    ['a lot', 0, M.share],
    [undefined, 0, M.share],
  ])('of %j with %i awards made: %j', (share, made, issue) => {
    expect(awardIssue('award', share, settings, made)).toBe(issue);
  });

  it('a decline always fits, even with every award given', () => {
    expect(awardIssue('decline', undefined, settings, 2)).toBeNull();
  });
});

describe("a cohort's aid settings", () => {
  it.each([
    [{ aid_ceiling: 50, aid_awards: 5 }, 0, []],
    [{ aid_ceiling: '0', aid_awards: '0' }, 0, []],
    [{ aid_ceiling: 101, aid_awards: 5 }, 0, [{ path: 'aid_ceiling', message: M.ceiling }]],
    [{ aid_ceiling: -1, aid_awards: 5 }, 0, [{ path: 'aid_ceiling', message: M.ceiling }]],
    [{ aid_ceiling: 30, aid_awards: -2 }, 0, [{ path: 'aid_awards', message: M.awards }]],
    [{ aid_ceiling: 30, aid_awards: 2 }, 3, [{ path: 'aid_awards', message: M.awardsBelowMade(3) }]],
  ])('%j with %i awards made', (values, made, issues) => {
    expect(aidSettingsIssues(values, made).issues).toEqual(issues);
  });

  it('keeps the current settings for a field left out', () => {
    expect(aidSettingsIssues({}, 0, { aid_ceiling: 45, aid_awards: 7 }).value).toEqual({
      aid_ceiling: 45,
      aid_awards: 7,
    });
  });
});

describe('the amounts after aid', () => {
  it('charge the fee less the share, in naira and in dollars', () => {
    expect(lessShare({ amount: 51_000, currency: 'NGN' }, 20)).toEqual({ amount: 40_800, currency: 'NGN' });
    expect(lessShare({ amount: 42.5, currency: 'USD' }, 15)).toEqual({ amount: 36.13, currency: 'USD' });
    const nigeria = aidedOptions(STANDARD_FEES, 'nigeria', { status: 'awarded', share: 20 });
    expect(nigeria.find((o) => o.value === OPTION_FULL_PAYMENT)?.charge).toEqual({
      amount: 40_800,
      currency: 'NGN',
    });
    expect(nigeria.find((o) => o.value === OPTION_INSTALMENTS)?.charge).toEqual({
      amount: 48_000,
      currency: 'NGN',
    });
    expect(
      aidedOrder(
        STANDARD_FEES,
        'nigeria',
        { status: 'awarded', share: 20 },
        OPTION_FULL_PAYMENT,
        'a@b.c',
        'TEBC-1',
      ),
    ).toMatchObject({ amount: 40_800, items: [{ unit_price: 40_800, quantity: 1 }] });
  });

  it('are the price table with no request or one under review, and drop the aid option once decided', () => {
    expect(aidedOptions(STANDARD_FEES, 'nigeria', null)).toEqual(PAYMENT_OPTIONS.nigeria);
    expect(aidedOptions(STANDARD_FEES, 'nigeria', { status: 'received', share: 0 })).toEqual(
      PAYMENT_OPTIONS.nigeria,
    );
    const declined = aidedOptions(STANDARD_FEES, 'nigeria', { status: 'declined', share: 0 });
    expect(declined.map((o) => o.kind)).toEqual(['full', 'instalments', 'notReady']);
    expect(declined.map((o) => o.charge)).toEqual(
      PAYMENT_OPTIONS.nigeria.filter((o) => o.kind !== 'financialAid').map((o) => o.charge),
    );
  });

  it("cost the fee's share each award waives, added up per currency", () => {
    expect(waived(STANDARD_FEES, 'nigeria', 20)).toEqual({ amount: 12_000, currency: 'NGN' });
    expect(
      aidCost([
        { country: 'Nigeria', share: 20, fees: STANDARD_FEES },
        { country: 'Ghana', share: 10, fees: STANDARD_FEES },
        { country: 'Nigeria', share: 30, fees: STANDARD_FEES },
      ]),
    ).toEqual([
      { amount: 30_000, currency: 'NGN' },
      { amount: 5, currency: 'USD' },
    ]);
  });
});

describe("the payment reminder's fee sentence", () => {
  const money = (text: string) => text.match(/[N$]\d[\d,]*(?:\.\d\d)?/g) ?? [];

  it('quotes the price table and offers aid with no request; quotes no amount while one is reviewed', () => {
    expect(money(reminderFeeWords(STANDARD_FEES, null))).toEqual(['N51,000', '$42.50', 'N60,000', 'N30,000']);
    expect(reminderFeeWords(STANDARD_FEES, null)).toContain('apply for financial aid');
    expect(reminderFeeWords(STANDARD_FEES, { status: 'received', share: 0 })).toBe(M.reminderUnderReview);
    expect(money(M.reminderUnderReview)).toEqual([]);
  });

  it('quotes what the options charge once decided: less the share after an award, the standard after a decline', () => {
    const awarded = reminderFeeWords(STANDARD_FEES, { status: 'awarded', share: 20 });
    expect(money(awarded)).toEqual(['N40,800', '$34', 'N48,000', 'N24,000']);
    expect(awarded).toContain('(20% off the fee)');
    const declined = reminderFeeWords(STANDARD_FEES, { status: 'declined', share: 0 });
    expect(declined).toContain('could not award you financial aid');
    expect(money(declined)).toEqual(['N51,000', '$42.50', 'N60,000', 'N30,000']);
    for (const words of [awarded, declined]) expect(words).not.toContain('apply for financial aid');
  });
});
