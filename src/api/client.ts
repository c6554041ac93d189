/**
 * The one client for every call of docs/product.md §7. Our applicants are on slow, flaky mobile networks, so a call that got
 * no answer (or a gateway's 502/503/504) is sent again a couple of times, quickly: GETs, and writes, which all
 * carry an idempotency key so a retry is never applied twice. The policy (`RETRY_POLICY`, machines/rules/network.ts,
 * docs/decisions/022-idempotent-replays-earn-nothing.md) keeps every failure on screen within about 3 s.
 */
import fetchBuilder from 'fetch-retry';
import {
  IDEMPOTENCY_HEADER,
  failureOfBody,
  MESSAGES,
  codeWaitSeconds,
  paths,
  RETRY_POLICY,
  retryDelay,
  type RetryPolicy,
  type CohortInfo,
  type PaymentRecord,
  type PaymentStartPayload,
  type PaymentStartResult,
  type PaymentVerifyPayload,
  type EligibilityStatus,
  type Envelope,
  type ErrorMap,
  type Failure,
  type LookupSummary,
  type RequestFailure,
  type MiscPayload,
  type SubmitResult,
  type VideoData,
} from '../../machines/rules';
import { type CreatePayload } from '../../machines/steps/communications';
import { type EligibilityPayload } from '../../machines/steps/eligibility';
import { type LookupResult, type SavedApplication } from '../../machines/savedApplication';
import { type SubmitPayload } from '../../machines/steps/other';
import type { ApplicantStanding } from '../../machines/rules/contract';
import type { ConfirmationFacts } from '../../machines/paymentChoice.machine';
import { STANDING_MESSAGES } from '../../machines/rules/standing';
import { WITHDRAWAL_MESSAGES } from '../../machines/rules/withdrawal';
import { browserConnection, type Connection } from './connection';

export type { LookupResult };

export class ApiError extends Error implements RequestFailure {
  constructor(
    message: string,
    readonly status: number,
    readonly errors: ErrorMap = {},
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  static of(failure: RequestFailure): ApiError {
    return new ApiError(failure.message, failure.status ?? 0, failure.errors, failure.retryAfter);
  }
}

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface ApiClient {
  /** `answered`: the same request already sent (by the page's lines at the press), read instead of a new one. */
  currentCohort(answered?: Promise<Response>): Promise<CohortInfo>;
  /** `answered`: the lookup already sent for this email (by the page's lines at the press), read instead of a new one. */
  lookup(email: string, answered?: Promise<Response>): Promise<LookupResult>;
  create(payload: CreatePayload): Promise<{ retryAfter: number }>;
  resendCode(email: string): Promise<{ message: string; retryAfter: number }>;
  verifyEmail(email: string, token: string): Promise<SavedApplication>;
  saveEligibility(
    payload: EligibilityPayload,
  ): Promise<{ status: Exclude<EligibilityStatus, 'not measured'> }>;
  uploadCv(
    email: string,
    file: File,
    onProgress?: (p: UploadProgress) => void,
    signal?: AbortSignal,
  ): Promise<{ filename: string; size: number }>;
  /** A step's answers posted to its own save route (machines/steps/, `save.path`). */
  saveStep(path: string, payload: object): Promise<void>;
  submit(payload: SubmitPayload): Promise<SubmitResult>;
  saveMisc(payload: MiscPayload): Promise<void>;
  saveReminder(email: string, reminderDate: string): Promise<void>;
  saveVideoProgress(email: string, videoData: VideoData): Promise<void>;
  geoCountry(): Promise<string>;
  /** Ends this browser's session on the server (the cookie is HttpOnly: only the server can clear it). */
  signOut(): Promise<void>;
  /** Where the session's own submitted application stands (the decision once its undo window is over). */
  standing(): Promise<ApplicantStanding>;
  /** Withdraws the session's own application (decision 250): where it stands now, withdrawn. */
  withdraw(): Promise<ApplicantStanding>;
  /** The server issues a payment for a recorded option: its order, priced from the table, and the mode. */
  startPayment(payload: PaymentStartPayload): Promise<PaymentStartResult>;
  /** The server confirms a payment with the provider (or its own sandbox record) and records the outcome. */
  verifyPayment(payload: PaymentVerifyPayload): Promise<PaymentRecord>;
  /** The server's record of this applicant's latest payment (the owner's saved application), or null. */
  /** The owner's payment on record and the cohort of their place, for the confirmation page. */
  confirmationFacts(email: string): Promise<ConfirmationFacts>;
}

export interface ClientOptions {
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
  /** Which failures are sent again, and how soon; `RETRY_POLICY` unless a test says otherwise. */
  retryPolicy?: RetryPolicy;
  newKey?: () => string;
  /** The clock of the retry budget. */
  now?: () => number;
  /** Whether the device is offline, and when it is back: a call is then held until it is. */
  connection?: Connection;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const newUuid = () =>
  globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

export function createApiClient(options: ClientOptions = {}): ApiClient {
  const baseUrl = options.baseUrl ?? '';
  const policy = options.retryPolicy ?? RETRY_POLICY;
  const now = options.now ?? Date.now;
  const newKey = options.newKey ?? newUuid;
  const connection = options.connection ?? browserConnection;
  const plainFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const fetchWithRetry = fetchBuilder(plainFetch);

  /** fetch-retry's per-call options: the policy, with this call's own clock for the budget. */
  const retryFor = (init: RequestInit) => {
    const idempotent = !init.method || init.method === 'GET' || hasIdempotencyKey(init.headers);
    let firstFailure: number | undefined;
    let delay: number | null = null;
    return {
      retryOn: (attempt: number, error: Error | null, response: Response | null) => {
        firstFailure ??= now();
        delay = retryDelay(
          {
            idempotent,
            retries: attempt,
            outcome: error ? 'network' : (response?.status ?? 'network'),
            sinceFirstFailureMs: now() - firstFailure,
          },
          policy,
        );
        return delay !== null;
      },
      retryDelay: () => delay ?? 0,
    };
  };

  async function call<T>(
    path: string,
    fallback: string,
    init: RequestInit = {},
    retry = true,
    sent?: Promise<Response>,
  ): Promise<Envelope<T>> {
    const request: RequestInit = { credentials: 'same-origin', ...init };
    const send = () =>
      retry
        ? fetchWithRetry(baseUrl + path, { ...request, ...retryFor(request) })
        : plainFetch(baseUrl + path, request);
    let response: Response | undefined;
    // A request already on its way (sent by the page before the app came) is the first attempt. Only when it failed
    // is the call sent again, with the client's own retries.
    let pending = sent;
    // Offline, the call waits for the network and then goes, the same request with the same idempotency key: the
    // step pressed offline goes on by itself, and the server applies it once (decision 022). A failure while the
    // device says it is online is shown, as before.
    while (!response) {
      await connection.backOnline();
      const early = pending;
      pending = undefined;
      try {
        const answer = await (early ?? send());
        if (!early || answer.ok) response = answer;
      } catch {
        if (!early && !connection.offline()) throw new ApiError(fallback, 0);
      }
    }
    const body = (await response.json().catch(() => null)) as (Envelope<T> & Failure) | null;
    if (!response.ok) throw ApiError.of(failureOfBody(body, response.status, fallback));
    if (!body) throw new ApiError(fallback, response.status);
    return body;
  }

  const write = <T>(path: string, payload: unknown, fallback: string) =>
    call<T>(path, fallback, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [IDEMPOTENCY_HEADER]: newKey() },
      body: JSON.stringify(payload),
    });

  return {
    async currentCohort(answered) {
      const { data } = await call<CohortInfo[]>(
        paths.currentCohort,
        MESSAGES.lookupFailed,
        {},
        true,
        answered,
      );
      if (!data[0]) throw new ApiError(MESSAGES.lookupFailed, 404);
      return data[0];
    },
    async lookup(email, answered) {
      const { message, data } = await call<(LookupSummary | SavedApplication)[]>(
        paths.lookup(email),
        MESSAGES.lookupFailed,
        {},
        true,
        answered,
      );
      if (message === MESSAGES.startNewApplication || !data[0]) return { kind: 'new' };
      const found = data[0];
      return 'exists' in found ? { kind: 'exists', summary: found } : { kind: 'owner', application: found };
    },
    async create(payload) {
      const { data } = await write<{ retryAfter: number }>(paths.create, payload, MESSAGES.genericSave);
      return { retryAfter: data?.retryAfter ?? codeWaitSeconds(0) };
    },
    async resendCode(email) {
      const { message, data } = await write<{ retryAfter: number }>(
        paths.resendCode,
        { email },
        MESSAGES.registrationFailed,
      );
      return { message: message || MESSAGES.otpSent, retryAfter: data?.retryAfter ?? codeWaitSeconds(0) };
    },
    async verifyEmail(email, token) {
      return (await write<SavedApplication>(paths.verifyEmail, { email, token }, MESSAGES.verificationFailed))
        .data;
    },
    async saveEligibility(payload) {
      return (
        await write<{ status: Exclude<EligibilityStatus, 'not measured'> }>(
          paths.eligibility,
          payload,
          MESSAGES.genericSave,
        )
      ).data;
    },
    uploadCv(email, file, onProgress, signal) {
      return uploadWithProgress(
        baseUrl + paths.uploadCv,
        email,
        file,
        newKey(),
        policy,
        now,
        connection,
        onProgress,
        signal,
      );
    },
    async saveStep(path, payload) {
      await write(path, payload, MESSAGES.genericSave);
    },
    async submit(payload) {
      return (await write<SubmitResult>(paths.submit, payload, MESSAGES.genericSave)).data;
    },
    async saveMisc(payload) {
      await write(paths.misc, payload, MESSAGES.paymentChoiceFailed);
    },
    async saveReminder(email, reminderDate) {
      await write(paths.update(email), { email, reminderDate }, MESSAGES.reminderFailed);
    },
    async saveVideoProgress(email, videoData) {
      await write(paths.update(email), { email, videoData }, MESSAGES.genericSave);
    },
    async startPayment(payload) {
      return (await write<PaymentStartResult>(paths.paymentStart, payload, MESSAGES.paymentFailed)).data;
    },
    async verifyPayment(payload) {
      return (await write<PaymentRecord>(paths.paymentVerify, payload, MESSAGES.paymentFailed)).data;
    },
    async confirmationFacts(email) {
      // A browser that never gave an email (the confirmation page opened cold) has no payment to look up.
      if (!email) return { payment: null, cohort: null, option: '', aid: null, fees: null };
      const { data } = await call<(LookupSummary | SavedApplication)[]>(
        paths.lookup(email),
        MESSAGES.lookupFailed,
      );
      const found = data?.[0];
      if (!found || 'exists' in found)
        return { payment: null, cohort: null, option: '', aid: null, fees: null };
      return {
        payment: found.payment ?? null,
        aid: found.aid ?? null,
        fees: found.fees ?? null,
        option: found.payment_option ?? '',
        cohort: found.cohort?.name ? { name: found.cohort.name, start_date: found.cohort.start_date } : null,
      };
    },
    async standing() {
      const { data } = await call<ApplicantStanding>(paths.standing, STANDING_MESSAGES.unavailable);
      return data;
    },
    async withdraw() {
      // A write with its idempotency key: a dropped connection is sent again and applied once (decision 022).
      const { data } = await write<ApplicantStanding>(paths.withdraw, {}, WITHDRAWAL_MESSAGES.failed);
      return data;
    },
    async signOut() {
      // No body: safe to repeat, so retried like a read.
      await call(paths.signOut, MESSAGES.signOutFailed, { method: 'POST' });
    },
    async geoCountry() {
      // No retries: a failed look-up falls back to the form's country at once.
      const { data } = await call<{ country_name: string }>(paths.geo, MESSAGES.genericSave, {}, false);
      if (!data?.country_name) throw new ApiError(MESSAGES.genericSave, 503);
      return data.country_name;
    },
  };
}

/** fetch cannot report upload progress; XMLHttpRequest can, and a 10 MB CV on a slow network needs a bar. */
function uploadWithProgress(
  url: string,
  email: string,
  file: File,
  key: string,
  policy: RetryPolicy,
  now: () => number,
  connection: Connection,
  onProgress?: (p: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<{ filename: string; size: number }> {
  let firstFailure: number | undefined;
  const attempt = (retries: number): Promise<{ filename: string; size: number }> =>
    new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      const form = new FormData();
      form.append('email', email);
      form.append('cv', file, file.name);
      xhr.open('POST', url);
      xhr.setRequestHeader(IDEMPOTENCY_HEADER, key);
      xhr.responseType = 'json';
      xhr.upload.onprogress = (e) =>
        onProgress?.({ loaded: e.loaded, total: e.lengthComputable ? e.total : file.size });
      // The upload carries an idempotency key, so it is retried like any other write.
      const retryOrFail = (error: ApiError) => {
        // Offline: the same upload, same key, once the network is back (decision 022).
        if (error.status === 0 && connection.offline() && !signal?.aborted)
          return resolve(connection.backOnline().then(() => attempt(retries)));
        firstFailure ??= now();
        const delay = retryDelay(
          {
            idempotent: true,
            retries,
            outcome: error.status || 'network',
            sinceFirstFailureMs: now() - firstFailure,
          },
          policy,
        );
        if (delay === null || signal?.aborted) return reject(error);
        resolve(sleep(delay).then(() => (signal?.aborted ? Promise.reject(error) : attempt(retries + 1))));
      };
      xhr.onload = () => {
        const body = xhr.response as (Envelope<{ filename: string; size: number }> & Failure) | null;
        if (xhr.status >= 200 && xhr.status < 300 && body) return resolve(body.data);
        return retryOrFail(ApiError.of(failureOfBody(body, xhr.status, MESSAGES.cvUploadFailed)));
      };
      xhr.onerror = () => retryOrFail(new ApiError(MESSAGES.cvUploadFailed, 0));
      xhr.onabort = () => reject(new ApiError(MESSAGES.cvUploadFailed, 0));
      signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(form);
    });
  return attempt(0);
}

function hasIdempotencyKey(headers: HeadersInit | undefined): boolean {
  return new Headers(headers).has(IDEMPOTENCY_HEADER);
}
