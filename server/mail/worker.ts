/**
 * The outbox's worker, running inside every server process (docs/decisions/071-outbox-queue.md).
 *
 * - Each run claims due rows with one `UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED) RETURNING`: two
 *   processes never claim the same row. The claim counts the attempt and moves `next_attempt_at` past a lease, so a
 *   process that dies mid-send leaves the row to be claimed again once the lease has run out.
 * - The send happens outside any transaction (a slow mail server never holds the database); a success marks the
 *   row delivered, a failure schedules the next attempt with exponential backoff. While SMTP is down, mail waits.
 * - Each email carries a Message-ID made from its row, so in the one case a mail can go twice (the process dies
 *   between the server's "accepted" and the mark) the receiving side sees the same message.
 * - Without SMTP (development) a claimed row is simply marked delivered: /dev/mailbox reads the table.
 */
import type { Db } from '../db/index';
import type { Deliver, MailAttachment } from './index';

/** How often a process looks for mail to deliver, unless MAIL_POLL_MS says otherwise. */
export const DEFAULT_MAIL_POLL_MS = 2_000;
/** A claim's lease: longer than any send can take (smtpDelivery's timeouts add up to 50 s). */
export const MAIL_LEASE_MS = 2 * 60_000;
/** The first retry's wait; each further failure doubles it, up to MAX_BACKOFF_MS. */
export const DEFAULT_RETRY_MS = 10_000;
const MAX_BACKOFF_MS = 60 * 60_000;
/** After this many attempts (about a day of retries) a row is left for an operator: the metric shows it. */
export const MAX_ATTEMPTS = 30;
const BATCH = 20;

/** The wait before attempt `attempts + 1`, after `attempts` failures. */
export const backoffMs = (attempts: number, retryMs: number) =>
  Math.min(MAX_BACKOFF_MS, retryMs * 2 ** Math.max(0, attempts - 1));

export interface MailRun {
  delivered: number;
  failed: number;
}

export interface MailWorker {
  /** Claims and delivers every row due now. */
  deliverDue(): Promise<MailRun>;
  /** Delivers what is due, then polls every `pollMs` until stopped. */
  start(): void;
  /** Looks now rather than at the next poll (after a send in this process). */
  kick(): void;
  /** Stops polling and waits for a run in progress. */
  stop(): Promise<void>;
}

interface Claimed {
  id: number;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  attachments: MailAttachment[] | null;
  attempts: number;
}

export function mailWorker(options: {
  db: Db;
  /** Unset: development, rows are delivered to the local mailbox. */
  deliver?: Deliver;
  /** The Message-ID's domain (the sender's). */
  domain?: string;
  pollMs?: number;
  retryMs?: number;
  /** The worker's own clock (leases and backoff are real time even when the app's clock is moved in tests). */
  clock?: () => Date;
  /** Counts and error codes only, never an address. */
  log?: { info(details: object, message: string): void; error(details: object, message: string): void };
}): MailWorker {
  const { db, deliver } = options;
  const pollMs = options.pollMs ?? DEFAULT_MAIL_POLL_MS;
  const retryMs = options.retryMs ?? DEFAULT_RETRY_MS;
  const clock = options.clock ?? (() => new Date());
  const domain = options.domain ?? 'bootcamp.invalid';

  const due = `SELECT id FROM outbox
    WHERE delivered_at IS NULL AND attempts < ${MAX_ATTEMPTS} AND (next_attempt_at IS NULL OR next_attempt_at <= $1)
    ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`;

  const claim = async (now: Date): Promise<Claimed[]> =>
    (
      await db.query<Claimed>(
        `UPDATE outbox SET attempts = attempts + 1, next_attempt_at = $2 WHERE id IN (${due})
         RETURNING id, to_address, subject, text_body, html_body, attachments, attempts`,
        [now, new Date(now.getTime() + MAIL_LEASE_MS)],
      )
    ).rows;

  const deliverBatch = async (run: MailRun): Promise<number> => {
    const now = clock();
    if (!deliver) {
      // The local mailbox is where the mail goes: one statement marks all that is due, rather than a statement per
      // 20 rows competing with the applicants' requests for the one PGlite connection (docs/performance.md).
      const { rows } = await db.query<{ n: string | number }>(
        `WITH marked AS (
           UPDATE outbox SET attempts = attempts + 1, delivered_at = $1
           WHERE delivered_at IS NULL AND attempts < ${MAX_ATTEMPTS} AND (next_attempt_at IS NULL OR next_attempt_at <= $1)
           RETURNING 1)
         SELECT count(*) AS n FROM marked`,
        [now],
      );
      run.delivered += Number(rows[0].n);
      return 0;
    }
    const batch = await claim(now);
    for (const row of batch) {
      try {
        await deliver({
          to: row.to_address,
          subject: row.subject,
          text: row.text_body,
          html: row.html_body,
          ...(row.attachments?.length ? { attachments: row.attachments } : {}),
          messageId: `<outbox-${row.id}@${domain}>`,
        });
        await db.query('UPDATE outbox SET delivered_at = $2, next_attempt_at = NULL WHERE id = $1', [
          row.id,
          clock(),
        ]);
        run.delivered += 1;
      } catch (error) {
        run.failed += 1;
        await db
          .query('UPDATE outbox SET next_attempt_at = $2 WHERE id = $1 AND delivered_at IS NULL', [
            row.id,
            new Date(clock().getTime() + backoffMs(row.attempts, retryMs)),
          ])
          .catch(() => undefined);
        const e = error as { code?: unknown; responseCode?: unknown };
        options.log?.error(
          { code: e.code, responseCode: e.responseCode, attempts: row.attempts },
          'an email could not be sent; it waits in the outbox for its next attempt',
        );
      }
    }
    return batch.length;
  };

  const deliverDue = async (): Promise<MailRun> => {
    const run: MailRun = { delivered: 0, failed: 0 };
    // A batch that failed entirely (the mail server is down) ends the run: the rest waits for its backoff.
    while ((await deliverBatch(run)) === BATCH && run.failed < BATCH);
    if (deliver && (run.delivered || run.failed)) options.log?.info({ ...run }, 'outbox');
    return run;
  };

  let timer: NodeJS.Timeout | undefined;
  let dueAt = Infinity;
  let running: Promise<unknown> | undefined;
  let again = false;
  let stopped = true;

  // Keeps the earliest wake-up: a stream of kicks can bring a run forward but never push it back.
  const schedule = (ms: number) => {
    const at = Date.now() + ms;
    if (stopped || (timer && at >= dueAt)) return;
    clearTimeout(timer);
    dueAt = at;
    timer = setTimeout(() => {
      timer = undefined;
      dueAt = Infinity;
      tick();
    }, ms);
  };
  const tick = () => {
    if (running) {
      again = true;
      return;
    }
    running = deliverDue()
      .catch((error: unknown) =>
        options.log?.error({ err: { type: (error as Error).name } }, 'the outbox worker failed; will retry'),
      )
      .finally(() => {
        running = undefined;
        // A timeout chain, not an interval: runs never overlap. A kick during a run gets its own run.
        schedule(again ? 0 : pollMs);
        again = false;
      });
  };

  return {
    deliverDue,
    start() {
      if (!stopped) return;
      stopped = false;
      tick();
    },
    kick() {
      // The sender's transaction may not have committed yet; a few milliseconds later it usually has.
      schedule(20);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
