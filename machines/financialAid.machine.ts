/**
 * The financial aid application (docs/product.md §2.3, §3.6, §4): Check-In by email, the emailed code when this browser has
 * not proved the email yet, the seven questions, an irreversible confirm, the submission. Its own flow, not a child
 * of the application machine; each screen state names its route in `meta.path`.
 */
import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from './notProvided';
import type { BusyTag } from './tags';
import { toFinancialAidData, type FinancialAidData } from './rules/contract';
import type { ErrorMap } from './rules/messages';
import { MESSAGES } from './rules/messages';
import { failureMessage } from './rules/payments';
import { STEP_FIELDS } from './applicationForm';
import { validateGroup } from './validation';

export const CHECK_IN_PATH = '/financial-aid-application';
export const FORM_PATH = '/financial-aid-application/form';
/**
 * Where the flow ends: the confirmation page, whose payment options are still open to the applicant
 * (docs/decisions/111-financial-aid-ends-on-the-payment-options.md).
 */
export const DONE_PATH = '/apply/confirmation';

/** SUBMIT on a step: on to `target` when `guard` holds, otherwise the step's errors (`showErrors`). */
const submitWhen = <G extends string, T extends string, E extends string>(
  guard: G,
  target: T,
  showErrors: E,
) => [{ guard, target, actions: 'clearAlerts' }, { actions: showErrors }] as const;

/** A call that failed: back to `target`, with the server's message or `fallback`. */
const failedBackTo = <T extends string>(target: T, fallback: string) =>
  ({ target, actions: { type: 'showFailure', params: { fallback } } }) as const;

/** The pages of the flow (each state's meta): the route and the page title. */
const CHECK_IN_PAGE = { path: CHECK_IN_PATH, title: 'Check-In' };
const CODE_PAGE = { path: CHECK_IN_PATH, title: 'Check your email' };
const FORM_PAGE = { path: FORM_PATH, title: 'Tell us about your circumstances' };
/** The browser tab's title after each screen's own (FinancialAidApp sets `${meta.title} – ${AID_TITLE}`). */
export const AID_TITLE = 'Financial aid application – The Employment Bootcamp';

export const AID_FIELDS = STEP_FIELDS.financialAid;
export type AidField = (typeof AID_FIELDS)[number];
export type AidAnswers = Record<AidField, string>;

export const emptyAnswers = (): AidAnswers =>
  Object.fromEntries(AID_FIELDS.map((field) => [field, ''])) as AidAnswers;

export interface FinancialAidInput {
  email?: string;
}

export interface FinancialAidContext {
  email: string;
  code: string;
  answers: AidAnswers;
  /** Field messages (the error summary and each field's own message). */
  errors: ErrorMap;
  /** A message that belongs to no one field: the server's, or a catalogue fallback. */
  message: string;
  /** A polite note, e.g. that the code was sent. */
  info: string;
}

export type FinancialAidEdit = Partial<AidAnswers & { email: string; code: string }>;

export type FinancialAidEvent =
  | { type: 'EDIT'; values: FinancialAidEdit }
  | { type: 'SUBMIT' }
  | { type: 'RESEND' }
  | { type: 'BACK' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' };

/** The structural part of the API client's lookup answer that this flow needs. */
export interface LookupKind {
  kind: 'new' | 'exists' | 'owner';
}
export interface SendCodeOutput {
  message: string;
}
export interface SubmitAidInput {
  email: string;
  data: FinancialAidData;
}

const cleared = { errors: {}, message: '', info: '' };

export const financialAidMachine = setup({
  types: {
    context: {} as FinancialAidContext,
    events: {} as FinancialAidEvent,
    input: {} as FinancialAidInput,
    meta: {} as { path: string; title: string },
    tags: {} as BusyTag,
  },
  actors: {
    lookupApplication: fromPromise<LookupKind, { email: string }>(notProvided('lookupApplication')),
    sendCode: fromPromise<SendCodeOutput, { email: string }>(notProvided('sendCode')),
    verifyCode: fromPromise<unknown, { email: string; token: string }>(notProvided('verifyCode')),
    submitFinancialAid: fromPromise<void, SubmitAidInput>(notProvided('submitFinancialAid')),
  },
  guards: {
    checkInValid: ({ context }) => validateGroup('checkIn', { email: context.email }).ok,
    codeValid: ({ context }) => validateGroup('code', { email: context.email, token: context.code }).ok,
    answersValid: ({ context }) => validateGroup('financialAid', context.answers).ok,
    lookupIs: ({ event }, params: { kind: LookupKind['kind'] }) =>
      'output' in event && (event.output as LookupKind).kind === params.kind,
  },
  actions: {
    edit: assign(({ context, event }) => {
      if (event.type !== 'EDIT') return {};
      const { email, code, ...answers } = event.values;
      // A field the person corrects loses its message; the others keep theirs until the next submit.
      const errors = { ...context.errors };
      Object.keys(event.values).forEach((field) => delete errors[field === 'code' ? 'token' : field]);
      return {
        email: email ?? context.email,
        // A pasted code often carries spaces ('123 456'); only the digits matter.
        code: code === undefined ? context.code : code.replace(/\s+/g, ''),
        answers: { ...context.answers, ...answers },
        errors,
      };
    }),
    clearAlerts: assign(cleared),
    // A failed call: the server's message, or the fallback when there was no answer.
    showFailure: assign(({ event }, params: { fallback: string }) => ({
      message: failureMessage((event as { error?: unknown }).error, params.fallback),
    })),
    showCheckInErrors: assign(({ context }) => ({
      ...cleared,
      errors: validateGroup('checkIn', { email: context.email }).errors,
    })),
    showCodeErrors: assign(({ context }) => ({
      ...cleared,
      errors: validateGroup('code', { email: context.email, token: context.code }, ['token']).errors,
    })),
    showAnswerErrors: assign(({ context }) => ({
      ...cleared,
      errors: validateGroup('financialAid', context.answers).errors,
    })),
  },
}).createMachine({
  id: 'financialAid',
  context: ({ input }) => ({
    email: input.email ?? '',
    code: '',
    answers: emptyAnswers(),
    ...cleared,
  }),
  initial: 'checkIn',
  states: {
    checkIn: {
      meta: CHECK_IN_PAGE,
      on: {
        EDIT: { actions: 'edit' },
        SUBMIT: submitWhen('checkInValid', 'lookingUp', 'showCheckInErrors'),
      },
    },
    lookingUp: {
      tags: 'busy',
      meta: CHECK_IN_PAGE,
      invoke: {
        id: 'lookupApplication',
        src: 'lookupApplication',
        input: ({ context }) => ({ email: context.email.trim() }),
        onDone: [
          {
            guard: { type: 'lookupIs', params: { kind: 'new' } },
            target: 'checkIn',
            actions: assign({ message: MESSAGES.notRegistered }),
          },
          // The server shows saved answers only to a browser that proved the email (docs/design.md §5).
          { guard: { type: 'lookupIs', params: { kind: 'exists' } }, target: 'sendingCode' },
          { target: 'form' },
        ],
        onError: failedBackTo('checkIn', MESSAGES.financialAidFailed),
      },
    },
    sendingCode: {
      tags: 'busy',
      meta: CHECK_IN_PAGE,
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: ({ context }) => ({ email: context.email.trim() }),
        onDone: {
          target: 'code',
          actions: assign({ info: ({ event }) => event.output.message || MESSAGES.otpSent, code: '' }),
        },
        // A refused resend (too soon) still leaves the earlier code usable, so the code step stays open.
        onError: failedBackTo('code', MESSAGES.registrationFailed),
      },
    },
    code: {
      meta: CODE_PAGE,
      on: {
        EDIT: { actions: 'edit' },
        SUBMIT: submitWhen('codeValid', 'verifying', 'showCodeErrors'),
        RESEND: { target: 'sendingCode', actions: 'clearAlerts' },
        BACK: { target: 'checkIn', actions: [assign({ code: '' }), 'clearAlerts'] },
      },
    },
    verifying: {
      tags: 'busy',
      meta: CODE_PAGE,
      invoke: {
        id: 'verifyCode',
        src: 'verifyCode',
        input: ({ context }) => ({ email: context.email.trim(), token: context.code.trim() }),
        onDone: { target: 'form', actions: 'clearAlerts' },
        onError: failedBackTo('code', MESSAGES.verificationFailed),
      },
    },
    form: {
      meta: FORM_PAGE,
      on: {
        EDIT: { actions: 'edit' },
        SUBMIT: submitWhen('answersValid', 'confirming', 'showAnswerErrors'),
      },
    },
    confirming: {
      meta: FORM_PAGE,
      on: { CONFIRM: 'submitting', CANCEL: 'form' },
    },
    submitting: {
      tags: 'busy',
      meta: FORM_PAGE,
      invoke: {
        id: 'submitFinancialAid',
        src: 'submitFinancialAid',
        input: ({ context }) => ({ email: context.email.trim(), data: toFinancialAidData(context.answers) }),
        onDone: 'done',
        onError: {
          target: 'form',
          actions: assign({
            message: ({ event }) => failureMessage(event.error, MESSAGES.financialAidSubmitFailed),
            errors: ({ event }) => errorsOf(event.error),
          }),
        },
      },
    },
    done: {
      type: 'final',
      meta: { path: DONE_PATH, title: 'Submitted' },
    },
  },
});

/** The server's `data.error` map, carried on the API client's error as `errors`. */
function errorsOf(error: unknown): ErrorMap {
  if (typeof error === 'object' && error !== null && 'errors' in error) {
    const { errors } = error as { errors: unknown };
    if (typeof errors === 'object' && errors !== null) return errors as ErrorMap;
  }
  return {};
}
