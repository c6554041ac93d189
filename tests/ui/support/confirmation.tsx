/** The confirmation page of an accepted applicant on fake calls, as the payment and aid screen tests render it. */
import { render } from '@testing-library/react';
import { createActor, fromPromise } from 'xstate';
import { paymentChoiceMachine, type ConfirmationFacts } from '../../../machines/paymentChoice.machine';
import { reminderMachine } from '../../../machines/reminder.machine';
import { defaultConfig } from '../../../src/config';
import { ConfirmationScreen } from '../../../src/after-submission/ConfirmationScreen';

type PaymentActors = NonNullable<Parameters<typeof paymentChoiceMachine.provide>[0]['actors']>;

/**
 * ada@example.com's confirmation page: the server's `facts`, a form and a location look-up that both say `country`,
 * choices and reminders recorded at once, and `actors` for any other call (the checkout); its payment actor.
 */
export function renderConfirmation(facts: ConfirmationFacts, country: string, actors: PaymentActors = {}) {
  const payment = createActor(
    paymentChoiceMachine.provide({
      actors: {
        loadPayment: fromPromise<ConfirmationFacts, { email: string }>(async () => facts),
        lookupCountry: fromPromise(async () => country),
        recordChoice: fromPromise(async () => {}),
        ...actors,
      },
    }),
    { input: { email: 'ada@example.com', formCountry: country, paymentOption: '' } },
  ).start();
  const reminder = createActor(
    reminderMachine.provide({ actors: { saveReminder: fromPromise(async () => {}) } }),
    { input: { email: 'ada@example.com', reminderSet: false, now: Date.now() } },
  ).start();
  render(<ConfirmationScreen actor={payment} reminder={reminder} config={defaultConfig} />);
  return payment;
}
