/**
 * Payments the server issues and confirms (docs/decisions/037-payments-are-confirmed-by-the-server.md). The amount
 * always comes from the price table (machines/rules/payments.ts), never from the browser. A payment is paid only
 * when the provider says so to this server with the secret key, or, in the sandbox (no provider, not production),
 * when the applicant completes the test checkout of a payment this server issued in sandbox mode.
 */
import type { PaymentRecord } from '../machines/rules/contract';
import type { Currency } from '../machines/rules/payments';
import type { PaymentConfig } from './config';
import { iso, type Queryable } from './db/index';
import { followServerEvent } from './staff/review';

export type PaymentMode = 'sandbox' | 'provider';

export interface PaymentRow {
  [key: string]: unknown;
  id: number;
  application_id: number;
  reference: string;
  option: string;
  amount_minor: number;
  currency: Currency;
  /** `transfer`: a bank transfer an admin recorded as paid (server/staff/transfer.ts). */
  mode: PaymentMode | 'transfer';
  status: PaymentRecord['status'];
  provider_reference: string | null;
  paid_at: Date | null;
}

/** How this server takes payments: its own sandbox, the provider, or not at all (half-configured, or production). */
export function paymentMode(config: PaymentConfig): PaymentMode | null {
  if (config.publicKey && config.secretKey) return 'provider';
  return config.sandbox ? 'sandbox' : null;
}

export const toMinor = (amount: number) => Math.round(amount * 100);

export const paymentRecord = (row: PaymentRow): PaymentRecord => ({
  reference: row.reference,
  option: row.option,
  amount: row.amount_minor / 100,
  currency: row.currency,
  status: row.status,
  paid_at: iso(row.paid_at),
});

/** The payment to show its owner: a paid one if any, else the latest issued. */
export async function latestPayment(db: Queryable, applicationId: number): Promise<PaymentRow | undefined> {
  const { rows } = await db.query<PaymentRow>(
    `SELECT * FROM payments WHERE application_id = $1
     ORDER BY (status = 'paid') DESC, id DESC LIMIT 1`,
    [applicationId],
  );
  return rows[0];
}

export async function paymentByReference(
  db: Queryable,
  applicationId: number,
  reference: string,
  forUpdate = false,
): Promise<PaymentRow | undefined> {
  const { rows } = await db.query<PaymentRow>(
    `SELECT * FROM payments WHERE application_id = $1 AND reference = $2${forUpdate ? ' FOR UPDATE' : ''}`,
    [applicationId, reference],
  );
  return rows[0];
}

/** Issues a payment; undefined when its reference is taken already (the caller draws another). */
export async function insertPayment(
  tx: Queryable,
  payment: {
    applicationId: number;
    reference: string;
    option: string;
    amountMinor: number;
    currency: Currency;
    mode: PaymentMode;
  },
  now: Date,
): Promise<number | undefined> {
  const p = payment;
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO payments (application_id, reference, option, amount_minor, currency, mode, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (reference) DO NOTHING RETURNING id`,
    [p.applicationId, p.reference, p.option, p.amountMinor, p.currency, p.mode, now],
  );
  return rows[0]?.id;
}

/** The application's paid payment, if any: there is at most one (migration 15's index). */
export async function paidPayment(db: Queryable, applicationId: number): Promise<PaymentRow | undefined> {
  const { rows } = await db.query<PaymentRow>(
    `SELECT * FROM payments WHERE application_id = $1 AND status = 'paid'`,
    [applicationId],
  );
  return rows[0];
}

/**
 * Locks the application's payments for one verify, so two payments of one applicant are never marked paid side by
 * side: the second waits, then finds the first paid.
 */
export async function lockPaymentsOf(tx: Queryable, applicationId: number): Promise<void> {
  await tx.query('SELECT id FROM applications WHERE id = $1 FOR UPDATE', [applicationId]);
}

/** Whether a payment other than `exceptId` already carries this provider transaction. */
export async function providerReferenceTaken(
  db: Queryable,
  providerReference: string,
  exceptId: number,
): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM payments WHERE provider_reference = $1 AND id <> $2`, [
    providerReference,
    exceptId,
  ]);
  return rows.length > 0;
}

/** A database refusal of a second row with the same unique value (here: a provider transaction used twice). */
export const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/** Every payment of one application, oldest first, for the staff page. */
export async function paymentsOf(db: Queryable, applicationId: number): Promise<PaymentRow[]> {
  const { rows } = await db.query<PaymentRow>(
    'SELECT * FROM payments WHERE application_id = $1 ORDER BY id',
    [applicationId],
  );
  return rows;
}

export async function markPaymentFailed(tx: Queryable, id: number): Promise<void> {
  await tx.query(`UPDATE payments SET status = 'failed' WHERE id = $1`, [id]);
}

export async function markPaymentPaid(
  tx: Queryable,
  id: number,
  now: Date,
  providerReference: string | null,
): Promise<PaymentRow> {
  const row = await settle(tx, id, 'paid', now, providerReference);
  // The verified payment moves the review to paid, in the same transaction as the payment row.
  await followServerEvent(tx, row.application_id, 'PAYMENT_CONFIRMED', now);
  return row;
}

/** Records a verified payment as `status`, with when and the provider's own reference. */
async function settle(
  tx: Queryable,
  id: number,
  status: 'paid' | 'duplicate',
  now: Date,
  providerReference: string | null,
): Promise<PaymentRow> {
  const { rows } = await tx.query<PaymentRow>(
    `UPDATE payments SET status = $4, paid_at = $2, provider_reference = $3 WHERE id = $1 RETURNING *`,
    [id, now, providerReference, status],
  );
  return rows[0];
}

/**
 * A verified payment of an application that was already paid: the money came, but it pays for nothing, so it is
 * kept as a duplicate for the team to refund. The review does not move: it is paid once.
 */
export async function markPaymentDuplicate(
  tx: Queryable,
  id: number,
  now: Date,
  providerReference: string | null,
): Promise<PaymentRow> {
  return settle(tx, id, 'duplicate', now, providerReference);
}

/** The provider's answer about one transaction, reduced to what the server checks. */
export interface ProviderVerdict {
  paid: boolean;
  amount: number | null;
  currency: string | null;
  merchantReference: string | null;
}

export class ProviderUnavailable extends Error {}

const SUCCESS = new Set(['successful', 'success', 'paid', 'completed', 'approved']);

/**
 * Asks the provider about its transaction, server to server, with the secret key in the `klump-secret-key` header.
 * The answer is read leniently (`data` or the body itself; `status`, `amount`, `currency`, `merchant_reference`),
 * and the caller checks every field against the payment it issued.
 */
export async function verifyWithProvider(
  config: PaymentConfig,
  providerReference: string,
): Promise<ProviderVerdict> {
  let response: Response;
  try {
    response = await fetch(
      config.verifyUrl.replaceAll('{reference}', encodeURIComponent(providerReference)),
      {
        headers: { 'klump-secret-key': config.secretKey, accept: 'application/json' },
        signal: AbortSignal.timeout(8000),
      },
    );
  } catch {
    throw new ProviderUnavailable('the provider did not answer');
  }
  if (response.status >= 500 || response.status === 429) throw new ProviderUnavailable('provider busy');
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  const data = (body && typeof body.data === 'object' && body.data !== null ? body.data : body) as Record<
    string,
    unknown
  > | null;
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  const amount = Number(data?.amount);
  return {
    paid: response.ok && SUCCESS.has((text(data?.status) ?? '').toLowerCase()),
    amount: Number.isFinite(amount) ? amount : null,
    currency: text(data?.currency),
    merchantReference: text(data?.merchant_reference),
  };
}

/** The provider's verdict matches the payment issued: paid, the same amount and currency, the same order. */
export function verdictMatches(verdict: ProviderVerdict, row: PaymentRow): boolean {
  return (
    verdict.paid &&
    verdict.amount !== null &&
    toMinor(verdict.amount) === row.amount_minor &&
    (verdict.currency === null || verdict.currency.toUpperCase() === row.currency) &&
    (verdict.merchantReference === null || verdict.merchantReference === row.reference)
  );
}
