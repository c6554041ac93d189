/**
 * Decision emails: each accept, waitlist or reject schedules its email for the end of its undo window
 * (review_events.email_due_at). Every process polls; each email is claimed with FOR UPDATE SKIP LOCKED and marked
 * sent in the same transaction as its send, one at a time, so no email goes twice and an undone decision sends
 * nothing.
 */
import type { ReviewStatus } from '../../machines/review.machine';
import { sql } from 'kysely';
import type { Db } from '../db/index';
import { applicationCohort, first, qb, run } from '../db/query';
import type { Mailer } from '../mail/index';
import { isTemplateKind } from '../../machines/rules/mailTemplates';
import { aidDecisionEmail, decisionEmail } from './emails';
import { templateFor } from './templates';
import { waitlistReasonOf } from './waitlistReason';

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
      const due = await first(
        tx,
        qb
          .selectFrom('review_events as e')
          .innerJoin('applications as a', 'a.id', 'e.application_id')
          .leftJoin('cohorts as c', (join) => join.onRef('c.id', '=', applicationCohort()))
          .select([
            'e.id',
            'e.application_id',
            sql<ReviewStatus>`e.to_status`.as('to_status'),
            'a.email',
            'a.firstname',
            'c.name as cohort_name',
            sql<string | null>`c.start_date::text`.as('cohort_start'),
          ])
          .where('e.email_due_at', '<=', now)
          .where('e.email_sent_at', 'is', null)
          .where('e.undone_at', 'is', null)
          .orderBy('e.email_due_at')
          .orderBy('e.id')
          .limit(1)
          .forUpdate('e')
          .skipLocked(),
      );
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
          // The reason as the seats stand when the email leaves: never "full" with seats free (decision 012).
          waitlistReason:
            due.to_status === 'waitlisted' ? await waitlistReasonOf(tx, due.application_id) : undefined,
        },
        config.publicUrl,
        template,
      );
      if (mail) await mailer.send(mail, tx);
      await run(tx, qb.updateTable('review_events').set({ email_sent_at: now }).where('id', '=', due.id));
      return true;
    });

  // An aid decision's email, claimed and sent the same way once its undo window is over (decision 238).
  const sendOneAid = () =>
    db.transaction(async (tx) => {
      const now = config.now();
      const due = await first(
        tx,
        qb
          .selectFrom('aid_decisions as d')
          .innerJoin('applications as a', 'a.id', 'd.application_id')
          .select(['d.id', 'd.decision', 'd.share', 'a.email', 'a.firstname'])
          .where('d.email_due_at', '<=', now)
          .where('d.email_sent_at', 'is', null)
          .where('d.undone_at', 'is', null)
          .where('a.erased_at', 'is', null)
          .orderBy('d.email_due_at')
          .orderBy('d.id')
          .limit(1)
          .forUpdate('d')
          .skipLocked(),
      );
      if (!due) return false;
      await mailer.send(aidDecisionEmail(due.email, due.firstname, due, config.publicUrl), tx);
      await run(tx, qb.updateTable('aid_decisions').set({ email_sent_at: now }).where('id', '=', due.id));
      return true;
    });

  const sendDue = async () => {
    let sent = 0;
    while (await sendOne()) sent += 1;
    while (await sendOneAid()) sent += 1;
    return sent;
  };

  // One run at a time per process; a failed send is tried again at the next poll.
  const sendDueOnce = () => (running ??= sendDue().finally(() => (running = undefined)));

  return {
    sendDue: sendDueOnce,
    start() {
      timer = setInterval(() => {
        sendDueOnce().catch((error: unknown) =>
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
