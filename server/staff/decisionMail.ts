/**
 * Decision emails: each accept, waitlist or reject schedules its email for the end of its undo window
 * (review_events.email_due_at). Every process polls; each email is claimed with FOR UPDATE SKIP LOCKED and marked
 * sent in the same transaction as its send, one at a time, so no email goes twice and an undone decision sends
 * nothing.
 */
import type { ReviewStatus } from '../../machines/review.machine';
import type { Db } from '../db/index';
import type { Mailer } from '../mail/index';
import { isTemplateKind } from '../../machines/rules/mailTemplates';
import { decisionEmail } from './emails';
import { templateFor } from './templates';

export interface DecisionMailer {
  /** Sends every decision email due now; returns how many went. */
  sendDue(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

export function decisionMailer(options: {
  db: Db;
  mailer: Mailer;
  config: { now: () => Date; publicUrl: string };
  pollMs?: number;
  /** Counts only, never an address. */
  log?: { error(details: object, message: string): void };
}): DecisionMailer {
  const { db, mailer, config } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  const sendOne = () =>
    db.transaction(async (tx) => {
      const now = config.now();
      const { rows } = await tx.query<{
        id: number;
        to_status: ReviewStatus;
        email: string;
        firstname: string;
        cohort_name: string | null;
        cohort_start: string | null;
      }>(
        `SELECT e.id, e.to_status, a.email, a.firstname, c.name AS cohort_name, c.start_date::text AS cohort_start
         FROM review_events e JOIN applications a ON a.id = e.application_id
         LEFT JOIN cohorts c ON c.id = COALESCE(a.cohort_id, a.applied_cohort_id)
         WHERE e.email_due_at <= $1 AND e.email_sent_at IS NULL AND e.undone_at IS NULL
         ORDER BY e.email_due_at, e.id LIMIT 1 FOR UPDATE OF e SKIP LOCKED`,
        [now],
      );
      const due = rows[0];
      if (!due) return false;
      // The template as stored when the email leaves: an edit made during the undo window is what goes.
      const template = isTemplateKind(due.to_status) ? await templateFor(tx, due.to_status) : undefined;
      const mail = decisionEmail(
        due.to_status,
        {
          email: due.email,
          firstname: due.firstname,
          cohortName: due.cohort_name ?? 'the next cohort',
          cohortStart: due.cohort_start,
        },
        config.publicUrl,
        template,
      );
      if (mail) await mailer.send(mail, tx);
      await tx.query('UPDATE review_events SET email_sent_at = $2 WHERE id = $1', [due.id, now]);
      return true;
    });

  const sendDue = async () => {
    let sent = 0;
    while (await sendOne()) sent += 1;
    return sent;
  };

  // One run at a time per process; a failed send is tried again at the next poll.
  const run = () => (running ??= sendDue().finally(() => (running = undefined)));

  return {
    sendDue: run,
    start() {
      timer = setInterval(() => {
        run().catch((error: unknown) =>
          options.log?.error({ err: { type: (error as Error).name } }, 'decision emails: a send failed'),
        );
      }, options.pollMs ?? 30_000);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
