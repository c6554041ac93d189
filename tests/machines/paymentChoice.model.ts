/** The paymentChoice machine as a graph: the events a person and the server can send, and what a vertex is. */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { paymentChoiceMachine, type PaymentChoiceContext } from '../../machines/paymentChoice.machine';
import { kindOf, paymentOptions, STANDARD_FEES } from '../../machines/rules/payments';
import { transitionPaths, type ModelPath } from './support/graphReplay';
import type { PaymentRecord } from '../../machines/rules/contract';

/** A payment the server confirmed, and one it issued that was never paid. */
export const PAID: PaymentRecord = {
  reference: 'TEBC-1234560001',
  option: 'Pay in full (15% off)',
  amount: 51_000,
  currency: 'NGN',
  status: 'paid',
  paid_at: '2026-11-23T10:00:00.000Z',
};
const PENDING: PaymentRecord = { ...PAID, status: 'pending', paid_at: '' };
/** The cohort of the applicant's place, as the server sends it with the payment. */
export const COHORT = { name: 'Cohort 7', start_date: '2025-06-10' };

export const input = { email: 'ada@example.com', formCountry: 'Kenya', paymentOption: '' };
export const actorIds = ['loadPayment', 'lookupCountry', 'recordChoice', 'checkout'] as const;

export const events = (snapshot: AnyMachineSnapshot): AnyEventObject[] => {
  const context = snapshot.context as PaymentChoiceContext;
  const offered =
    context.region && context.fees ? paymentOptions(context.fees, context.region).map((o) => o.value) : [];
  return [
    // The server's record on arrival: none, a payment issued but never confirmed, a paid one; or no answer.
    {
      type: 'xstate.done.actor.loadPayment',
      output: { payment: null, cohort: null, option: '', fees: STANDARD_FEES },
    },
    // Issued in another tab: the server's option replaces the one this browser remembered.
    {
      type: 'xstate.done.actor.loadPayment',
      output: { payment: PENDING, cohort: COHORT, option: PENDING.option, fees: STANDARD_FEES },
    },
    {
      type: 'xstate.done.actor.loadPayment',
      output: { payment: PAID, cohort: COHORT, option: PAID.option, fees: STANDARD_FEES },
    },
    { type: 'xstate.error.actor.loadPayment', error: { message: 'offline' } },
    { type: 'PROCEED' },
    // The look-up answers Nigeria, another country, nothing usable; or fails (a 429 or 403 among them).
    { type: 'xstate.done.actor.lookupCountry', output: 'Nigeria' },
    { type: 'xstate.done.actor.lookupCountry', output: 'Ghana' },
    { type: 'xstate.done.actor.lookupCountry', output: ' ' },
    { type: 'xstate.error.actor.lookupCountry', error: { message: 'Too many requests', status: 429 } },
    ...offered.map((option) => ({ type: 'SELECT', option })),
    { type: 'SELECT', option: 'Pay with seashells' },
    { type: 'CONFIRM' },
    { type: 'CHANGE' },
    { type: 'xstate.done.actor.recordChoice' },
    { type: 'xstate.error.actor.recordChoice', error: { message: 'The server is busy' } },
    { type: 'xstate.error.actor.recordChoice', error: { message: '' } },
    { type: 'VIEW_DETAILS' },
    { type: 'LATER' },
    { type: 'CLOSE' },
    { type: 'PORTAL' },
    { type: 'xstate.done.actor.checkout', output: { reference: PAID.reference, payment: PAID } },
    { type: 'xstate.error.actor.checkout', error: { message: 'declined' } },
    { type: 'RETRY' },
  ];
};

/** A vertex is a state with its option set, the kinds of the selected and recorded options, and an error or not. */
export const vertex = (s: AnyMachineSnapshot) => {
  const c = s.context as PaymentChoiceContext;
  return JSON.stringify([
    s.value,
    c.region,
    kindOf(c.selected),
    kindOf(c.recorded),
    c.error !== '',
    c.payment?.status ?? null,
    c.cohort !== null,
  ]);
};

export const paymentPaths = (): ModelPath[] => transitionPaths(paymentChoiceMachine, input, events, vertex);
