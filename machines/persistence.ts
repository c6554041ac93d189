/**
 * What the application machine keeps: the values that survive a reload, the machine's input and context, its events,
 * and the context a fresh start or a saved application gives (docs/product.md §3.2).
 */
import { emptyApplication, type ApplicationForm } from './applicationForm';
import { fromSavedApplication, type SavedApplication } from './savedApplication';
import { type Cohort, type ErrorMap, type SubmitResult } from './rules';
import type { ApplicantStanding } from './rules/contract';
import { SELECTION_QUIZ } from './rules/quiz';

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
  /**
   * Get Started reached from the confirmation page's "Continue with your email": a sign-in, which names no cohort
   * and counts no steps (docs/decisions/227-signing-back-in-is-a-sign-in.md). Never stored.
   */
  signingIn: boolean;
  /**
   * The page a sign-in was asked from, when it is the one to come back to: the video page the submission email links
   * to (docs/decisions/243-the-video-link-signs-in-on-another-phone.md). Never stored.
   */
  signInReturn: 'selectionVideo' | null;
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
  /** "Continue with your email" on the confirmation page of a browser that has not proved the email. */
  | { type: 'SIGN_IN' }
  /** Ask the server again where the application stands, after a failed check. */
  | { type: 'RETRY' }
  /** The server withdrew the application at the applicant's request (machines/withdrawal.machine.ts). */
  | { type: 'WITHDRAWN'; standing: ApplicantStanding };

export const defaults = (input: ApplicationInput): ApplicationMachineContext => {
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
    signingIn: false,
    signInReturn: null,
  };
};

export function loadSaved(
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
