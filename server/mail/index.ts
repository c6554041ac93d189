/**
 * Outgoing mail. The outbox transport stores every message in the database (it survives restarts and is shared by
 * several processes) and is readable at /dev/mailbox; the SMTP transport sends for real through nodemailer.
 */
import nodemailer from 'nodemailer';
import type { Queryable } from '../db/index';
import { HttpError } from '../http';
import { SERVER_MESSAGES } from '../messages';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  readonly transport: 'outbox' | 'smtp';
  /** `tx` lets the outbox write in the caller's transaction, so a rolled-back write sends nothing. */
  send(message: MailMessage, tx?: Queryable): Promise<void>;
  /**
   * The outbox only: the row `send` would store (to, subject, text, html, sent at), so that a write can store it in
   * its own statement instead of a second one.
   */
  outboxRow?(message: MailMessage): OutboxRow;
}

export type OutboxRow = [to: string, subject: string, text: string, html: string, sentAt: Date];

/** The outbox insert; `outboxRow` gives its parameters in this order. */
export const OUTBOX_INSERT = 'INSERT INTO outbox (to_address, subject, text_body, html_body, sent_at)';

export interface MailboxEntry extends MailMessage {
  sentAt: string;
}

export function outboxMailer(db: Queryable, now: () => Date = () => new Date()): Mailer {
  const outboxRow = (message: MailMessage): OutboxRow => [
    message.to,
    message.subject,
    message.text,
    message.html,
    now(),
  ];
  return {
    transport: 'outbox',
    outboxRow,
    async send(message, tx) {
      await (tx ?? db).query(`${OUTBOX_INSERT} VALUES ($1, $2, $3, $4, $5)`, outboxRow(message));
    },
  };
}

export async function readOutbox(db: Queryable, limit = 200): Promise<MailboxEntry[]> {
  const { rows } = await db.query<{
    to_address: string;
    subject: string;
    text_body: string;
    html_body: string;
    sent_at: Date | string;
  }>('SELECT to_address, subject, text_body, html_body, sent_at FROM outbox ORDER BY id DESC LIMIT $1', [
    limit,
  ]);
  return rows.map((r) => ({
    to: r.to_address,
    subject: r.subject,
    text: r.text_body,
    html: r.html_body,
    sentAt: r.sent_at instanceof Date ? r.sent_at.toISOString() : String(r.sent_at),
  }));
}

export function smtpMailer(url: string, from: string): Mailer {
  const transporter = nodemailer.createTransport(url);
  return {
    transport: 'smtp',
    async send(message) {
      try {
        await transporter.sendMail({ from, ...message });
      } catch {
        // The caller's transaction rolls back: nothing is stored, and the applicant can simply try again.
        throw new HttpError(503, { message: SERVER_MESSAGES.mailFailed });
      }
    },
  };
}
