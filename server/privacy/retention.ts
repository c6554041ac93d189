/**
 * Retention (docs/privacy.md, decision 143): what is kept no longer than its purpose needs, deleted by the server
 * itself. A run runs in one transaction under an advisory lock that it only tries to take: with several processes
 * (or a `npm run retention` beside the server), one runs and the others skip, as the reminder scheduler's claims
 * keep two processes from sending one reminder (server/reminders.ts). A dry run counts what would go and changes
 * nothing. Logs hold counts only.
 */
import { REVIEW_STATUSES, reviewMeta } from '../../machines/review.machine';
import type { RetentionSettings } from '../../machines/rules/privacy';
import { sql } from 'kysely';
import type { Db, Queryable } from '../db/index';
import { applicationCohort, qb, run } from '../db/query';
import { MAX_ATTEMPTS } from '../mail/worker';
import type { CvStorage } from '../storage/index';
import { eraseApplicant } from './erase';
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

/** A row that `select` found and `apply` is given. */
type Due = Record<string, unknown>;

/** Each kind's rows due at `now`: `select` names them, `apply` removes them (given what `select` found). */
interface Kind {
  select: (tx: Queryable, now: Date, settings: RetentionSettings) => Promise<Due[]>;
  apply: (tx: Queryable, rows: Due[], now: Date, storage: CvStorage, key: string) => Promise<void>;
}

const ago = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);
const ids = (rows: Due[]) => rows.map((r) => Number(r.id));
/** `= ANY` of one array parameter: one value however many rows are due. */
const anyOf = <Id extends number | string = number>(values: number[], type: 'integer' | 'bigint') =>
  sql<Id>`ANY(${values}::${sql.raw(type)}[])`;
/** Sets the transaction-local flag that the audit log's append-only trigger reads (migration 20). */
const retentionFlag = (value: 'on' | 'off') =>
  qb.selectNoFrom(sql<string>`set_config('bootcamp.retention', ${sql.lit(value)}, true)`.as('set_config'));

/** Sign-in codes or sessions past their expiry, an applicant's and a team member's alike: counted, then deleted. */
function expiredIn(applicants: 'codes' | 'sessions', staff: 'staff_codes' | 'staff_sessions'): Kind {
  const due = (table: typeof applicants | typeof staff, now: Date) =>
    qb.selectFrom(table).select(sql.lit(table).as('t')).where('expires_at', '<=', now);
  return {
    select: (tx, now) => run(tx, due(applicants, now).unionAll(due(staff, now))),
    apply: async (tx, _rows, now) => {
      for (const table of [applicants, staff])
        await run(tx, qb.deleteFrom(table).where('expires_at', '<=', now));
    },
  };
}

const KINDS: Record<RetentionKind, Kind> = {
  // CVs of applicants not accepted, once their cohort started `cvDaysAfterCohortStart` days ago.
  cvs: {
    select: (tx, now, s) =>
      run(
        tx,
        qb
          .selectFrom('cvs as v')
          .innerJoin('applications as a', 'a.id', 'v.application_id')
          .innerJoin('cohorts as c', (join) => join.on('c.id', '=', applicationCohort()))
          .select(['v.id', 'v.stored_name'])
          .where(sql<string>`COALESCE(a.review_status, '')`, 'not in', ACCEPTED)
          .where(
            sql<string>`c.start_date + ${s.cvDaysAfterCohortStart}::integer`,
            '<=',
            sql<string>`${now}::date`,
          ),
      ),
    apply: async (tx, rows, _now, storage) => {
      await run(tx, qb.deleteFrom('cvs').where('id', '=', anyOf(ids(rows), 'integer')));
      for (const row of rows) await storage.remove(String(row.stored_name));
    },
  },
  // Applications never submitted, untouched for `unsubmittedDays`: anonymised as an erasure is (server/privacy/erase.ts).
  unsubmittedApplications: {
    select: (tx, now, s) =>
      run(
        tx,
        qb
          .selectFrom('applications as a')
          .select('a.id')
          .where('a.submitted_at', 'is', null)
          .where('a.erased_at', 'is', null)
          .where('a.updated_at', '<=', ago(now, s.unsubmittedDays)),
      ),
    // The one erasure every door runs (server/privacy/erase.ts), by retention.
    apply: async (tx, rows, now, storage, key) => {
      for (const id of ids(rows))
        await eraseApplicant(tx, { storage, id, requester: { by: 'retention' }, now, erasureKey: key });
    },
  },
  // The bodies of emails sent `outboxBodyDays` ago; who, what subject and when stay for the counts. One still not
  // delivered by then never will be (its codes and dates are stale): it is given up, so no empty email leaves.
  outboxBodies: {
    select: (tx, now, s) =>
      run(
        tx,
        qb
          .selectFrom('outbox')
          .select('id')
          .where('sent_at', '<=', ago(now, s.outboxBodyDays))
          .where((eb) =>
            eb.or([eb('text_body', '<>', ''), eb('html_body', '<>', ''), eb('attachments', 'is not', null)]),
          ),
      ),
    apply: async (tx, rows) => {
      await run(
        tx,
        qb
          .updateTable('outbox')
          .set((eb) => ({
            text_body: '',
            html_body: '',
            // An attachment is body too: an interview's .ics names both people.
            attachments: null,
            attempts: eb
              .case()
              .when('delivered_at', 'is', null)
              .then(eb.fn<number>('greatest', ['attempts', sql.lit(MAX_ATTEMPTS)]))
              .else(eb.ref('attempts'))
              .end(),
          }))
          .where('id', '=', anyOf(ids(rows), 'integer')),
      );
    },
  },
  expiredCodes: expiredIn('codes', 'staff_codes'),
  expiredSessions: expiredIn('sessions', 'staff_sessions'),
  // The audit log and the erasures' tombstones, after `auditDays`.
  auditEntries: {
    select: (tx, now, s) => {
      const before = ago(now, s.auditDays);
      return run(
        tx,
        qb
          .selectFrom('audit_log')
          .select([sql.lit('audit').as('t'), 'id'])
          .where('created_at', '<=', before)
          .unionAll(
            qb
              .selectFrom('erasures')
              // The union's id is bigint (audit_log's), which both engines give back as text.
              .select((eb) => [sql.lit('erasure').as('t'), eb.cast<string>('id', 'bigint').as('id')])
              .where('erased_at', '<=', before),
          ),
      );
    },
    apply: async (tx, rows) => {
      const of = (t: string) => ids(rows.filter((r) => r.t === t));
      // The append-only trigger lets this transaction, and no other, delete (migration 20).
      await run(tx, retentionFlag('on'));
      await run(tx, qb.deleteFrom('audit_log').where('id', '=', anyOf<string>(of('audit'), 'bigint')));
      await run(tx, retentionFlag('off'));
      await run(tx, qb.deleteFrom('erasures').where('id', '=', anyOf(of('erasure'), 'integer')));
    },
  },
  // What an erased paid applicant's erasure kept for the accounts (decision 143), once that time is over.
  paymentRecords: {
    select: (tx, now, s) =>
      run(
        tx,
        qb
          .selectFrom('payments as p')
          .innerJoin('applications as a', 'a.id', 'p.application_id')
          .select('p.id')
          .where('a.erased_at', 'is not', null)
          .where((eb) => eb.fn.coalesce('p.paid_at', 'p.created_at'), '<=', ago(now, s.paymentRecordDays)),
      ),
    apply: async (tx, rows) => {
      await run(tx, qb.deleteFrom('payments').where('id', '=', anyOf(ids(rows), 'integer')));
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
    const [lock] = await run(
      tx,
      qb.selectNoFrom(sql<boolean>`pg_try_advisory_xact_lock(${RETENTION_LOCK})`.as('locked')),
    );
    if (!lock.locked) return null;
    const now = options.now();
    const counts = {} as RetentionCounts;
    for (const kind of RETENTION_KINDS) {
      const due = await KINDS[kind].select(tx, now, settings);
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
