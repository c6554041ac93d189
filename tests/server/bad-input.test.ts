/** Bad input of every kind, property-based: always the right 4xx with words, nothing stored, never a 500. */
import { STEP_MESSAGES } from '../../machines/steps';
import { readdirSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../machines/rules/contract';
import * as CATALOGUE from '../../machines/rules/messages';
import { FIELD_MESSAGES, MESSAGES } from '../../machines/rules/messages';
import { tooLong } from '../../machines/rules/schemas';
import { REVIEW_EVENT_ACTORS } from '../../machines/review.machine';
import { BULK_EVENTS } from '../../machines/rules/staff/bulk';
import { QUEUE_SORTS, STAFF_QUEUE_MESSAGES, staffQueuePaths } from '../../machines/rules/staff/queue';
import { STAFF_QUEUE_QUERY_NAMES } from '../../machines/rules/staff/queueViewSchema';
import { STAFF_MESSAGES } from '../../machines/rules/staff/messages';
import { savedViewPaths } from '../../machines/rules/staff/savedViews';
import { staffPaths } from '../../machines/rules/staff/paths';
import { SERVER_MESSAGES } from '../../server/messages';
import {
  applicant,
  cvForm,
  databases,
  json,
  pdf,
  shortOther,
  staffSignIn,
  uploadCv,
  useTestApp,
  verifiedApplicant,
} from './support';

const WRITES = [
  paths.create,
  paths.eligibility,
  paths.employment,
  paths.other,
  paths.submit,
  paths.misc,
  paths.resendCode,
  paths.verifyEmail,
  paths.update('ada@example.com'),
];

describe.each(databases)('bad input on $name', (database) => {
  const t = useTestApp(database, { checkDocumentedAnswers: true }, 'all');
  let cookie: string;
  const count = async () =>
    (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM applications')).rows[0].n;
  beforeAll(async () => {
    cookie = await verifiedApplicant(t, 'ada@example.com');
  });

  it('answers malformed JSON with 400 and the same words on every write', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...WRITES), fc.string({ maxLength: 40 }), async (url, text) => {
        fc.pre(!isJson(text));
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json', cookie },
          payload: text,
        });
        expect(res.statusCode).toBe(400);
        expect(json(res)).toEqual({ message: SERVER_MESSAGES.invalidJson });
      }),
      { numRuns: 60 },
    );
    expect(await count()).toBe(1);
  });

  // A `__proto__` key does not parse (Fastify's safe JSON parser refuses it): every write answers 400, the ones that
  // take no body included, and the OpenAPI document must list it (the app checks at its close).
  it('refuses a body with a __proto__ key as not valid JSON on every write, the bodiless ones too', async () => {
    for (const url of [...WRITES, paths.withdraw, paths.signOut]) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', cookie },
        payload: '{"__proto__":{"x":1}}',
      });
      expect(res.statusCode, url).toBe(400);
      expect(json(res)).toEqual({ message: SERVER_MESSAGES.invalidJson });
    }
    expect(await count()).toBe(1);
  });

  it('refuses wrong types, huge strings and junk fields on create with a 4xx and words, storing nothing', async () => {
    const junk = fc.oneof(
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.string(), { maxLength: 3 }),
      fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 })),
      fc.string({ minLength: 1001, maxLength: 3000 }),
    );
    const field = fc.constantFrom(
      'firstname',
      'lastname',
      'gender',
      'country',
      'city',
      'email',
      'phone',
      'whatsapp_phone',
      'middlename',
    );
    await fc.assert(
      fc.asyncProperty(field, junk, fc.emailAddress(), async (name, value, email) => {
        const res = await t.app.inject({
          method: 'POST',
          url: paths.create,
          payload: { ...applicant(email), [name]: value },
        });
        expect(res.statusCode).toBe(400);
        const body = json<{ message: string; data: { error: Record<string, string[]> } }>(res);
        expect(body.message.length).toBeGreaterThan(0);
        expect(Object.keys(body.data.error)).toEqual([name]);
      }),
      { numRuns: 80 },
    );
    expect(await count()).toBe(1);
  });

  it('strips unknown fields and still stores only known answers', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.stringMatching(/^x_[a-z]{1,8}$/), fc.string({ maxLength: 20 }), {
          minKeys: 1,
          maxKeys: 4,
        }),
        async (extra) => {
          const email = `extra${Math.random().toString(36).slice(2)}@example.com`;
          const res = await t.app.inject({
            method: 'POST',
            url: paths.create,
            payload: { ...applicant(email), ...extra },
          });
          expect(res.statusCode).toBe(201);
          expect(res.body).not.toContain(Object.keys(extra)[0]);
        },
      ),
      { numRuns: 10 },
    );
  });

  it('refuses wrong emails and phones with the catalogue words', async () => {
    const badEmail = fc.oneof(
      fc.string({ maxLength: 30 }).filter((s) => !/^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/.test(s.trim())),
      fc.constant('a@b.c'),
      fc.constant('no-at-sign.com'),
    );
    await fc.assert(
      fc.asyncProperty(badEmail, async (email) => {
        const res = await t.app.inject({ method: 'POST', url: paths.create, payload: applicant(email) });
        expect(res.statusCode).toBe(400);
        expect(json<{ data: { error: { email: string[] } } }>(res).data.error.email[0]).toMatch(
          new RegExp(`^(${FIELD_MESSAGES.email}|${MESSAGES.emailFormat})$`),
        );
      }),
      { numRuns: 40 },
    );
    const badPhone = fc.oneof(
      fc.stringMatching(/^\d{1,9}$/),
      fc.stringMatching(/^\d{16,20}$/),
      fc.stringMatching(/^[a-z]{3,12}$/),
    );
    await fc.assert(
      fc.asyncProperty(badPhone, async (phone) => {
        const res = await t.app.inject({
          method: 'POST',
          url: paths.create,
          payload: applicant('phone@example.com', { phone }),
        });
        expect(json(res)).toEqual({
          message: MESSAGES.phoneFormat,
          data: { error: { phone: [MESSAGES.phoneFormat] } },
        });
      }),
      { numRuns: 30 },
    );
  });

  it('never lets a write through without the session or with another applicant’s', async () => {
    const other = await verifiedApplicant(t, 'bola@example.com');
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          paths.eligibility,
          paths.employment,
          paths.other,
          paths.submit,
          paths.misc,
          paths.update('ada@example.com'),
        ),
        fc.boolean(),
        async (url, withOther) => {
          const res = await t.app.inject({
            method: 'POST',
            url,
            headers: withOther ? { cookie: other } : {},
            payload: {
              email: 'ada@example.com',
              misc: { column_name: 'Financial Info', payment_option: 'x' },
              reminderDate: '2027-01-01T10:00:00Z',
            },
          });
          expect(res.statusCode).toBe(withOther ? 403 : 401);
          expect(json(res).message).toBe(withOther ? SERVER_MESSAGES.notYours : SERVER_MESSAGES.needSession);
        },
      ),
      { numRuns: 30 },
    );
    const { rows } = await t.db.query<{ payment_option: string; reminder_date: unknown }>(
      "SELECT payment_option, reminder_date FROM applications WHERE email = 'ada@example.com'",
    );
    expect(rows[0]).toEqual({ payment_option: '', reminder_date: null });
  });

  it('refuses any non-document posing as a PDF, keeping no file', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 3000 }), async (bytes) => {
        fc.pre(bytes[0] !== 0x25 && bytes[0] !== 0xd0 && bytes[0] !== 0x50);
        const res = await uploadCv(t, cvForm('ada@example.com', Buffer.from(bytes), 'cv.pdf'), cookie);
        expect(res.statusCode).toBe(415);
        expect(json(res).message).toBe(MESSAGES.cvType);
      }),
      { numRuns: 25 },
    );
    expect((await t.db.query('SELECT id FROM cvs')).rows).toHaveLength(0);
  });

  it('never answers a wrong code with a 500, and voids the code after 5 tries', async () => {
    await t.app.inject({ method: 'POST', url: paths.create, payload: applicant('codes@example.com') });
    const real = await t.latestCode('codes@example.com');
    const seen: string[] = [];
    await fc.assert(
      fc.asyncProperty(fc.stringMatching(/^\d{6}$/), async (token) => {
        fc.pre(token !== real);
        const res = await t.app.inject({
          method: 'POST',
          url: paths.verifyEmail,
          payload: { email: 'codes@example.com', token },
        });
        expect(res.statusCode).toBe(400);
        seen.push(json(res).message);
      }),
      { numRuns: 8 },
    );
    expect(seen.slice(0, 4).every((m) => m === SERVER_MESSAGES.codeWrong)).toBe(true);
    expect(seen.slice(4).every((m) => m === SERVER_MESSAGES.codeTooManyTries)).toBe(true);
    const right = await t.app.inject({
      method: 'POST',
      url: paths.verifyEmail,
      payload: { email: 'codes@example.com', token: real },
    });
    expect(json(right).message).toBe(SERVER_MESSAGES.codeTooManyTries);
  });
});

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** A string of up to `maxLength` characters with one of `characters` put in somewhere. */
const withHiddenCharacter = (characters: string[], maxLength: number) =>
  fc
    .tuple(fc.string({ maxLength }), fc.constantFrom(...characters), fc.nat(maxLength))
    .map(([s, h, at]) => s.slice(0, at) + h + s.slice(at));

/**
 * Every API route of the contract, with generated bodies (hidden characters, lone surrogates, dates out of range,
 * wrong types, huge strings, random JSON, malformed and truncated multipart) and the applicant's session: never a
 * 5xx, every refusal in the catalogue's words, and a refused request leaves the stored state as it was.
 */
describe.each(databases)('generated bodies on every route, on $name', (database) => {
  const EMAIL = 'ada@example.com';
  // A configured location look-up: without one, geo's 503 is the documented answer, not a failure.
  const t = useTestApp(
    database,
    { config: { geo: { url: '', key: '', fixedCountry: 'Nigeria' } }, checkDocumentedAnswers: true },
    'all',
  );
  let cookie: string;
  let other: string;
  const tally = { requests: 0, refused: 0, accepted: 0, fiveHundreds: 0 };
  const routesHit = new Set<string>();

  beforeAll(async () => {
    cookie = await verifiedApplicant(t, EMAIL);
    other = await verifiedApplicant(t, 'bola@example.com');
  });
  afterAll(async () => {
    console.info(
      `generated bodies on ${database.name}: ${tally.requests} requests, ${tally.refused} refused (4xx), ` +
        `${tally.accepted} accepted, ${tally.fiveHundreds} answered 5xx`,
    );
  });

  /** What a request could change; `codes` is left out, as a wrong code counts a try by design. */
  const state = async () => ({
    applications: (await t.db.query('SELECT * FROM applications ORDER BY id')).rows,
    cvs: (await t.db.query('SELECT * FROM cvs ORDER BY application_id')).rows,
    files: readdirSync(t.storageDir).sort(),
    sessions: (await t.db.query('SELECT count(*)::int AS n FROM sessions')).rows,
    outbox: (await t.db.query('SELECT count(*)::int AS n FROM outbox')).rows,
    idempotency: (await t.db.query('SELECT count(*)::int AS n FROM idempotency')).rows,
  });

  const HIDDEN = [
    '\u0000',
    '\u0001',
    '\u0008',
    '\u000b',
    '\u001b',
    '\u007f',
    '\u0085',
    '\u009f',
    '\ud800',
    '\udfff',
  ];
  const withHidden = withHiddenCharacter(HIDDEN, 12);
  const badDate = fc.constantFrom(
    '+275760-09-13T00:00:00.000Z',
    '-271821-04-20T00:00:00.000Z',
    '+099999-01-01T00:00:00Z',
    '0000-01-01T00:00:00Z',
    '1899-12-31T23:59:59Z',
    '10000-01-01',
    '2027-02-30T25:61:00Z',
    '2027-01-01T10:00:00Z\u0000',
  );
  const nasty: fc.Arbitrary<unknown> = fc.oneof(
    withHidden,
    fc.string({ unit: 'binary', maxLength: 20 }),
    badDate,
    fc.string({ minLength: 995, maxLength: 1_010 }),
    fc.string({ minLength: 9_995, maxLength: 10_010 }),
    fc.integer(),
    fc.double(),
    fc.constantFrom(1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, -0),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.string({ maxLength: 4 }), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }), { maxKeys: 3 }),
  );

  const eligibility = {
    openness_to_tools: 'Very open',
    work_disruption_feelings: 'Calm',
    feedback_handling: 'I welcome it',
    approach_to_new_tasks: 'I plan',
    education_focus: 'Science',
    highest_qualification: 'BSc',
  };
  /** A body each route would accept from the site, which the generator then spoils. */
  const base = (name: string): Record<string, unknown> => {
    switch (name) {
      case 'create':
        return { ...applicant(`new${Math.random().toString(36).slice(2)}@example.com`) };
      case 'eligibility':
        return { email: EMAIL, eligible: 'eligible', eligibility };
      case 'employment':
        return {
          email: EMAIL,
          employment: {
            employment_status: 'Unemployed',
            unemployment_duration: 'Less than 6 months',
            work_experience_years: '1 - 2 years',
            service_completion_date: '2026-05-01',
            reason_for_leaving: 'More pay\nand growth',
            exit_timeline: '',
            job_urgency: 7,
          },
        };
      case 'other':
        return {
          email: EMAIL,
          other: shortOther,
        };
      case 'submit':
        return { email: EMAIL, agreement: true, agreement1: true, agreement2: true };
      case 'misc':
        return {
          email: EMAIL,
          misc: {
            column_name: 'Financial Info',
            payment_option: 'Full payment',
            data: {
              phone_type: 'Android',
              has_laptop: 'yes',
              parents_status: 'Both alive',
              employment_status_duration: 'No',
              affordable_amount: '10000',
              bootcamp_attendance_reason: 'To learn',
              additional_info: 'Nothing',
            },
          },
        };
      case 'verifyEmail':
        return { email: EMAIL, token: '123456' };
      case 'update':
        return {
          reminderDate: '2026-12-24T09:00:00.000Z',
          videoData: { videoProgress: 40, isVideoEnded: false, attemptCounter: 1 },
        };
      case 'paymentStart':
        return { email: EMAIL, option: 'Full payment', country: 'Nigeria' };
      case 'paymentVerify':
        return { email: EMAIL, reference: 'ref-123' };
      default:
        return { email: EMAIL };
    }
  };

  /** Every path to a value of a body: ['employment', 'job_urgency'], … */
  const leaves = (value: unknown, at: string[] = []): string[][] =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.entries(value).flatMap(([k, v]) => [[...at, k], ...leaves(v, [...at, k])])
      : [];
  const setAt = (body: Record<string, unknown>, path: string[], value: unknown) => {
    const copy = structuredClone(body);
    let node = copy;
    for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
    node[path.at(-1)!] = value;
    return copy;
  };

  const GETS = new Set(['currentCohort', 'lookup', 'geo']);
  const MULTIPART = new Set(['uploadCv', 'update']);
  const routeNames = Object.keys(paths) as Array<keyof typeof paths>;
  // encodeURIComponent refuses lone surrogates; they go as the bytes a broken client would send.
  const encode = (text: string) =>
    text
      .split(/[\uD800-\uDFFF]/u)
      .map(encodeURIComponent)
      .join('%ED%A0%80');
  const urlOf = (name: keyof typeof paths, email: string) => {
    const path = paths[name];
    return typeof path === 'function' ? path('') + encode(email) : path;
  };
  const pathEmail = fc.oneof(
    { weight: 4, arbitrary: fc.constant(EMAIL) },
    { weight: 1, arbitrary: withHidden.map((s) => `${s}@example.com`) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  );

  /** A multipart body: fields and files in any order, possibly truncated or without its boundary. */
  const multipartBody = fc
    .record({
      parts: fc.array(
        fc.oneof(
          fc.record({
            kind: fc.constant('field' as const),
            name: fc.constantFrom('email', 'reminderDate', 'videoData', 'x'),
            value: fc.oneof(fc.constant(EMAIL), withHidden, badDate, fc.string({ maxLength: 30 })),
          }),
          fc.record({
            kind: fc.constant('file' as const),
            name: fc.constantFrom('cv', 'other'),
            filename: fc.oneof(
              fc.constant('cv.pdf'),
              withHidden,
              fc.string({ unit: 'binary', maxLength: 20 }),
            ),
            pdf: fc.boolean(),
            bytes: fc.uint8Array({ maxLength: 600 }),
          }),
        ),
        { maxLength: 4 },
      ),
      cut: fc.option(fc.nat(2_000), { nil: undefined }),
      boundary: fc.constantFrom('ok', 'missing', 'wrong'),
    })
    .map(({ parts, cut, boundary }) => {
      const b = 'genboundary';
      const chunks = parts.map((part) =>
        part.kind === 'field'
          ? Buffer.from(
              `--${b}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
            )
          : Buffer.concat([
              Buffer.from(
                `--${b}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename.replace(/"/g, '')}"\r\nContent-Type: application/pdf\r\n\r\n`,
              ),
              part.pdf
                ? Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from(part.bytes)])
                : Buffer.from(part.bytes),
              Buffer.from('\r\n'),
            ]),
      );
      let payload = Buffer.concat([...chunks, Buffer.from(`--${b}--\r\n`)]);
      if (cut !== undefined) payload = payload.subarray(0, cut % (payload.length + 1));
      const type =
        boundary === 'ok'
          ? `multipart/form-data; boundary=${b}`
          : boundary === 'wrong'
            ? 'multipart/form-data; boundary=other'
            : 'multipart/form-data';
      return { payload, headers: { 'content-type': type } };
    });

  const jsonBody = (name: string) => {
    const body = base(name);
    const paths_ = leaves(body);
    return fc.oneof(
      {
        weight: 6,
        arbitrary: fc.tuple(fc.constantFrom(...paths_), nasty).map(([at, v]) => setAt(body, at, v)),
      },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
      { weight: 1, arbitrary: nasty.map((v) => ({ ...body, [`x_${typeof v}`]: v })) },
    );
  };

  const request = fc.constantFrom(...routeNames).chain((name) =>
    fc.record({
      name: fc.constant(name),
      email: pathEmail,
      key: fc.option(fc.string({ unit: 'grapheme-ascii', maxLength: 40 }), { nil: undefined }),
      body: GETS.has(name)
        ? fc.constant(undefined)
        : MULTIPART.has(name)
          ? fc.oneof(
              multipartBody,
              jsonBody(name).map((json) => ({ json })),
            )
          : jsonBody(name).map((json) => ({ json })),
    }),
  );

  const serverWords = Object.values(SERVER_MESSAGES) as Array<string | ((n: number) => string)>;
  const FIXED = new Set<string>([
    // Every sentence of the shared catalogue (field prompts, messages, the eligibility result, …).
    ...Object.values(CATALOGUE).flatMap((group) =>
      group && typeof group === 'object' ? Object.values(group).filter((m) => typeof m === 'string') : [],
    ),
    ...serverWords.filter((m) => typeof m === 'string'),
    // The questions' own words, kept in their step files (decision 130).
    ...Object.values(STEP_MESSAGES),
    // The funnel beacon's route is in the contract; its words are the staff catalogue's.
    STAFF_QUEUE_MESSAGES.funnelStep,
  ]);
  const TEMPLATES = [...serverWords.filter((m) => typeof m === 'function'), tooLong].map(
    (template) =>
      new RegExp(
        `^${template(7777777)
          .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
          .replace(/\d+/g, '\\d+')
          .replace(/minutes/g, 'minutes?')}$`,
      ),
  );
  const inCatalogue = (message: unknown) =>
    typeof message === 'string' && (FIXED.has(message) || TEMPLATES.some((re) => re.test(message)));

  it('never answers 5xx, refuses in the catalogue’s words and stores nothing half-way', async () => {
    await fc.assert(
      fc.asyncProperty(request, async ({ name, email, key, body }) => {
        const before = await state();
        const session = name === 'signOut' ? other : cookie;
        const headers: Record<string, string> = {
          cookie: session,
          ...(key ? { 'idempotency-key': key } : {}),
        };
        const res = await t.app.inject({
          method: GETS.has(name) ? 'GET' : 'POST',
          url: urlOf(name, email),
          ...(body === undefined
            ? { headers }
            : 'json' in body
              ? { headers, payload: body.json as object }
              : { headers: { ...headers, ...body.headers }, payload: body.payload }),
        });
        tally.requests += 1;
        routesHit.add(name);
        if (res.statusCode >= 500) tally.fiveHundreds += 1;
        expect(res.statusCode, `${name}: ${res.body}`).toBeLessThan(500);
        if (res.statusCode >= 400) {
          tally.refused += 1;
          expect(inCatalogue(res.json().message), `${name}: ${res.body}`).toBe(true);
          expect(
            await state(),
            `${name} refused with ${res.statusCode} but changed the stored state`,
          ).toEqual(before);
        } else tally.accepted += 1;
      }),
      { numRuns: 300 },
    );
    // The generator reached every route of the contract.
    expect([...routesHit].sort()).toEqual([...routeNames].sort());
  }, 180_000);
});

/**
 * Every staff route (server/staff/routes.ts, queueRoutes.ts, queue.ts, funnel.ts) with generated input: hidden
 * characters, dates out of range or not on the calendar, integers past int4, negative or huge, cursors that are not
 * ours, CSV files with hidden characters, wrong types. Never a 5xx, never a framework's own code in a body; every
 * refusal in the catalogue's words with `{ message, data: { error } }` for a 400, and nothing stored by it.
 */
describe.each(databases)('generated input on every staff route, on $name', (database) => {
  const ADMIN = 'director@bootcamp.example';
  const REVIEWER = 'reader@bootcamp.example';
  const t = useTestApp(database, { config: { staffEmails: [ADMIN] }, checkDocumentedAnswers: true }, 'all');
  const sessions: Record<'admin' | 'reviewer' | 'none', string> = { admin: '', reviewer: '', none: '' };
  let applicationId = 0;
  const tally = { requests: 0, refused: 0, accepted: 0, fiveHundreds: 0 };

  beforeAll(async () => {
    sessions.admin = await staffSignIn(t, ADMIN);
    await t.app.inject({
      method: 'POST',
      url: staffPaths.team,
      headers: { cookie: sessions.admin },
      payload: { email: REVIEWER, role: 'reviewer' },
    });
    sessions.reviewer = await staffSignIn(t, REVIEWER);
    const cookie = await verifiedApplicant(t, 'ada@example.com');
    await uploadCv(t, cvForm('ada@example.com', pdf()), cookie);
    const { rows } = await t.db.query<{ id: number }>(
      "UPDATE applications SET submitted_at = $1 WHERE email = 'ada@example.com' RETURNING id",
      [t.now()],
    );
    applicationId = rows[0].id;
  });
  afterAll(() => {
    console.info(
      `generated staff input on ${database.name}: ${tally.requests} requests, ${tally.refused} refused (4xx), ` +
        `${tally.accepted} accepted, ${tally.fiveHundreds} answered 5xx`,
    );
  });

  /** What a refused request must leave as it was. */
  const state = async () => ({
    applications: (await t.db.query('SELECT * FROM applications ORDER BY id')).rows,
    staff: (await t.db.query('SELECT * FROM staff ORDER BY id')).rows,
    events: (await t.db.query('SELECT count(*)::int AS n FROM review_events')).rows,
    notes: (await t.db.query('SELECT count(*)::int AS n FROM staff_notes')).rows,
    audit: (await t.db.query('SELECT count(*)::int AS n FROM audit_log')).rows,
    outbox: (await t.db.query('SELECT count(*)::int AS n FROM outbox')).rows,
    views: (await t.db.query('SELECT * FROM saved_views ORDER BY id')).rows,
  });

  const INT4 = 2 ** 31;
  const hidden = withHiddenCharacter(['\u0000', '\u0001', '\u001b', '\u007f', '\u009f'], 10);
  const extremeDay = fc.constantFrom(
    '9999-12-31',
    '0000-01-01',
    '2026-02-30',
    '2026-13-01',
    '1899-12-31',
    '+275760-09-13',
    '2026-01-01\u0000',
  );
  const extremeInteger = fc.oneof(
    fc.constantFrom(INT4, INT4 - 1, INT4 * 2, -1, 0, -INT4 - 1, Number.MAX_SAFE_INTEGER, 1e21, -0, 1.5),
    fc.integer({ min: INT4, max: Number.MAX_SAFE_INTEGER }),
    fc.integer({ min: Number.MIN_SAFE_INTEGER, max: 0 }),
  );
  const cursorOf = (value: unknown, id: unknown) =>
    Buffer.from(JSON.stringify([value, id])).toString('base64url');
  const badCursor = fc.oneof(
    fc
      .tuple(
        fc.oneof(
          fc.constantFrom(
            '2026-02-30T00:00:00.000Z',
            '0000-01-01T00:00:00.000Z',
            '9999-12-31T23:59:59.999Z',
            '2026-01-01T00:00:00.000Z\u0000',
            'a\u0000b',
          ),
          extremeInteger,
          hidden,
        ),
        fc.oneof(fc.constant(1), extremeInteger),
      )
      .map(([value, id]) => cursorOf(value, id)),
    fc.string({ maxLength: 40 }),
    hidden,
  );
  const nastyText = fc.oneof(
    hidden,
    extremeDay,
    fc.string({ unit: 'binary', maxLength: 20 }),
    fc.string({ minLength: 290, maxLength: 320 }),
    extremeInteger.map(String),
  );
  /** A queue query with one or two of its values spoiled. */
  const badQuery = fc
    .array(
      fc.oneof(
        fc.tuple(fc.constantFrom(...STAFF_QUEUE_QUERY_NAMES), nastyText),
        fc.tuple(fc.constantFrom('from', 'to'), extremeDay),
        fc.tuple(fc.constant('cursor'), badCursor),
        fc.tuple(fc.constantFrom('sort'), fc.constantFrom(...QUEUE_SORTS)),
      ),
      { minLength: 1, maxLength: 3 },
    )
    .map((pairs) => Object.fromEntries(pairs) as Record<string, string>);
  const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
    nastyText,
    extremeInteger,
    fc.boolean(),
    fc.constant(null),
    fc.array(extremeInteger, { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 6 }), nastyText, { maxKeys: 2 }),
  );
  const idParam = fc.oneof(
    extremeInteger.map(String),
    hidden.map(encodeURIComponent),
    fc.constantFrom('999999999', '2147483648', '00000000001', 'abc', '%00'),
  );
  const csvFile = fc
    .array(
      fc.tuple(
        fc.oneof(fc.constant('ada@example.com'), hidden, fc.string({ maxLength: 12 })),
        fc.oneof(fc.constantFrom('accept', 'reject', 'waitlist'), hidden),
      ),
      { minLength: 1, maxLength: 4 },
    )
    .map((rows) => rows.map((r) => r.join(',')).join('\n'));

  const query = (values: Record<string, string>) => `?${new URLSearchParams(values).toString()}`;
  const at = (path: string, id: string) => path.replace(':id', id);
  type Request = { method: 'GET' | 'POST' | 'DELETE'; url: string; payload?: unknown; csv?: string };
  const request: fc.Arbitrary<{ route: string; req: Request }> = fc.oneof(
    ...(
      [
        ['queue', badQuery.map((q) => ({ method: 'GET', url: staffQueuePaths.queue + query(q) }))],
        ['export', badQuery.map((q) => ({ method: 'GET', url: staffQueuePaths.exportCsv + query(q) }))],
        ['zip', badQuery.map((q) => ({ method: 'GET', url: staffQueuePaths.cvsZip + query(q) }))],
        [
          'funnel',
          nastyText.map((cohort) => ({ method: 'GET', url: staffQueuePaths.funnel + query({ cohort }) })),
        ],
        ['cohorts', fc.constant({ method: 'GET', url: staffQueuePaths.cohorts })],
        [
          'bulk',
          fc
            .record({
              event: fc.oneof(fc.constantFrom(...BULK_EVENTS), nastyValue),
              ids: fc.oneof(fc.array(extremeInteger, { minLength: 1, maxLength: 4 }), nastyValue),
              filter: fc.option(badQuery, { nil: undefined }),
              dryRun: fc.oneof(fc.constant(true), nastyValue),
            })
            .map(({ filter, ids, ...body }) => ({
              method: 'POST',
              url: staffQueuePaths.bulk,
              payload: filter ? { ...body, filter } : { ...body, ids },
            })),
        ],
        [
          'bulkCsv',
          fc.tuple(csvFile, fc.oneof(fc.constant(''), nastyText)).map(([csv, cohort]) => ({
            method: 'POST',
            url: staffQueuePaths.bulkCsv + query({ dryRun: '1', ...(cohort ? { cohort } : {}) }),
            csv,
          })),
        ],
        ['application', idParam.map((id) => ({ method: 'GET', url: at(staffPaths.application, id) }))],
        ['cv', idParam.map((id) => ({ method: 'GET', url: at(staffPaths.cv, id) }))],
        [
          'notes',
          fc.tuple(idParam, nastyValue).map(([id, body]) => ({
            method: 'POST',
            url: at(staffPaths.notes, id),
            payload: { body },
          })),
        ],
        [
          'events',
          fc.tuple(fc.oneof(idParam, fc.constant(String(INT4))), nastyValue).map(([id, type]) => ({
            method: 'POST',
            url: at(staffPaths.events, id),
            payload: { type },
          })),
        ],
        ['teamMember', idParam.map((id) => ({ method: 'DELETE', url: at(staffPaths.teamMember, id) }))],
        [
          'team',
          fc.tuple(nastyValue, nastyValue).map(([email, role]) => ({
            method: 'POST',
            url: staffPaths.team,
            payload: { email, role },
          })),
        ],
        ['teamList', fc.constant({ method: 'GET', url: staffPaths.team })],
        [
          'saveView',
          fc.tuple(nastyValue, fc.oneof(badQuery.map(query), nastyValue)).map(([name, view]) => ({
            method: 'POST',
            url: savedViewPaths.views,
            payload: { name, query: view },
          })),
        ],
        ['deleteView', idParam.map((id) => ({ method: 'DELETE', url: at(savedViewPaths.view, id) }))],
        ['me', fc.constant({ method: 'GET', url: staffPaths.me })],
        [
          'audit',
          fc.oneof(nastyText, extremeInteger.map(String)).map((before) => ({
            method: 'GET',
            url: staffPaths.audit + query({ before }),
          })),
        ],
        [
          'signIn',
          nastyValue.map((email) => ({ method: 'POST', url: staffPaths.signIn, payload: { email } })),
        ],
        [
          'verify',
          fc.tuple(nastyValue, nastyValue).map(([email, token]) => ({
            method: 'POST',
            url: staffPaths.verify,
            payload: { email, token },
          })),
        ],
        [
          'funnelBeacon',
          nastyValue.map((step) => ({ method: 'POST', url: paths.funnelStep, payload: { step } })),
        ],
      ] as [string, fc.Arbitrary<Request>][]
    ).map(([route, arbitrary]) => arbitrary.map((req) => ({ route, req }))),
  );

  const staffWords = [STAFF_MESSAGES, STAFF_QUEUE_MESSAGES].flatMap((group) => Object.values(group));
  const SENTINEL = 'SENTINEL';
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const FIXED = new Set<string>([
    ...Object.values(CATALOGUE).flatMap((group) =>
      group && typeof group === 'object' ? Object.values(group).filter((m) => typeof m === 'string') : [],
    ),
    ...[...Object.values(SERVER_MESSAGES), ...staffWords].filter((m) => typeof m === 'string'),
    ...Object.values(STEP_MESSAGES),
  ]);
  const TEMPLATES = [
    ...[...Object.values(SERVER_MESSAGES), ...staffWords, tooLong]
      .filter((m) => typeof m === 'function' && m !== STAFF_MESSAGES.notAllowedNow)
      .map((template) => (template as (n: number) => string)(7777777)),
    ...Object.keys(REVIEW_EVENT_ACTORS).map((event) =>
      STAFF_MESSAGES.notAllowedNow(SENTINEL, event as keyof typeof REVIEW_EVENT_ACTORS),
    ),
  ].map(
    (text) =>
      new RegExp(
        `^${escape(text)
          .replace(/\d+/g, '\\d+')
          .replace(/(minutes|seconds)/g, '(minutes?|seconds?)')
          .replace(new RegExp(SENTINEL.toLowerCase(), 'g'), '.+')}$`,
      ),
  );
  const inCatalogue = (message: unknown) =>
    typeof message === 'string' && (FIXED.has(message) || TEMPLATES.some((re) => re.test(message)));

  it('refuses the security review’s cases with 400 and the field’s words, before an export streams a byte', async () => {
    const cases: [string, string, string | RegExp][] = [
      [`${staffQueuePaths.queue}?country=Nig%00eria`, 'country', MESSAGES.hiddenCharacters],
      [`${staffQueuePaths.queue}?source=a%00`, 'source', MESSAGES.hiddenCharacters],
      [`${staffQueuePaths.queue}?q=ada%00`, 'q', MESSAGES.hiddenCharacters],
      [`${staffQueuePaths.queue}?to=9999-12-31`, 'to', STAFF_QUEUE_MESSAGES.dateRange],
      [`${staffQueuePaths.queue}?from=0000-01-01`, 'from', STAFF_QUEUE_MESSAGES.dateRange],
      [`${staffQueuePaths.queue}?from=2026-02-30`, 'from', STAFF_QUEUE_MESSAGES.dateFormat],
      ...[
        ['submitted', cursorOf('2026-02-30T00:00:00.000Z', 1)],
        ['submitted', cursorOf('0000-01-01T00:00:00.000Z', 1)],
        ['status', cursorOf(INT4, 1)],
        ['name', cursorOf('a\u0000', 1)],
        ['submitted', cursorOf('2026-01-01T00:00:00.000Z', INT4)],
      ].map(([sort, cursor]): [string, string, string] => [
        `${staffQueuePaths.queue}?sort=${sort}&cursor=${cursor}`,
        'cursor',
        STAFF_QUEUE_MESSAGES.cursorStale,
      ]),
      [`${staffQueuePaths.exportCsv}?country=%00`, 'country', MESSAGES.hiddenCharacters],
      [`${staffQueuePaths.cvsZip}?to=9999-12-31`, 'to', STAFF_QUEUE_MESSAGES.dateRange],
    ];
    for (const [url, field, words] of cases) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: sessions.admin } });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(json(res), url).toEqual({ message: words, data: { error: { [field]: [words] } } });
    }
    const bulk = await t.app.inject({
      method: 'POST',
      url: staffQueuePaths.bulk,
      headers: { cookie: sessions.admin },
      payload: { event: 'ACCEPT', ids: [applicationId, INT4] },
    });
    expect(json(bulk)).toEqual({
      message: STAFF_QUEUE_MESSAGES.bulkNothing,
      data: { error: { ids: [STAFF_QUEUE_MESSAGES.bulkNothing] } },
    });
    const csv = await t.app.inject({
      method: 'POST',
      url: `${staffQueuePaths.bulkCsv}?dryRun=1`,
      headers: { cookie: sessions.admin, 'content-type': 'text/csv' },
      payload: 'ada@example.com,accept\nbo\u0000la@example.com,reject\n',
    });
    expect(json(csv)).toEqual({
      message: STAFF_QUEUE_MESSAGES.csvHidden,
      data: { error: { file: [STAFF_QUEUE_MESSAGES.csvHidden] } },
    });
  });

  it('never answers 5xx, refuses in the catalogue’s words and stores nothing', async () => {
    const routesHit = new Set<string>();
    await fc.assert(
      fc.asyncProperty(
        request,
        fc.constantFrom('admin', 'admin', 'admin', 'reviewer', 'none' as const),
        async ({ route, req }, who) => {
          const before = await state();
          const cookie = sessions[who];
          const res = await t.app.inject({
            method: req.method,
            url: req.url.replace(':id', String(applicationId)),
            headers: {
              ...(cookie ? { cookie } : {}),
              ...(req.csv !== undefined ? { 'content-type': 'text/csv' } : {}),
            },
            ...(req.csv !== undefined
              ? { payload: req.csv }
              : req.payload !== undefined
                ? { payload: req.payload as object }
                : {}),
          });
          tally.requests += 1;
          routesHit.add(route);
          const what = `${route} as ${who}: ${req.method} ${req.url} → ${res.statusCode} ${res.body.slice(0, 300)}`;
          if (res.statusCode >= 500) tally.fiveHundreds += 1;
          expect(res.statusCode, what).toBeLessThan(500);
          expect(res.body, what).not.toMatch(/FST_|ERR_/);
          if (res.statusCode < 400) {
            tally.accepted += 1;
            return;
          }
          tally.refused += 1;
          const body = res.json<{ message: unknown; data?: { error?: Record<string, unknown> } }>();
          expect(inCatalogue(body.message), what).toBe(true);
          if (res.statusCode === 400 && body.message !== SERVER_MESSAGES.invalidJson) {
            const errors = Object.values(body.data?.error ?? {});
            expect(errors.length, what).toBeGreaterThan(0);
            expect(errors.flat().every(inCatalogue), what).toBe(true);
          }
          expect(await state(), `${what} changed the stored state`).toEqual(before);
        },
      ),
      { numRuns: 400 },
    );
    expect(routesHit.size).toBe(21);
  }, 240_000);
});
