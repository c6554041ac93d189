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
import type { Config } from './config';
import type { Db, Queryable } from './db/index';
import type { Mailer } from './mail/index';
import { confirmationUrl, reminderEmail } from './mail/templates';
import { poller } from './poller';

/** How often a process looks for due reminders, unless REMINDER_POLL_MS says otherwise. */
export const DEFAULT_REMINDER_POLL_MS = 30_000;
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
}

const silent: ReminderLog = { info: () => undefined, error: () => undefined };

export function reminderScheduler(options: ReminderOptions): ReminderScheduler {
  const { db, mailer, config } = options;
  const pollMs = options.pollMs ?? DEFAULT_REMINDER_POLL_MS;
  const log = options.log ?? silent;
  const confirmationPage = confirmationUrl(config.publicUrl);

  const claim = async (now: Date, skip: number[]): Promise<DueReminder[]> =>
    (
      await db.query<DueReminder>(
        `UPDATE applications SET reminder_claimed_until = $2
         WHERE id IN (
           SELECT id FROM applications
           WHERE reminder_sent_at IS NULL AND reminder_date IS NOT NULL AND reminder_date <= $1
             AND (reminder_claimed_until IS NULL OR reminder_claimed_until <= $1)
             AND NOT (id = ANY($3::integer[]))
           ORDER BY reminder_date
           LIMIT ${BATCH}
           FOR UPDATE SKIP LOCKED)
         RETURNING id, email, firstname, reminder_date`,
        [now, new Date(now.getTime() + REMINDER_LEASE_MS), skip],
      )
    ).rows;

  // Only the reminder that was claimed is marked: if the applicant picked a new date meanwhile, that one still goes.
  const markSent = (tx: Queryable, due: DueReminder) =>
    tx.query(
      `UPDATE applications SET reminder_sent_at = $3, reminder_claimed_until = NULL
       WHERE id = $1 AND reminder_date = $2 AND reminder_sent_at IS NULL`,
      [due.id, due.reminder_date, config.now()],
    );

  const send = async (due: DueReminder) => {
    const message = reminderEmail(due.email, due.firstname, confirmationPage);
    // Queued and marked in one transaction: the outbox's worker delivers it exactly once (server/mail/worker.ts).
    await db.transaction(async (tx) => {
      await mailer.send(message, tx);
      await markSent(tx, due);
    });
  };

  const sendDue = async (): Promise<ReminderRun> => {
    const run: ReminderRun = { sent: 0, failed: 0 };
    const failedIds: number[] = [];
    for (;;) {
      const batch = await claim(config.now(), failedIds);
      for (const due of batch) {
        try {
          await send(due);
          run.sent += 1;
        } catch (error) {
          run.failed += 1;
          failedIds.push(due.id);
          // Not marked sent: released, so the next poll (here or in another process) tries again.
          await db
            .query('UPDATE applications SET reminder_claimed_until = NULL WHERE id = $1', [due.id])
            .catch(() => undefined);
          log.error({ err: error, application: due.id }, 'a reminder email could not be sent; will retry');
        }
      }
      if (batch.length < BATCH) break;
    }
    if (run.sent || run.failed) log.info({ ...run }, 'reminder emails');
    return run;
  };

  const loop = poller(sendDue, pollMs, (error) =>
    log.error({ err: error }, 'the reminder scheduler failed; will retry'),
  );
  return { sendDue, start: loop.start, stop: loop.stop };
}
