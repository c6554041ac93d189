/**
 * An admin records an applicant's bank transfer as paid (docs/decisions/036-one-price-table.md).
 * The review chart decides, as for every review event: RECORD_TRANSFER from payment_chosen, for an option paid by
 * bank transfer. Then, in one transaction, a paid payment of mode `transfer` priced from the table (the bank's
 * reference as its provider reference), the review's move to paid, the audit entry and the applicant's receipt.
 */
import { nextReviewStatus, reviewMeta, type ReviewStatus } from '../../machines/review.machine';
import type { PaymentRecord } from '../../machines/rules/contract';
import { kindOf, merchantReference } from '../../machines/rules/payments';
import { STAFF_MESSAGES } from '../../machines/rules/staff/messages';
import { amountDue, TRANSFER_MESSAGES } from '../../machines/rules/staffRecord';
import { applicantFees } from '../fees';
import { applicantAid } from '../review/applicantAid';
import type { Queryable } from '../db/index';
import { fail, fieldFail } from '../http';
import type { Mailer } from '../mail/index';
import { paymentRecord, providerReferenceTaken, toMinor, type PaymentRow } from '../payments';
import { transferReceiptEmail } from './emails';
import { lockReviewPosition, writeReviewChanges } from '../review/events';
import { qb, run } from '../db/query';
import { audit } from './store';

export interface RecordedTransfer {
  status: ReviewStatus;
  label: string;
  payment: PaymentRecord;
}

export async function recordTransfer(
  tx: Queryable,
  mailer: Mailer,
  applicationId: number,
  staffId: number,
  bankReference: string,
  now: Date,
  undoMs: number,
): Promise<RecordedTransfer> {
  const position = await lockReviewPosition(tx, applicationId, now);
  const [row] = await run(
    tx,
    qb
      .selectFrom('applications')
      .select([
        'id',
        'email',
        'firstname',
        'country',
        'payment_option',
        'financial_aid',
        'fees',
        'cohort_id',
        'applied_cohort_id',
      ])
      .where('id', '=', applicationId),
  );
  if (!position || !row) throw fail(404, STAFF_MESSAGES.notFound);
  const { status: from, held } = position;
  const option = row.payment_option;
  const to = nextReviewStatus(from, { type: 'RECORD_TRANSFER', paymentKind: kindOf(option) }, held);
  if (to === null) {
    // Where the chart would take a transfer for an option paid by one, the applicant's option is the reason.
    if (nextReviewStatus(from, { type: 'RECORD_TRANSFER', paymentKind: 'full' }, held) !== null)
      throw fieldFail(409, 'reference', TRANSFER_MESSAGES.notByTransfer(option));
    throw fieldFail(
      409,
      'reference',
      STAFF_MESSAGES.notAllowedNow(reviewMeta(from).label, 'RECORD_TRANSFER'),
    );
  }
  if (await providerReferenceTaken(tx, bankReference, 0))
    throw fieldFail(409, 'reference', TRANSFER_MESSAGES.referenceUsed);
  // The option's price for the applicant's country: a transfer is recorded for what the option charges.
  const due = amountDue(await applicantFees(tx, row), option, row.country, await applicantAid(tx, row, now));
  if (!due) throw fieldFail(409, 'reference', TRANSFER_MESSAGES.notByTransfer(option));
  const [paid] = await run(
    tx,
    qb
      .insertInto('payments')
      .values({
        application_id: applicationId,
        reference: merchantReference(now.getTime()),
        option,
        amount_minor: toMinor(due.amount),
        currency: due.currency,
        mode: 'transfer',
        status: 'paid',
        provider_reference: bankReference,
        created_at: now,
        paid_at: now,
      })
      .returningAll(),
  );
  const payment = paymentRecord(paid as unknown as PaymentRow);
  await writeReviewChanges(
    tx,
    [{ id: applicationId, event: 'RECORD_TRANSFER', from, to }],
    staffId,
    now,
    undoMs,
  );
  // Our reference only: the bank's may carry the payer's name.
  await audit(tx, staffId, 'record_transfer', now, applicationId, { from, to, payment: payment.reference });
  await mailer.send(transferReceiptEmail(row.email, row.firstname, payment, bankReference), tx);
  return { status: to, label: reviewMeta(to).label, payment };
}
