/**
 * The one pricing rule (docs/decisions/036-one-price-table.md), fed by the applicant's cohort's fee table
 * (docs/decisions/244-fees-per-cohort.md), and the payment options built from it. Every place that shows or charges
 * money reads it: the landing page's Key Information and FAQ, the Key Information modal,
 * the option cards and the payment modal, the checkout order, the server that issues and verifies payments, and
 * the reminder email. Amounts are in whole currency units (naira, dollars); a dollar amount may carry cents.
 */

export type Currency = 'NGN' | 'USD';
export interface Money {
  amount: number;
  currency: Currency;
}

export type PaymentRegion = 'nigeria' | 'international';

/**
 * How an option is settled once recorded: paid in full (bank transfer, or the payment portal where it takes the
 * currency), through the instalment provider's checkout, by applying for aid, or not yet.
 */
export type PaymentKind = 'full' | 'instalments' | 'financialAid' | 'notReady';

export interface PaymentOptionInfo {
  /** What is recorded as `payment_option`, and the card's heading. */
  value: string;
  kind: PaymentKind;
  /** What this option charges; null when it charges nothing now (financial aid, not ready). */
  charge: Money | null;
  /** The price line of the card, already formatted from `charge`. */
  price: string;
  description: string;
  /** Whether the payment portal (the provider's checkout, which takes naira only) can take this option. */
  portal: boolean;
  /** Whether the payment modal (bank transfer details, the portal) belongs to this option. */
  payable: boolean;
}

/** The provider's checkout lends and charges in naira only. */
export const PORTAL_CURRENCY: Currency = 'NGN';

/**
 * A cohort's fee table, as an admin sets it on the cohort (decision 244): the fee in whole naira (Nigeria) and whole
 * dollars (international), the discount for paying in full in %, and the number of instalments the Nigerian plan
 * splits the fee into (1: no plan, the fee is paid at once). Every price below is derived from it by `priceTable`.
 * With it, the most financial aid may take off the fee, in % (the cohort's aid ceiling, decision 238): every page
 * and email that offers aid names it from the same table, and an applicant's kept table keeps it too.
 */
export interface FeeTable {
  fee_ngn: number;
  fee_usd: number;
  full_discount: number;
  instalments: number;
  aid_ceiling: number;
}

/** The table cohorts had before fees were set per cohort (migration 38's defaults): what the first cohort starts with. */
export const STANDARD_FEES: FeeTable = {
  fee_ngn: 60_000,
  fee_usd: 50,
  full_discount: 15,
  instalments: 2,
  aid_ceiling: 30,
};
export const FEE_MAX = 100_000_000;
export const INSTALMENTS_MAX = 12;

/** Rounds to the currency's smallest coin: kobo are not used, cents are. */
const roundFor = (currency: Currency, amount: number) =>
  currency === 'NGN' ? Math.round(amount) : Math.round(amount * 100) / 100;

const times = ({ amount, currency }: Money, factor: number): Money => ({
  amount: roundFor(currency, amount * factor),
  currency,
});

export interface PriceTable {
  fee: Money;
  /** Pay in full: the fee less the cohort's discount. */
  full: Money;
  /** The instalment plan: the whole fee in equal parts, no discount and no fee; null where not offered. */
  instalments: { count: number; each: Money; total: Money } | null;
}

/** THE pricing rule: a cohort's fee table as each region's prices. */
export function priceTable(fees: FeeTable): Record<PaymentRegion, PriceTable> {
  const ngn: Money = { amount: fees.fee_ngn, currency: 'NGN' };
  const usd: Money = { amount: fees.fee_usd, currency: 'USD' };
  const keep = 1 - fees.full_discount / 100;
  return {
    nigeria: {
      fee: ngn,
      full: times(ngn, keep),
      // One instalment is the whole fee at once, which paying in full already is (with its discount): no plan.
      instalments:
        fees.instalments >= 2
          ? { count: fees.instalments, each: times(ngn, 1 / fees.instalments), total: ngn }
          : null,
    },
    // The instalment provider lends in naira to Nigerian residents only.
    international: { fee: usd, full: times(usd, keep), instalments: null },
  };
}

/** The standard table's prices (STANDARD_FEES): for tests and the instalment provider's test screen only. */
export const PRICES: Record<PaymentRegion, PriceTable> = priceTable(STANDARD_FEES);

export const NOT_READY = "I'm Not Ready To Make Payment";

/**
 * What "Not ready" tells the applicant once recorded: the truth about the seat. The choice moves the review to
 * "Payment chosen", one of the statuses that hold a seat (SEAT_STATUSES, machines/rules/seats.ts), and nothing frees
 * it on its own; the pay-by date (decision 016) is when the fee is due. `dates` null: the cohort is not known here.
 */
export function notReadyNote(dates: { cohort: string; payBy: string } | null): string {
  const place = dates ? `Your place in ${dates.cohort}` : 'Your place';
  const by = dates ? `by ${dates.payBy}` : 'by the pay-by date in your acceptance email';
  return `${place} is kept: this choice does not give it up. Come back to this page to choose how to pay ${by} to secure it. If you would rather wait for a later cohort, join the waitlist and we will tell you when the next one opens.`;
}
/**
 * The options' recorded names. Paying in full keeps its name whatever the discount (the card's price line says it),
 * so a choice recorded before a change still reads as paying in full; the plan is named by its count.
 */
export const OPTION_FULL_PAYMENT = 'Pay in full (15% off)';
export const instalmentsOption = (count: number) => `Pay in ${count} instalments`;
export const OPTION_INSTALMENTS = instalmentsOption(STANDARD_FEES.instalments);
export const OPTION_FINANCIAL_AID = 'Apply for financial aid';

/**
 * '60,000' or '42.50': thousands grouped by commas, cents only when there are some. Written out rather than with
 * toLocaleString(), whose first call builds a number formatter: 8 ms of /apply's start on a mid-range phone, for
 * the fee facts this module words as it loads (docs/performance.md).
 */
export function formatMoney({ amount, currency }: Money): string {
  const [whole, cents] = Math.abs(amount)
    .toFixed(Number.isInteger(amount) ? 0 : 2)
    .split('.');
  const digits = `${amount < 0 ? '-' : ''}${whole!.replace(/\B(?=(\d{3})+$)/g, ',')}${cents ? `.${cents}` : ''}`;
  // The product writes naira as 'N60,000'; a plain N reads well aloud too.
  return currency === 'NGN' ? `N${digits}` : `$${digits}`;
}

/** The aid a cohort's table offers, in words: the landing page, Key Information, the aid email. */
export const aidFact = (fees: Pick<FeeTable, 'aid_ceiling'>) =>
  `Financial aid of up to ${fees.aid_ceiling}% off for those who qualify`;

/** A fee table's facts in words, for the landing page, the FAQ, the Key Information modal and the reminder email. */
export function feeFacts(fees: FeeTable) {
  const prices = priceTable(fees);
  const plan = prices.nigeria.instalments;
  return {
    fee: `${formatMoney(prices.nigeria.fee)} (Nigeria) or ${formatMoney(prices.international.fee)} (international)`,
    full: `Pay in full and save ${fees.full_discount}%: ${formatMoney(prices.nigeria.full)} (Nigeria) or ${formatMoney(prices.international.full)} (international)`,
    instalments: plan
      ? `In Nigeria you may instead pay the ${formatMoney(plan.total)} in ${plan.count} instalments of ${formatMoney(plan.each)}`
      : 'The fee is paid at once; there is no instalment plan for this cohort',
    aid: aidFact(fees),
    aidCeiling: `${fees.aid_ceiling}%`,
  };
}
export type FeeFacts = ReturnType<typeof feeFacts>;

const notReadyOption: PaymentOptionInfo = {
  value: NOT_READY,
  kind: 'notReady',
  charge: null,
  price: 'No payment now',
  // The choice is recorded as a payment choice, a status that keeps the seat (machines/rules/seats.ts).
  description:
    'No payment now, and your place is kept: come back here to choose how to pay by the pay-by date.',
  portal: false,
  payable: false,
};

const financialAidOption = (fees: FeeTable): PaymentOptionInfo => ({
  value: OPTION_FINANCIAL_AID,
  kind: 'financialAid',
  charge: null,
  price: `Up to ${fees.aid_ceiling}% off`,
  description:
    'Limited places; an award is not guaranteed. Tell us about your circumstances in a short form; we tell you what to pay once it is reviewed.',
  portal: false,
  payable: false,
});

/** The options a cohort's fee table offers in a region, each priced by `priceTable`. */
export function paymentOptions(fees: FeeTable, region: PaymentRegion): PaymentOptionInfo[] {
  const { fee, full, instalments } = priceTable(fees)[region];
  const portal = full.currency === PORTAL_CURRENCY;
  const options: PaymentOptionInfo[] = [
    {
      value: OPTION_FULL_PAYMENT,
      kind: 'full',
      charge: full,
      price: formatMoney(full),
      description: `The ${formatMoney(fee)} fee less ${fees.full_discount}%, paid once ${
        portal ? 'by bank transfer or through the payment portal' : 'by bank transfer'
      }.`,
      portal,
      payable: true,
    },
  ];
  if (instalments) {
    options.push({
      value: instalmentsOption(instalments.count),
      kind: 'instalments',
      charge: instalments.total,
      price: `${formatMoney(instalments.total)} (${instalments.count} × ${formatMoney(instalments.each)})`,
      description: `The whole ${formatMoney(fee)} fee in ${instalments.count} payments of ${formatMoney(instalments.each)} through our instalment partner's checkout; no discount and no extra fee.`,
      portal: true,
      payable: true,
    });
  }
  return [...options, financialAidOption(fees), notReadyOption];
}

/** The standard table's options (STANDARD_FEES): for tests only; the product prices from the cohort's table. */
export const PAYMENT_OPTIONS: Record<PaymentRegion, readonly PaymentOptionInfo[]> = {
  nigeria: paymentOptions(STANDARD_FEES, 'nigeria'),
  international: paymentOptions(STANDARD_FEES, 'international'),
};

const INSTALMENT_NAME = /^Pay in (\d{1,2}) instalments$/;
/** The instalment count a recorded option names, or null when it is not the plan. */
const instalmentCount = (value: string): number | null => {
  const count = Number(INSTALMENT_NAME.exec(value)?.[1]);
  return count >= 2 && count <= INSTALMENTS_MAX ? count : null;
};

/** Every option a fee table can offer: what the server accepts as a `payment_option`. */
export const ALL_OPTION_VALUES: readonly string[] = [
  OPTION_FULL_PAYMENT,
  ...Array.from({ length: INSTALMENTS_MAX - 1 }, (_, i) => instalmentsOption(i + 2)),
  OPTION_FINANCIAL_AID,
  NOT_READY,
];

/** The geo look-up and the form both give a country's name; a two-letter code is accepted too. */
export function isNigeria(countryName: string | null | undefined): boolean {
  const name = (countryName ?? '').trim().toLowerCase();
  return name === 'nigeria' || name === 'ng' || name === 'federal republic of nigeria';
}

export const regionOf = (countryName: string | null | undefined): PaymentRegion =>
  isNigeria(countryName) ? 'nigeria' : 'international';

export function findOption(
  fees: FeeTable,
  region: PaymentRegion,
  value: string,
): PaymentOptionInfo | undefined {
  return paymentOptions(fees, region).find((o) => o.value === value);
}

/** Any option's kind, whichever table and set it came from (a recorded choice may outlive its region or table). */
export function kindOf(value: string): PaymentKind | undefined {
  if (instalmentCount(value) !== null) return 'instalments';
  return paymentOptions(STANDARD_FEES, 'nigeria').find((o) => o.value === value)?.kind;
}

export const MERCHANT_PREFIX = 'TEBC-';

/** Fixed prefix + last 6 digits of the timestamp + a 4-digit random number. `random` is in [0, 1). */
export function merchantReference(now: number, random: () => number = Math.random): string {
  const stamp = String(Math.floor(now)).slice(-6).padStart(6, '0');
  const suffix = 1000 + Math.min(8999, Math.floor(random() * 9000));
  return `${MERCHANT_PREFIX}${stamp}${suffix}`;
}

export interface OrderItem {
  name: string;
  unit_price: number;
  quantity: number;
}

/** The checkout's order: one item, quantity 1, no shipping; the amount is the option's charge from the table. */
export interface CheckoutOrder {
  amount: number;
  currency: Currency;
  shipping_fee: number;
  merchant_reference: string;
  items: OrderItem[];
  meta_data: { email: string; payment_option: string };
}

export const ORDER_ITEM_NAME = 'The Employment Bootcamp commitment fee';

/** The order for an option of a set, or undefined when the option charges nothing or is not in the set. */
export function checkoutOrder(
  fees: FeeTable,
  region: PaymentRegion,
  option: string,
  email: string,
  reference: string,
): CheckoutOrder | undefined {
  const charge = findOption(fees, region, option)?.charge;
  return charge ? orderFor(charge, option, email, reference) : undefined;
}

/** The checkout's order for a charge (the table's, or the amount after aid: machines/rules/aidDecision.ts). */
export function orderFor(charge: Money, option: string, email: string, reference: string): CheckoutOrder {
  return {
    amount: charge.amount,
    currency: charge.currency,
    shipping_fee: 0,
    merchant_reference: reference,
    items: [{ name: ORDER_ITEM_NAME, unit_price: charge.amount, quantity: 1 }],
    meta_data: { email, payment_option: option },
  };
}

/**
 * The message to show for a failed actor: the server's (the API client rejects with it) or the catalogue's
 * fallback. Machines cannot import the client's error class, so any Error with a message counts.
 */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message.trim()) return error.message;
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const { message } = error as { message: unknown };
    if (typeof message === 'string' && message.trim()) return message;
  }
  return fallback;
}

/**
 * What an instalment payment leaves to pay once its checkout is confirmed: the instalment partner pays the whole
 * fee to us and collects the instalments after the first from the applicant. Null for an option paid at once.
 * `paid` is what the checkout charged (the plan's total, or less after an aid award: decision 238).
 */
export function stillDue(option: string, paid: Money): { count: number; each: Money; total: Money } | null {
  // The plan's count is in the option's recorded name, so a later change to the cohort's table does not alter it.
  const planCount = instalmentCount(option);
  if (planCount === null) return null;
  const count = planCount - 1;
  const each = times(paid, 1 / planCount);
  return { count, each, total: times(each, count) };
}

/**
 * The payment kinds an admin may record a bank transfer for: the options paid "by bank transfer" on their card
 * (paid in full). Instalments go through the partner's checkout; aid and "not ready" charge nothing now.
 */
export const TRANSFER_KINDS: readonly PaymentKind[] = ['full'];
