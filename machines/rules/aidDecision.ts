/**
 * Financial aid decided (decision 238): an admin awards a share of the fee, up to the cohort's ceiling and within its
 * number of awards, or declines; the decision is held for the undo window like the other decisions, then released
 * and emailed. Once released the payment options charge the fee less the awarded share. Plain functions only: the
 * server (the aid route, the payment checks, the reports) and the screens (the staff form, the confirmation page)
 * all import this file, so both sides tell one truth.
 */
import { STAFF_API } from './api';
import { AID_MESSAGES as M } from './messages';
import {
  feeFacts,
  instalmentsOption,
  OPTION_FULL_PAYMENT,
  formatMoney,
  orderFor,
  paymentOptions,
  priceTable,
  STANDARD_FEES,
  type CheckoutOrder,
  type FeeTable,
  type Money,
  type PaymentOptionInfo,
  type PaymentRegion,
} from './payments';

/** A cohort's aid settings as the back office sets them: the largest share in %, and how many awards it has. */
export interface AidSettings {
  aid_ceiling: number;
  aid_awards: number;
}

/** What a new cohort starts with: the standard table's ceiling (30%), and a handful of awards. */
export const DEFAULT_AID_SETTINGS: AidSettings = { aid_ceiling: STANDARD_FEES.aid_ceiling, aid_awards: 10 };
export const AID_AWARDS_MAX = 100_000;

export type AidDecisionKind = 'award' | 'decline';
export const isAidDecisionKind = (value: unknown): value is AidDecisionKind =>
  value === 'award' || value === 'decline';

/** Where an applicant's request stands, as they may be told it (a held decision is not told yet). */
export type AidStatus = 'received' | 'awarded' | 'declined';
export interface AidStanding {
  status: AidStatus;
  /** The awarded share in % (0 unless awarded). */
  share: number;
}

/** An aid settings field: a whole number, read from a number or a form's text; NaN when it is neither. */
export const wholeNumber = (value: unknown): number => {
  if (typeof value === 'number') return Number.isInteger(value) ? value : NaN;
  if (typeof value === 'string' && /^\s*\d{1,9}\s*$/.test(value)) return Number(value);
  return NaN;
};

/** The settings' own checks: a ceiling from 0 to 100%, a number of awards not below those already made. */
export function aidSettingsIssues(
  values: { aid_ceiling?: unknown; aid_awards?: unknown },
  awardsMade: number,
  /** What a field left out keeps: the cohort's own (a change) or the one before's (a new cohort). */
  current: AidSettings = DEFAULT_AID_SETTINGS,
): { value: AidSettings; issues: { path: keyof AidSettings; message: string }[] } {
  const given = (value: unknown, kept: number) => (value === undefined || value === '' ? kept : value);
  const ceiling = wholeNumber(given(values.aid_ceiling, current.aid_ceiling));
  const awards = wholeNumber(given(values.aid_awards, current.aid_awards));
  const issues: { path: keyof AidSettings; message: string }[] = [];
  if (!(ceiling >= 0 && ceiling <= 100)) issues.push({ path: 'aid_ceiling', message: M.ceiling });
  if (!(awards >= 0 && awards <= AID_AWARDS_MAX)) issues.push({ path: 'aid_awards', message: M.awards });
  else if (awards < awardsMade) issues.push({ path: 'aid_awards', message: M.awardsBelowMade(awardsMade) });
  return { value: { aid_ceiling: ceiling, aid_awards: awards }, issues };
}

/**
 * An award's check: a whole share from 1% to the cohort's ceiling, and a free award among the cohort's number
 * (`awardsMade` counts the other applications' standing awards, held or released). A decline always fits.
 * Null when it may be made, or the catalogue's reason.
 */
export function awardIssue(
  kind: AidDecisionKind,
  share: unknown,
  settings: AidSettings,
  awardsMade: number,
): string | null {
  if (kind === 'decline') return null;
  const value = wholeNumber(share);
  if (!(value >= 1 && value <= 100)) return M.share;
  if (value > settings.aid_ceiling) return M.aboveCeiling(settings.aid_ceiling);
  if (awardsMade >= settings.aid_awards) return M.noAwardsLeft(settings.aid_awards);
  return null;
}

const roundFor = (currency: Money['currency'], amount: number) =>
  currency === 'NGN' ? Math.round(amount) : Math.round(amount * 100) / 100;

/** An amount less the awarded share (in %), rounded to the currency's smallest coin. */
export const lessShare = ({ amount, currency }: Money, share: number): Money => ({
  amount: roundFor(currency, (amount * (100 - share)) / 100),
  currency,
});

/** What an award waives: the fee's share (of the cohort's table), the cost the reports add up. */
export const waived = (fees: FeeTable, region: PaymentRegion, share: number): Money => {
  const { fee } = priceTable(fees)[region];
  return {
    amount: roundFor(fee.currency, fee.amount - lessShare(fee, share).amount),
    currency: fee.currency,
  };
};

/**
 * The payment options the applicant is offered: the region's set, each charge less the awarded share, and no
 * financial-aid option once the request is decided. While it is under review the set is the price table's, aid
 * staying the recorded choice (decision 111); the page says where the request stands instead of offering the form.
 */
export function aidedOptions(
  fees: FeeTable,
  region: PaymentRegion,
  aid: AidStanding | null,
): readonly PaymentOptionInfo[] {
  const options = paymentOptions(fees, region);
  const prices = priceTable(fees)[region];
  if (!aid || aid.status === 'received') return options;
  const share = aid.status === 'awarded' ? aid.share : 0;
  return options
    .filter((option) => option.kind !== 'financialAid')
    .map((option) => {
      if (!option.charge || share === 0) return option;
      const charge = lessShare(option.charge, share);
      const plan = prices.instalments;
      const price =
        option.kind === 'instalments' && plan
          ? `${formatMoney(charge)} (${plan.count} × ${formatMoney(lessShare(plan.each, share))})`
          : formatMoney(charge);
      return {
        ...option,
        charge,
        price,
        description: `${option.description} ${M.optionAfterAid(share, formatMoney(lessShare(prices.fee, share)))}`,
      };
    });
}

/** The option of the applicant's set, with the amount it charges after aid; undefined when it is not offered. */
export const aidedOption = (fees: FeeTable, region: PaymentRegion, aid: AidStanding | null, value: string) =>
  aidedOptions(fees, region, aid).find((option) => option.value === value);

/** The checkout's order for an option after aid, or undefined when the option charges nothing or is not offered. */
export function aidedOrder(
  fees: FeeTable,
  region: PaymentRegion,
  aid: AidStanding | null,
  option: string,
  email: string,
  reference: string,
): CheckoutOrder | undefined {
  const charge = aidedOption(fees, region, aid, option)?.charge;
  return charge ? orderFor(charge, option, email, reference) : undefined;
}

/**
 * Where the request stands, in the words both pages that tell it use: the accepted applicant's confirmation page and
 * the standing page of a waitlisted or unsuccessful one.
 */
export const aidStandingWords = (aid: AidStanding): string =>
  aid.status === 'awarded'
    ? M.standingAwarded(aid.share)
    : aid.status === 'declined'
      ? M.standingDeclined
      : M.standingReceived;

/** What the confirmation page adds of the payment options it shows under the request's standing; '' under review. */
export const aidOptionsWords = (aid: AidStanding): string =>
  aid.status === 'awarded' ? M.optionsAwarded : aid.status === 'declined' ? M.optionsDeclined : '';

/**
 * What the payment reminder says of the fee, never an amount the applicant would not pay: with no request, the price
 * table's amounts and the offer of aid; while a request is reviewed (a held decision included), that what they would
 * pay is not settled; once a decision is released, the amounts the payment options charge after it. Both regions are
 * quoted, as with no request: the page picks the set by the country it finds (docs/decisions/238-financial-aid-is-decided.md).
 */
export function reminderFeeWords(fees: FeeTable, aid: AidStanding | null): string {
  if (!aid) {
    const facts = feeFacts(fees);
    return `${facts.full}. ${facts.instalments}. ${M.reminderNoRequest}`;
  }
  if (aid.status === 'received') return M.reminderUnderReview;
  // Both options charge in either decision (only financial aid leaves the set), so each has its amount.
  const charged = (region: PaymentRegion, option: string) =>
    formatMoney(aidedOption(fees, region, aid, option)!.charge!);
  const plan = priceTable(fees).nigeria.instalments;
  const amounts = M.reminderAmounts(
    charged('nigeria', OPTION_FULL_PAYMENT),
    charged('international', OPTION_FULL_PAYMENT),
    plan && {
      count: plan.count,
      each: formatMoney(lessShare(plan.each, aid.status === 'awarded' ? aid.share : 0)),
      total: charged('nigeria', instalmentsOption(plan.count)),
    },
  );
  return aid.status === 'awarded' ? M.reminderAwarded(aid.share, amounts) : M.reminderDeclined(amounts);
}

/** POST `{ decision: 'award', share } | { decision: 'decline' } | { decision: 'undo' }` (admins). */
export const aidDecisionPath = `${STAFF_API}/applications/:id/aid`;
export const aidDecisionPathOf = (id: number) => aidDecisionPath.replace(':id', String(id));

/** An application's aid decision on its staff page: the standing one, and until when it is held (undo). */
export interface StaffAidDecision {
  /** Null until an admin decides (or after an undo). */
  decision: AidDecisionKind | null;
  share: number;
  /** ISO; '' once released. */
  held_until: string;
  /** The cohort's settings and the awards its applications hold now. */
  ceiling: number;
  awards: number;
  awards_made: number;
}
