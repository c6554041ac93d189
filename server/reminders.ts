/**
 * Reminder emails: the applicant picks a date and time on the confirmation page (update → `reminder_date`), and
 * this scheduler, running inside every server process, emails them at that time.
 *
 * - State lives in the database (`reminder_date`, `reminder_sent_at`, `reminder_claimed_until`), so a restart
 *   loses nothing and sends what fell due while the server was down.
 * - Each process claims due rows with one `UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED) RETURNING`: two
 *   processes on one PostgreSQL never claim the same row. A claim is a lease: if the process dies before sending,
 *   the row is claimed again once the lease runs out.
 * - The email is queued in the outbox and the row marked sent in one transaction; the outbox's worker delivers it
 *   (server/mail/worker.ts), so a slow or absent mail server never holds the database nor loses the reminder.
 * - A failed write releases the claim without marking the row sent: the next poll tries again.
 */
import { sql } from 'kysely';
import { DEFAULT_REMINDER_POLL_MS, type Config } from './config';
import type { Db, Queryable } from './db/index';
import { qb, run } from './db/query';
import type { Mailer } from './mail/index';
import { confirmationUrl, reminderEmail } from './mail/templates';
import { applicantFees } from './fees';
import type { FeeTable } from '../machines/rules/payments';
import { poller } from './poller';
import { applicantAid } from './review/applicantAid';

/** How long a claim protects a row from other processes; longer than any send can take. */
export const REMINDER_LEASE_MS = 10 * 60_000;
/** Rows claimed per statement: bounds the work held by one process at a time. */
const BATCH = 50;

/** The part of a pino/Fastify logger the scheduler uses; it logs counts, never addresses. */
export interface ReminderLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface ReminderRun {
  sent: number;
  failed: number;
}

export interface ReminderScheduler {
  /** Claims and sends every reminder due at `config.now()`. */
  sendDue(): Promise<ReminderRun>;
  /** Sends what is due now, then polls every `pollMs` until stopped. */
  start(): void;
  /** Stops polling and waits for a run in progress to finish. */
  stop(): Promise<void>;
}

export interface ReminderOptions {
  db: Db;
  mailer: Mailer;
  config: Pick<Config, 'now' | 'publicUrl'>;
  pollMs?: number;
  log?: ReminderLog;
}

interface DueReminder {
  id: number;
  email: string;
  firstname: string;
  reminder_date: Date;
  /** The aid answers, null when none were given: whether there is a request whose standing the email says. */
  financial_aid: unknown;
  fees: FeeTable | null;
  cohort_id: number | null;
  applied_cohort_id: number | null;
}

const silent: ReminderLog = { info: () => undefined, error: () => undefined };

export function reminderScheduler(options: ReminderOptions): ReminderScheduler {
  const { db, mailer, config } = options;
  const pollMs = options.pollMs ?? DEFAULT_REMINDER_POLL_MS;
  const log = options.log ?? silent;
  const confirmationPage = confirmationUrl(config.publicUrl);

  const claim = (now: Date, skip: number[]): Promise<DueReminder[]> =>
    run(
      db,
      qb
        .updateTable('applications')
        .set({ reminder_claimed_until: new Date(now.getTime() + REMINDER_LEASE_MS) })
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('applications')
            .select('id')
            .where('reminder_sent_at', 'is', null)
            .where('reminder_date', 'is not', null)
            .where('reminder_date', '<=', now)
            .where((due) =>
              due.or([due('reminder_claimed_until', 'is', null), due('reminder_claimed_until', '<=', now)]),
            )
            .where(sql<boolean>`NOT (id = ANY(${skip}::integer[]))`)
            .orderBy('reminder_date')
            .limit(BATCH)
            .forUpdate()
            .skipLocked(),
        )
        .returning([
          'id',
          'email',
          'firstname',
          'reminder_date',
          'financial_aid',
          'fees',
          'cohort_id',
          'applied_cohort_id',
        ])
        .$narrowType<{ reminder_date: Date }>(),
    );

  // Only the reminder that was claimed is marked: if the applicant picked a new date meanwhile, that one still goes.
  const markSent = (tx: Queryable, due: DueReminder) =>
    run(
      tx,
      qb
        .updateTable('applications')
        .set({ reminder_sent_at: config.now(), reminder_claimed_until: null })
        .where('id', '=', due.id)
        .where('reminder_date', '=', due.reminder_date)
        .where('reminder_sent_at', 'is', null),
    );

  const send = async (due: DueReminder) => {
    // The applicant's own fee table (decision 244), less a released award, unsettled while under review (decision 238).
    const aid = await applicantAid(db, due, config.now());
    const message = reminderEmail(
      due.email,
      due.firstname,
      confirmationPage,
      await applicantFees(db, due),
      aid,
    );
    // Queued and marked in one transaction: the outbox's worker delivers it exactly once (server/mail/worker.ts).
    await db.transaction(async (tx) => {
      await mailer.send(message, tx);
      await markSent(tx, due);
    });
  };

  const sendDue = async (): Promise<ReminderRun> => {
    const tally: ReminderRun = { sent: 0, failed: 0 };
    const failedIds: number[] = [];
    for (;;) {
      const batch = await claim(config.now(), failedIds);
      for (const due of batch) {
        try {
          await send(due);
          tally.sent += 1;
        } catch (error) {
          tally.failed += 1;
          failedIds.push(due.id);
          // Not marked sent: released, so the next poll (here or in another process) tries again.
          await run(
            db,
            qb.updateTable('applications').set({ reminder_claimed_until: null }).where('id', '=', due.id),
          ).catch(() => undefined);
          log.error({ err: error, application: due.id }, 'a reminder email could not be sent; will retry');
        }
      }
      if (batch.length < BATCH) break;
    }
    if (tally.sent || tally.failed) log.info({ ...tally }, 'reminder emails');
    return tally;
  };

  const loop = poller(sendDue, pollMs, (error) =>
    log.error({ err: error }, 'the reminder scheduler failed; will retry'),
  );
  return { sendDue, start: loop.start, stop: loop.stop };
}
