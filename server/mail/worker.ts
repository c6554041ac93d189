/**
 * The outbox's worker, running inside every server process (docs/decisions/012-emails.md).
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
import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../db/index';
import { first, qb, run } from '../db/query';
import type { Database } from '../db/schema';
import type { Deliver } from './index';

/** How often a process looks for mail to deliver, unless MAIL_POLL_MS says otherwise. */
export const DEFAULT_MAIL_POLL_MS = 2_000;
/**
 * A claim's lease: longer than any send can take (smtpDelivery's timeouts add up to 50 s). A claimed batch is sent
 * at once, so the whole batch is done within one send's time and no row outlives its lease.
 */
export const MAIL_LEASE_MS = 2 * 60_000;
/** The first retry's wait; each further failure doubles it, up to MAX_BACKOFF_MS. */
export const DEFAULT_RETRY_MS = 10_000;
const MAX_BACKOFF_MS = 60 * 60_000;
/** After this many attempts (about a day of retries) a row is left for an operator: the metric shows it. */
export const MAX_ATTEMPTS = 30;
/**
 * Emails a process claims and sends at once, each on its own connection: a launch spike's codes leave together
 * rather than one after another (the round rehearsal measured a 44 s wait for a code sent one at a time,
 * docs/performance.md), and few enough that a mail server's per-client limit is not met.
 */
export const SEND_AT_ONCE = 5;

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

/** Rows to deliver at `now`: not delivered yet, attempts left, and their next attempt due. */
const deliverable = (now: Date) => (eb: ExpressionBuilder<Database, 'outbox'>) =>
  eb.and([
    eb('delivered_at', 'is', null),
    eb('attempts', '<', MAX_ATTEMPTS),
    eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', now)]),
  ]);

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

  const claim = (now: Date) =>
    run(
      db,
      qb
        .updateTable('outbox')
        .set((eb) => ({
          attempts: eb('attempts', '+', 1),
          next_attempt_at: new Date(now.getTime() + MAIL_LEASE_MS),
        }))
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('outbox')
            .select('id')
            .where(deliverable(now))
            .orderBy('id')
            .limit(SEND_AT_ONCE)
            .forUpdate()
            .skipLocked(),
        )
        .returning(['id', 'to_address', 'subject', 'text_body', 'html_body', 'attachments', 'attempts']),
    );

  const deliverBatch = async (tally: MailRun): Promise<number> => {
    const now = clock();
    if (!deliver) {
      // The local mailbox is where the mail goes: one statement marks all that is due, rather than a statement per
      // few rows competing with the applicants' requests for the one PGlite connection (docs/performance.md).
      const marked = await first(
        db,
        qb
          .with('marked', (w) =>
            w
              .updateTable('outbox')
              .set((eb) => ({ attempts: eb('attempts', '+', 1), delivered_at: now }))
              .where(deliverable(now))
              .returning(sql<number>`1`.as('one')),
          )
          .selectFrom('marked')
          .select(sql<string | number>`count(*)`.as('n')),
      );
      tally.delivered += Number(marked?.n ?? 0);
      return 0;
    }
    const batch = await claim(now);
    const send = async (row: (typeof batch)[number]) => {
      try {
        await deliver({
          to: row.to_address,
          subject: row.subject,
          text: row.text_body,
          html: row.html_body,
          ...(row.attachments?.length ? { attachments: row.attachments } : {}),
          messageId: `<outbox-${row.id}@${domain}>`,
        });
        await run(
          db,
          qb
            .updateTable('outbox')
            .set({ delivered_at: clock(), next_attempt_at: null })
            .where('id', '=', row.id),
        );
        tally.delivered += 1;
      } catch (error) {
        tally.failed += 1;
        await run(
          db,
          qb
            .updateTable('outbox')
            .set({ next_attempt_at: new Date(clock().getTime() + backoffMs(row.attempts, retryMs)) })
            .where('id', '=', row.id)
            .where('delivered_at', 'is', null),
        ).catch(() => undefined);
        const e = error as { code?: unknown; responseCode?: unknown };
        options.log?.error(
          { code: e.code, responseCode: e.responseCode, attempts: row.attempts },
          'an email could not be sent; it waits in the outbox for its next attempt',
        );
      }
    };
    await Promise.all(batch.map(send));
    return batch.length;
  };

  const deliverDue = async (): Promise<MailRun> => {
    const tally: MailRun = { delivered: 0, failed: 0 };
    // A batch that failed entirely (the mail server is down) ends the run: the rest waits for its backoff.
    while ((await deliverBatch(tally)) === SEND_AT_ONCE && tally.failed < SEND_AT_ONCE);
    if (deliver && (tally.delivered || tally.failed)) options.log?.info({ ...tally }, 'outbox');
    return tally;
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
