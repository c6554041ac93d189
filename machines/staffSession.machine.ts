/**
 * A team member's session in the staff back office (/staff): signed out → code sent → signed in → signed out. The
 * screens only render its state and send its events; the calls to the staff API are actors given with `.provide()`
 * (src/staff/staffActors.ts), so the chart is tested without a server.
 */
import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from './notProvided';
import { alertsOf, alertsTo, failTo, failureAlerts, failureMessage } from './staffFailure';
import type { BusyTag, NoMeta } from './tags';
import type { ErrorMap } from './rules/messages';
import { FIELD_MESSAGES, MESSAGES } from './rules/messages';
import { EMAIL_PATTERN, normalizeEmail } from './rules/schemas';
import { STAFF_MESSAGES } from './rules/staff/messages';
import { type StaffRole } from './rules/staff/roles';

export interface StaffMe {
  email: string;
  role: StaffRole;
  /** The programme's locale, in which the staff pages write dates (machines/rules/staffDates.ts). */
  locale: string;
}

export interface StaffSessionContext {
  email: string;
  me: StaffMe | null;
  errors: ErrorMap;
  /** A message that belongs to no field (a network failure, the server's refusal). */
  message?: string;
  /** What happened, read out politely: code sent, signed out. */
  notice?: string;
}

export type StaffSessionEvent =
  | { type: 'SEND_CODE'; email: string }
  | { type: 'VERIFY'; code: string }
  | { type: 'CHANGE_EMAIL' }
  | { type: 'SIGN_OUT' }
  /** Any staff call answered 401: the session ended (expired, or signed out in another tab). */
  | { type: 'SESSION_LOST' };

/** What the staff pages ask: checking the session; the code step (still so while verifying); signed in (still so while
 * signing out). */
export type StaffSessionTag = BusyTag | 'checking' | 'codeStep' | 'signedIn';

export const staffSessionMachine = setup({
  types: {
    context: {} as StaffSessionContext,
    events: {} as StaffSessionEvent,
    meta: {} as NoMeta,
    tags: {} as StaffSessionTag,
  },
  actors: {
    whoAmI: fromPromise<StaffMe>(notProvided('whoAmI')),
    sendCode: fromPromise<void, { email: string }>(notProvided('sendCode')),
    verify: fromPromise<StaffMe, { email: string; code: string }>(notProvided('verify')),
    signOut: fromPromise<void>(notProvided('signOut')),
  },
  guards: {
    emailValid: ({ event }) => event.type === 'SEND_CODE' && EMAIL_PATTERN.test(normalizeEmail(event.email)),
    codeValid: ({ event }) => event.type === 'VERIFY' && /^\d{6}$/.test(event.code.trim()),
  },
  actions: {
    clearErrors: assign({ errors: {}, message: undefined, notice: undefined }),
    showFailure: assign({ message: failureMessage }),
    showAlerts: assign(failureAlerts),
  },
}).createMachine({
  id: 'staffSession',
  initial: 'checking',
  context: { email: '', me: null, errors: {} },
  states: {
    checking: {
      tags: 'checking',
      invoke: {
        id: 'whoAmI',
        src: 'whoAmI',
        onDone: { target: 'signedIn', actions: assign({ me: ({ event }) => event.output }) },
        // Not signed in (401) or the server is away: either way the sign-in form is where to start.
        onError: 'signedOut',
      },
    },
    signedOut: {
      on: {
        SEND_CODE: [
          {
            guard: 'emailValid',
            target: 'sendingCode',
            actions: ['clearErrors', assign({ email: ({ event }) => normalizeEmail(event.email) })],
          },
          {
            actions: assign({
              email: ({ event }) => event.email,
              errors: ({ event }) => ({
                email: [event.email.trim() ? MESSAGES.emailFormat : FIELD_MESSAGES.email],
              }),
              message: undefined,
              notice: undefined,
            }),
          },
        ],
      },
    },
    sendingCode: {
      tags: 'busy',
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: ({ context }) => ({ email: context.email }),
        onDone: { target: 'codeSent', actions: assign({ notice: STAFF_MESSAGES.codeSent }) },
        onError: alertsTo('signedOut'),
      },
    },
    codeSent: {
      tags: 'codeStep',
      on: {
        VERIFY: [
          { guard: 'codeValid', target: 'verifying', actions: assign({ errors: {}, message: undefined }) },
          { actions: assign({ errors: { token: [MESSAGES.otpFormat] }, message: undefined }) },
        ],
        CHANGE_EMAIL: { target: 'signedOut', actions: 'clearErrors' },
      },
    },
    verifying: {
      tags: ['busy', 'codeStep'],
      invoke: {
        id: 'verify',
        src: 'verify',
        input: ({ context, event }) => ({
          email: context.email,
          code: event.type === 'VERIFY' ? event.code.trim() : '',
        }),
        onDone: {
          target: 'signedIn',
          actions: [
            'clearErrors',
            assign({ me: ({ event }) => event.output, notice: STAFF_MESSAGES.signedIn }),
          ],
        },
        onError: {
          target: 'codeSent',
          actions: assign(({ event }) => ({ ...alertsOf(event.error), notice: undefined })),
        },
      },
    },
    signedIn: {
      tags: 'signedIn',
      on: {
        SIGN_OUT: { target: 'signingOut', actions: 'clearErrors' },
        SESSION_LOST: {
          target: 'signedOut',
          actions: assign({ me: null, errors: {}, message: undefined, notice: STAFF_MESSAGES.needSignIn }),
        },
      },
    },
    signingOut: {
      tags: ['busy', 'signedIn'],
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onDone: {
          target: 'signedOut',
          actions: assign({ me: null, notice: STAFF_MESSAGES.signedOut }),
        },
        onError: failTo('signedIn'),
      },
    },
  },
});
