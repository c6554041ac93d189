/**
 * The emailed-code sign-in that "Your data" and the interview page share (machines/signInByCode.ts), walked the way
 * a cold visitor does it: an address with spaces, a wrong code that is shown, then the right one.
 */
import { expect } from 'vitest';
import { waitFor, type AnyActorRef } from 'xstate';

export async function signInWithWrongCodeFirst(actor: AnyActorRef, signedInState: string) {
  await waitFor(actor, (s) => s.matches('askEmail'));
  actor.send({ type: 'SEND_CODE', email: ' ada@example.com ' });
  await waitFor(actor, (s) => s.matches('askCode'));
  actor.send({ type: 'VERIFY', code: '000000' });
  await waitFor(actor, (s) => s.matches('askCode') && s.context.error !== '');
  expect(actor.getSnapshot().context.error).toBe('The code is not correct.');
  actor.send({ type: 'VERIFY', code: '123456' });
  await waitFor(actor, (s) => s.matches(signedInState));
}
