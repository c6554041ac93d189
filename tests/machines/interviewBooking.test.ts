/**
 * The interview page's chart (machines/interviewBooking.machine.ts): opened cold it asks for the address and the
 * emailed code (the sign-in shared with "Your data"), then reads the interview and offers the free times.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { signInWithWrongCodeFirst } from './support/signInByCode';
import { interviewBookingMachine } from '../../machines/interviewBooking.machine';
import type { ApplicantInterview } from '../../machines/rules/interview';

const INVITED: ApplicantInterview = {
  state: 'invited',
  cohortName: 'Cohort 14',
  locale: 'en-GB',
  slots: [{ id: 1, start: '2099-12-03T14:30:00.000Z', minutes: 30 }],
  booked: null,
};

describe('the interview booking chart', () => {
  it('signs a cold visitor in with the emailed code, then shows their interview', async () => {
    let signedIn = false;
    const calls: string[] = [];
    const actor = createActor(
      interviewBookingMachine.provide({
        actors: {
          load: fromPromise(async () => (signedIn ? INVITED : null)),
          sendCode: fromPromise(async ({ input }) => {
            calls.push(`code to ${input.email}`);
          }),
          verify: fromPromise(async ({ input }) => {
            if (input.code === '000000') throw new Error('The code is not correct.');
            signedIn = true;
            calls.push(`verified ${input.code}`);
          }),
        },
      }),
    ).start();
    await signInWithWrongCodeFirst(actor, 'ready');
    expect(actor.getSnapshot().context).toMatchObject({
      error: '',
      email: 'ada@example.com',
      interview: INVITED,
    });
    expect(calls).toEqual(['code to ada@example.com', 'verified 123456']);
  });
});
