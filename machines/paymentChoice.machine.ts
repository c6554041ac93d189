/**
 * The payment choice on /apply/confirmation: the server's record of a payment first (a paid fee shows as paid,
 * after a reload or on another device), then the acceptance banner, the country look-up, the option cards of the
 * Nigeria or the international set (docs/decisions/036-one-price-table.md), the confirm dialog, recording the
 * choice, and the dialogs that follow. Pure: the look-ups, the misc call and the checkout are actors the app provides.
 */
import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import { notProvided } from './notProvided';
import type { BusyTag } from './tags';
import type { ParentRef } from './parentRef';
import { MESSAGES } from './rules/messages';
import type { PaymentRecord } from './rules/contract';
import type { AcceptedCohort } from './rules/payBy';
import { aidedOption, type AidStanding } from './rules/aidDecision';
import {
  failureMessage,
  kindOf,
  regionOf,
  type FeeTable,
  type PaymentKind,
  type PaymentRegion,
} from './rules/payments';

export interface PaymentChoiceInput {
  email: string;
  formCountry: string;
  paymentOption: string;
  /** Told of a recorded choice and of a failed payment. */
  parent?: ParentRef<PaymentChosenEvent | PaymentFailedEvent>;
}

export interface PaymentChoiceContext {
  email: string;
  formCountry: string;
  /** The country the options were chosen for: the look-up's answer, or the form's on failure. */
  country: string;
  region: PaymentRegion | null;
  /** The option on the cards (being confirmed, or recorded). */
  selected: string;
  /** The last option the server recorded; it survives 'Change selection'. */
  recorded: string;
  error: string;
  /** The server's record of a confirmed payment, once there is one. */
  payment: PaymentRecord | null;
  /** The cohort the applicant is accepted into (the banner names it, its start and the pay-by date). */
  cohort: AcceptedCohort | null;
  /** Where a financial aid request stands (decision 238): an award lowers every option's charge. */
  aid: AidStanding | null;
  /** The applicant's fee table (decision 244), as the server prices them; null until it has said. */
  fees: FeeTable | null;
  parent: ParentRef<PaymentChosenEvent | PaymentFailedEvent> | null;
}

export type PaymentChoiceEvent =
  | { type: 'PROCEED' }
  | { type: 'SELECT'; option: string }
  | { type: 'CONFIRM' }
  | { type: 'CHANGE' }
  | { type: 'VIEW_DETAILS' }
  | { type: 'LATER' }
  | { type: 'CLOSE' }
  | { type: 'PORTAL' }
  | { type: 'RETRY' };

/** What the server says when the page opens: its record of a payment, and the cohort the place is in. */
export interface ConfirmationFacts {
  payment: PaymentRecord | null;
  cohort: AcceptedCohort | null;
  /** The option the server has on record ('' for none): it may have been chosen in another tab since. */
  option: string;
  /** Where a financial aid request stands, as released to the applicant; null when none was made. */
  aid?: AidStanding | null;
  /** The applicant's fee table (decision 244): the kept one, else their cohort's. */
  fees?: FeeTable | null;
}

/** What the parent application machine receives once a choice is on the server. */
export interface PaymentChosenEvent {
  type: 'PAYMENT.CHOSEN';
  option: string;
}

/** What the parent receives when the payment provider says the payment failed. */
export interface PaymentFailedEvent {
  type: 'PAYMENT.FAILED';
}

export interface RecordChoiceInput {
  email: string;
  option: string;
}
export interface CheckoutInput {
  email: string;
  option: string;
  /** The country the cards were shown for: the server prices the order from the same option set. */
  country: string;
}
/** The checkout resolves only once the server has confirmed the payment; `payment` is its record. */
export interface CheckoutOutput {
  reference: string;
  payment: PaymentRecord;
}

/** An option as this applicant is offered it: their region's, priced after a released aid award. */
export const optionOf = (context: Pick<PaymentChoiceContext, 'region' | 'aid' | 'fees'>, value: string) =>
  context.region && context.fees ? aidedOption(context.fees, context.region, context.aid, value) : undefined;

const isKind = (kind: PaymentKind) => (option: string) => kindOf(option) === kind;

export const paymentChoiceMachine = setup({
  types: {
    context: {} as PaymentChoiceContext,
    events: {} as PaymentChoiceEvent,
    input: {} as PaymentChoiceInput,
    meta: {} as { path: string },
    tags: {} as BusyTag,
  },
  actors: {
    loadPayment: fromPromise<ConfirmationFacts, { email: string }>(notProvided('loadPayment')),
    lookupCountry: fromPromise<string>(notProvided('lookupCountry')),
    recordChoice: fromPromise<void, RecordChoiceInput>(notProvided('recordChoice')),
    checkout: fromPromise<CheckoutOutput, CheckoutInput>(notProvided('checkout')),
  },
  guards: {
    isOfferedOption: ({ context, event }) => event.type === 'SELECT' && !!optionOf(context, event.option),
    choseNotReady: ({ context }) => isKind('notReady')(context.selected),
    isPaid: ({ event }) =>
      'output' in event && (event.output as ConfirmationFacts).payment?.status === 'paid',
    // Bank details and the portal belong to options that charge money, never to financial aid.
    hasPaymentDetails: ({ context }) => !!optionOf(context, context.recorded)?.payable,
    // The portal takes naira only: the international set pays by bank transfer.
    canUsePortal: ({ context }) => !!optionOf(context, context.recorded)?.portal,
  },
  actions: {
    clearError: assign({ error: '' }),
    notifyParent: enqueueActions(({ enqueue, context }) => {
      if (context.parent)
        enqueue.sendTo(context.parent, { type: 'PAYMENT.CHOSEN', option: context.selected });
    }),
    notifyFailure: enqueueActions(({ enqueue, context }) => {
      if (context.parent) enqueue.sendTo(context.parent, { type: 'PAYMENT.FAILED' });
    }),
  },
}).createMachine({
  id: 'paymentChoice',
  context: ({ input }) => ({
    email: input.email,
    formCountry: input.formCountry,
    country: '',
    region: null,
    selected: input.paymentOption,
    recorded: input.paymentOption,
    error: '',
    payment: null,
    cohort: null,
    aid: null,
    fees: null,
    parent: input.parent ?? null,
  }),
  initial: 'loading',
  states: {
    /** What the server knows: a payment it confirmed (here or on another device) settles the page. */
    loading: {
      invoke: {
        id: 'loadPayment',
        src: 'loadPayment',
        input: ({ context }) => ({ email: context.email }),
        onDone: [
          {
            guard: 'isPaid',
            target: 'settled',
            actions: assign({
              payment: ({ event }) => event.output.payment,
              cohort: ({ event }) => event.output.cohort,
              aid: ({ event }) => event.output.aid ?? null,
              fees: ({ event }) => event.output.fees ?? null,
            }),
          },
          {
            target: 'banner',
            actions: assign(({ event, context }) => ({
              cohort: event.output.cohort,
              aid: event.output.aid ?? null,
              fees: event.output.fees ?? null,
              recorded: event.output.option || context.recorded,
              selected: event.output.option || context.selected,
            })),
          },
        ],
        // Offline or a failed look-up: the choice works as before; the server still refuses a second payment.
        onError: 'banner',
      },
    },
    banner: {
      on: { PROCEED: 'locating' },
    },
    locating: {
      invoke: {
        id: 'lookupCountry',
        src: 'lookupCountry',
        onDone: {
          target: 'choosing',
          actions: assign(({ event, context }) => {
            const country = event.output.trim() || context.formCountry;
            return { country, region: regionOf(country) };
          }),
        },
        // Any failure (a 429 or 403 limit included, docs/product.md §8) falls back to the country on the form.
        onError: {
          target: 'choosing',
          actions: assign(({ context }) => ({
            country: context.formCountry,
            region: regionOf(context.formCountry),
          })),
        },
      },
    },
    choosing: {
      on: {
        SELECT: {
          guard: 'isOfferedOption',
          target: 'confirming',
          actions: [assign({ selected: ({ event }) => event.option }), 'clearError'],
        },
      },
    },
    confirming: {
      on: {
        CONFIRM: 'recording',
        CHANGE: { target: 'choosing', actions: assign({ selected: ({ context }) => context.recorded }) },
      },
    },
    recording: {
      tags: 'busy',
      invoke: {
        id: 'recordChoice',
        src: 'recordChoice',
        input: ({ context }) => ({ email: context.email, option: context.selected }),
        onDone: [
          {
            guard: 'choseNotReady',
            target: 'notReady',
            actions: [assign({ recorded: ({ context }) => context.selected }), 'notifyParent'],
          },
          {
            target: 'recorded',
            actions: [assign({ recorded: ({ context }) => context.selected }), 'notifyParent'],
          },
        ],
        onError: {
          target: 'choosing',
          actions: assign({
            error: ({ event }) => failureMessage(event.error, MESSAGES.paymentChoiceFailed),
            selected: ({ context }) => context.recorded,
          }),
        },
      },
    },
    /**
     * The success dialog: View Payment Details or Later. Every option that charges money comes here first, the
     * instalments too: their checkout opens from the payment modal's Proceed to Payment Portal.
     */
    recorded: {
      on: { VIEW_DETAILS: { guard: 'hasPaymentDetails', target: 'paymentDetails' }, LATER: 'chosen' },
    },
    /** The preference-noted dialog with the waitlist link. */
    notReady: {
      on: { CLOSE: 'chosen' },
    },
    /** The payment modal: bank transfer details and Proceed to Payment Portal. */
    paymentDetails: {
      on: { CLOSE: 'chosen', PORTAL: { guard: 'canUsePortal', target: 'checkout' } },
    },
    checkout: {
      tags: 'busy',
      invoke: {
        id: 'checkout',
        src: 'checkout',
        input: ({ context }) => ({
          email: context.email,
          option: context.recorded,
          country: context.country,
        }),
        onDone: { target: 'paid', actions: assign({ payment: ({ event }) => event.output.payment }) },
        onError: 'paymentFailed',
      },
    },
    /** The 'Payment successful' dialog: the server has confirmed it. */
    paid: {
      on: { CLOSE: 'settled' },
    },
    /** The fee is paid and on record: no more choices, the receipt instead. */
    settled: {},
    /** The app routes here to /failed ('Payment failed, please try again.'). */
    paymentFailed: {
      meta: { path: '/failed' },
      entry: 'notifyFailure',
      on: { RETRY: 'chosen' },
    },
    /** A choice is on record; the cards stay (another may be chosen), with the details one click away. */
    chosen: {
      on: {
        VIEW_DETAILS: { guard: 'hasPaymentDetails', target: 'paymentDetails' },
        SELECT: {
          guard: 'isOfferedOption',
          target: 'confirming',
          actions: [assign({ selected: ({ event }) => event.option }), 'clearError'],
        },
      },
    },
  },
});
