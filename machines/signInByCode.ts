/**
 * The applicant's sign-in by emailed code (the application's own code and session), shared by "Your data"
 * (machines/yourData.machine.ts) and the interview page (machines/interviewBooking.machine.ts): the address, the code
 * sent, the code checked. Each machine spreads these states into its own chart so that its states keep their names
 * (`askEmail`, `askCode`), and says where a verified applicant goes next.
 */
import { assign, fromPromise, type EventObject } from 'xstate';

export type SignInEvent = { type: 'SEND_CODE'; email: string } | { type: 'VERIFY'; code: string };

const failureOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The two requests the page provides. */
export const signInActors = {
  sendCode: fromPromise<void, { email: string }>(async () => undefined),
  verify: fromPromise<void, { email: string; code: string }>(async () => undefined),
};

/** What the sign-in keeps in the machine's context. */
export type SignInContext = { email: string; error: string };

/**
 * The sign-in's actions for a machine with this context and these events: the address kept as typed (trimmed), a
 * failure kept in the server's words, and cleared when the applicant tries again.
 */
export function signInActions<TContext extends SignInContext, TEvent extends EventObject>() {
  return {
    keepEmail: assign<TContext, TEvent, undefined, TEvent, never>(({ context, event }) => ({
      ...context,
      email: (event as unknown as { email: string }).email.trim(),
    })),
    keepError: assign<TContext, TEvent, undefined, TEvent, never>(({ context, event }) => ({
      ...context,
      error: failureOf((event as unknown as { error?: unknown }).error),
    })),
    clearError: assign<TContext, TEvent, undefined, TEvent, never>(({ context }) => ({
      ...context,
      error: '',
    })),
  };
}

/** The sign-in states; `signedIn` is the state a verified applicant enters. */
export function signInStates<Target extends string>(signedIn: Target) {
  return {
    askEmail: {
      on: {
        SEND_CODE: {
          target: 'sendingCode',
          actions: ['keepEmail', 'clearError'],
        },
      },
    },
    sendingCode: {
      tags: ['busy'],
      invoke: {
        src: 'sendCode',
        input: ({ context }: { context: { email: string } }) => ({ email: context.email }),
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
        input: ({ context, event }: { context: { email: string }; event: { type: string } }) => ({
          email: context.email,
          code: (event as unknown as { code: string }).code,
        }),
        onDone: { target: signedIn, actions: 'clearError' },
        onError: { target: 'askCode', actions: 'keepError' },
      },
    },
  } as const;
}

/** The form a machine built with `signInStates` shows in its current state. */
export function signInStep(state: {
  matches: (value: 'askEmail' | 'sendingCode' | 'askCode' | 'verifying') => boolean;
}): 'email' | 'code' | null {
  if (state.matches('askEmail') || state.matches('sendingCode')) return 'email';
  if (state.matches('askCode') || state.matches('verifying')) return 'code';
  return null;
}
