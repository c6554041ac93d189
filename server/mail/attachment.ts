/**
 * A file sent with an email, in a file of its own: the outbox table's type (server/db/schema.ts) and the mailer
 * (server/mail/index.ts) both name it, and the mailer reads the outbox, so neither may import the other for it.
 */
/** A file sent with an email: text content only (an interview's calendar invitation, docs/decisions/175). */
export interface MailAttachment {
  filename: string;
  /** The MIME type, with its parameters ("text/calendar; method=REQUEST"). */
  contentType: string;
  content: string;
}
