/**
 * The paymentChoice machine's generated paths replayed through the rendered confirmation screen: every person
 * event is a click on what a person would click, every server answer is delivered to the stubbed actor, and after
 * each step the screen shows what the model's state says it should.
 */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import {
  paymentChoiceMachine,
  type CheckoutInput,
  type CheckoutOutput,
  type ConfirmationFacts,
  type PaymentChoiceContext,
  type RecordChoiceInput,
} from '../../machines/paymentChoice.machine';
import { reminderMachine, type SaveReminderInput } from '../../machines/reminder.machine';
import { MESSAGES } from '../../machines/rules/messages';
import { PAYMENT_OPTIONS } from '../../machines/rules/payments';
import { defaultConfig } from '../../src/config';
import { ConfirmationScreen } from '../../src/after-submission/ConfirmationScreen';
import { actorIds, input, paymentPaths } from '../machines/paymentChoice.model';
import { replay, transitionKeys, type ModelPath } from '../machines/support/graphReplay';

/**
 * Events no person can cause on this screen: an option that is not on the cards has no button, and RETRY belongs
 * to the /failed screen (the application machine leaves the confirmation when a payment fails).
 */
const offScreen = (event: AnyEventObject, before: AnyMachineSnapshot) => {
  if (event.type === 'RETRY') return true;
  if (event.type !== 'SELECT') return false;
  const region = (before.context as PaymentChoiceContext).region;
  return !region || !PAYMENT_OPTIONS[region].some((o) => o.value === String(event.option));
};

const onScreen = (path: ModelPath) => {
  let before = paymentChoiceMachine.resolveState({ value: 'loading', context: path.steps[0].state.context });
  return path.steps.every((step) => {
    const ok = !offScreen(step.event, before);
    before = step.state;
    return ok;
  });
};

/** The fewest paths that take every transition a person can reach here (checked on the machine, which is fast). */
function coveringScreenPaths(): { paths: ModelPath[]; taken: Set<string> } {
  const taken = new Set<string>();
  const paths: ModelPath[] = [];
  for (const path of paymentPaths().filter(onScreen)) {
    const run = replay(paymentChoiceMachine, actorIds, input, path);
    const fresh = [...run.taken].filter((k) => !taken.has(k));
    if (!fresh.length) continue;
    fresh.forEach((k) => taken.add(k));
    paths.push(path);
  }
  return { paths, taken };
}

const never = () => new Promise<never>(() => {});

function renderScreen() {
  const payment = createActor(
    paymentChoiceMachine.provide({
      actors: {
        loadPayment: fromPromise<ConfirmationFacts, { email: string }>(never),
        lookupCountry: fromPromise<string>(never),
        recordChoice: fromPromise<void, RecordChoiceInput>(never),
        checkout: fromPromise<CheckoutOutput, CheckoutInput>(never),
      },
    }),
    { input },
  ).start();
  const reminder = createActor(
    reminderMachine.provide({ actors: { saveReminder: fromPromise<void, SaveReminderInput>(never) } }),
    {
      input: { email: input.email, reminderSet: false, now: Date.now() },
    },
  ).start();
  render(<ConfirmationScreen actor={payment} reminder={reminder} config={defaultConfig} />);
  return payment;
}

const openDialog = () =>
  screen.queryAllByRole('dialog').at(-1) ?? screen.queryAllByRole('alertdialog').at(-1);
const inDialog = () => within(openDialog()!);

async function perform(user: ReturnType<typeof userEvent.setup>, event: AnyEventObject) {
  const click = (name: string | RegExp, scope: ReturnType<typeof within> | typeof screen = screen) =>
    user.click(scope.getByRole('button', { name }));
  switch (event.type) {
    case 'PROCEED':
      return click('Proceed to payment');
    case 'SELECT':
      return click(`Choose ${String(event.option)}`);
    case 'CONFIRM':
      return click('Yes proceed', inDialog());
    case 'CHANGE':
      return click('Change selection', inDialog());
    case 'VIEW_DETAILS':
      return click('View Payment Details', openDialog() ? inDialog() : screen);
    case 'LATER':
      return click('Later', inDialog());
    case 'CLOSE':
      return click(/close|ok/i, inDialog());
    case 'PORTAL':
      return click('Proceed to Payment Portal', inDialog());
    default:
      return undefined;
  }
}

/** What a person sees in each state. */
function expectScreen(expected: AnyMachineSnapshot) {
  const c = expected.context as PaymentChoiceContext;
  const dialogTitle = openDialog() && within(openDialog()!).getAllByRole('heading')[0].textContent;
  const titles: Record<string, string | null> = {
    confirming: 'Confirm your payment option',
    recording: 'Confirm your payment option',
    recorded: 'Your choice has been recorded',
    notReady: 'Your preference has been noted',
    paymentDetails: 'Payment details',
    paid: 'Payment successful',
  };
  const state = String(expected.value);
  expect(dialogTitle ?? null).toBe(titles[state] ?? null);
  expect(Boolean(screen.queryByRole('button', { name: 'Proceed to payment' }))).toBe(state === 'banner');
  expect(Boolean(screen.queryByText(/Checking your payment/))).toBe(state === 'loading');
  // Paid: the receipt instead of the cards, whatever came before.
  expect(Boolean(document.querySelector('.payment-receipt'))).toBe(state === 'settled');
  if (state === 'settled') {
    expect(screen.queryByRole('heading', { name: 'Payment options', hidden: true })).toBeNull();
  } else if (c.region && state !== 'banner' && state !== 'locating') {
    // Behind an open dialog the cards are hidden from assistive technology, but still on the page.
    const cards = screen.getAllByRole('heading', { level: 3, hidden: true }).map((h) => h.textContent);
    expect(cards).toEqual(expect.arrayContaining(PAYMENT_OPTIONS[c.region].map((o) => o.value)));
  }
  if (c.error) expect(screen.getAllByText(c.error).length).toBeGreaterThan(0);
  expect(Boolean(screen.queryByText(MESSAGES.paymentFailed))).toBe(state === 'paymentFailed');
}

describe('ConfirmationScreen: the paymentChoice paths replayed on the rendered screen', () => {
  const { paths, taken } = coveringScreenPaths();

  it('the replayed paths take every transition except those no person can cause here', () => {
    const unreachable = transitionKeys(paymentChoiceMachine).filter((k) => !taken.has(k));
    expect(unreachable).toEqual(['paymentChoice.paymentFailed RETRY #0']);
    expect(paths.length).toBeGreaterThan(5);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    const user = userEvent.setup();
    const actor = renderScreen();
    for (const step of path.steps) {
      if (step.event.type.startsWith('xstate.')) act(() => actor.send(step.event as never));
      else await perform(user, step.event);
      expect(actor.getSnapshot().value).toEqual(step.state.value);
      expectScreen(step.state);
    }
  });
});
