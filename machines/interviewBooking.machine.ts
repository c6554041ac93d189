/**
 * The applicant's interview page (`/apply/interview`, docs/decisions/175-the-interview-stage.md): opened cold from
 * the invitation email, it asks for the emailed code like "Your data" (the application's own sign-in and session),
 * then lists the free slots and books one. A slot someone else took meanwhile is said in our words and the list is
 * read again. Side effects are actors the page provides (src/after-submission/InterviewPage.tsx).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { ApplicantInterview } from './rules/interview';
import type { BusyTag, NoMeta } from './tags';
import {
  signInActions,
  signInActors,
  signInStates,
  type SignInContext,
  type SignInEvent,
} from './signInByCode';

export type InterviewBookingEvent = SignInEvent | { type: 'BOOK'; slot: number };

type InterviewBookingContext = SignInContext & { notice: string; interview: ApplicantInterview | null };

export const interviewBookingMachine = setup({
  types: {
    context: {} as InterviewBookingContext,
    events: {} as InterviewBookingEvent,
    meta: {} as NoMeta,
    tags: {} as BusyTag,
  },
  actors: {
    /** The session's interview, or null without a session (401). */
    load: fromPromise<ApplicantInterview | null>(async () => null),
    ...signInActors,
    /** Resolves with the server's words ("Your interview is booked for …"). */
    book: fromPromise<string, { slot: number }>(async () => ''),
  },
  actions: signInActions<InterviewBookingContext, InterviewBookingEvent>(),
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
    ...signInStates('loading'),
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
