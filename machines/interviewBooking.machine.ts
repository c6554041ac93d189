/**
 * The applicant's interview page (`/apply/interview`, docs/decisions/175-the-interview-stage.md): opened cold from
 * the invitation email, it asks for the emailed code like "Your data" (the application's own sign-in and session),
 * then lists the free slots and books one. A slot someone else took meanwhile is said in our words and the list is
 * read again. Side effects are actors the page provides (src/after-submission/InterviewPage.tsx).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { ApplicantInterview } from './rules/interview';
import type { BusyTag, NoMeta } from './tags';

export type InterviewBookingEvent =
  { type: 'SEND_CODE'; email: string } | { type: 'VERIFY'; code: string } | { type: 'BOOK'; slot: number };

const failureOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const interviewBookingMachine = setup({
  types: {
    context: {} as { email: string; error: string; notice: string; interview: ApplicantInterview | null },
    events: {} as InterviewBookingEvent,
    meta: {} as NoMeta,
    tags: {} as BusyTag,
  },
  actors: {
    /** The session's interview, or null without a session (401). */
    load: fromPromise<ApplicantInterview | null>(async () => null),
    sendCode: fromPromise<void, { email: string }>(async () => undefined),
    verify: fromPromise<void, { email: string; code: string }>(async () => undefined),
    /** Resolves with the server's words ("Your interview is booked for …"). */
    book: fromPromise<string, { slot: number }>(async () => ''),
  },
  actions: {
    keepError: assign({ error: ({ event }) => failureOf((event as { error?: unknown }).error) }),
    clearError: assign({ error: '' }),
  },
}).createMachine({
  id: 'interviewBooking',
  context: { email: '', error: '', notice: '', interview: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'load',
        onDone: [
          {
            guard: ({ event }) => event.output !== null,
            target: 'ready',
            actions: assign({ interview: ({ event }) => event.output }),
          },
          { target: 'askEmail' },
        ],
        onError: { target: 'askEmail', actions: 'keepError' },
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
        onDone: { target: 'loading', actions: 'clearError' },
        onError: { target: 'askCode', actions: 'keepError' },
      },
    },
    ready: {
      on: { BOOK: { target: 'booking', actions: [assign({ notice: '' }), 'clearError'] } },
    },
    booking: {
      tags: ['busy'],
      invoke: {
        src: 'book',
        input: ({ event }) => ({ slot: (event as { slot: number }).slot }),
        onDone: { target: 'loading', actions: assign({ notice: ({ event }) => event.output }) },
        // Taken meanwhile, or any refusal: say it, and read the list again.
        onError: { target: 'loading', actions: 'keepError' },
      },
    },
  },
});
