/**
 * The application wizard as one statechart (docs/product.md §4, docs/design.md §4), assembled from its parts: the
 * setup (machines/application.setup.ts), each wizard step's state from its file (machines/steps/), the resume choice
 * and the screens after submission. Each screen is a state whose `meta` carries its route and step; the URL follows
 * the machine, and a URL typed, reloaded or reached with back/forward comes in as NAVIGATE, whose guards apply the
 * route table of docs/product.md §2.2.
 */
import { and, not, stateIn, type SnapshotFrom } from 'xstate';
import { applicationSetup } from './application.setup';
import { defaults } from './persistence';
import { resumeOrder } from './resume';
import type { ParentRef } from './parentRef';
import type { Standing } from './review.machine';
import { STANDING_MESSAGES } from './rules/standing';
import { SELECTION_QUIZ } from './rules/quiz';
import { SCREEN_TABLE, screenMeta, type ScreenMeta } from './screens';
import { STEP_STATES } from './stepStates';
import type { NextStep } from './stepStates/shared';
import { STEP_SPECS } from './steps';
import type { WithdrawnEvent } from './withdrawal.machine';

export {
  progressOf,
  SCREEN_TABLE,
  SECTIONS,
  WIZARD_STEPS,
  type ScreenMeta,
  type ScreenState,
} from './screens';
export type {
  ApplicationEvent,
  ApplicationInput,
  ApplicationMachineContext,
  FieldValue,
  FormField,
  PersistedApplication,
} from './persistence';
export { resolveRoute, screenStateOf } from './routeAccess';
export { resumeState } from './resume';
export { cleaned } from './steps/communications';
export { eligibilityPayload } from './steps/eligibility';
export { employmentPayload } from './steps/employment';
export { otherPayload } from './steps/other';

/** The state the applicant goes on to after the last step: the submission's. */
const AFTER_LAST_STEP = 'success';

/**
 * Each step's state under its name (machines/stepStates/), in the list's order (machines/steps/index.ts): its meta
 * (route, number, title) from the screen table, and its way on to the step after it in the list, so that a step added
 * to the list is reached from the step before it without a change there.
 */
const stepStates = () =>
  Object.fromEntries(
    STEP_SPECS.map((step, i) => {
      const state = step.row.state as keyof typeof STEP_STATES;
      const next: NextStep = `#application.${STEP_SPECS[i + 1]?.row.state ?? AFTER_LAST_STEP}`;
      return [state, Object.assign(STEP_STATES[state](applicationSetup, next), { meta: screenMeta(state) })];
    }),
  ) as { [S in keyof typeof STEP_STATES]: ReturnType<(typeof STEP_STATES)[S]> & { meta: ScreenMeta } };

/** The paths and states of the screen table (machines/screens.ts), for the NAVIGATE guards and the URL checks. */
export const ROUTES = SCREEN_TABLE;

/**
 * Sign out, on every screen after submission (a shared phone, a cybercafé): the server ends the session and clears
 * its cookie, then this browser forgets the application and starts again at Get Started. If the server cannot be
 * reached the applicant stays where they were, told so, still signed in.
 */
const signOutSteps = {
  initial: 'signedIn',
  states: {
    signedIn: { on: { SIGN_OUT: { target: 'signingOut', actions: 'clearSignOutError' } } },
    signingOut: {
      tags: 'busy',
      invoke: {
        src: 'signOut',
        id: 'signOut',
        onDone: { target: '#application.getStarted', actions: 'forget' },
        onError: {
          target: 'signedIn',
          actions: 'showSignOutError',
        },
      },
    },
  },
} as const;

/**
 * The withdrawal button and dialog, on each standing the applicant may withdraw from (the server's `withdrawable`
 * says whether the button shows; decision 250).
 */
const withdrawal = {
  src: 'withdrawal',
  id: 'withdrawal',
  input: ({ self }: { self: ParentRef<WithdrawnEvent> }) => ({ parent: self }),
} as const;

/** The confirmation's state for each standing the server may give (under review otherwise). */
const STANDING_STATES = [
  ['accepted', 'accepted'],
  ['waitlisted', 'waitlisted'],
  ['not_successful', 'notSuccessful'],
  ['withdrawn', 'withdrawn'],
] as const satisfies readonly (readonly [Standing, string])[];

export const applicationMachine = applicationSetup.createMachine({
  id: 'application',
  context: ({ input }) => defaults(input),
  initial: 'boot',
  on: {
    // The no-op comes first for each screen, so a NAVIGATE to where we already are keeps the screen's state. An
    // address opened (typed, reloaded, Back or Forward) ends a sign-in: /apply is then for a new application
    // (decision 227).
    NAVIGATE: ROUTES.flatMap(({ state }) => [
      {
        guard: and([{ type: 'routesTo', params: { state } }, stateIn(`#application.${state}`)]),
        actions: 'endSignIn',
      },
      { guard: { type: 'routesTo', params: { state } }, target: `.${state}`, actions: 'endSignIn' },
    ]),
    'FIELD.CHANGE': { actions: 'setField' },
    'CODE.CHANGE': { actions: { type: 'setToken', params: ({ event }) => ({ token: event.value }) } },
  },
  states: {
    // Waits for the first NAVIGATE (the URL the app was opened at).
    boot: {},

    // A transient choice: a proved applicant goes on from the furthest screen they reached.
    resume: {
      always: [
        { guard: 'returnsToVideo', target: 'selectionVideo', actions: 'endSignIn' },
        ...resumeOrder().map((state) => ({
          guard: { type: 'resumesAt', params: { state } } as const,
          target: state,
        })),
        { target: 'eligibility' },
      ],
    },

    // The wizard's steps, each from its own file.
    ...stepStates(),

    success: {
      meta: screenMeta('success'),
      on: { CONTINUE: 'selectionVideo' },
      ...signOutSteps,
      // The live status beside the next step. Without an answer (no session here: this page is reached with Back)
      // the page simply shows none; the failure is handled, so it cannot stop the machine.
      invoke: {
        src: 'loadStanding',
        id: 'loadStanding',
        onDone: { actions: 'keepStanding' },
        onError: { actions: 'keepStanding' },
      },
    },

    selectionVideo: {
      meta: screenMeta('selectionVideo'),
      ...signOutSteps,
      invoke: {
        src: 'videoQuiz',
        id: 'videoQuiz',
        input: ({ context, self }) => ({
          parent: self,
          email: context.form.email,
          videoProgress: context.form.videoProgress,
          isVideoEnded: context.form.isVideoEnded,
          attemptCounter: context.form.attemptCounter,
          quizTime: context.quizTime,
          rewatchTime: SELECTION_QUIZ.rewatchTime,
          progressSubmitted: context.videoProgressSubmitted,
        }),
        // The quiz machine finishes only when Continue is pressed after the end of the video; its output is the
        // progress the server now holds (saved at the end), so a later resume lands on the confirmation.
        onDone: {
          target: 'confirmation',
          actions: { type: 'keepVideoResult', params: ({ event }) => ({ video: event.output }) },
        },
      },
      on: {
        BACK: 'success',
        // Opened signed out (the submission email's link on another phone): anyone may watch; signing in saves the
        // progress and the quiz, and comes back here (decision 243).
        SIGN_IN: {
          guard: not('isSubmitted'),
          target: 'getStarted',
          actions: { type: 'startSignIn', params: { returnTo: 'selectionVideo' } },
        },
        'VIDEO.SUBMITTED': { actions: 'markVideoSubmitted' },
        'VIDEO.PROGRESS': { actions: 'keepVideoProgress' },
      },
    },

    // The page the acceptance email links to: the banner and the payment options only for an applicant the server
    // says is accepted; anyone else is told where they stand (docs/decisions/121-a-decision-is-held-until-released.md).
    confirmation: {
      meta: screenMeta('confirmation'),
      type: 'parallel',
      states: {
        session: signOutSteps,
        standing: {
          initial: 'checking',
          on: { WITHDRAWN: { target: '.withdrawn', actions: 'keepWithdrawnStanding' } },
          states: {
            // Only a browser that proved the email of a submitted application asks; anyone else is asked to sign in.
            checking: { always: [{ guard: 'isSubmitted', target: 'loading' }, { target: 'signedOut' }] },
            loading: {
              tags: 'busy',
              invoke: {
                src: 'loadStanding',
                id: 'loadStanding',
                onDone: { target: 'known', actions: 'keepStanding' },
                onError: {
                  target: 'unavailable',
                  actions: { type: 'showFailure', params: { fallback: STANDING_MESSAGES.unavailable } },
                },
              },
            },
            known: {
              always: [
                ...STANDING_STATES.map(([standing, target]) => ({
                  guard: { type: 'standingIs', params: { standing } } as const,
                  target,
                })),
                { target: 'underReview' },
              ],
            },
            accepted: {
              invoke: [
                {
                  src: 'paymentChoice',
                  id: 'paymentChoice',
                  input: ({ context, self }) => ({
                    parent: self,
                    email: context.form.email,
                    formCountry: context.form.country,
                    paymentOption: context.form.paymentOption,
                  }),
                },
                withdrawal,
                {
                  src: 'reminder',
                  id: 'reminder',
                  input: ({ context, self }) => ({
                    parent: self,
                    email: context.form.email,
                    reminderSet: context.reminderSet,
                    reminderDate: context.reminderDate,
                    now: context.now(),
                  }),
                },
              ],
              on: {
                'PAYMENT.CHOSEN': {
                  actions: { type: 'keepPaymentOption', params: ({ event }) => ({ option: event.option }) },
                },
                'PAYMENT.FAILED': '#application.failed',
                'REMINDER.SET': {
                  actions: {
                    type: 'keepReminder',
                    params: ({ event }) => ({ reminderDate: event.reminderDate }),
                  },
                },
              },
            },
            underReview: { invoke: withdrawal },
            waitlisted: { invoke: withdrawal },
            notSuccessful: {},
            withdrawn: {},
            // Signing back in is a sign-in: Get Started without the cohort a new application would get (decision 227).
            signedOut: { on: { SIGN_IN: { target: '#application.getStarted', actions: 'startSignIn' } } },
            unavailable: { on: { RETRY: { target: 'loading', actions: 'clearErrors' } } },
          },
        },
      },
    },

    failed: {
      meta: screenMeta('failed'),
      on: { BACK: 'confirmation' },
      ...signOutSteps,
    },
  },
});

export type ApplicationSnapshot = SnapshotFrom<typeof applicationMachine>;

/** The meta of the screen the machine is on: its route, step and title. */
export function currentScreen(snapshot: ApplicationSnapshot): ScreenMeta | null {
  // getMeta() is not typed by the machine's meta type (xstate 5): each screen state's meta is a ScreenMeta.
  const metas = Object.values(snapshot.getMeta()) as (ScreenMeta | undefined)[];
  return metas.find((m) => m?.path) ?? null;
}
