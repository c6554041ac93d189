/**
 * Online payment of the commitment fee: the server issues the order (priced from the table) and confirms the
 * outcome itself; the browser's word that a payment went through is never enough
 * (docs/decisions/036-one-price-table.md).
 */
import type { FastifyInstance } from 'fastify';
import type { PaymentRecord, PaymentStartPayload, PaymentVerifyPayload } from '../../machines/rules/contract';
import { paths } from '../../machines/rules/contract';
import { MESSAGES } from '../../machines/rules/messages';
import { aidedOrder } from '../../machines/rules/aidDecision';
import { findOption, kindOf, merchantReference, regionOf } from '../../machines/rules/payments';
import { applicantFees } from '../fees';
import type { Context } from '../context';
import { fieldFail } from '../http';
import { SERVER_MESSAGES } from '../messages';
import { saveFinancialInfo } from '../applications';
import { duplicatePaymentEmail, paymentReceiptEmail } from '../mail/templates';
import {
  insertPayment,
  isUniqueViolation,
  latestPayment,
  lockPaymentsOf,
  markPaymentDuplicate,
  markPaymentFailed,
  markPaymentPaid,
  paidPayment,
  paymentByReference,
  providerReferenceTaken,
  paymentMode,
  paymentRecord,
  ProviderUnavailable,
  toMinor,
  verdictMatches,
  verifyWithProvider,
  type ProviderVerdict,
} from '../payments';
import { applicantAid } from '../review/applicantAid';
import { requireAccepted } from '../standing';
import { checkEmail, ownedEmail, requireOwner } from './guard';
import { describe, email, object, str } from './schemas';
import { idempotentWrite } from './write';

const startBody = object({ email, option: str(200), country: str(200) });
const verifyBody = object({ email, reference: str(100), provider_reference: str(200) });
const verifySchema = describe(
  'Confirm a payment with the provider (or, in the sandbox, this server) and record the outcome',
  verifyBody,
);

export async function paymentRoutes(app: FastifyInstance, ctx: Context): Promise<void> {
  const { config } = ctx;

  app.post<{ Body: Partial<PaymentStartPayload> }>(
    paths.paymentStart,
    {
      schema: describe('Issue a payment for a recorded option; the order is priced by the server', startBody),
    },
    async (request, reply) => {
      const address = await ownedEmail(ctx, request, request.body?.email);
      const option = (request.body?.option ?? '').trim();
      const region = regionOf(request.body?.country ?? '');
      // No option of any table: refused before the database is asked.
      if (!kindOf(option)) throw fieldFail(400, 'payment_option', SERVER_MESSAGES.paymentOption);
      const mode = paymentMode(config.payment);
      return idempotentWrite(ctx, request, reply, 'payment-start', address, async (tx) => {
        const row = await requireOwner(ctx, request, address, tx);
        if (!row.submitted_at) throw fieldFail(400, 'payment_option', SERVER_MESSAGES.paymentNotSubmitted);
        // Only an accepted applicant pays; the decision counts once its undo window is over (server/standing.ts).
        await requireAccepted(tx, row.id, config.now());
        // Priced from the applicant's fee table: the one their first choice was made under, else their cohort's,
        // which this payment's choice then keeps (decision 244).
        const fees = await applicantFees(tx, row);
        const info = findOption(fees, region, option);
        if (!info) throw fieldFail(400, 'payment_option', SERVER_MESSAGES.paymentOption);
        if (!info.portal) throw fieldFail(400, 'payment_option', SERVER_MESSAGES.paymentNotOnline);
        if (!mode) throw fieldFail(503, 'payment_option', SERVER_MESSAGES.paymentUnavailable);
        const earlier = await latestPayment(tx, row.id);
        if (earlier?.status === 'paid')
          throw fieldFail(409, 'payment_option', SERVER_MESSAGES.paymentAlreadyPaid);
        const now = config.now();
        const aid = await applicantAid(tx, row, now);
        // A reference is 4 random digits per millisecond-stamp: on the rare clash, draw again.
        for (let attempt = 0; attempt < 5; attempt += 1) {
          const reference = merchantReference(now.getTime() + attempt);
          // The amount after a released aid award, never the client's (decision 238).
          const order = aidedOrder(fees, region, aid, option, row.email, reference);
          if (!order) throw fieldFail(400, 'payment_option', SERVER_MESSAGES.paymentOption);
          const issued = await insertPayment(
            tx,
            {
              applicationId: row.id,
              reference,
              option,
              amountMinor: toMinor(order.amount),
              currency: order.currency,
              mode,
            },
            now,
          );
          if (issued === undefined) continue;
          await saveFinancialInfo(tx, row.id, option, null, now);
          return {
            status: 201,
            body: { message: 'Payment started', data: { order, sandbox: mode === 'sandbox' } },
          };
        }
        throw fieldFail(503, 'payment_option', SERVER_MESSAGES.paymentUnavailable);
      });
    },
  );

  app.post<{ Body: Partial<PaymentVerifyPayload> }>(
    paths.paymentVerify,
    { schema: verifySchema },
    async (request, reply) => {
      const address = checkEmail(request.body?.email);
      const owner = await requireOwner(ctx, request, address);
      const reference = (request.body?.reference ?? '').trim();
      const issued = reference ? await paymentByReference(ctx.db, owner.id, reference) : undefined;
      if (!issued) throw fieldFail(404, 'reference', SERVER_MESSAGES.paymentUnknown);
      await requireAccepted(ctx.db, owner.id, config.now());
      const settled = issued.status === 'paid' || issued.status === 'duplicate';
      const providerReference =
        issued.mode === 'provider' ? (request.body?.provider_reference ?? '').trim() : null;

      // The provider is asked outside any transaction, so a slow provider never holds the database.
      let verdict: ProviderVerdict | null = null;
      if (!settled && providerReference !== null) {
        if (!providerReference) throw fieldFail(400, 'reference', MESSAGES.paymentFailed);
        if (paymentMode(config.payment) !== 'provider')
          throw fieldFail(503, 'reference', SERVER_MESSAGES.paymentUnavailable);
        // One provider transaction pays one payment: asking the provider again would only confirm the first.
        if (await providerReferenceTaken(ctx.db, providerReference, issued.id))
          throw fieldFail(409, 'reference', SERVER_MESSAGES.paymentReferenceUsed);
        try {
          verdict = await verifyWithProvider(config.payment, providerReference);
        } catch (error) {
          if (error instanceof ProviderUnavailable)
            throw fieldFail(503, 'reference', SERVER_MESSAGES.paymentNotConfirmed);
          throw error;
        }
      } else if (!settled && paymentMode(config.payment) !== 'sandbox') {
        // A sandbox payment issued before a provider was configured confirms nothing now.
        throw fieldFail(409, 'reference', SERVER_MESSAGES.paymentSandboxOnly);
      }

      const write = idempotentWrite(ctx, request, reply, 'payment-verify', address, async (tx) => {
        await lockPaymentsOf(tx, owner.id);
        const row = await paymentByReference(tx, owner.id, reference, true);
        if (!row) throw fieldFail(404, 'reference', SERVER_MESSAGES.paymentUnknown);
        const now = config.now();
        const confirmed = (record: PaymentRecord, message = 'Payment confirmed') => ({
          status: 200,
          body: { message, data: record },
        });
        const paidBefore = await paidPayment(tx, owner.id);
        // Asked again about a settled payment: the same answer, and no second email.
        if (row.status === 'paid') return confirmed(paymentRecord(row));
        if (row.status === 'duplicate' && paidBefore)
          return confirmed(paymentRecord(paidBefore), SERVER_MESSAGES.paymentDuplicate);
        if (row.mode === 'provider' && !(verdict && verdictMatches(verdict, row))) {
          await markPaymentFailed(tx, row.id);
          return {
            status: 402,
            body: {
              message: MESSAGES.paymentFailed,
              data: { error: { reference: [MESSAGES.paymentFailed] } },
            },
          };
        }
        if (providerReference && (await providerReferenceTaken(tx, providerReference, row.id)))
          throw fieldFail(409, 'reference', SERVER_MESSAGES.paymentReferenceUsed);
        if (paidBefore) {
          // Paid already (another tab, another device): this money is kept as a duplicate for the team to refund,
          // and the applicant is told so; the answer is the payment that counts.
          const duplicate = await markPaymentDuplicate(tx, row.id, now, providerReference);
          await ctx.mailer.send(
            duplicatePaymentEmail(
              owner.email,
              owner.firstname,
              paymentRecord(duplicate),
              paymentRecord(paidBefore),
            ),
            tx,
          );
          return confirmed(paymentRecord(paidBefore), SERVER_MESSAGES.paymentDuplicate);
        }
        const paid = paymentRecord(await markPaymentPaid(tx, row.id, now, providerReference));
        await ctx.mailer.send(paymentReceiptEmail(owner.email, owner.firstname, paid), tx);
        return confirmed(paid);
      });
      // Two verifies racing with the same provider transaction: the database refuses the second.
      return write.catch((error: unknown) => {
        if (isUniqueViolation(error)) throw fieldFail(409, 'reference', SERVER_MESSAGES.paymentReferenceUsed);
        throw error;
      });
    },
  );
}
