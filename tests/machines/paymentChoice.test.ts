import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { paymentChoiceMachine, type PaymentChoiceContext } from '../../machines/paymentChoice.machine';
import { MESSAGES } from '../../machines/rules/messages';
import {
  NOT_READY,
  OPTION_FINANCIAL_AID,
  OPTION_INSTALMENTS,
  findOption,
  regionOf,
} from '../../machines/rules/payments';
import { actorIds, input, PAID, paymentPaths } from './paymentChoice.model';
import { expectEveryStateAndTransition, replay, replayEach, type Replay } from './support/graphReplay';

const paths = paymentPaths();

/** What a person would notice in each state, whatever path led there. */
function check(snapshot: AnyMachineSnapshot, run: Replay) {
  const context = snapshot.context as PaymentChoiceContext;
  if (snapshot.matches('choosing')) {
    // The option set follows the country: the look-up's, or the form's when the look-up gave nothing.
    expect(context.region).toBe(regionOf(context.country));
    expect(['Nigeria', 'Ghana', 'Kenya']).toContain(context.country);
  }
  if (snapshot.matches('recorded') || snapshot.matches('notReady') || snapshot.matches('checkout')) {
    const recordCall = run.calls.filter((c) => c.src === 'recordChoice').at(-1);
    expect(recordCall?.input).toEqual({ email: input.email, option: context.selected });
    // The parent keeps the choice (PAYMENT.CHOSEN) as soon as it is on the server.
    // (A retry through the portal after a failed payment has told it PAYMENT.FAILED since.)
    expect(run.toParent.filter((e) => e.type === 'PAYMENT.CHOSEN').at(-1)).toEqual({
      type: 'PAYMENT.CHOSEN',
      option: context.recorded,
    });
  }
  if (snapshot.matches('notReady')) expect(context.recorded).toBe(NOT_READY);
  if (snapshot.matches('checkout')) {
    expect(run.calls.at(-1)).toEqual({
      src: 'checkout',
      input: { email: input.email, option: context.recorded, country: context.country },
    });
    // Only an option that charges money, and that the portal can take, reaches the checkout.
    expect(findOption(context.fees!, context.region!, context.recorded)).toMatchObject({
      payable: true,
      portal: true,
    });
  }
  if (snapshot.matches('paymentDetails')) {
    // Bank details and the portal never open for financial aid or 'not ready'.
    expect(findOption(context.fees!, context.region!, context.recorded)?.payable).toBe(true);
  }
  if (snapshot.matches('checkout')) {
    // The checkout opens only from the payment modal, after the choice-recorded dialog (the spec's order).
    expect(run.snapshots.at(-2)?.value).toBe('paymentDetails');
  }
  if (snapshot.matches('settled')) {
    // Paid: on arrival from the server's record, or after the checkout the server confirmed.
    expect(context.payment?.status).toBe('paid');
  }
  if (snapshot.matches('paymentFailed'))
    expect(snapshot.getMeta()).toEqual({ 'paymentChoice.paymentFailed': { path: '/failed' } });
}

describe('paymentChoice machine: model-based paths', () => {
  it('generates paths from the definition', () => {
    expect(paths.length).toBeGreaterThan(20);
  });

  replayEach(paymentChoiceMachine, actorIds, input, paths, check);

  it('the replayed paths visit every state and take every transition of the definition', () => {
    // The check itself can fail: one path alone leaves states and transitions out.
    const partial = expectEveryStateAndTransition(paymentChoiceMachine, actorIds, input, paths);
    expect(partial.states).toContain('paymentChoice.paymentFailed');
    expect(partial.transitions).toContain('paymentChoice.checkout xstate.error.actor.checkout #0');
  });
});

describe('paymentChoice machine: outcomes', () => {
  const find = (predicate: (r: Replay, last: AnyMachineSnapshot) => boolean) => {
    for (const path of paths) {
      const run = replay(paymentChoiceMachine, actorIds, input, path);
      const last = run.snapshots.at(-1)!;
      if (predicate(run, last)) return { run, last };
    }
    throw new Error('no generated path has this outcome');
  };

  it('a failed record shows the server message, or the catalogue fallback, and returns to the cards', () => {
    const server = find((_, s) => s.matches('choosing') && s.context.error === 'The server is busy');
    expect(server.last.context.selected).toBe('');
    const fallback = find((_, s) => s.matches('choosing') && s.context.error !== '');
    expect([MESSAGES.paymentChoiceFailed, 'The server is busy']).toContain(fallback.last.context.error);
    find((_, s) => s.matches('choosing') && s.context.error === MESSAGES.paymentChoiceFailed);
  });

  it('the instalment plan shows the choice-recorded dialog, then the details, before its checkout', () => {
    const { run } = find((_, s) => s.matches('paymentFailed') && s.context.recorded === OPTION_INSTALMENTS);
    const values = run.snapshots.map((s) => s.value);
    expect(values.slice(-5)).toEqual([
      'recording',
      'recorded',
      'paymentDetails',
      'checkout',
      'paymentFailed',
    ]);
  });

  it('the instalment plan is only offered in the Nigeria set', () => {
    find(
      (_, s) =>
        s.matches('confirming') &&
        s.context.selected === OPTION_INSTALMENTS &&
        s.context.region === 'nigeria',
    );
    expect(() =>
      find(
        (_, s) =>
          s.matches('confirming') &&
          s.context.selected === OPTION_INSTALMENTS &&
          s.context.region === 'international',
      ),
    ).toThrow();
  });

  it('a payment the server has on record settles the page on arrival; one never confirmed does not', () => {
    const paid = find((r, s) => s.matches('settled') && r.snapshots.length === 2);
    expect(paid.last.context.payment).toEqual(PAID);
    const pending = find((r, s) => s.matches('banner') && r.snapshots.length === 2);
    expect(pending.last.context.payment).toBeNull();
  });

  it('after a confirmed checkout the paid dialog closes onto the settled page', () => {
    const { run } = find((r, s) => s.matches('settled') && r.snapshots.length > 2);
    expect(run.snapshots.map((s) => s.value).slice(-3)).toEqual(['checkout', 'paid', 'settled']);
  });

  it('financial aid never opens the payment details', () => {
    find((_, s) => s.matches('recorded') && s.context.recorded === OPTION_FINANCIAL_AID);
    expect(() =>
      find((_, s) => s.matches('paymentDetails') && s.context.recorded === OPTION_FINANCIAL_AID),
    ).toThrow();
  });

  it('an option of neither set is refused', () => {
    expect(() => find((_, s) => s.context.selected === 'Pay with seashells')).toThrow();
  });
});
