/**
 * What the server stores as an email is what the mailer delivers to (docs/decisions/012-emails.md):
 * the shared schema admits only bare addresses, and the server also reads each one with nodemailer's own parser,
 * the one that turns `to` into the envelope, refusing any address it would read differently.
 */
import addressparser from 'nodemailer/lib/addressparser';
import { MESSAGES, type ErrorMap } from '../../machines/rules/messages';

/** True when nodemailer reads `address` as one mailbox, with no name, group or comment, spelled exactly so. */
export function mailerReadsExactly(address: string): boolean {
  const parsed = addressparser(address, { flatten: true });
  return parsed.length === 1 && !parsed[0].name && parsed[0].address === address;
}

/** `errors` plus the catalogue's email-format message when the mailer would read the email as another address. */
export function withDeliverableEmail(errors: ErrorMap, email: unknown): ErrorMap {
  if (errors.email || typeof email !== 'string' || !email || mailerReadsExactly(email)) return errors;
  return { ...errors, email: [MESSAGES.emailFormat] };
}
