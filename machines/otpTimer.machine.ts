import { assign, fromCallback, setup } from 'xstate';
import type { NoMeta, NoTags } from './tags';

export interface OtpTimerInput {
  /** When a new code may be asked for (epoch ms): a deadline survives a reload, an `after` timer would not. */
  availableAt: number;
}

export type OtpTimerEvent = { type: 'TICK'; now: number };

/**
 * The resend countdown. Time comes in from the `clock` actor (a one-second ticker the app provides), so the
 * machine stays pure and tests drive it with TICK events.
 */
export const otpTimerMachine = setup({
  types: {
    input: {} as OtpTimerInput,
    context: {} as { availableAt: number; remaining: number },
    events: {} as OtpTimerEvent,
    meta: {} as NoMeta,
    tags: {} as NoTags,
  },
  actors: {
    clock: fromCallback<OtpTimerEvent>(() => () => undefined),
  },
  guards: {
    isDue: ({ context, event }) => event.now >= context.availableAt,
  },
  actions: {
    updateRemaining: assign({
      remaining: ({ context, event }) => Math.max(0, Math.ceil((context.availableAt - event.now) / 1000)),
    }),
  },
}).createMachine({
  id: 'otpTimer',
  context: ({ input }) => ({ availableAt: input.availableAt, remaining: Number.NaN }),
  initial: 'counting',
  states: {
    counting: {
      invoke: { src: 'clock', id: 'clock' },
      on: {
        TICK: [
          { guard: 'isDue', target: 'ready', actions: 'updateRemaining' },
          { actions: 'updateRemaining' },
        ],
      },
    },
    // Final, so the parent learns through its invoke's onDone that Resend OTP is allowed.
    ready: { type: 'final' },
  },
});
