/**
 * Retention (docs/privacy.md, decisions 143–148): what is kept no longer than its purpose needs, deleted by the server
 * itself. A run runs in one transaction under an advisory lock that it only tries to take: with several processes
 * (or a `npm run retention` beside the server), one runs and the others skip, as the reminder scheduler's claims
 * keep two processes from sending one reminder (server/reminders.ts). A dry run counts what would go and changes
 * nothing. Logs hold counts only.
 */
import { REVIEW_STATUSES, reviewMeta } from '../../machines/review.machine';
import type { RetentionSettings } from '../../machines/rules/privacy';
import type { Db, Queryable } from '../db/index';
import { MAX_ATTEMPTS } from '../mail/worker';
import type { CvStorage } from '../storage/index';
import { emailHmac, forgetApplicant } from './erase';
import { poller } from '../poller';

export const RETENTION_KINDS = [
  'cvs',
  'unsubmittedApplications',
  'outboxBodies',
  'expiredCodes',
  'expiredSessions',
  'auditEntries',
  'paymentRecords',
] as const;
export type RetentionKind = (typeof RETENTION_KINDS)[number];
export type RetentionCounts = Record<RetentionKind, number>;

/** How often a process runs retention, unless RETENTION_POLL_MS says otherwise. */
export const DEFAULT_RETENTION_POLL_MS = 60 * 60_000;
const RETENTION_LOCK = 4242143;
const DAY_MS = 86_400_000;

/** The statuses of an accepted applicant (the review chart's standing), whose CV is kept for the programme. */
const ACCEPTED = REVIEW_STATUSES.filter((status) => reviewMeta(status).standing === 'accepted');
const quoted = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

/** Each kind's rows due at `now`: `select` names them, `apply` removes them (given what `select` found). */
interface Kind {
  select: (
    tx: Queryable,
    now: Date,
    settings: RetentionSettings,
  ) => Promise<{ rows: Record<string, unknown>[] }>;
  apply: (
    tx: Queryable,
    rows: Record<string, unknown>[],
    now: Date,
    storage: CvStorage,
    key: string,
  ) => Promise<void>;
}

const ago = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);
const ids = (rows: Record<string, unknown>[]) => rows.map((r) => Number(r.id));

const KINDS: Record<RetentionKind, Kind> = {
  // CVs of applicants not accepted, once their cohort started `cvDaysAfterCohortStart` days ago.
  cvs: {
    select: (tx, now, s) =>
      tx.query(
        `SELECT v.id, v.stored_name FROM cvs v
         JOIN applications a ON a.id = v.application_id
         JOIN cohorts c ON c.id = COALESCE(a.cohort_id, a.applied_cohort_id)
         WHERE COALESCE(a.review_status, '') NOT IN (${quoted(ACCEPTED)})
           AND c.start_date + $2::integer <= $1::date`,
        [now, s.cvDaysAfterCohortStart],
      ),
    apply: async (tx, rows, _now, storage) => {
      await tx.query('DELETE FROM cvs WHERE id = ANY($1::integer[])', [ids(rows)]);
      for (const row of rows) await storage.remove(String(row.stored_name));
    },
  },
  // Applications never submitted, untouched for `unsubmittedDays`: anonymised as an erasure is (server/privacy/erase.ts).
  unsubmittedApplications: {
    select: (tx, now, s) =>
      tx.query(
        `SELECT a.id, a.email, (SELECT v.stored_name FROM cvs v WHERE v.application_id = a.id) AS stored_name
         FROM applications a WHERE a.submitted_at IS NULL AND a.erased_at IS NULL AND a.updated_at <= $1`,
        [ago(now, s.unsubmittedDays)],
      ),
    apply: async (tx, rows, now, storage, key) => {
      for (const row of rows) {
        const id = Number(row.id);
        const email = String(row.email);
        await tx.query('DELETE FROM cvs WHERE application_id = $1', [id]);
        await forgetApplicant(tx, id, email, now);
        await tx.query(
          `INSERT INTO erasures (email_hmac, requested_by, application_id, erased_at) VALUES ($1, 'retention', $2, $3)`,
          [emailHmac(key, email), id, now],
        );
        if (row.stored_name) await storage.remove(String(row.stored_name));
      }
    },
  },
  // The bodies of emails sent `outboxBodyDays` ago; who, what subject and when stay for the counts. One still not
  // delivered by then never will be (its codes and dates are stale): it is given up, so no empty email leaves.
  outboxBodies: {
    select: (tx, now, s) =>
      tx.query(`SELECT id FROM outbox WHERE sent_at <= $1 AND (text_body <> '' OR html_body <> '')`, [
        ago(now, s.outboxBodyDays),
      ]),
    apply: async (tx, rows) => {
      await tx.query(
        `UPDATE outbox SET text_body = '', html_body = '',
           attempts = CASE WHEN delivered_at IS NULL THEN GREATEST(attempts, ${MAX_ATTEMPTS}) ELSE attempts END
         WHERE id = ANY($1::integer[])`,
        [ids(rows)],
      );
    },
  },
  expiredCodes: {
    select: (tx, now) =>
      tx.query(
        `SELECT 'codes' AS t, id FROM codes WHERE expires_at <= $1
         UNION ALL SELECT 'staff_codes', id FROM staff_codes WHERE expires_at <= $1`,
        [now],
      ),
    apply: async (tx, _rows, now) => {
      await tx.query('DELETE FROM codes WHERE expires_at <= $1', [now]);
      await tx.query('DELETE FROM staff_codes WHERE expires_at <= $1', [now]);
    },
  },
  expiredSessions: {
    select: (tx, now) =>
      tx.query(
        `SELECT token_hash FROM sessions WHERE expires_at <= $1
         UNION ALL SELECT token_hash FROM staff_sessions WHERE expires_at <= $1`,
        [now],
      ),
    apply: async (tx, _rows, now) => {
      await tx.query('DELETE FROM sessions WHERE expires_at <= $1', [now]);
      await tx.query('DELETE FROM staff_sessions WHERE expires_at <= $1', [now]);
    },
  },
  // The audit log and the erasures' tombstones, after `auditDays`.
  auditEntries: {
    select: (tx, now, s) =>
      tx.query(
        `SELECT 'audit' AS t, id FROM audit_log WHERE created_at <= $1
         UNION ALL SELECT 'erasure', id FROM erasures WHERE erased_at <= $1`,
        [ago(now, s.auditDays)],
      ),
    apply: async (tx, rows) => {
      const of = (t: string) => ids(rows.filter((r) => r.t === t));
      // The append-only trigger lets this transaction, and no other, delete (migration 20).
      await tx.query(`SELECT set_config('bootcamp.retention', 'on', true)`);
      await tx.query('DELETE FROM audit_log WHERE id = ANY($1::bigint[])', [of('audit')]);
      await tx.query(`SELECT set_config('bootcamp.retention', 'off', true)`);
      await tx.query('DELETE FROM erasures WHERE id = ANY($1::integer[])', [of('erasure')]);
    },
  },
  // What an erased paid applicant's erasure kept for the accounts (decision 148), once that time is over.
  paymentRecords: {
    select: (tx, now, s) =>
      tx.query(
        `SELECT p.id FROM payments p JOIN applications a ON a.id = p.application_id
         WHERE a.erased_at IS NOT NULL AND COALESCE(p.paid_at, p.created_at) <= $1`,
        [ago(now, s.paymentRecordDays)],
      ),
    apply: async (tx, rows) => {
      await tx.query('DELETE FROM payments WHERE id = ANY($1::integer[])', [ids(rows)]);
    },
  },
};

export interface RetentionOptions {
  db: Db;
  storage: CvStorage;
  settings: RetentionSettings;
  erasureKey: string;
  now: () => Date;
}

/** The outcome of one run: what went (or would go), per kind; null when another process held the run. */
export async function runRetention(
  options: RetentionOptions,
  { dryRun = false }: { dryRun?: boolean } = {},
): Promise<RetentionCounts | null> {
  const { db, storage, settings, erasureKey } = options;
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS locked', [
      RETENTION_LOCK,
    ]);
    if (!rows[0].locked) return null;
    const now = options.now();
    const counts = {} as RetentionCounts;
    for (const kind of RETENTION_KINDS) {
      const due = (await KINDS[kind].select(tx, now, settings)).rows;
      counts[kind] = due.length;
      if (!dryRun && due.length) await KINDS[kind].apply(tx, due, now, storage, erasureKey);
    }
    return counts;
  });
}

export interface RetentionWorker {
  runNow(): Promise<RetentionCounts | null>;
  start(): void;
  stop(): Promise<void>;
}

/** Runs retention now, then every `pollMs`, until stopped; counts only in the log. */
export function retentionWorker(
  options: RetentionOptions & {
    pollMs?: number;
    log?: { info(details: object, message: string): void; error(details: object, message: string): void };
  },
): RetentionWorker {
  const pollMs = options.pollMs ?? DEFAULT_RETENTION_POLL_MS;
  const runNow = () => runRetention(options);
  const loop = poller(
    () =>
      runNow().then((counts) => {
        if (counts && Object.values(counts).some(Boolean)) options.log?.info({ ...counts }, 'retention');
      }),
    pollMs,
    (error) =>
      options.log?.error({ err: { type: (error as Error).name } }, 'the retention run failed; will retry'),
  );
  return { runNow, start: loop.start, stop: loop.stop };
}
