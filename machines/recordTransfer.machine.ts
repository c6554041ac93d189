/**
 * An admin records an applicant's bank transfer as paid, with the reference on the bank statement
 * (docs/decisions/036-one-price-table.md). An empty or too long reference is refused here
 * without a call; the server asks the review chart and answers the rest. `record` is an actor given with
 * `.provide()` (src/staff/staffActors.ts); once recorded, the page loads again.
 */
import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from './notProvided';
import { nextReviewStatus } from './review.machine';
import { kindOf } from './rules/payments';
import type { StaffApplicationPage } from './staffApplication.machine';
import type { ErrorMap } from './rules/messages';
import { TRANSFER_MESSAGES, TRANSFER_REFERENCE_MAX } from './rules/staffRecord';
import { alertsTo, failureAlerts } from './staffFailure';
import type { BusyTag, NoMeta } from './tags';

export interface RecordTransferContext {
  id: number;
  errors: ErrorMap;
  message?: string;
}

export type RecordTransferEvent = { type: 'RECORD'; reference: string };

/** What the form asks: busy while recording; recorded once the server has it. */
export type RecordTransferTag = BusyTag | 'recorded';

export const recordTransferMachine = setup({
  types: {
    context: {} as RecordTransferContext,
    events: {} as RecordTransferEvent,
    input: {} as { id: number },
    meta: {} as NoMeta,
    tags: {} as RecordTransferTag,
  },
  actors: {
    record: fromPromise<{ label: string }, { id: number; reference: string }>(notProvided('record')),
  },
  actions: {
    showAlerts: assign(failureAlerts),
  },
  guards: {
    referenceEmpty: ({ event }) => event.reference.trim().length === 0,
    referenceTooLong: ({ event }) => event.reference.trim().length > TRANSFER_REFERENCE_MAX,
  },
}).createMachine({
  id: 'recordTransfer',
  initial: 'editing',
  context: ({ input }) => ({ id: input.id, errors: {} }),
  states: {
    editing: {
      on: {
        RECORD: [
          {
            guard: 'referenceEmpty',
            actions: assign({
              message: undefined,
              errors: { reference: [TRANSFER_MESSAGES.referenceMissing] },
            }),
          },
          {
            guard: 'referenceTooLong',
            actions: assign({
              message: undefined,
              errors: { reference: [TRANSFER_MESSAGES.referenceTooLong] },
            }),
          },
          { target: 'recording', actions: assign({ message: undefined, errors: {} }) },
        ],
      },
    },
    recording: {
      tags: 'busy',
      invoke: {
        src: 'record',
        input: ({ context, event }) => ({ id: context.id, reference: event.reference.trim() }),
        onDone: 'recorded',
        onError: alertsTo('editing'),
      },
    },
    recorded: { type: 'final', tags: 'recorded' },
  },
});

/**
 * Whether the payment panel offers to record a transfer: the role may (an admin), and the review chart takes
 * RECORD_TRANSFER from where the application stands, for the option the applicant chose.
 */
export function transferOffered(page: StaffApplicationPage): boolean {
  const review = page.review;
  if (!review?.allowed.includes('RECORD_TRANSFER')) return false;
  const event = { type: 'RECORD_TRANSFER' as const, paymentKind: kindOf(page.answers.payment_option) };
  return nextReviewStatus(review.status, event, review.releasesInMs !== null) !== null;
}
