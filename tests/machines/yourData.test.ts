/** "Your data" (machines/yourData.machine.ts): the code proves the address; erasing asks first; failures are shown. */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { signInWithWrongCodeFirst } from './support/signInByCode';
import { yourDataMachine } from '../../machines/yourData.machine';

function start(options: { signedIn?: boolean; wrongCode?: string; eraseFails?: string } = {}) {
  const calls: string[] = [];
  const actor = createActor(
    yourDataMachine.provide({
      actors: {
        checkSession: fromPromise(async () => options.signedIn ?? false),
        sendCode: fromPromise(async ({ input }) => {
          calls.push(`code to ${input.email}`);
        }),
        verify: fromPromise(async ({ input }) => {
          if (input.code === options.wrongCode) throw new Error('The code is not correct.');
          calls.push(`verified ${input.code}`);
        }),
        erase: fromPromise(async () => {
          if (options.eraseFails) throw new Error(options.eraseFails);
          calls.push('erased');
        }),
      },
    }),
  ).start();
  return { actor, calls };
}

describe('Your data', () => {
  it('asks for the address and the emailed code before showing the data', async () => {
    const { actor, calls } = start({ wrongCode: '000000' });
    await signInWithWrongCodeFirst(actor, 'signedIn');
    expect(actor.getSnapshot().context.error).toBe('');
    expect(calls).toEqual(['code to ada@example.com', 'verified 123456']);
  });

  it('a signed-in applicant goes straight in; erasing asks first, Cancel erases nothing', async () => {
    const { actor, calls } = start({ signedIn: true });
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'ERASE' });
    expect(actor.getSnapshot().matches('confirming')).toBe(true);
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
    expect(calls).toEqual([]);
    actor.send({ type: 'ERASE' });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('erased'));
    expect(calls).toEqual(['erased']);
  });

  it('a failed erasure says why and leaves the applicant where they were', async () => {
    const { actor } = start({ signedIn: true, eraseFails: 'An error occured. Try again' });
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'ERASE' });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('signedIn') && s.context.error !== '');
    expect(actor.getSnapshot().context.error).toBe('An error occured. Try again');
  });
});
