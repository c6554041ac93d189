/**
 * Payments the server issues and confirms (docs/decisions/036-one-price-table.md). The amount
 * always comes from the price table (machines/rules/payments.ts), never from the browser. A payment is paid only
 * when the provider says so to this server with the secret key, or, in the sandbox (no provider, not production),
 * when the applicant completes the test checkout of a payment this server issued in sandbox mode.
 */
import type { PaymentRecord } from '../machines/rules/contract';
import type { Currency } from '../machines/rules/payments';
import type { PaymentConfig } from './config';
import { sql } from 'kysely';
import { iso, type Queryable } from './db/index';
import { first, qb, run } from './db/query';
import type { PaymentRow } from './db/schema';
import { followServerEvent } from './review/events';

export type PaymentMode = 'sandbox' | 'provider';
export type { PaymentRow };

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

/** One application's payments, every column: the queries below narrow or order it. */
const paymentsQuery = (applicationId: number) =>
  qb.selectFrom('payments').selectAll().where('application_id', '=', applicationId);

/** The payment to show its owner: a paid one if any, else the latest issued. */
export async function latestPayment(db: Queryable, applicationId: number): Promise<PaymentRow | undefined> {
  return first(
    db,
    paymentsQuery(applicationId)
      .orderBy(sql`(status = 'paid')`, 'desc')
      .orderBy('id', 'desc')
      .limit(1),
  );
}

export async function paymentByReference(
  db: Queryable,
  applicationId: number,
  reference: string,
  forUpdate = false,
): Promise<PaymentRow | undefined> {
  const query = paymentsQuery(applicationId).where('reference', '=', reference);
  return first(db, forUpdate ? query.forUpdate() : query);
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
  const row = await first(
    tx,
    qb
      .insertInto('payments')
      .values({
        application_id: p.applicationId,
        reference: p.reference,
        option: p.option,
        amount_minor: p.amountMinor,
        currency: p.currency,
        mode: p.mode,
        created_at: now,
      })
      .onConflict((oc) => oc.column('reference').doNothing())
      .returning('id'),
  );
  return row?.id;
}

/** The application's paid payment, if any: there is at most one (migration 15's index). */
export async function paidPayment(db: Queryable, applicationId: number): Promise<PaymentRow | undefined> {
  return first(db, paymentsQuery(applicationId).where('status', '=', 'paid'));
}

/**
 * Locks the application's payments for one verify, so two payments of one applicant are never marked paid side by
 * side: the second waits, then finds the first paid.
 */
export async function lockPaymentsOf(tx: Queryable, applicationId: number): Promise<void> {
  await run(tx, qb.selectFrom('applications').select('id').where('id', '=', applicationId).forUpdate());
}

/** Whether a payment other than `exceptId` already carries this provider transaction. */
export async function providerReferenceTaken(
  db: Queryable,
  providerReference: string,
  exceptId: number,
): Promise<boolean> {
  const rows = await run(
    db,
    qb
      .selectFrom('payments')
      .select(sql<number>`1`.as('taken'))
      .where('provider_reference', '=', providerReference)
      .where('id', '<>', exceptId),
  );
  return rows.length > 0;
}

/** A database refusal of a second row with the same unique value (here: a provider transaction used twice). */
export const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/** Every payment of one application, oldest first, for the staff page. */
export async function paymentsOf(db: Queryable, applicationId: number): Promise<PaymentRow[]> {
  return run(db, paymentsQuery(applicationId).orderBy('id'));
}

export async function markPaymentFailed(tx: Queryable, id: number): Promise<void> {
  await run(tx, qb.updateTable('payments').set({ status: 'failed' }).where('id', '=', id));
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
  const rows = await run(
    tx,
    qb
      .updateTable('payments')
      .set({ status, paid_at: now, provider_reference: providerReference })
      .where('id', '=', id)
      .returningAll(),
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
