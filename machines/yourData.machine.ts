/**
 * "Your data" (`/your-data`, docs/privacy.md): the applicant proves their address with the emailed code (the same
 * code and session as the application), then downloads their data or erases it after a confirmation that says what
 * will happen. Side effects are actors the page provides (src/privacy/YourDataPage.tsx).
 */
import { fromPromise, setup } from 'xstate';
import { signInActions, signInActors, signInStates, type SignInEvent } from './signInByCode';
import type { BusyTag, NoMeta } from './tags';

export type YourDataEvent = SignInEvent | { type: 'ERASE' } | { type: 'CONFIRM' } | { type: 'CANCEL' };

export const yourDataMachine = setup({
  types: {
    context: {} as { email: string; error: string },
    events: {} as YourDataEvent,
    meta: {} as NoMeta,
    tags: {} as BusyTag,
  },
  actors: {
    /** Whether this browser has an applicant's session already (after the application, or from a verify). */
    checkSession: fromPromise<boolean>(async () => false),
    ...signInActors,
    erase: fromPromise<void>(async () => undefined),
  },
  actions: signInActions<{ email: string; error: string }, YourDataEvent>(),
}).createMachine({
  id: 'yourData',
  context: { email: '', error: '' },
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        src: 'checkSession',
        onDone: [{ guard: ({ event }) => event.output, target: 'signedIn' }, { target: 'askEmail' }],
        onError: 'askEmail',
      },
    },
    ...signInStates('signedIn'),
    signedIn: {
      on: { ERASE: { target: 'confirming', actions: 'clearError' } },
    },
    confirming: {
      on: { CONFIRM: 'erasing', CANCEL: 'signedIn' },
    },
    erasing: {
      tags: ['busy'],
      invoke: {
        src: 'erase',
        onDone: 'erased',
        onError: { target: 'signedIn', actions: 'keepError' },
      },
    },
    erased: { type: 'final' },
  },
});
