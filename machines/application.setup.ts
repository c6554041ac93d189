/**
 * The application machine's setup: its types, and the actors, guards and actions its states name. The steps
 * (machines/steps/) build their states with it (`createStateConfig`); machines/application.machine.ts assembles them.
 * Side effects are actors provided by the app.
 */
import { assign, fromCallback, fromPromise, setup, type PromiseActorLogic } from 'xstate';
import { notProvided } from './notProvided';
import { emptyApplication, type ApplicationForm } from './applicationForm';
import {
  MESSAGES,
  codeWaitSeconds,
  goesToEligibilityReview,
  opensLaterSteps,
  toFailure,
  checkCvFile,
  FIELD_MESSAGES,
  type Cohort,
  type ErrorMap,
  type SubmitResult,
} from './rules';
import { validateGroup, type ValidationGroup } from './validation';
import { type CreatePayload } from './steps/communications';
import { type EligibilityPayload } from './steps/eligibility';
import { type LookupResult, type SavedApplication } from './savedApplication';
import { type OtherPayload, type SubmitPayload } from './steps/other';
import { otpTimerMachine } from './otpTimer.machine';
import type { Standing } from './review.machine';
import type { ApplicantStanding, VideoData } from './rules/contract';
import { videoQuizMachine } from './videoQuiz.machine';
import { paymentChoiceMachine } from './paymentChoice.machine';
import { reminderMachine } from './reminder.machine';
import { withdrawalMachine } from './withdrawal.machine';
import {
  defaults,
  loadSaved,
  type ApplicationEvent,
  type ApplicationInput,
  type ApplicationMachineContext,
} from './persistence';
import { isVerified, resolveRoute } from './routeAccess';
import { resumeState } from './resume';
import { savingSteps, type StepSaveActor } from './steps';
import { cleaned } from './steps/communications';
import type { ScreenMeta, ScreenState } from './screens';
import type { BusyTag, DialogTag } from './tags';

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

/** Each step's own save (machines/steps/, `save.actor`): the payload posted to the step's route, no answer kept. */
const stepSaves = Object.fromEntries(
  savingSteps().map((step) => [step.save.actor, fromPromise<void, object>(notProvided(step.save.actor))]),
) as Record<StepSaveActor, PromiseActorLogic<void, object>>;

export const applicationSetup = setup({
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
    ...stepSaves,
    submitApplication: fromPromise<SubmitResult, { other: OtherPayload; submit: SubmitPayload }>(
      notProvided('submitApplication'),
    ),
    signOut: fromPromise<void>(notProvided('signOut')),
    loadStanding: fromPromise<ApplicantStanding>(notProvided('loadStanding')),
    otpTimer: otpTimerMachine,
    videoQuiz: videoQuizMachine,
    paymentChoice: paymentChoiceMachine,
    reminder: reminderMachine,
    withdrawal: withdrawalMachine,
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
    // Signed in from the video page: back to it, if the application is where the video belongs (decision 243).
    returnsToVideo: ({ context }) =>
      context.signInReturn === 'selectionVideo' &&
      (['success', 'confirmation'] as ScreenState[]).includes(resumeState(context)),
    // Scored for eligibility review, it is submitted on the server at that moment (decision 008).
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
    // The server withdrew the application: its answer is the standing the page now shows (decision 250).
    keepWithdrawnStanding: assign({
      standing: ({ context, event }) => (event.type === 'WITHDRAWN' ? event.standing : context.standing),
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
      // A new application is no sign-in: Get Started names its cohort again.
      signingIn: false,
      // An existing application goes on to its code: the page the sign-in is to come back to stays.
      signInReturn: params.existing ? context.signInReturn : null,
    })),
    // The application the server holds (the look-up's for its owner's session, or the code's answer).
    loadSavedApplication: assign(({ context, event }) => {
      const output = (event as { output?: SavedApplication | { application: SavedApplication } }).output!;
      // Signed in: an unfinished application's steps count again (decision 227).
      return {
        ...loadSaved(context, 'application' in output ? output.application : output),
        signingIn: false,
      };
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
    startSignIn: assign((_, params?: { returnTo: 'selectionVideo' }) => ({
      signingIn: true,
      signInReturn: params?.returnTo ?? null,
    })),
    endSignIn: assign({ signingIn: false, signInReturn: null }),
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
    // The refused file is not the CV: the field stops naming it (the one kept before, if any, stays).
    showUploadFailure: assign(({ context }, params: { messages: string[] }) => ({
      upload: null,
      cvFile: null,
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
});

export type ApplicationSetup = typeof applicationSetup;
/** A state of the application chart, as a step's file builds it. */
export type ApplicationStateConfig = ReturnType<ApplicationSetup['createStateConfig']>;
