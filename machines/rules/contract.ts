/**
 * The HTTP contract between the wizard and the back office (docs/product.md §7, docs/design.md §5), in one place so that the
 * browser's client and the server's routes cannot drift apart. Every answer is `{ message, data }`; every failure
 * is a 4xx `{ message, data: { error: { field: [messages] } } }`.
 */
import type { AidStanding } from './aidDecision';
import type { Cohort } from './application';
import type { Standing } from '../review.machine';
import type { ErrorMap } from './messages';
import type { SharedAnswers } from './schemas';
import type { CheckoutOrder, Currency, FeeTable } from './payments';
import { API } from './api';

export { API };

/** A path that names an application by its email: the browser calls it with one, the server routes `pattern`. */
const byEmail = (prefix: string) =>
  Object.assign((email: string) => `${prefix}${encodeURIComponent(email)}`, { pattern: `${prefix}:email` });

export const paths = {
  currentCohort: `${API}/bootcamp/get-current`,
  /** The privacy notice's version, which a create carries, and the notice's address (GET). */
  privacyNotice: `${API}/bootcamp/privacy-notice`,
  lookup: byEmail(`${API}/bootcamp/get-application/`),
  create: `${API}/bootcamp/application`,
  eligibility: `${API}/bootcamp/application/eligibility`,
  uploadCv: `${API}/bootcamp/application/upload-cv`,
  /** The answer steps' own save routes (each step's `save.path`, machines/steps/). */
  employment: `${API}/bootcamp/application/employment`,
  other: `${API}/bootcamp/application/other`,
  submit: `${API}/bootcamp/application/submit`,
  misc: `${API}/bootcamp/application/misc`,
  resendCode: `${API}/bootcamp/resend-token`,
  verifyEmail: `${API}/bootcamp/verify-email`,
  signOut: `${API}/bootcamp/sign-out`,
  update: byEmail(`${API}/bootcamp/update/`),
  geo: `${API}/geo`,
  paymentStart: `${API}/bootcamp/payment/start`,
  paymentVerify: `${API}/bootcamp/payment/verify`,
  /** The anonymous funnel beacon: which wizard step was reached (server/staff/funnel.ts). */
  funnelStep: `${API}/funnel/step`,
  /** Where the session's own application stands (GET): no email in the URL, so it can name no one else's. */
  standing: `${API}/bootcamp/application/standing`,
  /** Withdraw the session's own submitted application (POST; decision 250): no email in the URL either. */
  withdraw: `${API}/bootcamp/application/withdraw`,
  /** The selection video and quiz the session's applicant started, else the newest (GET; decision 245). */
  selectionQuiz: `${API}/bootcamp/selection-quiz`,
} as const;

/** Where a submitted application stands, as its applicant may be told it (the review chart's `standing`). */
export interface ApplicantStanding {
  standing: Standing;
  /** The cohort the application is for (the one it is waitlisted for, when it is). */
  cohort: { id: number; name: string; number: number };
  /** Where the aid request stands as the applicant may be told it (decision 238); null when they never applied. */
  aid: AidStanding | null;
  /**
   * Whether the review chart lets the applicant withdraw from where the application stands as they see it (decision
   * 250): under review, accepted or waitlisted, not once the fee is paid. Absent (an older answer): not offered.
   */
  withdrawable?: boolean;
}

/** The name of the HttpOnly cookie that a correct code gives; it is bound to one application. */
export const SESSION_COOKIE = 'tebc_session';
/** Sent on every write so that a retried request is answered once and never applied twice. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

export interface Envelope<T> {
  message: string;
  data: T;
}
export interface Failure {
  message: string;
  data?: { error?: ErrorMap; retryAfter?: number };
}

/** How far an application got, in the order of the wizard. */
export const STAGES = ['created', 'verified', 'eligibility', 'employment', 'submitted'] as const;
export type Stage = (typeof STAGES)[number];

/** What the lookup tells a browser that has not proved the email: only that it exists and how far it got. */
export interface LookupSummary {
  exists: true;
  stage: Stage;
  email_verified: boolean;
}

export interface CohortInfo extends Cohort {
  number: number;
  start_date: string;
  application_deadline: string;
  /** The cohort's fee table (decision 244): what a new application to it will be charged. */
  fees: FeeTable;
  /** The cohort open now, when it is full and new applications go to this one (machines/rules/seats.ts). */
  full?: CohortInfo;
  /** The cohort open now, when an admin paused it and new applications go to this one; with its reopen day, if set. */
  paused?: CohortInfo & { reopens_on: string | null };
}

/** GET paths.privacyNotice: what a create's `communications.privacy_notice_version` must be, and where to read it. */
export interface PrivacyNoticeInfo {
  version: string;
  /** The notice's page on this site (`/privacy`). */
  path: string;
}

/** The selection video's progress, as the form keeps it and the server stores it. */
export type VideoData = {
  videoProgress: number;
  isVideoEnded: boolean;
  attemptCounter: number;
};

/** The financial aid answers under the API's names (FINANCIAL_AID_NAMES pairs them with the form's). */
export type FinancialAidData = Record<keyof typeof FINANCIAL_AID_NAMES, string>;

export interface MiscPayload {
  email: string;
  misc: { column_name: 'Financial Info'; payment_option: string; data?: FinancialAidData };
}

/**
 * A payment as the server records it: issued pending, then paid or failed once the provider has answered. A payment
 * verified after another of the same application was paid is a `duplicate`: received, to be refunded, never paid.
 */
export interface PaymentRecord {
  reference: string;
  option: string;
  amount: number;
  currency: Currency;
  status: 'pending' | 'paid' | 'failed' | 'duplicate';
  paid_at: string;
}

/** Asks the server to issue a payment for a recorded option; `country` picks the option set, as on the cards. */
export interface PaymentStartPayload {
  email: string;
  option: string;
  country: string;
}

/** What the browser opens: the server's order (amount from the price table) and where it is to be paid. */
export interface PaymentStartResult {
  order: CheckoutOrder;
  /** True when no provider is configured: the labelled sandbox checkout, confirmed by this server. */
  sandbox: boolean;
}

/** After the checkout: the server confirms with the provider (or, in the sandbox, its own record). */
export interface PaymentVerifyPayload {
  email: string;
  reference: string;
  /** The provider's own transaction reference from its success callback; not used by the sandbox. */
  provider_reference?: string;
}

export interface SubmitResult {
  cohort: Cohort;
  waitlisted: boolean;
}

/** The financial aid answers: each API name with its form name (the 'financialAid' group), written once. */
export const FINANCIAL_AID_NAMES = {
  phone_type: 'typeOfPhone',
  has_laptop: 'haveLaptop',
  parents_status: 'parentAlive',
  employment_status_duration: 'employed',
  affordable_amount: 'affordableFee',
  bootcamp_attendance_reason: 'whyBootcamp',
  additional_info: 'anythingElse',
} as const satisfies Record<string, keyof SharedAnswers<'financialAid'>>;

type FinancialAidForm = { [K in keyof FinancialAidData as (typeof FINANCIAL_AID_NAMES)[K]]: string };
const AID_KEYS = Object.keys(FINANCIAL_AID_NAMES) as (keyof FinancialAidData)[];

/** The form's answers under the API's names, trimmed (what the financial aid form sends). */
export const toFinancialAidData = (form: FinancialAidForm): FinancialAidData =>
  Object.fromEntries(AID_KEYS.map((key) => [key, form[FINANCIAL_AID_NAMES[key]].trim()])) as Record<
    keyof FinancialAidData,
    string
  >;

/** The answers under the form's names; an answer the data lacks is left out. */
export const financialAidForm = (
  aid: Partial<FinancialAidData> | null | undefined,
): Partial<FinancialAidForm> =>
  Object.fromEntries(
    AID_KEYS.filter((key) => aid?.[key] !== undefined).map((key) => [FINANCIAL_AID_NAMES[key], aid?.[key]]),
  );

/** A failed call as the screens need it: the message, the field → messages map, and for 429 when to try again. */
export interface RequestFailure {
  message: string;
  errors: ErrorMap;
  status?: number;
  retryAfter?: number;
}

/** A failed answer's body as the screens need it; a body that is not a failure gives the fallback. */
export function failureOfBody(body: unknown, status: number, fallback: string): RequestFailure {
  const failure = body as Failure | null;
  return {
    message: failure?.message || fallback,
    errors: failure?.data?.error ?? {},
    status,
    retryAfter: failure?.data?.retryAfter,
  };
}

export function toFailure(error: unknown, fallback: string): RequestFailure {
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') {
    const e = error as Partial<RequestFailure>;
    return {
      message: e.message || fallback,
      errors: e.errors && typeof e.errors === 'object' ? e.errors : {},
      status: e.status,
      retryAfter: e.retryAfter,
    };
  }
  return { message: fallback, errors: {} };
}
