/**
 * The applicant's withdrawal flow (decision 250): the dialog opens and closes with nothing sent, "Withdraw" asks the
 * server once, a refusal or a failed call stays in the dialog in the catalogue's words, and on success the
 * confirmation page's standing becomes Withdrawn, from accepted as from under review.
 */
import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, waitFor, type AnyEventObject } from 'xstate';
import { applicationMachine } from '../../machines/application.machine';
import type { ApplicantStanding } from '../../machines/rules/contract';
import { WITHDRAWAL_MESSAGES as W } from '../../machines/rules/withdrawal';
import { withdrawalMachine } from '../../machines/withdrawal.machine';
import { persisted } from '../support/persisted';
import { answersStanding, standingAnswer } from '../support/standing';

const COHORT = { id: 6, name: 'Cohort 6', number: 6 };
const WITHDRAWN = standingAnswer('withdrawn', COHORT);

/** The withdrawal machine alone, the server answering with `answer`, and what it tells its parent. */
function withdrawal(answer: () => Promise<ApplicantStanding>) {
  let calls = 0;
  const heard: AnyEventObject[] = [];
  const parent = createActor(
    createMachine({ on: { '*': { actions: ({ event }) => heard.push(event) } } }),
  ).start();
  const actor = createActor(
    withdrawalMachine.provide({
      actors: {
        withdraw: fromPromise(() => {
          calls += 1;
          return answer();
        }),
      },
    }),
    { input: { parent } },
  ).start();
  return { actor, heard, calls: () => calls };
}

describe('the withdrawal machine', () => {
  it('opens the dialog and keeps the application without asking the server', () => {
    const { actor, calls } = withdrawal(() => Promise.resolve(WITHDRAWN));
    expect(actor.getSnapshot().hasTag('dialog')).toBe(false);
    actor.send({ type: 'OPEN' });
    expect(actor.getSnapshot().hasTag('dialog')).toBe(true);
    actor.send({ type: 'KEEP' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(calls()).toBe(0);
  });

  it('withdraws once on Withdraw, busy meanwhile, and tells the page the new standing', async () => {
    const { actor, heard, calls } = withdrawal(() => Promise.resolve(WITHDRAWN));
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    // A second press while the call is under way sends nothing more.
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls()).toBe(1);
    expect(heard).toEqual([{ type: 'WITHDRAWN', standing: WITHDRAWN }]);
  });

  it.each([
    ['a refusal', { message: W.paid, errors: {}, status: 409 }, W.paid],
    ['a failed call with no answer', new Error(''), W.failed],
  ])(
    'keeps the dialog open after %s, in the catalogue’s words, and may try again',
    async (_, error, shown) => {
      let fail = true;
      const { actor, heard } = withdrawal(() => (fail ? Promise.reject(error) : Promise.resolve(WITHDRAWN)));
      actor.send({ type: 'OPEN' });
      actor.send({ type: 'CONFIRM' });
      await waitFor(actor, (s) => !s.hasTag('busy'));
      expect(actor.getSnapshot().value).toBe('confirming');
      expect(actor.getSnapshot().context.error).toBe(shown);
      expect(heard).toEqual([]);
      fail = false;
      actor.send({ type: 'CONFIRM' });
      expect(actor.getSnapshot().context.error).toBe('');
      await waitFor(actor, (s) => s.status === 'done');
      expect(heard).toHaveLength(1);
    },
  );
});

describe('the confirmation page withdraws through its child machine', () => {
  const submitted = persisted({
    started: true,
    submitted: true,
    form: {
      email: 'ada@example.com',
      email_verified_at: '2026-11-23T00:00:00Z',
      eligibilityStatus: 'eligible',
    },
  });

  it.each([
    ['accepted', 'accepted'],
    ['under_review', 'underReview'],
    ['waitlisted', 'waitlisted'],
  ] as const)('from %s the page shows Withdrawn, with the server’s answer', async (standing, step) => {
    const machine = applicationMachine.provide({
      actors: {
        loadStanding: answersStanding(standing, COHORT, true),
        withdrawal: withdrawalMachine.provide({ actors: { withdraw: fromPromise(async () => WITHDRAWN) } }),
      },
    });
    const actor = createActor(machine, { input: { persisted: submitted, now: () => 1_000 } }).start();
    actor.send({ type: 'NAVIGATE', path: '/apply/confirmation' });
    await waitFor(actor, (s) => s.matches({ confirmation: { standing: step } }));
    const child = actor.getSnapshot().children.withdrawal;
    expect(child).toBeDefined();
    child!.send({ type: 'OPEN' });
    child!.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches({ confirmation: { standing: 'withdrawn' } }));
    const s = actor.getSnapshot();
    expect(s.context.standing).toEqual(WITHDRAWN);
    // Nothing of the accepted page is left running: no payment choice, no reminder, no withdrawal.
    expect(s.children.paymentChoice).toBeUndefined();
    expect(s.children.withdrawal).toBeUndefined();
  });

  it('offers no withdrawal where the standing has nothing to withdraw', async () => {
    const machine = applicationMachine.provide({
      actors: {
        loadStanding: answersStanding('not_successful', COHORT),
      },
    });
    const actor = createActor(machine, { input: { persisted: submitted, now: () => 1_000 } }).start();
    actor.send({ type: 'NAVIGATE', path: '/apply/confirmation' });
    await waitFor(actor, (s) => s.matches({ confirmation: { standing: 'notSuccessful' } }));
    expect(actor.getSnapshot().children.withdrawal).toBeUndefined();
  });
});
