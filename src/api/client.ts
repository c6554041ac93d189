/**
 * The one client for every call of SPEC §7. Network failures, 429 and 5xx are retried with exponential backoff,
 * because our applicants are on slow, flaky mobile networks; every write carries an idempotency key, so a retry
 * is never applied twice.
 */
import fetchBuilder from 'fetch-retry';
import {
  IDEMPOTENCY_HEADER,
  MESSAGES,
  paths,
  type CohortInfo,
  type CreatePayload,
  type EligibilityPayload,
  type EligibilityStatus,
  type EmploymentPayload,
  type Envelope,
  type ErrorMap,
  type Failure,
  type LookupResult,
  type LookupSummary,
  type RequestFailure,
  type MiscPayload,
  type OtherPayload,
  type SavedApplication,
  type SubmitPayload,
  type SubmitResult,
  type VideoData,
} from '../../machines/rules';

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
}

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface ApiClient {
  currentCohort(): Promise<CohortInfo>;
  lookup(email: string): Promise<LookupResult>;
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
  saveEmployment(payload: EmploymentPayload): Promise<void>;
  saveOther(payload: OtherPayload): Promise<void>;
  submit(payload: SubmitPayload): Promise<SubmitResult>;
  saveMisc(payload: MiscPayload): Promise<void>;
  saveReminder(email: string, reminderDate: string): Promise<void>;
  saveVideoProgress(email: string, videoData: VideoData): Promise<void>;
  geoCountry(): Promise<string>;
}

export interface ClientOptions {
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
  /** Retries after the first try; the waits grow 0.5 s, 1 s, 2 s … with jitter. */
  retries?: number;
  retryBaseMs?: number;
  newKey?: () => string;
}

const isRetryable = (status: number, retryAfter: string | null) =>
  status >= 500 ? status !== 501 : status === 429 && Number(retryAfter ?? Infinity) <= 5;

const newUuid = () =>
  globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

export function createApiClient(options: ClientOptions = {}): ApiClient {
  const baseUrl = options.baseUrl ?? '';
  const retries = options.retries ?? 4;
  const base = options.retryBaseMs ?? 500;
  const newKey = options.newKey ?? newUuid;
  const plainFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const fetchWithRetry = fetchBuilder(plainFetch, {
    retries,
    retryDelay: (attempt) => base * 2 ** attempt * (0.75 + Math.random() * 0.5),
    retryOn: (attempt, error, response) =>
      attempt < retries &&
      (error !== null ||
        (response !== null && isRetryable(response.status, response.headers.get('retry-after')))),
  });

  async function call<T>(
    path: string,
    fallback: string,
    init: RequestInit = {},
    retry = true,
  ): Promise<Envelope<T>> {
    let response: Response;
    try {
      response = await (retry ? fetchWithRetry : plainFetch)(baseUrl + path, {
        credentials: 'same-origin',
        ...init,
      });
    } catch {
      throw new ApiError(fallback, 0);
    }
    const body = (await response.json().catch(() => null)) as (Envelope<T> & Failure) | null;
    if (!response.ok) {
      const failure = body as Failure | null;
      throw new ApiError(
        failure?.message || fallback,
        response.status,
        failure?.data?.error ?? {},
        failure?.data?.retryAfter,
      );
    }
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
    async currentCohort() {
      const { data } = await call<CohortInfo[]>(paths.currentCohort, MESSAGES.lookupFailed);
      if (!data[0]) throw new ApiError(MESSAGES.lookupFailed, 404);
      return data[0];
    },
    async lookup(email) {
      const { message, data } = await call<(LookupSummary | SavedApplication)[]>(
        paths.lookup(email),
        MESSAGES.lookupFailed,
      );
      if (message === MESSAGES.startNewApplication || !data[0]) return { kind: 'new' };
      const found = data[0];
      return 'exists' in found ? { kind: 'exists', summary: found } : { kind: 'owner', application: found };
    },
    async create(payload) {
      const { data } = await write<{ retryAfter: number }>(paths.create, payload, MESSAGES.genericSave);
      return { retryAfter: data?.retryAfter ?? 120 };
    },
    async resendCode(email) {
      const { message, data } = await write<{ retryAfter: number }>(
        paths.resendToken,
        { email },
        MESSAGES.registrationFailed,
      );
      return { message: message || MESSAGES.otpSent, retryAfter: data?.retryAfter ?? 120 };
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
      return uploadWithProgress(baseUrl + paths.uploadCv, email, file, newKey(), retries, onProgress, signal);
    },
    async saveEmployment(payload) {
      await write(paths.employment, payload, MESSAGES.genericSave);
    },
    async saveOther(payload) {
      await write(paths.other, payload, MESSAGES.genericSave);
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
  retries: number,
  onProgress?: (p: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<{ filename: string; size: number }> {
  const attempt = (left: number): Promise<{ filename: string; size: number }> =>
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
      const retryOrFail = (error: ApiError) =>
        left > 0 && !signal?.aborted ? resolve(attempt(left - 1)) : reject(error);
      xhr.onload = () => {
        const body = xhr.response as (Envelope<{ filename: string; size: number }> & Failure) | null;
        if (xhr.status >= 200 && xhr.status < 300 && body) return resolve(body.data);
        const error = new ApiError(
          body?.message || MESSAGES.cvUploadFailed,
          xhr.status,
          body?.data?.error ?? {},
        );
        return xhr.status >= 500 ? retryOrFail(error) : reject(error);
      };
      xhr.onerror = () => retryOrFail(new ApiError(MESSAGES.cvUploadFailed, 0));
      xhr.onabort = () => reject(new ApiError(MESSAGES.cvUploadFailed, 0));
      signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(form);
    });
  return attempt(retries);
}

/** The red alerts of a failure: the server's message first, then every message of its `data.error` map. */
export function failureAlerts(
  error: unknown,
  fallback: string = MESSAGES.genericSave,
): { message: string; errors: ErrorMap } {
  if (error instanceof ApiError) return { message: error.message, errors: error.errors };
  return { message: fallback, errors: {} };
}
