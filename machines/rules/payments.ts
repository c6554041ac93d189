/**
 * The payment options and prices of SPEC §9 as typed data, and the pure helpers the payment choice, the checkout
 * adapter and the screens share. Amounts are whole units of their currency (naira, dollars).
 */

export type Currency = 'NGN' | 'USD';
export interface Money {
  amount: number;
  currency: Currency;
}

export type PaymentRegion = 'nigeria' | 'international';

/** How an option is settled once recorded: it decides what the machine does after the misc call. */
export type PaymentKind = 'bank' | 'instalments' | 'financialAid' | 'notReady';

export interface PaymentOptionInfo {
  /** What is recorded as `payment_option`, and the card's heading. */
  value: string;
  kind: PaymentKind;
  /** The price line of the card, already formatted. */
  price: string;
  description: string;
}

export const COMMITMENT_FEE: Record<PaymentRegion, Money> = {
  nigeria: { amount: 60_000, currency: 'NGN' },
  international: { amount: 50, currency: 'USD' },
};

/** Pay in full: 15% off, quoted in naira for both sets (SPEC §9). */
export const FULL_PAYMENT_DISCOUNT = 0.15;
export const FULL_PAYMENT: Record<PaymentRegion, Money> = {
  nigeria: { amount: 51_000, currency: 'NGN' },
  international: { amount: 68_000, currency: 'NGN' },
};

/** The confirmation page's plan: three monthly payments plus a 2.5% admin fee. */
export const INSTALMENT_PLAN = { count: 3, adminFeeRate: 0.025 } as const;
/** The landing page's reading of the same fee: upfront or in two instalments upon selection. */
export const LANDING_INSTALMENTS = 2;
export const FINANCIAL_AID_MAX_DISCOUNT = 0.3;

export const NOT_READY = "I'm Not Ready To Make Payment";
export const OPTION_COMMITMENT_FEE = 'Pay the commitment fee';
export const OPTION_FULL_PAYMENT = 'Pay in full (15% off)';
export const OPTION_INSTALMENTS = 'Pay in three monthly instalments';
export const OPTION_FINANCIAL_AID = 'Apply for financial aid';

export function formatMoney({ amount, currency }: Money): string {
  const digits = Math.round(amount).toLocaleString('en-US');
  // The product writes naira as 'N60,000' (SPEC §9); a plain N reads well aloud too.
  return currency === 'NGN' ? `N${digits}` : `$${digits}`;
}

/** Splits a total into `count` payments with the admin fee added; the last payment absorbs the rounding. */
export function instalmentPlan(
  total: Money,
  count: number = INSTALMENT_PLAN.count,
  feeRate: number = INSTALMENT_PLAN.adminFeeRate,
) {
  const withFee = Math.round(total.amount * (1 + feeRate));
  const each = Math.floor(withFee / count);
  const payments = Array.from({ length: count }, (_, i) =>
    i === count - 1 ? withFee - each * (count - 1) : each,
  );
  return {
    total: { amount: withFee, currency: total.currency } as Money,
    adminFee: { amount: withFee - total.amount, currency: total.currency } as Money,
    payments: payments.map((amount) => ({ amount, currency: total.currency }) as Money),
  };
}

/** The fee as the landing page reads it: the commitment fee upfront, or in two equal parts. */
export function landingInstalments(region: PaymentRegion): Money[] {
  const fee = COMMITMENT_FEE[region];
  const half = fee.amount / LANDING_INSTALMENTS;
  return Array.from({ length: LANDING_INSTALMENTS }, () => ({ amount: half, currency: fee.currency }));
}

const notReadyOption: PaymentOptionInfo = {
  value: NOT_READY,
  kind: 'notReady',
  price: 'No payment now',
  description: 'We will note your preference and keep you posted about the next cohort.',
};

const financialAidOption: PaymentOptionInfo = {
  value: OPTION_FINANCIAL_AID,
  kind: 'financialAid',
  price: `Up to ${FINANCIAL_AID_MAX_DISCOUNT * 100}% off`,
  description:
    'Limited places; an award is not guaranteed. Tell us about your circumstances in a short form.',
};

function optionSet(region: PaymentRegion): PaymentOptionInfo[] {
  const fee = COMMITMENT_FEE[region];
  const plan = instalmentPlan(COMMITMENT_FEE.nigeria);
  const options: PaymentOptionInfo[] = [
    {
      value: OPTION_COMMITMENT_FEE,
      kind: 'bank',
      price: formatMoney(fee),
      description: 'Pay the commitment fee upfront by bank transfer to secure your place.',
    },
    {
      value: OPTION_FULL_PAYMENT,
      kind: 'bank',
      price: `${formatMoney(FULL_PAYMENT[region])} (${FULL_PAYMENT_DISCOUNT * 100}% off)`,
      description: 'Pay the whole fee at once by bank transfer and save 15%.',
    },
  ];
  // The instalment provider lends in naira to Nigerian residents only, so the plan belongs to the Nigeria set.
  if (region === 'nigeria') {
    options.push({
      value: OPTION_INSTALMENTS,
      kind: 'instalments',
      price: `${INSTALMENT_PLAN.count} × ${formatMoney(plan.payments[0])}`,
      description: `Three monthly payments with a ${INSTALMENT_PLAN.adminFeeRate * 100}% admin fee (${formatMoney(plan.total)} in total).`,
    });
  }
  return [...options, financialAidOption, notReadyOption];
}

export const PAYMENT_OPTIONS: Record<PaymentRegion, readonly PaymentOptionInfo[]> = {
  nigeria: optionSet('nigeria'),
  international: optionSet('international'),
};

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

/** Fixed prefix + last 6 digits of the timestamp + a 4-digit random number (SPEC §9). `random` is in [0, 1). */
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

export interface InstalmentOrder {
  amount: number;
  currency: 'NGN';
  shipping_fee: number;
  merchant_reference: string;
  items: OrderItem[];
  meta_data: { email: string; payment_option: string };
}

export const INSTALMENT_AMOUNT = 60_000;

/** The instalment checkout's order (SPEC §9): 60000 NGN, shipping 0, one item, quantity 1. */
export function instalmentOrder(email: string, reference: string): InstalmentOrder {
  return {
    amount: INSTALMENT_AMOUNT,
    currency: 'NGN',
    shipping_fee: 0,
    merchant_reference: reference,
    items: [{ name: 'The Employment Bootcamp commitment fee', unit_price: INSTALMENT_AMOUNT, quantity: 1 }],
    meta_data: { email, payment_option: OPTION_INSTALMENTS },
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
