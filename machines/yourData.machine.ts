/**
 * "Your data" (`/your-data`, docs/privacy.md): the applicant proves their address with the emailed code (the same
 * code and session as the application), then downloads their data or erases it after a confirmation that says what
 * will happen. Side effects are actors the page provides (src/privacy/YourDataPage.tsx).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { BusyTag, NoMeta } from './tags';

export type YourDataEvent =
  | { type: 'SEND_CODE'; email: string }
  | { type: 'VERIFY'; code: string }
  | { type: 'ERASE' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' };

const failureOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

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
    sendCode: fromPromise<void, { email: string }>(async () => undefined),
    verify: fromPromise<void, { email: string; code: string }>(async () => undefined),
    erase: fromPromise<void>(async () => undefined),
  },
  actions: {
    keepError: assign({ error: ({ event }) => failureOf((event as { error?: unknown }).error) }),
    clearError: assign({ error: '' }),
  },
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
    askEmail: {
      on: {
        SEND_CODE: {
          target: 'sendingCode',
          actions: [assign({ email: ({ event }) => event.email.trim() }), 'clearError'],
        },
      },
    },
    sendingCode: {
      tags: ['busy'],
      invoke: {
        src: 'sendCode',
        input: ({ context }) => ({ email: context.email }),
        onDone: 'askCode',
        onError: { target: 'askEmail', actions: 'keepError' },
      },
    },
    askCode: {
      on: {
        VERIFY: 'verifying',
        SEND_CODE: { target: 'sendingCode', actions: 'clearError' },
      },
    },
    verifying: {
      tags: ['busy'],
      invoke: {
        src: 'verify',
        input: ({ context, event }) => ({ email: context.email, code: (event as { code: string }).code }),
        onDone: { target: 'signedIn', actions: 'clearError' },
        onError: { target: 'askCode', actions: 'keepError' },
      },
    },
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
