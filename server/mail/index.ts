/**
 * Outgoing mail is a queue in the database: every email is a row of the `outbox` table written in the caller's
 * transaction, so an acknowledged write never loses its email and a rolled-back write sends nothing. A worker in
 * every process (server/mail/worker.ts) delivers the rows: through SMTP with SMTP_URL, or, in development, to the
 * local mailbox at /dev/mailbox, which reads the same table (docs/decisions/012-emails.md).
 */
import nodemailer from 'nodemailer';
import { isErasedAddress } from '../../machines/rules/privacy';
import type { Queryable } from '../db/index';
import { qb, run } from '../db/query';
import type { MailAttachment } from './attachment';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  /** How the queued rows leave: to the local mailbox (development) or through SMTP. */
  readonly transport: 'outbox' | 'smtp';
  /** Queues the email; `tx` writes it in the caller's transaction. An erased application's tombstone gets nothing. */
  send(message: MailMessage, tx?: Queryable): Promise<void>;
  /**
   * The row `send` would store (to, subject, text, html, queued at), so that a write can store it in its own
   * statement instead of a second one.
   */
  outboxRow?(message: MailMessage): OutboxRow;
}

export type OutboxRow = [to: string, subject: string, text: string, html: string, queuedAt: Date];

export interface MailboxEntry extends MailMessage {
  sentAt: string;
}

/**
 * The queue's writer. `transport` only says how the worker will deliver; `queued` is told after each send (the
 * worker looks at once instead of at its next poll).
 */
export function outboxMailer(
  db: Queryable,
  now: () => Date = () => new Date(),
  transport: Mailer['transport'] = 'outbox',
  queued: () => void = () => undefined,
): Mailer {
  const outboxRow = (message: MailMessage): OutboxRow => [
    message.to,
    message.subject,
    message.text,
    message.html,
    now(),
  ];
  return {
    transport,
    outboxRow,
    async send(message, tx) {
      // An erased application's tombstone is no one's address: whatever path asks, nothing is queued to it
      // (docs/privacy.md), so no email waits and is retried for a person who is gone.
      if (isErasedAddress(message.to)) return;
      const [to, subject, text, html, queuedAt] = outboxRow(message);
      // `sent_at` is when the row was queued; `delivered_at` when the worker delivered it.
      await run(
        tx ?? db,
        qb.insertInto('outbox').values({
          to_address: to,
          subject,
          text_body: text,
          html_body: html,
          sent_at: queuedAt,
          attachments: message.attachments?.length ? JSON.stringify(message.attachments) : null,
        }),
      );
      queued();
    },
  };
}

export async function readOutbox(db: Queryable, limit = 200): Promise<MailboxEntry[]> {
  const rows = await run(
    db,
    qb
      .selectFrom('outbox')
      .select(['to_address', 'subject', 'text_body', 'html_body', 'sent_at', 'attachments'])
      .orderBy('id', 'desc')
      .limit(limit),
  );
  return rows.map((r) => ({
    to: r.to_address,
    subject: r.subject,
    text: r.text_body,
    html: r.html_body,
    ...(r.attachments?.length ? { attachments: r.attachments } : {}),
    sentAt: r.sent_at instanceof Date ? r.sent_at.toISOString() : String(r.sent_at),
  }));
}

/** Sends one message for real; throws when the mail server refuses or cannot be reached. */
export type Deliver = (message: MailMessage & { messageId: string }) => Promise<void>;

/**
 * SMTP delivery through nodemailer, with timeouts well inside the worker's lease (worker.ts), so a hung mail
 * server never lets a second process take the same row while the first still sends it.
 */
export function smtpDelivery(url: string, from: string): Deliver {
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return async (message) => {
    await transporter.sendMail({ from, ...message });
  };
}
