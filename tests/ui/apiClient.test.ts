/**
 * The API client (docs/api.md, docs/decisions/022-idempotent-replays-earn-nothing.md): retries, fallback messages, server messages, idempotency keys, the
 * lookup's three answers, and the CV upload over XMLHttpRequest. jsdom, for File and FormData as a browser has them.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, type UploadProgress } from '../../src/api/client';
import {
  IDEMPOTENCY_HEADER,
  NO_RETRIES,
  paths,
  RETRY_POLICY,
  type LookupSummary,
  type RetryPolicy,
} from '../../machines/rules';
import { type SavedApplication } from '../../machines/savedApplication';

type Step = Error | { status: number; body?: unknown; headers?: Record<string, string> };
interface Call {
  url: string;
  init: RequestInit;
}

/** A fetch that answers from a script, one step a call, and records every call. */
function scriptedFetch(steps: Step[]) {
  const calls: Call[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    calls.push({ url: String(input), init });
    const step = steps.shift();
    if (!step) throw new Error('test: more calls than scripted');
    if (step instanceof Error) throw step;
    const body =
      step.body === undefined ? null : typeof step.body === 'string' ? step.body : JSON.stringify(step.body);
    return new Response(body, {
      status: step.status,
      headers: { 'content-type': 'application/json', ...step.headers },
    });
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}

const ok = (data: unknown, message = 'OK'): Step => ({ status: 200, body: { message, data } });
const offline = () => new TypeError('Failed to fetch');
const COHORT = {
  id: 6,
  name: 'Cohort 6',
  number: 6,
  start_date: '2025-03-10',
  application_deadline: '2025-03-01',
};

/** The real policy with 1 ms waits, so that tests about which failures are retried run at once. */
const quick = (retries = 2): RetryPolicy => ({ ...RETRY_POLICY, delaysMs: Array<number>(retries).fill(1) });

const client = (steps: Step[], retries = 2) => {
  const fake = scriptedFetch(steps);
  return { api: createApiClient({ fetch: fake.fetch, retryPolicy: quick(retries) }), calls: fake.calls };
};

const headerOf = (call: Call, name: string): string | undefined =>
  (call.init.headers as Record<string, string> | undefined)?.[name];

describe('retries on flaky networks', () => {
  it('retries a network error, then succeeds', async () => {
    const { api, calls } = client([offline(), offline(), ok([COHORT])]);
    await expect(api.currentCohort()).resolves.toEqual(COHORT);
    expect(calls).toHaveLength(3);
    expect(calls.every((c) => c.url === paths.currentCohort)).toBe(true);
  });

  it.each([502, 503, 504])('retries a gateway’s %i, then succeeds', async (status) => {
    const { api, calls } = client([{ status, body: { message: 'busy' } }, ok([COHORT])]);
    await expect(api.currentCohort()).resolves.toEqual(COHORT);
    expect(calls).toHaveLength(2);
  });

  it('does not retry the app’s own 500: its message is shown after one attempt', async () => {
    const { api, calls } = client([
      { status: 500, body: { message: 'Something went wrong on our side. Please try again.' } },
      ok(null),
    ]);
    await expect(api.saveStep(paths.employment, {})).rejects.toMatchObject({
      status: 500,
      message: 'Something went wrong on our side. Please try again.',
    });
    expect(calls).toHaveLength(1);
  });

  it('does not retry a 429, even one with a small Retry-After', async () => {
    const { api, calls } = client([
      { status: 429, body: { message: 'Slow down' }, headers: { 'retry-after': '1' } },
      ok({ retryAfter: 120 }),
    ]);
    await expect(api.create({} as never)).rejects.toMatchObject({ status: 429, message: 'Slow down' });
    expect(calls).toHaveLength(1);
  });

  it('does not retry a 429 that asks for a long wait, and passes the wait on', async () => {
    const { api, calls } = client([
      {
        status: 429,
        body: { message: 'Too many codes', data: { retryAfter: 200 } },
        headers: { 'retry-after': '200' },
      },
    ]);
    const error = await api.resendCode('ada@example.com').catch((e: unknown) => e);
    expect(calls).toHaveLength(1);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Too many codes', status: 429, retryAfter: 200 });
  });

  it.each([400, 401, 403, 404, 409, 422])('does not retry a %i', async (status) => {
    const { api, calls } = client([{ status, body: { message: `Refused ${status}` } }, ok([COHORT])]);
    await expect(api.currentCohort()).rejects.toMatchObject({
      name: 'ApiError',
      status,
      message: `Refused ${status}`,
    });
    expect(calls).toHaveLength(1);
  });

  it('gives up after `retries` retries of a network error, with the call’s fallback message', async () => {
    const { api, calls } = client([offline(), offline(), offline(), ok([])], 2);
    const error = await api.lookup('ada@example.com').catch((e: unknown) => e);
    expect(calls).toHaveLength(3);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: 'An unexpected error occured. Please try again',
      status: 0,
      errors: {},
    });
  });

  it('gives up after `retries` retries of a 503 and shows the server’s message, or the fallback', async () => {
    const withMessage = client(
      Array.from({ length: 3 }, () => ({ status: 503, body: { message: 'Down for a bit' } })),
      2,
    );
    await expect(withMessage.api.saveStep(paths.other, {})).rejects.toMatchObject({
      status: 503,
      message: 'Down for a bit',
    });
    expect(withMessage.calls).toHaveLength(3);

    const bare = client(
      Array.from({ length: 5 }, () => ({ status: 503, body: '<html>Bad gateway</html>' })),
      4,
    );
    await expect(bare.api.saveStep(paths.other, {})).rejects.toMatchObject({
      status: 503,
      message: 'An error occured. Try again',
    });
    expect(bare.calls).toHaveLength(5);
  });

  it('with NO_RETRIES tries once', async () => {
    const fake = scriptedFetch([offline(), ok([COHORT])]);
    const api = createApiClient({ fetch: fake.fetch, retryPolicy: NO_RETRIES });
    await expect(api.currentCohort()).rejects.toBeInstanceOf(ApiError);
    expect(fake.calls).toHaveLength(1);
  });
});

describe('a failure is shown within 3 s (the real policy, on a fake clock)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Runs a call to its end on the fake clock; returns how it ended and how long it took. */
  async function timed<T>(run: () => Promise<T>) {
    const started = Date.now();
    const outcome = run().then(
      (value) => ({ value, error: undefined }),
      (error: unknown) => ({ value: undefined, error }),
    );
    await vi.runAllTimersAsync();
    return { ...(await outcome), ms: Date.now() - started };
  }

  const real = (steps: Step[]) => {
    const fake = scriptedFetch(steps);
    return { api: createApiClient({ fetch: fake.fetch }), calls: fake.calls };
  };

  it('a 500 is surfaced after one attempt, with no wait', async () => {
    const { api, calls } = real([{ status: 500, body: { message: 'Broken' } }, ok(null)]);
    const { error, ms } = await timed(() => api.saveStep(paths.other, {}));
    expect(error).toMatchObject({ status: 500, message: 'Broken' });
    expect(calls).toHaveLength(1);
    expect(ms).toBe(0);
  });

  it('a dropped connection followed by an answer succeeds, with the same key', async () => {
    const { api, calls } = real([offline(), ok({ status: 'eligible' })]);
    const { value, error } = await timed(() => api.saveEligibility({} as never));
    expect(error).toBeUndefined();
    expect(value).toEqual({ status: 'eligible' });
    expect(calls).toHaveLength(2);
    expect(headerOf(calls[1], IDEMPOTENCY_HEADER)).toBe(headerOf(calls[0], IDEMPOTENCY_HEADER));
  });

  it('a connection that stays down is surfaced with the call’s message, after at most 3 s of retries', async () => {
    const { api, calls } = real(Array.from({ length: 10 }, offline));
    const { error, ms } = await timed(() => api.saveStep(paths.employment, {}));
    expect(error).toMatchObject({ name: 'ApiError', status: 0, message: 'An error occured. Try again' });
    expect(calls).toHaveLength(1 + RETRY_POLICY.delaysMs.length);
    expect(ms).toBeLessThanOrEqual(3000);
  });

  it('no retry starts more than 3 s after the first failure, however slowly attempts fail', async () => {
    // Each attempt takes 2 s to fail: the first retry starts 0.3 s after the first failure, the second would
    // start 3.2 s after it, so there is none.
    const calls: number[] = [];
    const slowOffline = (() => {
      calls.push(Date.now());
      return new Promise<Response>((_, fail) => setTimeout(() => fail(offline()), 2000));
    }) as typeof globalThis.fetch;
    const api = createApiClient({ fetch: slowOffline });
    const { error, ms } = await timed(() => api.saveStep(paths.other, {}));
    expect(error).toMatchObject({ status: 0 });
    expect(calls).toHaveLength(2);
    expect(ms).toBe(2000 + 300 + 2000);
  });

  it('a GET is retried on a dropped connection too', async () => {
    const { api, calls } = real([offline(), offline(), ok([COHORT])]);
    const { value } = await timed(() => api.currentCohort());
    expect(value).toEqual(COHORT);
    expect(calls).toHaveLength(3);
  });
});

describe('fallback messages (docs/product.md §8) when the server says nothing', () => {
  const email = 'ada@example.com';
  type Call = (api: ReturnType<typeof createApiClient>) => Promise<unknown>;
  const unexpected = 'An unexpected error occured. Please try again';
  const tryAgain = 'An error occured. Try again';
  it.each<[string, Call, string]>([
    ['lookup', (api) => api.lookup(email), unexpected],
    ['currentCohort', (api) => api.currentCohort(), unexpected],
    ['create', (api) => api.create({} as never), tryAgain],
    ['resendCode', (api) => api.resendCode(email), 'Unable to process registration'],
    ['verifyEmail', (api) => api.verifyEmail(email, '123456'), 'Unable to process email verification'],
    ['saveEligibility', (api) => api.saveEligibility({} as never), tryAgain],
    ['saveStep', (api) => api.saveStep(paths.employment, {}), tryAgain],
    ['submit', (api) => api.submit({} as never), tryAgain],
    ['saveMisc', (api) => api.saveMisc({} as never), 'Failed to process your selection. Please try again.'],
    ['saveReminder', (api) => api.saveReminder(email, '2025-03-01T10:00:00Z'), 'Failed to set reminder'],
  ])('%s → %j', async (_name, run, fallback) => {
    for (const step of [
      offline(),
      { status: 400, body: 'not json' },
      { status: 422, body: { message: '' } },
    ]) {
      const { api } = client([step], 0);
      await expect(run(api)).rejects.toMatchObject({ name: 'ApiError', message: fallback });
    }
  });

  it('a 200 whose body is not JSON is a failure with the fallback', async () => {
    const { api } = client([{ status: 200, body: 'OK' }]);
    await expect(api.lookup('ada@example.com')).rejects.toMatchObject({
      message: 'An unexpected error occured. Please try again',
      status: 200,
    });
  });
});

describe('server messages reach the screens', () => {
  it('message and the data.error map become ApiError.message and errors', async () => {
    const errors = {
      phone: ['The provided phone number is not valid'],
      email: ['The provided email is not valid'],
    };
    const { api } = client([
      { status: 422, body: { message: 'Check your answers', data: { error: errors } } },
    ]);
    const error = await api.create({} as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Check your answers', status: 422, errors });
  });

  it('resendCode reads the server’s message, defaulting to "OTP sent successfully"', async () => {
    const said = client([ok({ retryAfter: 240 }, 'A new code is on its way')]);
    await expect(said.api.resendCode('a@b.co')).resolves.toEqual({
      message: 'A new code is on its way',
      retryAfter: 240,
    });
    const silent = client([ok(null, '')]);
    await expect(silent.api.resendCode('a@b.co')).resolves.toEqual({
      message: 'OTP sent successfully',
      retryAfter: 120,
    });
  });
});

describe('idempotency keys on writes', () => {
  it('sends the same key on every retry of one write, and a new key on the next write', async () => {
    const { api, calls } = client([
      offline(),
      { status: 503 },
      ok({ retryAfter: 120 }),
      { status: 502 },
      ok({ status: 'eligible' }),
    ]);
    await api.create({} as never);
    await api.saveEligibility({} as never);
    expect(calls).toHaveLength(5);
    const keys = calls.map((c) => headerOf(c, IDEMPOTENCY_HEADER));
    expect(keys.every((k) => typeof k === 'string' && k.length >= 8)).toBe(true);
    expect(new Set(keys.slice(0, 3)).size).toBe(1);
    expect(new Set(keys.slice(3)).size).toBe(1);
    expect(keys[3]).not.toBe(keys[0]);
  });

  it('uses the injected key maker once per write', async () => {
    let n = 0;
    const fake = scriptedFetch([{ status: 503 }, ok(null), ok(null)]);
    const api = createApiClient({ fetch: fake.fetch, retryPolicy: quick(), newKey: () => `key-${++n}` });
    await api.saveStep(paths.other, { email: 'a@b.co', other: {} });
    await api.saveStep(paths.employment, {});
    expect(fake.calls.map((c) => headerOf(c, IDEMPOTENCY_HEADER))).toEqual(['key-1', 'key-1', 'key-2']);
  });

  it('a write is a JSON POST of the payload to its path', async () => {
    const { api, calls } = client([ok(null)]);
    const payload = { email: 'a@b.co', other: { key_challenge: 'x' } };
    await api.saveStep(paths.other, payload);
    expect(calls[0].url).toBe(paths.other);
    expect(calls[0].init.method).toBe('POST');
    expect(headerOf(calls[0], 'content-type')).toBe('application/json');
    expect(JSON.parse(String(calls[0].init.body))).toEqual(payload);
  });
});

describe('lookup (docs/product.md §4 Get Started)', () => {
  const summary: LookupSummary = { exists: true, stage: 'verified', email_verified: true };
  const application = {
    email: 'ada@example.com',
    firstname: 'Ada',
    stage: 'eligibility',
  } as SavedApplication;

  it("'Start new application' means a new applicant", async () => {
    const { api, calls } = client([ok([], 'Start new application')]);
    await expect(api.lookup('ada+cv@example.com')).resolves.toEqual({ kind: 'new' });
    expect(calls[0].url).toBe('/api/v1/bootcamp/get-application/ada%2Bcv%40example.com');
  });
  it("'Start new application' wins even if data came along", async () => {
    const { api } = client([ok([summary], 'Start new application')]);
    await expect(api.lookup('a@b.co')).resolves.toEqual({ kind: 'new' });
  });
  it('no data means a new applicant', async () => {
    const { api } = client([ok([], 'Found')]);
    await expect(api.lookup('a@b.co')).resolves.toEqual({ kind: 'new' });
  });
  it('a summary with `exists` means someone must prove the email first', async () => {
    const { api } = client([ok([summary], 'Application found')]);
    await expect(api.lookup('a@b.co')).resolves.toEqual({ kind: 'exists', summary });
  });
  it('a full application means this browser owns it', async () => {
    const { api } = client([ok([application], 'Application found')]);
    await expect(api.lookup('a@b.co')).resolves.toEqual({ kind: 'owner', application });
  });

  // The page's lines sent the lookup at a press made before the app came (docs/performance.md (former decision 169)).
  const answered = (status: number, body: unknown) =>
    Promise.resolve(
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    );
  it('reads the answer of a lookup already sent, and asks the server nothing more', async () => {
    const { api, calls } = client([]);
    await expect(
      api.lookup('a@b.co', answered(200, { message: 'Application found', data: [summary] })),
    ).resolves.toEqual({ kind: 'exists', summary });
    expect(calls).toEqual([]);
  });
  it('asks again, with its retries, when the lookup already sent failed', async () => {
    const { api, calls } = client([ok([], 'Start new application')]);
    await expect(api.lookup('a@b.co', answered(503, { message: 'busy' }))).resolves.toEqual({ kind: 'new' });
    expect(calls).toHaveLength(1);
    const { api: again, calls: second } = client([ok([], 'Start new application')]);
    await expect(again.lookup('a@b.co', Promise.reject(offline()))).resolves.toEqual({ kind: 'new' });
    expect(second).toHaveLength(1);
  });
  it('reads the current cohort already asked for at the press, and asks again only when that failed', async () => {
    const cohort = { id: 7, name: 'Cohort 7' };
    const { api, calls } = client([]);
    await expect(
      api.currentCohort(answered(200, { message: 'Found', data: [cohort] })),
    ).resolves.toMatchObject(cohort);
    expect(calls).toEqual([]);
    const { api: again, calls: second } = client([ok([cohort], 'Found')]);
    await expect(again.currentCohort(answered(502, { message: 'busy' }))).resolves.toMatchObject(cohort);
    expect(second.map((call) => call.url)).toEqual([paths.currentCohort]);
  });
});

describe('geoCountry', () => {
  it('reads country_name', async () => {
    const { api, calls } = client([ok({ country_name: 'Nigeria' })]);
    await expect(api.geoCountry()).resolves.toBe('Nigeria');
    expect(calls[0].url).toBe(paths.geo);
  });
  it.each([
    ['a network error', offline()],
    ['a 503', { status: 503 }],
    ['a 429', { status: 429, headers: { 'retry-after': '1' } }],
    ['a 403', { status: 403 }],
  ] as [string, Step][])(
    'does not retry %s: it throws at once so the form country is used',
    async (_l, step) => {
      const { api, calls } = client([step, ok({ country_name: 'Nigeria' })]);
      await expect(api.geoCountry()).rejects.toBeInstanceOf(ApiError);
      expect(calls).toHaveLength(1);
    },
  );
  it('an answer without a country is a failure', async () => {
    const { api } = client([ok({})]);
    await expect(api.geoCountry()).rejects.toBeInstanceOf(ApiError);
  });
});

describe('baseUrl', () => {
  it('prefixes every path', async () => {
    const fake = scriptedFetch([ok([COHORT])]);
    await createApiClient({ fetch: fake.fetch, baseUrl: 'http://127.0.0.1:3001' }).currentCohort();
    expect(fake.calls[0].url).toBe('http://127.0.0.1:3001/api/v1/bootcamp/get-current');
  });
});

/** A scripted XMLHttpRequest: each send answers with the next step, after a tick, as a browser would. */
type XhrStep = 'network' | 'hang' | { status: number; response: unknown };
class FakeXhr {
  static script: XhrStep[] = [];
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  response: unknown = null;
  responseType = '';
  upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } =
    {
      onprogress: null,
    };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
    const step = FakeXhr.script.shift() ?? 'network';
    setTimeout(() => {
      if (step === 'hang') return;
      if (step === 'network') return this.onerror?.();
      this.upload.onprogress?.({ loaded: 5, total: 10, lengthComputable: true });
      this.status = step.status;
      this.response = step.response;
      this.onload?.();
    }, 0);
  }
  abort() {
    setTimeout(() => this.onabort?.(), 0);
  }
}

describe('uploadCv (XMLHttpRequest, for progress)', () => {
  const UPLOAD_FAILED = "Unable to upload CV. Please send it as an email to the programme's support address.";
  const cv = () => new File(['%PDF-1.7 ...'], 'ada-cv.pdf', { type: 'application/pdf' });
  const stored = { filename: 'ada-cv.pdf', size: 12 };
  const api = (retries = 2) =>
    createApiClient({ fetch: scriptedFetch([]).fetch, retryPolicy: quick(retries) });

  beforeEach(() => {
    FakeXhr.script = [];
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('posts the email and the file as multipart with a key, reports progress, and returns the stored file', async () => {
    FakeXhr.script = [{ status: 200, response: { message: 'Uploaded', data: stored } }];
    const progress: UploadProgress[] = [];
    await expect(api().uploadCv('ada@example.com', cv(), (p) => progress.push(p))).resolves.toEqual(stored);
    const [xhr] = FakeXhr.sent;
    expect([xhr.method, xhr.url]).toEqual(['POST', paths.uploadCv]);
    expect(xhr.headers[IDEMPOTENCY_HEADER]).toEqual(expect.any(String));
    expect(xhr.body?.get('email')).toBe('ada@example.com');
    expect((xhr.body?.get('cv') as File).name).toBe('ada-cv.pdf');
    expect(progress).toEqual([{ loaded: 5, total: 10 }]);
  });

  it('retries a network error and a 5xx with the same key, then succeeds', async () => {
    FakeXhr.script = [
      'network',
      { status: 503, response: null },
      { status: 201, response: { message: '', data: stored } },
    ];
    await expect(api().uploadCv('ada@example.com', cv())).resolves.toEqual(stored);
    expect(FakeXhr.sent).toHaveLength(3);
    expect(new Set(FakeXhr.sent.map((x) => x.headers[IDEMPOTENCY_HEADER])).size).toBe(1);
  });

  it('does not retry the app’s own 500', async () => {
    FakeXhr.script = [
      { status: 500, response: { message: 'Something went wrong on our side. Please try again.' } },
      { status: 200, response: { data: stored } },
    ];
    await expect(api().uploadCv('ada@example.com', cv())).rejects.toMatchObject({ status: 500 });
    expect(FakeXhr.sent).toHaveLength(1);
  });

  it('does not retry a refusal and shows the server’s message and field errors', async () => {
    const errors = { cv: ['Invalid file type. Please select a PDF or Word file.'] };
    FakeXhr.script = [{ status: 415, response: { message: 'Not a CV', data: { error: errors } } }];
    await expect(api().uploadCv('ada@example.com', cv())).rejects.toMatchObject({
      name: 'ApiError',
      status: 415,
      message: 'Not a CV',
      errors,
    });
    expect(FakeXhr.sent).toHaveLength(1);
  });

  it('gives up after `retries` retries with the CV upload message (docs/product.md §8)', async () => {
    FakeXhr.script = ['network', 'network', 'network', { status: 200, response: { data: stored } }];
    await expect(api(2).uploadCv('ada@example.com', cv())).rejects.toMatchObject({
      message: UPLOAD_FAILED,
      status: 0,
    });
    expect(FakeXhr.sent).toHaveLength(3);
  });

  it('an abort stops the upload without a retry', async () => {
    FakeXhr.script = ['hang', { status: 200, response: { data: stored } }];
    const controller = new AbortController();
    const upload = api().uploadCv('ada@example.com', cv(), undefined, controller.signal);
    controller.abort();
    await expect(upload).rejects.toMatchObject({ message: UPLOAD_FAILED });
    expect(FakeXhr.sent).toHaveLength(1);
  });
});

describe('confirmation facts', () => {
  it('asks nothing when the browser has no email (the confirmation page opened cold)', async () => {
    const { api, calls } = client([]);
    await expect(api.confirmationFacts('')).resolves.toEqual({
      payment: null,
      cohort: null,
      option: '',
      aid: null,
      fees: null,
    });
    expect(calls).toEqual([]);
  });

  it("reads the owner's recorded payment, option, cohort, aid and fee table from the lookup", async () => {
    const payment = { status: 'paid', option: 'Pay in full (15% off)', amount: 51000, currency: 'NGN' };
    const cohort = { id: 7, name: 'Cohort 7', waitlisted: false, start_date: '2025-06-10' };
    const aid = { status: 'awarded', share: 20 };
    const fees = { fee_ngn: 80_000, fee_usd: 70, full_discount: 10, instalments: 4 };
    const { api, calls } = client([
      ok([{ email: 'ada@example.com', payment, cohort, aid, fees, payment_option: 'Pay in full (15% off)' }]),
    ]);
    await expect(api.confirmationFacts('ada@example.com')).resolves.toEqual({
      payment,
      option: 'Pay in full (15% off)',
      cohort: { name: 'Cohort 7', start_date: '2025-06-10' },
      aid,
      fees,
    });
    expect(calls).toHaveLength(1);
  });
});

describe('offline (decision 022)', () => {
  /** A device whose network the test switches off and on, as the browser's online and offline events do. */
  function switchableConnection() {
    let online = true;
    let back: (() => void)[] = [];
    return {
      connection: {
        offline: () => !online,
        backOnline: () => (online ? Promise.resolve() : new Promise<void>((resolve) => back.push(resolve))),
      },
      set(isOnline: boolean) {
        online = isOnline;
        if (online) {
          back.forEach((resolve) => resolve());
          back = [];
        }
      },
    };
  }

  it('holds a save pressed offline and sends it once the network is back', async () => {
    const device = switchableConnection();
    const fake = scriptedFetch([ok({ retryAfter: 60 })]);
    const api = createApiClient({
      fetch: fake.fetch,
      retryPolicy: NO_RETRIES,
      connection: device.connection,
    });
    device.set(false);
    let settled = false;
    const created = api.create({} as never).finally(() => (settled = true));
    await vi.waitFor(() => expect(fake.calls).toHaveLength(0));
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Offline, nothing is sent and nothing fails: the step waits.
    expect(settled).toBe(false);
    device.set(true);
    await expect(created).resolves.toEqual({ retryAfter: 60 });
    expect(fake.calls).toHaveLength(1);
    expect(headerOf(fake.calls[0]!, IDEMPOTENCY_HEADER)).toBeTruthy();
  });

  it('a save whose connection drops while it is sent goes again with the same key when the network is back', async () => {
    const device = switchableConnection();
    const fake = scriptedFetch([offline(), ok({ retryAfter: 60 })]);
    const dropOnFirstCall: typeof globalThis.fetch = (input, init) => {
      if (fake.calls.length === 0) device.set(false);
      return fake.fetch(input, init);
    };
    const api = createApiClient({
      fetch: dropOnFirstCall,
      retryPolicy: NO_RETRIES,
      connection: device.connection,
    });
    const created = api.create({} as never);
    await vi.waitFor(() => expect(fake.calls).toHaveLength(1));
    device.set(true);
    await expect(created).resolves.toEqual({ retryAfter: 60 });
    expect(fake.calls).toHaveLength(2);
    const [first, second] = fake.calls.map((c) => headerOf(c, IDEMPOTENCY_HEADER));
    expect(first).toBeTruthy();
    expect(second).toBe(first);
  });

  it('a failure while the device says it is online is shown, as before', async () => {
    const { api } = client([offline()], 0);
    await expect(api.currentCohort()).rejects.toBeInstanceOf(ApiError);
  });
});
