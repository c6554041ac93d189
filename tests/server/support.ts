/**
 * The back office under test: the real app on an in-memory PGlite, and on PostgreSQL too when DATABASE_URL is set
 * (each test app gets a fresh schema, dropped afterwards). A clock the tests can move.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { paths, SESSION_COOKIE, type CreatePayload } from '../../machines/rules/contract';
import { applicant } from '../support/answers';
import { buildApp, type AppOptions } from '../../server/app';
import { defaultConfig, type Config } from '../../server/config';
import { openPglite, postgresDb, type Db } from '../../server/db/index';
import { migrate } from '../../server/db/migrations';
import { DECISION_UNDO_MINUTES } from '../../machines/rules/staff';
import { outboxMailer, readOutbox, type Mailer, type MailboxEntry } from '../../server/mail/index';
import { applyReviewEvent } from '../../server/staff/review';
import type { CvStorage } from '../../server/storage/index';

export interface TestDatabase {
  name: 'pglite' | 'postgres';
  open(): Promise<{ db: Db; drop: () => Promise<void> }>;
}

const pglite: TestDatabase = {
  name: 'pglite',
  async open() {
    const db = await openPglite();
    return { db, drop: async () => undefined };
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

/** PGlite always; PostgreSQL as well when DATABASE_URL is set. */
export const databases: TestDatabase[] = process.env.DATABASE_URL
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
    'TRUNCATE applications, codes, sessions, cvs, outbox, idempotency, cohorts, code_mail_quota, rate_counters, staff RESTART IDENTITY CASCADE',
  );
  await db.query(
    `INSERT INTO cohorts (number, name, start_date, application_deadline, seats)
     VALUES (6, 'Cohort 6', '2025-03-10', '2025-03-03', 300)`,
  );
  return db;
}

/** Closes (and for PostgreSQL drops) the databases this test file opened: call it in afterAll. */
export async function releaseDatabases(): Promise<void> {
  for (const entry of opened.values()) {
    const { db, drop } = await entry;
    await db.close();
    await drop();
  }
  opened.clear();
}

export async function testApp(
  database: TestDatabase,
  options: {
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
  } = {},
): Promise<TestApp> {
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
  });
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
    async close() {
      await app.close();
      rmSync(storageDir, { recursive: true, force: true });
    },
  };
}

export { applicant };

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
