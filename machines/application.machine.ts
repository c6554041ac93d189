/**
 * The application wizard as one statechart (docs/product.md §4, docs/design.md §4). Each screen is a state whose `meta` carries
 * its route and step; the URL follows the machine, and a URL typed, reloaded or reached with back/forward comes in
 * as NAVIGATE, whose guards apply the route table of docs/product.md §2.2. Side effects are actors provided by the app.
 */
import { and, assign, fromCallback, fromPromise, setup, stateIn, type SnapshotFrom } from 'xstate';
import { notProvided } from './notProvided';
import {
  SCREEN_TABLE,
  screenAt,
  screenMeta,
  type Access,
  type ScreenMeta,
  type ScreenState,
} from './screens';
import {
  emptyApplication,
  fromSavedApplication,
  MESSAGES,
  OTHERS_ANSWERS,
  codeWaitSeconds,
  scoreEligibility,
  goesToEligibilityReview,
  opensLaterSteps,
  toCreatePayload,
  toFailure,
  validateGroup,
  normalizePhone,
  checkCvFile,
  FIELD_MESSAGES,
  type ApplicationForm,
  type Cohort,
  type CreatePayload,
  type EligibilityPayload,
  type EmploymentPayload,
  type ErrorMap,
  type LookupResult,
  type OtherPayload,
  type SavedApplication,
  type SubmitPayload,
  type SubmitResult,
  type ValidationGroup,
} from './rules';
import { otpTimerMachine } from './otpTimer.machine';
import type { Standing } from './review.machine';
import type { ApplicantStanding, VideoData } from './rules/contract';
import { STANDING_MESSAGES } from './rules/standing';
import { SELECTION_QUIZ } from './rules/quiz';
import { videoQuizMachine } from './videoQuiz.machine';
import { paymentChoiceMachine } from './paymentChoice.machine';
import { reminderMachine } from './reminder.machine';
import type { BusyTag, DialogTag } from './tags';

export { SCREEN_TABLE, WIZARD_STEPS, type ScreenMeta, type ScreenState } from './screens';

/** What survives a reload (docs/product.md §3.2's stored values), saved by the app after every change. */
export interface PersistedApplication {
  form: ApplicationForm;
  cohort: Cohort | null;
  started: boolean;
  existing: boolean;
  submitted: boolean;
  reminderSet: boolean;
  /** The reminder's moment (ISO), so that the confirmation can name it after a reload. */
  reminderDate: string;
  /** The one-time manual save of the video progress was made ('Once submitted, you can't change your progress'). */
  videoProgressSubmitted: boolean;
  otp: { availableAt: number; resendCount: number };
  /** The cohort the submitted application went to, and whether it is on that cohort's waitlist. */
  submitResult: SubmitResult | null;
}

export interface ApplicationInput {
  persisted?: Partial<PersistedApplication> | null;
  /** `?ref=` from the URL the visitor arrived with. */
  referralCode?: string | null;
  /** The clock, read only when a countdown starts; the app passes Date.now. */
  now?: () => number;
  /** Seconds into the selection video at which the quiz appears (configurable for short test clips). */
  quizTime?: number;
}

export interface ApplicationMachineContext extends PersistedApplication {
  /** The code typed on the verify screen; never stored. */
  token: string;
  errors: ErrorMap;
  errorMessage: string;
  /** Why the last sign-out failed, shown beside the Sign out button; empty otherwise. */
  signOutError: string;
  notice: string;
  canResend: boolean;
  cvFile: File | null;
  upload: { loaded: number; total: number } | null;
  now: () => number;
  quizTime: number;
  /** Where the application stands, as the server last said (never stored: it is read live on each visit). */
  standing: ApplicantStanding | null;
}

export type FormField = keyof ApplicationForm;
export type FieldValue = ApplicationForm[FormField];

export type ApplicationEvent =
  | { type: 'NAVIGATE'; path: string }
  | { type: 'FIELD.CHANGE'; field: FormField; value: FieldValue }
  | { type: 'CODE.CHANGE'; value: string }
  | { type: 'SAVE' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'DIALOG.CLOSE' }
  | { type: 'RESEND' }
  | { type: 'EMAIL.CHANGE' }
  | { type: 'PROCEED' }
  | { type: 'SUBMIT' }
  | { type: 'CONTINUE' }
  | { type: 'BACK' }
  | { type: 'CV.SELECT'; file: File }
  | { type: 'CV.HELP' }
  | { type: 'CV.SENT' }
  | { type: 'UPLOAD.PROGRESS'; loaded: number; total: number }
  | { type: 'UPLOAD.DONE'; filename: string }
  | { type: 'UPLOAD.FAILED'; message: string; errors: ErrorMap }
  | { type: 'VIDEO.PROGRESS'; videoProgress: number; isVideoEnded: boolean; attemptCounter: number }
  | { type: 'PAYMENT.CHOSEN'; option: string }
  | { type: 'PAYMENT.FAILED' }
  | { type: 'SIGN_OUT' }
  | { type: 'REMINDER.SET'; reminderDate: string }
  | { type: 'VIDEO.SUBMITTED' }
  /** Ask the server again where the application stands, after a failed check. */
  | { type: 'RETRY' };

/** The paths and states of the screen table (machines/screens.ts), for the NAVIGATE guards and the URL checks. */
export const ROUTES = SCREEN_TABLE;

/** The screen a snapshot is on (its top-level state), or null while it waits for the first NAVIGATE. */
export function screenStateOf(snapshot: { value: string | object }): ScreenState | null {
  const top = typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0];
  return top === 'boot' || top === 'resume' ? null : (top as ScreenState);
}

const isVerified = (c: PersistedApplication) => c.started && Boolean(c.form.email_verified_at);

/**
 * Where a path may take this applicant: the screen itself, or the nearest screen they are allowed to see (not
 * started → Get Started; not verified → the code; not eligible → the eligibility answers; not submitted → the
 * open questions). A verified applicant asking for the code screen goes on to eligibility. The steps after
 * eligibility follow the server's rule (opensLaterSteps): whoever it would refuse stays on eligibility.
 */
export function resolveRoute(context: PersistedApplication, path: string): ScreenState | null {
  const route = screenAt(path);
  if (!route) return null;
  const started = context.started;
  const verified = isVerified(context);
  const access: Access = route.access;
  if (access === 'anyone') return route.state;
  if (!started) return 'getStarted';
  // Once the application exists, its bio data and contact details show only to whoever proved the email.
  if (access === 'ownAnswers') return context.existing && !verified ? 'verifyEmail' : route.state;
  if (access === 'unproved') return verified ? 'eligibility' : route.state;
  if (!verified) return 'verifyEmail';
  if (access === 'verified') return route.state;
  // The server's own rule: an application not scored eligible stays on its eligibility answers or result.
  if (!opensLaterSteps(context.form.eligibilityStatus)) return 'eligibility';
  if (access === 'eligible') return route.state;
  return context.submitted ? route.state : 'other';
}

/** The furthest screen a returning applicant may resume on. */
export function resumeState(context: PersistedApplication): ScreenState {
  // Whoever watched the video to the end has been on the confirmation: that is where they come back to.
  // An application in eligibility review is submitted too, but its page is its eligibility result.
  if (!opensLaterSteps(context.form.eligibilityStatus)) return 'eligibility';
  if (context.submitted) return context.form.isVideoEnded ? 'confirmation' : 'success';
  return context.form.employment_status ? 'other' : 'employment';
}

const defaults = (input: ApplicationInput): ApplicationMachineContext => {
  const p = input.persisted ?? {};
  const form = { ...emptyApplication(), ...(p.form ?? {}) };
  if (input.referralCode) form.referrer = input.referralCode;
  return {
    form,
    cohort: p.cohort ?? null,
    started: p.started ?? false,
    existing: p.existing ?? false,
    submitted: p.submitted ?? false,
    reminderSet: p.reminderSet ?? false,
    reminderDate: p.reminderDate ?? '',
    videoProgressSubmitted: p.videoProgressSubmitted ?? false,
    otp: { availableAt: p.otp?.availableAt ?? 0, resendCount: p.otp?.resendCount ?? 0 },
    submitResult: p.submitResult ?? null,
    token: '',
    errors: {},
    errorMessage: '',
    signOutError: '',
    notice: '',
    canResend: false,
    cvFile: null,
    upload: null,
    now: input.now ?? (() => 0),
    quizTime: input.quizTime ?? SELECTION_QUIZ.time,
    standing: null,
  };
};

/** SAVE on a form: on to `target` when the group's answers are valid, otherwise its messages as red alerts. */
const whenValid = (group: ValidationGroup, target: string, only?: readonly string[]) => {
  const params = only ? { group, only } : { group };
  return [
    { guard: { type: 'valid', params }, target, actions: 'clearErrors' },
    { actions: { type: 'showErrors', params } },
  ] as const;
};

/** The 'Yes, continue' / 'Edit' dialog before a save that cannot be undone. */
const confirmStep = { tags: 'dialog', on: { CONFIRM: 'saving', CANCEL: 'editing' } } as const;

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

/** A code not sent (first, or again): its message shows, and the wait it names (or none) starts. */
const codeNotSent = {
  target: 'entering',
  actions: [
    { type: 'showFailure', params: { fallback: MESSAGES.registrationFailed } },
    'countdownAfterFailure',
  ],
} as const;

/** The wait the server named with a code it sent. */
const waitAsTold = ({ event }: { event: { output: { retryAfter: number } } }) => ({
  retryAfter: event.output.retryAfter,
});

/** The screens a returning applicant may resume on, furthest first (eligibility otherwise). */
const RESUME_ORDER = [
  'confirmation',
  'success',
  'other',
  'employment',
] as const satisfies readonly ScreenState[];

/** The confirmation's state for each standing the server may give (under review otherwise). */
const STANDING_STATES = [
  ['accepted', 'accepted'],
  ['waitlisted', 'waitlisted'],
  ['not_successful', 'notSuccessful'],
  ['withdrawn', 'withdrawn'],
] as const satisfies readonly (readonly [Standing, string])[];

/** The resend button comes back `wait` seconds from now. */
const countdown = (context: ApplicationMachineContext, wait: number) => ({
  otp: { ...context.otp, availableAt: context.now() + wait * 1000 },
  canResend: false,
});

const withoutField = (errors: ErrorMap, field: string): ErrorMap => {
  const rest = { ...errors };
  delete rest[field];
  return rest;
};

/**
 * The form as it is sent and kept: trimmed, the email in lower case, the phone numbers as the server stores them
 * (in international form, read in the country picked on Bio Data).
 */
export function cleaned(form: ApplicationForm): ApplicationForm {
  return {
    ...form,
    email: form.email.trim().toLowerCase(),
    phone: normalizePhone(form.phone, form.country),
    whatsapp_phone: normalizePhone(form.whatsapp_phone, form.country),
  };
}

function loadSaved(
  context: ApplicationMachineContext,
  saved: SavedApplication,
): Partial<ApplicationMachineContext> {
  return {
    form: fromSavedApplication(saved, context.form),
    started: true,
    existing: true,
    submitted: Boolean(saved.submitted_at),
    submitResult: saved.submitted_at
      ? { cohort: { id: saved.cohort.id, name: saved.cohort.name }, waitlisted: saved.cohort.waitlisted }
      : null,
    // The server holds the reminder: another device, or a cleared browser, still shows it as set.
    reminderSet: Boolean(saved.reminder_date) || context.reminderSet,
    reminderDate: saved.reminder_date || context.reminderDate,
    token: '',
  };
}

export const eligibilityPayload = (form: ApplicationForm): EligibilityPayload => {
  const eligibility = {
    openness_to_tools: form.openness_to_tools,
    work_disruption_feelings: form.work_disruption_feelings,
    feedback_handling: form.feedback_handling,
    approach_to_new_tasks: form.approach_to_new_tasks,
    education_focus: form.education_focus,
    highest_qualification: form.highest_qualification,
  };
  return {
    email: form.email,
    eligibility,
    eligible: scoreEligibility(eligibility).status,
    // The server then accepts the submission without an uploaded CV, and staff see that it came by email.
    cv_sent_by_email: form.cv_sent_by_email && !form.pdf,
  };
};

export const employmentPayload = (form: ApplicationForm): EmploymentPayload => ({
  email: form.email,
  employment: {
    employment_status: form.employment_status,
    unemployment_duration: form.unemployment_duration,
    work_experience_years: form.work_experience_years,
    service_completion_date: form.service_completion_date,
    reason_for_leaving: form.reason_for_leaving,
    exit_timeline: form.exit_timeline,
    // 0 is 'not set': an untouched scale sends nothing, and the server keeps it unset.
    ...(form.job_urgency ? { job_urgency: form.job_urgency } : {}),
  },
});

export const otherPayload = (form: ApplicationForm): OtherPayload => ({
  email: form.email,
  other: {
    key_challenge: form.key_challenge,
    leadership_experience: form.leadership_experience,
    distractions: form.distractions,
    bootcamp_expectations: form.bootcamp_expectations,
  },
});

export const applicationMachine = setup({
  types: {
    input: {} as ApplicationInput,
    context: {} as ApplicationMachineContext,
    events: {} as ApplicationEvent,
    meta: {} as ScreenMeta,
    tags: {} as BusyTag | DialogTag,
  },
  actors: {
    loadCohort: fromPromise<Cohort>(notProvided('loadCohort')),
    lookupApplication: fromPromise<LookupResult, { email: string }>(notProvided('lookupApplication')),
    createApplication: fromPromise<{ retryAfter: number }, CreatePayload>(notProvided('createApplication')),
    sendCode: fromPromise<{ message: string; retryAfter: number }, { email: string }>(
      notProvided('sendCode'),
    ),
    verifyCode: fromPromise<SavedApplication, { email: string; token: string }>(notProvided('verifyCode')),
    saveEligibility: fromPromise<{ status: ApplicationForm['eligibilityStatus'] }, EligibilityPayload>(
      notProvided('saveEligibility'),
    ),
    uploadCv: fromCallback<ApplicationEvent, { email: string; file: File }>(notProvided('uploadCv')),
    saveEmployment: fromPromise<void, EmploymentPayload>(notProvided('saveEmployment')),
    submitApplication: fromPromise<SubmitResult, { other: OtherPayload; submit: SubmitPayload }>(
      notProvided('submitApplication'),
    ),
    signOut: fromPromise<void>(notProvided('signOut')),
    loadStanding: fromPromise<ApplicantStanding>(notProvided('loadStanding')),
    otpTimer: otpTimerMachine,
    videoQuiz: videoQuizMachine,
    paymentChoice: paymentChoiceMachine,
    reminder: reminderMachine,
  },
  guards: {
    routesTo: ({ context, event }, params: { state: ScreenState }) =>
      event.type === 'NAVIGATE' && resolveRoute(context, event.path) === params.state,
    valid: ({ context }, params: { group: ValidationGroup; only?: readonly string[] }) =>
      validateGroup(params.group, { ...context.form, token: context.token }, params.only).ok,
    isExisting: ({ context }) => context.existing,
    isResult: ({ context }) => context.form.eligibilityStatus !== 'not measured',
    isEligible: ({ context }) => opensLaterSteps(context.form.eligibilityStatus),
    hasCv: ({ context }) => context.form.hasUploadedCV,
    canResend: ({ context }) => context.canResend,
    cvFileOk: ({ event }) => event.type === 'CV.SELECT' && checkCvFile(event.file) === null,
    resumesAt: ({ context }, params: { state: ScreenState }) => resumeState(context) === params.state,
    // Scored for eligibility review, it is submitted on the server at that moment (decision 124).
    isSubmitted: ({ context }) =>
      isVerified(context) && (context.submitted || goesToEligibilityReview(context.form.eligibilityStatus)),
    lookupIs: ({ event }, params: { kind: LookupResult['kind'] }) =>
      'output' in event && (event.output as LookupResult).kind === params.kind,
    standingIs: ({ context }, params: { standing: Standing }) =>
      context.standing?.standing === params.standing,
  },
  actions: {
    setField: assign({
      form: ({ context, event }) =>
        event.type === 'FIELD.CHANGE' ? { ...context.form, [event.field]: event.value } : context.form,
    }),
    clearErrors: assign({ errors: {}, errorMessage: '', notice: '' }),
    forgetEmail: assign(({ context }) => ({
      form: { ...context.form, email: '', email_verified_at: '' },
      existing: false,
      token: '',
      otp: { availableAt: 0, resendCount: 0 },
      canResend: false,
    })),
    markCvSent: assign(({ context }) => ({
      form: { ...context.form, hasUploadedCV: true, cv_sent_by_email: true },
      errors: withoutField(context.errors, 'cv'),
    })),
    showErrors: assign(({ context }, params: { group: ValidationGroup; only?: readonly string[] }) => ({
      errors: validateGroup(params.group, { ...context.form, token: context.token }, params.only).errors,
      errorMessage: '',
    })),
    showFailure: assign(({ event }, params: { fallback: string }) => {
      const failure = toFailure((event as { error?: unknown }).error, params.fallback);
      return { errors: failure.errors, errorMessage: failure.message };
    }),
    clearSignOutError: assign({ signOutError: '' }),
    // The server's answer, or nothing after a failed check.
    keepStanding: assign({
      standing: ({ event }) => (event as { output?: ApplicantStanding }).output ?? null,
    }),
    showSignOutError: assign({
      signOutError: ({ event }) =>
        toFailure((event as { error?: unknown }).error, MESSAGES.signOutFailed).message,
    }),
    // Everything this browser knew of the application goes; only the clock, the quiz time and the cohort stay.
    forget: assign(({ context }) =>
      defaults({ now: context.now, quizTime: context.quizTime, persisted: { cohort: context.cohort } }),
    ),
    startCountdown: assign(({ context }, params: { retryAfter?: number }) =>
      countdown(context, params.retryAfter ?? codeWaitSeconds(context.otp.resendCount)),
    ),
    // A refused send still says how long to wait (a limit), or nothing (0: the button comes back at once).
    countdownAfterFailure: assign(({ context, event }) =>
      countdown(context, toFailure((event as { error?: unknown }).error, '').retryAfter ?? 0),
    ),
    // 'Start new application', or someone else's application found: a fresh form that keeps only the email and
    // the referral code; nothing of an application this browser knew before stays.
    startFresh: assign(({ context }, params: { existing: boolean }) => ({
      form: { ...emptyApplication(), email: context.form.email.trim(), referrer: context.form.referrer },
      started: true,
      existing: params.existing,
      submitted: false,
      reminderSet: false,
      reminderDate: '',
      videoProgressSubmitted: false,
      otp: { availableAt: 0, resendCount: 0 },
    })),
    // The application the server holds (the look-up's for its owner's session, or the code's answer).
    loadSavedApplication: assign(({ context, event }) => {
      const output = (event as { output?: SavedApplication | { application: SavedApplication } }).output!;
      return loadSaved(context, 'application' in output ? output.application : output);
    }),
    markSubmitted: assign({
      submitted: true,
      submitResult: ({ event }) => (event as { output?: SubmitResult }).output ?? null,
    }),
    // What the video quiz reports, so that a reload keeps the progress.
    keepVideoProgress: assign({
      form: ({ context, event }) =>
        event.type === 'VIDEO.PROGRESS'
          ? {
              ...context.form,
              videoProgress: event.videoProgress,
              isVideoEnded: event.isVideoEnded,
              attemptCounter: event.attemptCounter,
            }
          : context.form,
    }),
    // Back to Get Started with nothing typed but the referral code.
    startOver: assign(({ context }) => ({
      form: { ...emptyApplication(), referrer: context.form.referrer },
      started: false,
    })),
    setToken: assign((_, params: { token: string }) => ({ token: params.token })),
    keepCohort: assign((_, params: { cohort: Cohort }) => ({ cohort: params.cohort })),
    noticeApplicationFound: assign({ notice: MESSAGES.applicationFound }),
    // The application now exists on the server, as it was sent.
    markCreated: assign(({ context }) => ({ existing: true, form: cleaned(context.form) })),
    // Keeps the notice: the lookup just said the application was found.
    clearErrorsKeepNotice: assign({ errors: {}, errorMessage: '' }),
    allowResend: assign({ canResend: true }),
    countResend: assign(({ context }, params: { message: string }) => ({
      otp: { ...context.otp, resendCount: context.otp.resendCount + 1 },
      notice: params.message || MESSAGES.otpSent,
    })),
    // Answers valid or not, a missing CV is one more red alert.
    requireCv: assign(({ context }) => ({
      errors: context.form.hasUploadedCV ? context.errors : { ...context.errors, cv: [FIELD_MESSAGES.cv] },
    })),
    // The server recomputes the status; its answer is the one that counts.
    keepEligibilityStatus: assign(
      ({ context }, params: { status: ApplicationForm['eligibilityStatus'] }) => ({
        form: { ...context.form, eligibilityStatus: params.status },
      }),
    ),
    startUpload: assign(({ context }, params: { file: File }) => ({
      cvFile: params.file,
      upload: { loaded: 0, total: params.file.size },
      errors: withoutField(context.errors, 'cv'),
    })),
    refuseCvFile: assign(({ context }, params: { file: File }) => ({
      errors: { ...context.errors, cv: [checkCvFile(params.file) ?? FIELD_MESSAGES.cv] },
    })),
    showUploadProgress: assign((_, params: { loaded: number; total: number }) => ({ upload: params })),
    keepUploadedCv: assign(({ context }, params: { filename: string }) => ({
      form: { ...context.form, pdf: params.filename, hasUploadedCV: true, cv_sent_by_email: false },
      upload: null,
      cvFile: null,
      errors: withoutField(context.errors, 'cv'),
    })),
    showUploadFailure: assign(({ context }, params: { messages: string[] }) => ({
      upload: null,
      errors: { ...withoutField(context.errors, 'cv'), cv: params.messages },
    })),
    // The progress the server now holds (saved at the end of the video).
    keepVideoResult: assign(({ context }, params: { video: VideoData }) => ({
      form: { ...context.form, ...params.video },
    })),
    markVideoSubmitted: assign({ videoProgressSubmitted: true }),
    keepPaymentOption: assign(({ context }, params: { option: string }) => ({
      form: { ...context.form, paymentOption: params.option },
    })),
    keepReminder: assign((_, params: { reminderDate: string }) => ({
      reminderSet: true,
      reminderDate: params.reminderDate,
    })),
  },
}).createMachine({
  id: 'application',
  context: ({ input }) => defaults(input),
  initial: 'boot',
  on: {
    // The no-op comes first for each screen, so a NAVIGATE to where we already are keeps the screen's state.
    NAVIGATE: ROUTES.flatMap(({ state }) => [
      { guard: and([{ type: 'routesTo', params: { state } }, stateIn(`#application.${state}`)]) },
      { guard: { type: 'routesTo', params: { state } }, target: `.${state}` },
    ]),
    'FIELD.CHANGE': { actions: 'setField' },
    'CODE.CHANGE': { actions: { type: 'setToken', params: ({ event }) => ({ token: event.value }) } },
  },
  states: {
    // Waits for the first NAVIGATE (the URL the app was opened at).
    boot: {},

    getStarted: {
      meta: screenMeta('getStarted'),
      initial: 'loadingCohort',
      states: {
        loadingCohort: {
          invoke: {
            src: 'loadCohort',
            id: 'loadCohort',
            onDone: {
              target: 'idle',
              actions: { type: 'keepCohort', params: ({ event }) => ({ cohort: event.output }) },
            },
            onError: {
              target: 'idle',
              actions: { type: 'showFailure', params: { fallback: MESSAGES.lookupFailed } },
            },
          },
          on: { SAVE: whenValid('email', 'lookingUp') },
        },
        idle: { on: { SAVE: whenValid('email', 'lookingUp') } },
        lookingUp: {
          tags: 'busy',
          entry: 'clearErrors',
          invoke: {
            src: 'lookupApplication',
            id: 'lookupApplication',
            input: ({ context }) => ({ email: context.form.email.trim().toLowerCase() }),
            onDone: [
              {
                guard: { type: 'lookupIs', params: { kind: 'new' } },
                target: '#application.biodata',
                actions: { type: 'startFresh', params: { existing: false } },
              },
              {
                guard: { type: 'lookupIs', params: { kind: 'owner' } },
                target: '#application.resume',
                actions: 'loadSavedApplication',
              },
              {
                // Someone's application exists: its answers load only after this browser proves the email.
                target: '#application.verifyEmail.sendingCode',
                actions: [{ type: 'startFresh', params: { existing: true } }, 'noticeApplicationFound'],
              },
            ],
            onError: {
              target: 'idle',
              actions: { type: 'showFailure', params: { fallback: MESSAGES.lookupFailed } },
            },
          },
        },
      },
    },

    biodata: {
      meta: screenMeta('biodata'),
      entry: 'clearErrors',
      on: {
        SAVE: whenValid('biodata', 'communications'),
      },
    },

    communications: {
      meta: screenMeta('communications'),
      entry: 'clearErrors',
      initial: 'editing',
      states: {
        editing: {
          on: {
            // An application that exists is not created again: on past the code (only a proved applicant sees this
            // screen once the application exists, see resolveRoute).
            SAVE: [
              { guard: 'isExisting', target: '#application.eligibility' },
              ...whenValid('communications', 'confirming'),
            ],
          },
        },
        confirming: confirmStep,
        saving: {
          tags: 'busy',
          invoke: {
            src: 'createApplication',
            id: 'createApplication',
            input: ({ context }) => toCreatePayload(cleaned(context.form)),
            onDone: {
              target: 'codeSent',
              actions: ['markCreated', { type: 'startCountdown', params: waitAsTold }],
            },
            onError: {
              target: 'editing',
              actions: { type: 'showFailure', params: { fallback: MESSAGES.genericSave } },
            },
          },
        },
        // The success dialog: an OTP was sent.
        codeSent: { tags: 'dialog', on: { 'DIALOG.CLOSE': '#application.verifyEmail' } },
      },
    },

    verifyEmail: {
      meta: screenMeta('verifyEmail'),
      initial: 'entering',
      states: {
        sendingCode: {
          tags: 'busy',
          entry: 'clearErrorsKeepNotice',
          invoke: {
            src: 'sendCode',
            id: 'sendCode',
            input: ({ context }) => ({ email: context.form.email }),
            onDone: { target: 'entering', actions: { type: 'startCountdown', params: waitAsTold } },
            onError: codeNotSent,
          },
        },
        entering: {
          invoke: {
            src: 'otpTimer',
            id: 'otpTimer',
            input: ({ context }) => ({ availableAt: context.otp.availableAt }),
            onDone: { actions: 'allowResend' },
          },
          on: {
            SAVE: whenValid('code', 'verifying'),
            RESEND: { guard: 'canResend', target: 'resending' },
            // A mistyped address: the application under it stays unproved; this browser starts again with another
            // one, keeping the bio data typed here (or from Get Started when there is none).
            'EMAIL.CHANGE': [
              {
                guard: { type: 'valid', params: { group: 'biodata' } },
                target: '#application.communications',
                actions: 'forgetEmail',
              },
              {
                target: '#application.getStarted',
                actions: ['forgetEmail', 'clearErrors', 'startOver'],
              },
            ],
          },
        },
        resending: {
          tags: 'busy',
          entry: 'clearErrors',
          invoke: {
            src: 'sendCode',
            id: 'sendCode',
            input: ({ context }) => ({ email: context.form.email }),
            onDone: {
              target: 'entering',
              actions: [
                { type: 'countResend', params: ({ event }) => ({ message: event.output.message }) },
                { type: 'startCountdown', params: waitAsTold },
              ],
            },
            onError: codeNotSent,
          },
        },
        verifying: {
          tags: 'busy',
          entry: 'clearErrors',
          invoke: {
            src: 'verifyCode',
            id: 'verifyCode',
            input: ({ context }) => ({ email: context.form.email, token: context.token.trim() }),
            onDone: {
              target: '#application.resume',
              actions: 'loadSavedApplication',
            },
            onError: {
              target: 'entering',
              actions: { type: 'showFailure', params: { fallback: MESSAGES.verificationFailed } },
            },
          },
        },
      },
    },

    // A transient choice: a proved applicant goes on from the furthest screen they reached.
    resume: {
      always: [
        ...RESUME_ORDER.map((state) => ({
          guard: { type: 'resumesAt', params: { state } } as const,
          target: state,
        })),
        { target: 'eligibility' },
      ],
    },

    eligibility: {
      meta: screenMeta('eligibility'),
      entry: 'clearErrors',
      type: 'parallel',
      states: {
        answers: {
          initial: 'checking',
          states: {
            checking: { always: [{ guard: 'isResult', target: 'result' }, { target: 'editing' }] },
            editing: {
              on: {
                SAVE: [
                  {
                    guard: and([{ type: 'valid', params: { group: 'eligibility' as const } }, 'hasCv']),
                    target: 'confirming',
                    actions: 'clearErrors',
                  },
                  {
                    actions: [{ type: 'showErrors', params: { group: 'eligibility' } }, 'requireCv'],
                  },
                ],
              },
            },
            confirming: confirmStep,
            saving: {
              tags: 'busy',
              invoke: {
                src: 'saveEligibility',
                id: 'saveEligibility',
                input: ({ context }) => eligibilityPayload(context.form),
                onDone: {
                  target: 'result',
                  actions: {
                    type: 'keepEligibilityStatus',
                    params: ({ event }) => ({ status: event.output.status }),
                  },
                },
                onError: {
                  target: 'editing',
                  actions: { type: 'showFailure', params: { fallback: MESSAGES.genericSave } },
                },
              },
            },
            result: { on: { PROCEED: { guard: 'isEligible', target: '#application.employment' } } },
          },
        },
        cv: {
          initial: 'idle',
          states: {
            idle: {},
            uploading: {
              tags: 'busy',
              invoke: {
                src: 'uploadCv',
                id: 'uploadCv',
                input: ({ context }) => ({ email: context.form.email, file: context.cvFile! }),
              },
              on: {
                'UPLOAD.PROGRESS': {
                  actions: {
                    type: 'showUploadProgress',
                    params: ({ event }) => ({ loaded: event.loaded, total: event.total }),
                  },
                },
                'UPLOAD.DONE': {
                  target: 'idle',
                  actions: { type: 'keepUploadedCv', params: ({ event }) => ({ filename: event.filename }) },
                },
                'UPLOAD.FAILED': {
                  target: 'idle',
                  actions: {
                    type: 'showUploadFailure',
                    params: ({ event }) => ({ messages: event.errors.cv ?? [event.message] }),
                  },
                },
              },
            },
            help: {
              tags: 'dialog',
              on: {
                'CV.SENT': { target: 'idle', actions: 'markCvSent' },
                CANCEL: 'idle',
              },
            },
          },
          on: {
            'CV.SELECT': [
              {
                guard: 'cvFileOk',
                target: '.uploading',
                actions: { type: 'startUpload', params: ({ event }) => ({ file: event.file }) },
              },
              {
                target: '.idle',
                actions: { type: 'refuseCvFile', params: ({ event }) => ({ file: event.file }) },
              },
            ],
            'CV.HELP': '.help',
          },
        },
      },
    },

    employment: {
      meta: screenMeta('employment'),
      entry: 'clearErrors',
      initial: 'editing',
      states: {
        editing: {
          on: {
            SAVE: whenValid('employment', 'confirming'),
          },
        },
        confirming: confirmStep,
        saving: {
          tags: 'busy',
          invoke: {
            src: 'saveEmployment',
            id: 'saveEmployment',
            input: ({ context }) => employmentPayload(context.form),
            onDone: '#application.other',
            onError: {
              target: 'editing',
              actions: { type: 'showFailure', params: { fallback: MESSAGES.genericSave } },
            },
          },
        },
      },
    },

    other: {
      meta: screenMeta('other'),
      entry: 'clearErrors',
      initial: 'editing',
      states: {
        editing: {
          on: {
            SAVE: whenValid('others', 'keyInformation', OTHERS_ANSWERS),
          },
        },
        // The Key Information modal: the three agreements, then Submit Application.
        keyInformation: {
          tags: 'dialog',
          on: {
            SUBMIT: whenValid('others', 'submitting'),
            CANCEL: { target: 'editing', actions: 'clearErrors' },
          },
        },
        submitting: {
          tags: 'busy',
          invoke: {
            src: 'submitApplication',
            id: 'submitApplication',
            input: ({ context }) => ({
              other: otherPayload(context.form),
              submit: {
                email: context.form.email,
                agreement: context.form.agreement,
                agreement1: context.form.agreement1,
                agreement2: context.form.agreement2,
              },
            }),
            onDone: {
              target: '#application.success',
              actions: 'markSubmitted',
            },
            // Problems from earlier steps come back as a field → messages map and show as red alerts.
            onError: {
              target: 'editing',
              actions: { type: 'showFailure', params: { fallback: MESSAGES.genericSave } },
            },
          },
        },
      },
    },

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
        'VIDEO.SUBMITTED': { actions: 'markVideoSubmitted' },
        'VIDEO.PROGRESS': { actions: 'keepVideoProgress' },
      },
    },

    // The page the acceptance email links to: the banner and the payment options only for an applicant the server
    // says is accepted; anyone else is told where they stand (docs/decisions/074-the-confirmation-page-follows-the-decision.md).
    confirmation: {
      meta: screenMeta('confirmation'),
      type: 'parallel',
      states: {
        session: signOutSteps,
        standing: {
          initial: 'checking',
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
            underReview: {},
            waitlisted: {},
            notSuccessful: {},
            withdrawn: {},
            signedOut: {},
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

export const SECTIONS = 5;

/**
 * The progress bar's width (docs/product.md §4: 16.67% × step) and the 'N of 5' counter. The spec's counter reaches 6 on the
 * open questions; '6 of 5' would read as a mistake, so that last step says 'Final step' (docs/decisions/007-the-counter-on-the-last-step.md).
 */
export const progressOf = (step: number) => ({
  percentage: Math.min(100, Math.round(16.67 * step * 100) / 100),
  counter: step > SECTIONS ? 'Final step' : `${step} of ${SECTIONS}`,
});
