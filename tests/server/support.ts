/**
 * The back office under test: the real app on the test engine (`databases` below; on PostgreSQL each test file gets
 * a fresh schema, dropped afterwards). A clock the tests can move.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isDeepStrictEqual } from 'node:util';
import { dirname, join } from 'node:path';
import '../support/pgliteTemplate';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from 'vitest';
import { paths, SESSION_COOKIE } from '../../machines/rules/contract';
import { type CreatePayload } from '../../machines/steps/communications';
import { type SavedApplication } from '../../machines/savedApplication';
import { FIELD_MESSAGES } from '../../machines/rules/messages';
import { privacyPaths } from '../../machines/rules/privacy';
import { STEP_MESSAGES } from '../../machines/steps';
import { STAFF_COOKIE } from '../../machines/rules/staff/session';
import { staffPaths } from '../../machines/rules/staff/paths';
import { agreed, applicant, employment, other } from '../support/answers';
import { buildApp, type AppOptions } from '../../server/app';
import { defaultConfig, type Config } from '../../server/config';
import { currentCohort } from '../../server/db/cohorts';
import { pgliteDb, postgresDb, type Db } from '../../server/db/index';
import { migrate } from '../../server/db/migrations';
import { DECISION_UNDO_MINUTES } from '../../machines/rules/staff/undo';
import { outboxMailer, readOutbox, type Mailer, type MailboxEntry } from '../../server/mail/index';
import { applyReviewEvent } from '../../server/review/events';
import type { CvStorage } from '../../server/storage/index';

export interface TestDatabase {
  name: 'pglite' | 'postgres';
  open(): Promise<{ db: Db; drop: () => Promise<void> }>;
}

const pglite: TestDatabase = {
  name: 'pglite',
  async open() {
    // The run's migrated template, loaded in memory: no initdb, no migration (tests/support/pgliteTemplate.ts).
    const instance = new PGlite({ loadDataDir: new Blob([readFileSync(inject('pgliteTemplate').tarball)]) });
    await instance.waitReady;
    return { db: pgliteDb(instance), drop: async () => undefined };
  },
};

const postgres = (url: string): TestDatabase => ({
  name: 'postgres',
  async open() {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    const db = postgresDb(url, schema);
    return {
      db,
      drop: async () => {
        const cleanup = new pg.Client({ connectionString: url });
        await cleanup.connect();
        await cleanup.query(`DROP SCHEMA ${schema} CASCADE`);
        await cleanup.end();
      },
    };
  },
});

/**
 * The engine a server test file runs on: PostgreSQL when DATABASE_URL is set (production's engine, and a statement an
 * older server lacks fails there, not on PGlite's 17), else PGlite. Both run the same Postgres SQL; they differ below
 * it, in connections, transactions and locks, and the files about that layer run on both (`bothEngines`). The
 * browser suites run every flow on PGlite (docs/decisions/088-shared-test-support.md, "One engine a server file").
 */
export const databases: TestDatabase[] = process.env.DATABASE_URL
  ? [postgres(process.env.DATABASE_URL)]
  : [pglite];

/** PGlite always; PostgreSQL as well when DATABASE_URL is set: for the files about the engines' own layer. */
export const bothEngines: TestDatabase[] = process.env.DATABASE_URL
  ? [pglite, postgres(process.env.DATABASE_URL)]
  : [pglite];

export const START = new Date('2026-11-23T10:00:00Z');

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  storageDir: string;
  /** Moves the server's clock forward. */
  advance(ms: number): void;
  /** The server's clock now (the config's own clock when a test gave one). */
  now(): Date;
  setNow(date: Date): void;
  mails(): Promise<MailboxEntry[]>;
  latestCode(email: string): Promise<string>;
  /** With `checkDocumentedAnswers`: every `METHOD /route STATUS` answered so far. */
  answers(): string[];
  close(): Promise<void>;
}

// One database per engine and test file (starting PGlite takes seconds); every test app starts from empty tables.
const opened = new Map<string, Promise<{ db: Db; drop: () => Promise<void> }>>();

async function freshDatabase(database: TestDatabase): Promise<Db> {
  let entry = opened.get(database.name);
  if (!entry) {
    entry = database.open().then(async (handle) => {
      await migrate(handle.db);
      return handle;
    });
    opened.set(database.name, entry);
  }
  const { db } = await entry;
  await db.query(
    'TRUNCATE applications, codes, sessions, cvs, outbox, idempotency, cohorts, code_mail_quota, code_tries, rate_counters, staff, programme_settings RESTART IDENTITY CASCADE',
  );
  await db.query(
    `INSERT INTO cohorts (number, name, start_date, application_deadline, seats)
     VALUES (6, 'Cohort 6', '2025-03-10', '2025-03-03', 300)`,
  );
  return db;
}

/**
 * Closes (and for PostgreSQL drops) the databases this test file opened. The server project's files share one module
 * registry per worker (`isolate: false`), so this runs from its setup file (tests/server/setup.ts), after each file.
 */
export async function releaseDatabases(): Promise<void> {
  for (const entry of opened.values()) {
    const { db, drop } = await entry;
    await db.close();
    await drop();
  }
  opened.clear();
}

export interface TestAppOptions {
  config?: Partial<Config>;
  mailer?: (db: Db) => Mailer;
  clientDir?: string;
  logger?: AppOptions['logger'];
  /** Shorter limits for slow clients (server/timeouts.ts). */
  timeouts?: AppOptions['timeouts'];
  /** What the app sees of the database (to count its statements or make one fail); `t.db` stays the real one. */
  wrapDb?: (db: Db) => Db;
  /** Where CVs go instead of the test's local directory (an S3 bucket: tests/server/s3Server.ts). */
  storage?: CvStorage;
  /** What renders the landing page's words (src/landing/entry-server.tsx); a bare client folder has no SSR build. */
  renderLandingWords?: AppOptions['renderLandingWords'];
  /**
   * Record every (method, route, status) the app answers and, when the app closes, fail if the OpenAPI document
   * (server/openapi.ts) does not list one of them, or if an answer written with its response schema differs from the
   * same value written by JSON.stringify (a field the schema does not name is dropped, a null turned into '' or 0).
   */
  checkDocumentedAnswers?: boolean;
}

type OpenApiDocument = { paths?: Record<string, Record<string, { responses?: Record<string, unknown> }>> };

/** Where `sent` differs from `given`, as `data.rows[0].email: sent undefined, given "a@b.c"` (the first few). */
function differences(sent: unknown, given: unknown, at = ''): string[] {
  if (isDeepStrictEqual(sent, given)) return [];
  if (sent && given && typeof sent === 'object' && typeof given === 'object') {
    const keys = new Set([...Object.keys(sent), ...Object.keys(given)]);
    return [...keys]
      .flatMap((key) =>
        differences(
          (sent as Record<string, unknown>)[key],
          (given as Record<string, unknown>)[key],
          Array.isArray(given) ? `${at}[${key}]` : `${at}.${key}`,
        ),
      )
      .slice(0, 5);
  }
  return [`${at.slice(1) || 'the body'}: sent ${JSON.stringify(sent)}, given ${JSON.stringify(given)}`];
}

/** The answers seen that the app's OpenAPI document does not list, as `METHOD /path STATUS`. */
export function undocumentedAnswers(app: FastifyInstance, seen: Iterable<string>): string[] {
  const document = app.swagger() as OpenApiDocument;
  return [...seen].filter((answer) => {
    const [method, url, status] = answer.split(' ');
    const operations = document.paths?.[url.replace(/:(\w+)/g, '{$1}')];
    // Routes hidden from the document (health, metrics, the dev mailbox, pages) are not the API's.
    if (!operations) return false;
    return !operations[method.toLowerCase()]?.responses?.[status];
  });
}

export async function testApp(database: TestDatabase, options: TestAppOptions = {}): Promise<TestApp> {
  const db = await freshDatabase(database);
  const appDb = options.wrapDb ? options.wrapDb(db) : db;
  let now = START;
  const storageDir = mkdtempSync(join(tmpdir(), 'bootcamp-cv-'));
  const config = defaultConfig({ now: () => now, ...options.config });
  const app = await buildApp({
    db: appDb,
    mailer: options.mailer ? options.mailer(appDb) : outboxMailer(appDb, () => now),
    storageDir,
    storage: options.storage,
    clientDir: options.clientDir,
    config,
    logger: options.logger,
    timeouts: options.timeouts,
    renderLandingWords: options.renderLandingWords,
  });
  const answered = new Set<string>();
  const altered = new Set<string>();
  if (options.checkDocumentedAnswers) {
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url;
      if (route && request.method !== 'HEAD') answered.add(`${request.method} ${route} ${reply.statusCode}`);
    });
    // What the handler gave, written without a schema; compared below with what the schema's serialiser wrote.
    const unschematised = new WeakMap<object, string>();
    app.addHook('preSerialization', async (request, _reply, payload: unknown) => {
      unschematised.set(request, JSON.stringify(payload));
      return payload;
    });
    app.addHook('onSend', async (request, reply, payload: unknown) => {
      const plain = unschematised.get(request);
      if (plain !== undefined && typeof payload === 'string') {
        const changed = differences(JSON.parse(payload), JSON.parse(plain));
        if (changed.length)
          altered.add(
            `${request.method} ${request.routeOptions.url} ${reply.statusCode}: ${changed.join(', ')}`,
          );
      }
      return payload;
    });
  }
  await app.ready();
  const mails = () => readOutbox(db);
  return {
    app,
    db,
    storageDir,
    advance: (ms) => (now = new Date(now.getTime() + ms)),
    now: () => config.now(),
    setNow: (date) => (now = date),
    mails,
    async latestCode(email) {
      const mail = (await mails()).find((m) => m.to === email && /\b\d{6}\b/.test(m.text));
      if (!mail) throw new Error(`no code for ${email}`);
      return mail.text.match(/\b(\d{6})\b/)![1];
    },
    answers: () => [...answered],
    async close() {
      const undocumented = options.checkDocumentedAnswers ? undocumentedAnswers(app, answered) : [];
      await app.close();
      rmSync(storageDir, { recursive: true, force: true });
      const problems = [
        ...(undocumented.length
          ? [`answers the OpenAPI document does not list: ${undocumented.sort().join('; ')}`]
          : []),
        ...[...altered].map((answer) => `an answer its schema changed: ${answer}`),
      ];
      if (problems.length) throw new Error(problems.join('\n'));
    },
  };
}

export { applicant };

/** A TestApp that always speaks for the one `made` gives (hooks make a new one for each test). */
function follow(made: () => TestApp | undefined): TestApp {
  const current = () => {
    const t = made();
    if (!t) throw new Error('the test app is made by the block’s hooks');
    return t;
  };
  return {
    get app() {
      return current().app;
    },
    get db() {
      return current().db;
    },
    get storageDir() {
      return current().storageDir;
    },
    advance: (ms) => current().advance(ms),
    now: () => current().now(),
    setNow: (date) => current().setNow(date),
    mails: () => current().mails(),
    latestCode: (email) => current().latestCode(email),
    answers: () => current().answers(),
    close: () => current().close(),
  };
}

/**
 * The test app of the describe block that calls this: made before each test (or, with `scope: 'all'`, once before
 * all of them) after the block's hooks registered earlier, and closed after the ones registered later.
 */
export function useTestApp(
  database: TestDatabase,
  options: TestAppOptions = {},
  scope: 'each' | 'all' = 'each',
): TestApp {
  let current: TestApp | undefined;
  const [before, after] = scope === 'each' ? [beforeEach, afterEach] : [beforeAll, afterAll];
  before(async () => {
    current = await testApp(database, options);
  });
  after(async () => {
    await current?.close();
    current = undefined;
  });
  return follow(() => current);
}

/** A clock a test sets (`clock.now = …`), back at START before each test of the block that calls this. */
export function useClock(): { now: Date } {
  const clock = { now: START };
  beforeEach(() => {
    clock.now = START;
  });
  return clock;
}

/** The addresses staff tests sign in with; each test names them for their part (`const { lead: ADMIN } = STAFF`). */
export const STAFF = {
  lead: 'lead@bootcamp.example',
  director: 'director@bootcamp.example',
  ama: 'ama@bootcamp.example',
  ben: 'ben@bootcamp.example',
  reader: 'reader@bootcamp.example',
  second: 'second@bootcamp.example',
} as const;

/**
 * A staff test's app: `admin` is a configured admin, the server reads `clock` (START when none is given), and every
 * answer must be one the OpenAPI document lists.
 */
export const useStaffApp = (database: TestDatabase, admin: string, clock: { now: Date } = { now: START }) =>
  useTestApp(database, {
    config: { staffEmails: [admin], now: () => clock.now },
    checkDocumentedAnswers: true,
  });

/**
 * The staff set-up most staff tests share: an app whose admin is STAFF.lead, on `clock`; Ama added as a reviewer
 * before each test; and requests with a cookie.
 */
export function useLeadAndAma(database: TestDatabase, clock?: { now: Date }) {
  const t = useStaffApp(database, STAFF.lead, clock);
  const team = useStaffTeam(t, STAFF.lead, { ama: STAFF.ama });
  return { t, team, as: staffRequests(t) };
}

/** A built client's stand-in: the landing page and the app shell. */
export const CLIENT_PAGES = {
  'index.html': '<!doctype html><title>Landing</title>',
  'app.html': '<!doctype html><title>App shell</title><div id="root"></div>',
};

/** The address answers the app shell (CLIENT_PAGES) with `status`; the answer is returned for more checks. */
export async function expectAppShell(address: string, status: number): Promise<Response> {
  const res = await fetch(address);
  expect(res.status).toBe(status);
  expect(await res.clone().text()).toContain('App shell');
  return res;
}

/**
 * A test app (on the first engine unless told) serving `files` (path → contents) as the built client, made once for
 * the block; `url(path)` is that path on the real port it listens on. The directory is removed after.
 */
export function useClientApp(
  files: Record<string, string>,
  database = databases[0],
): { t: TestApp; url: (path: string) => string } {
  const clientDir = mkdtempSync(join(tmpdir(), 'bootcamp-client-'));
  let current: TestApp | undefined;
  let base = '';
  beforeAll(async () => {
    mkdirSync(join(clientDir, 'assets'));
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(clientDir, path)), { recursive: true });
      writeFileSync(join(clientDir, path), text);
    }
    current = await testApp(database, { clientDir });
    base = await current.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await current?.close();
    rmSync(clientDir, { recursive: true, force: true });
  });
  return { t: follow(() => current), url: (path) => `${base}${path}` };
}

/** A Db that records every statement the app sends (inside transactions too) and can refuse some. */
export function recordingDb(
  db: Db,
  fail: (sql: string) => boolean = () => false,
): { db: Db; statements: string[] } {
  const statements: string[] = [];
  const record = (sql: string) => {
    statements.push(sql);
    if (fail(sql)) throw new Error('the database is unavailable (test)');
  };
  return {
    statements,
    db: {
      engine: db.engine,
      close: () => db.close(),
      query: async (sql, params) => {
        record(sql);
        return db.query(sql, params);
      },
      transaction: (fn) =>
        db.transaction((tx) =>
          fn({
            query: async (sql, params) => {
              record(sql);
              return tx.query(sql, params);
            },
          }),
        ),
    },
  };
}

export const json = <T = { message: string; data: unknown }>(res: LightMyRequestResponse): T =>
  res.json() as T;

/** The session cookie a response set, as a Cookie header value. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error('no session cookie');
  return `${SESSION_COOKIE}=${cookie.value}`;
}

export { financialAid } from '../support/answers';

/**
 * One applicant's requests, with their session unless other headers are passed: a POST, the CV upload and the
 * application as the lookup shows it to its owner. `session()` is read at each call, as hooks make the app and cookie.
 */
export function asApplicant(email: string, session: () => { t: TestApp; cookie: string }) {
  return {
    post: (url: string, payload: object, headers: Record<string, string> = { cookie: session().cookie }) =>
      session().t.app.inject({ method: 'POST', url, payload, headers }),
    upload: (form: ReturnType<typeof cvForm>) => uploadCv(session().t, form, session().cookie),
    saved: async () => {
      const { t, cookie } = session();
      const res = await t.app.inject({ method: 'GET', url: paths.lookup(email), headers: { cookie } });
      return json<{ data: SavedApplication[] }>(res).data[0];
    },
  };
}

/**
 * The steps after eligibility (employment, the open answers, submit) are each refused with a 403 that puts `message`
 * on the eligibility field, and none of their answers is stored; returns the application as then saved.
 */
export async function expectLaterStepsRefused(
  email: string,
  applicant: ReturnType<typeof asApplicant>,
  message: string,
): Promise<SavedApplication> {
  const refused = { message, data: { error: { eligibility: [message] } } };
  for (const [url, body] of [
    [paths.employment, { email, employment }],
    [paths.other, { email, other }],
    [paths.submit, { email, ...agreed }],
  ] as const) {
    const res = await applicant.post(url, body);
    expect(res.statusCode, url).toBe(403);
    expect(json(res), url).toEqual(refused);
  }
  const app = await applicant.saved();
  expect(app.employment.employment_status).toBe('');
  expect(app.other.key_challenge).toBe('');
  return app;
}

/** The catalogue's words by field: the shared fields', and each step's own questions' (kept in its step file). */
const CATALOGUE: Readonly<Record<string, string>> = { ...FIELD_MESSAGES, ...STEP_MESSAGES };

/** What the server answers for these fields left out: each one's words from the catalogue. */
export const fieldErrors = (...fields: string[]) =>
  Object.fromEntries(fields.map((field) => [field, [CATALOGUE[field]]]));

/** The open answers at their shortest (a letter each), which the schema takes. */
export const shortOther = {
  key_challenge: 'a',
  leadership_experience: 'b',
  distractions: 'c',
  bootcamp_expectations: 'd',
};

/** Posts a CV form (cvForm) with this session cookie. */
export const uploadCv = (t: TestApp, form: ReturnType<typeof cvForm>, cookie: string) =>
  t.app.inject({
    method: 'POST',
    url: paths.uploadCv,
    payload: form.payload,
    headers: { ...form.headers, cookie },
  });

/** A staff member's requests through the test app, made with their session cookie: `staffRequests(t)(cookie)`. */
export const staffRequests = (t: TestApp) => (cookie: string) => ({
  get: (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } }),
  post: (url: string, payload: object | string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers: { cookie, ...headers } }),
  // Tests send what a careless client would, so any value goes.
  put: (url: string, payload: unknown) =>
    t.app.inject({ method: 'PUT', url, payload: payload as object, headers: { cookie } }),
  del: (url: string) => t.app.inject({ method: 'DELETE', url, headers: { cookie } }),
});

/** Signs a staff member in with the emailed code; returns the staff session cookie. */
export async function staffSignIn(t: TestApp, email: string): Promise<string> {
  const asked = await t.app.inject({ method: 'POST', url: staffPaths.signIn, payload: { email } });
  if (asked.statusCode !== 200) throw new Error(`staff sign-in failed: ${asked.body}`);
  const verified = await t.app.inject({
    method: 'POST',
    url: staffPaths.verify,
    payload: { email, token: await t.latestCode(email) },
  });
  const cookie = verified.cookies.find((c) => c.name === STAFF_COOKIE);
  if (verified.statusCode !== 200 || !cookie) throw new Error(`staff verify failed: ${verified.body}`);
  return `${STAFF_COOKIE}=${cookie.value}`;
}

/**
 * A staff team before each test: the admin signed in (`team.admin`), and each reviewer the admin added, signed in
 * under their part's name (`team.ama`), with their staff id (`team.ids.ama`). The cookies are fresh for each test.
 */
export function useStaffTeam<Part extends string>(
  t: TestApp,
  admin: string,
  reviewers: Record<Part, string>,
) {
  const team = { admin: '', ids: {} } as { admin: string; ids: Record<Part, number> } & Record<Part, string>;
  beforeEach(async () => {
    team.admin = await staffSignIn(t, admin);
    const parts = Object.entries(reviewers) as [Part, string][];
    for (const [part, email] of parts) {
      const added = await staffRequests(t)(team.admin).post(staffPaths.team, { email, role: 'reviewer' });
      if (added.statusCode !== 201) throw new Error(`adding ${part} failed: ${added.body}`);
      team.ids[part] = json<{ data: { id: number } }>(added).data.id;
    }
    for (const [part, email] of parts) (team as Record<Part, string>)[part] = await staffSignIn(t, email);
  });
  return team;
}

/** Creates an application and proves its email; returns the session cookie. */
export async function verifiedApplicant(t: TestApp, email: string, overrides: Partial<CreatePayload> = {}) {
  const created = await t.app.inject({
    method: 'POST',
    url: paths.create,
    payload: applicant(email, overrides),
  });
  if (created.statusCode !== 201) throw new Error(`create failed: ${created.body}`);
  const code = await t.latestCode(email);
  const verified = await t.app.inject({
    method: 'POST',
    url: paths.verifyEmail,
    payload: { email, token: code },
  });
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.body}`);
  return sessionCookie(verified);
}

/** A verified applicant whose application is submitted (as the submit route stores it); returns the session cookie. */
export async function submittedApplicant(t: TestApp, email: string): Promise<string> {
  const cookie = await verifiedApplicant(t, email);
  await t.db.query(
    'UPDATE applications SET submitted_at = $2, cohort_id = applied_cohort_id WHERE lower(email) = $1',
    [email, t.now()],
  );
  return cookie;
}

/** The applicant of `cookie` erases their own data, confirmed, as "Your data" sends it; the server's answer. */
export const eraseOwnData = (t: TestApp, cookie: string) =>
  t.app.inject({ method: 'POST', url: privacyPaths.erase, payload: { confirm: true }, headers: { cookie } });

/** A multipart body with an `email` field then a `cv` file. */
export function cvForm(email: string, file: Buffer | null, filename = 'cv.pdf') {
  const boundary = `----bootcamp${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\n${email}\r\n`),
  ];
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="cv"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      file,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export const pdf = (size = 2048): Buffer => {
  const body = Buffer.alloc(size, 0x20);
  Buffer.from('%PDF-1.7\n').copy(body);
  return body;
};

/**
 * Staff decide `event` for the application of `email` the way the server does (the review chart, its event row and
 * the email scheduled after the undo window), then the clock passes the window, so the applicant now sees it.
 */
export async function decide(
  t: TestApp,
  email: string,
  event: 'ACCEPT' | 'WAITLIST' | 'REJECT' = 'ACCEPT',
  options: { passWindow?: boolean } = {},
): Promise<void> {
  const { rows } = await t.db.query<{ id: number }>('SELECT id FROM applications WHERE lower(email) = $1', [
    email.toLowerCase(),
  ]);
  if (!rows[0]) throw new Error(`no application for ${email}`);
  const now = t.now();
  await t.db.transaction((tx) => applyReviewEvent(tx, rows[0].id, event, null, now));
  if (options.passWindow !== false) t.advance(DECISION_UNDO_MINUTES * 60_000);
}

/**
 * A submitted, eligible application (Ada Obi, in the cohort current at START) written straight to the database,
 * for a staff test that needs one to act on; answers its id.
 */
export async function submittedApplication(t: TestApp, email = 'ada@example.com'): Promise<number> {
  const cohort = await currentCohort(t.db, START);
  const { rows } = await t.db.query<{ id: number }>(
    `INSERT INTO applications (email, firstname, lastname, gender, country, city, phone, referral_source,
       applied_cohort_id, cohort_id, email_verified_at, eligibility_status, submitted_at, created_at, updated_at)
     VALUES ($1, 'Ada', 'Obi', 'female', 'Nigeria', 'Lagos', '+2348030001000', 'On social media',
       $2, $2, $3, 'eligible', $3, $3, $3) RETURNING id`,
    [email, cohort.id, START],
  );
  return rows[0].id;
}

/** The server processes a test starts besides `t.app` (another process on the same database), closed after each test. */
export function useOtherProcesses(): FastifyInstance[] {
  const others: FastifyInstance[] = [];
  afterEach(async () => {
    for (const app of others.splice(0)) await app.close();
  });
  return others;
}
