/**
 * The one price table (docs/decisions/036-one-price-table.md) and the payment options built from it. Every place
 * that shows or charges money reads it: the landing page's Key Information and FAQ, the Key Information modal,
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

export const FULL_PAYMENT_DISCOUNT = 0.15;
export const INSTALMENT_COUNT = 2;
export const FINANCIAL_AID_MAX_DISCOUNT = 0.3;
/** The provider's checkout lends and charges in naira only. */
export const PORTAL_CURRENCY: Currency = 'NGN';

export const COMMITMENT_FEE: Record<PaymentRegion, Money> = {
  nigeria: { amount: 60_000, currency: 'NGN' },
  international: { amount: 50, currency: 'USD' },
};

/** Rounds to the currency's smallest coin: kobo are not used, cents are. */
const roundFor = (currency: Currency, amount: number) =>
  currency === 'NGN' ? Math.round(amount) : Math.round(amount * 100) / 100;

const times = ({ amount, currency }: Money, factor: number): Money => ({
  amount: roundFor(currency, amount * factor),
  currency,
});

export interface PriceTable {
  fee: Money;
  /** Pay in full: the fee less 15%. */
  full: Money;
  /** The instalment plan: the whole fee in equal parts, no discount and no fee; null where not offered. */
  instalments: { count: number; each: Money; total: Money } | null;
}

/** THE price table. */
export const PRICES: Record<PaymentRegion, PriceTable> = {
  nigeria: {
    fee: COMMITMENT_FEE.nigeria,
    full: times(COMMITMENT_FEE.nigeria, 1 - FULL_PAYMENT_DISCOUNT),
    instalments: {
      count: INSTALMENT_COUNT,
      each: times(COMMITMENT_FEE.nigeria, 1 / INSTALMENT_COUNT),
      total: COMMITMENT_FEE.nigeria,
    },
  },
  // The instalment provider lends in naira to Nigerian residents only.
  international: {
    fee: COMMITMENT_FEE.international,
    full: times(COMMITMENT_FEE.international, 1 - FULL_PAYMENT_DISCOUNT),
    instalments: null,
  },
};

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
export const OPTION_FULL_PAYMENT = 'Pay in full (15% off)';
export const OPTION_INSTALMENTS = `Pay in ${INSTALMENT_COUNT} instalments`;
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

const percent = (rate: number) => `${Math.round(rate * 100)}%`;

const nigeriaPlan = PRICES.nigeria.instalments!;

/** The fee facts in words, for the landing page, the FAQ and the Key Information modal. */
export const FEE_FACTS = {
  fee: `${formatMoney(PRICES.nigeria.fee)} (Nigeria) or ${formatMoney(PRICES.international.fee)} (international)`,
  full: `Pay in full and save ${percent(FULL_PAYMENT_DISCOUNT)}: ${formatMoney(PRICES.nigeria.full)} (Nigeria) or ${formatMoney(PRICES.international.full)} (international)`,
  instalments: `In Nigeria you may instead pay the ${formatMoney(nigeriaPlan.total)} in ${nigeriaPlan.count} instalments of ${formatMoney(nigeriaPlan.each)}`,
  aid: `Financial aid of up to ${percent(FINANCIAL_AID_MAX_DISCOUNT)} off for those who qualify`,
} as const;

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

const financialAidOption: PaymentOptionInfo = {
  value: OPTION_FINANCIAL_AID,
  kind: 'financialAid',
  charge: null,
  price: `Up to ${percent(FINANCIAL_AID_MAX_DISCOUNT)} off`,
  description:
    'Limited places; an award is not guaranteed. Tell us about your circumstances in a short form; we tell you what to pay once it is reviewed.',
  portal: false,
  payable: false,
};

function optionSet(region: PaymentRegion): PaymentOptionInfo[] {
  const { fee, full, instalments } = PRICES[region];
  const portal = full.currency === PORTAL_CURRENCY;
  const options: PaymentOptionInfo[] = [
    {
      value: OPTION_FULL_PAYMENT,
      kind: 'full',
      charge: full,
      price: formatMoney(full),
      description: `The ${formatMoney(fee)} fee less ${percent(FULL_PAYMENT_DISCOUNT)}, paid once ${
        portal ? 'by bank transfer or through the payment portal' : 'by bank transfer'
      }.`,
      portal,
      payable: true,
    },
  ];
  if (instalments) {
    options.push({
      value: OPTION_INSTALMENTS,
      kind: 'instalments',
      charge: instalments.total,
      price: `${formatMoney(instalments.total)} (${instalments.count} × ${formatMoney(instalments.each)})`,
      description: `The whole ${formatMoney(fee)} fee in ${instalments.count} payments of ${formatMoney(instalments.each)} through our instalment partner's checkout; no discount and no extra fee.`,
      portal: true,
      payable: true,
    });
  }
  return [...options, financialAidOption, notReadyOption];
}

export const PAYMENT_OPTIONS: Record<PaymentRegion, readonly PaymentOptionInfo[]> = {
  nigeria: optionSet('nigeria'),
  international: optionSet('international'),
};

/** Every option either set offers: what the server accepts as a `payment_option`. */
export const ALL_OPTION_VALUES: readonly string[] = [
  ...new Set([...PAYMENT_OPTIONS.nigeria, ...PAYMENT_OPTIONS.international].map((o) => o.value)),
];

/** The geo look-up and the form both give a country's name; a two-letter code is accepted too. */
export function isNigeria(countryName: string | null | undefined): boolean {
  const name = (countryName ?? '').trim().toLowerCase();
  return name === 'nigeria' || name === 'ng' || name === 'federal republic of nigeria';
}

export const regionOf = (countryName: string | null | undefined): PaymentRegion =>
  isNigeria(countryName) ? 'nigeria' : 'international';

export function findOption(region: PaymentRegion, value: string): PaymentOptionInfo | undefined {
  return PAYMENT_OPTIONS[region].find((o) => o.value === value);
}

/** Any option's kind, whichever set it came from (a recorded choice may outlive the region it was made in). */
export function kindOf(value: string): PaymentKind | undefined {
  return (findOption('nigeria', value) ?? findOption('international', value))?.kind;
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
  region: PaymentRegion,
  option: string,
  email: string,
  reference: string,
): CheckoutOrder | undefined {
  const charge = findOption(region, option)?.charge;
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
export function stillDue(option: string, paid?: Money): { count: number; each: Money; total: Money } | null {
  const plan = kindOf(option) === 'instalments' ? PRICES.nigeria.instalments : null;
  if (!plan || plan.count < 2) return null;
  const count = plan.count - 1;
  const each = paid ? times(paid, 1 / plan.count) : plan.each;
  return { count, each, total: times(each, count) };
}
