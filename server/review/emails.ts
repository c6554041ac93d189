/**
 * The emails the review sends an applicant, from both sides of the server: a template filled for them (a decision, a
 * message staff wrote, an interview invitation) and the aid decision, in the voice of the applicants' emails
 * (server/mail/templates.ts).
 */
import type { ReviewStatus } from '../../machines/review.machine';
import type { MailMessage } from '../mail/index';
import { acceptanceDates, acceptanceSentence } from '../../machines/rules/payBy';
import {
  DEFAULT_TEMPLATES,
  fillTemplate,
  isTemplateKind,
  type MailTemplate,
  type TemplateValues,
} from '../../machines/rules/mailTemplates';
import { INTERVIEW_PAGE } from '../../machines/rules/interview';
import { AID_MESSAGES } from '../../machines/rules/messages';
import { WITHDRAWAL_MESSAGES } from '../../machines/rules/withdrawal';
import { WAITLIST_REASONS, type WaitlistReason } from '../../machines/rules/waitlistReason';
import { blocksPage, greeting, page, plainName, PROGRAMME, SIGN_OFF } from '../mail/templates';

export interface Recipient {
  email: string;
  firstname: string;
  cohortName: string;
  /** The cohort's start (YYYY-MM-DD), or null when the application has no cohort. */
  cohortStart: string | null;
  /** Why the application is on the waitlist (decision 012): only the waitlist email is given one. */
  waitlistReason?: WaitlistReason;
}

/** What each variable becomes for this applicant (machines/rules/mailTemplates.ts). */
export function templateValues(recipient: Recipient, publicUrl: string): TemplateValues {
  const link = (path: string) => `${publicUrl.replace(/\/$/, '')}${path}`;
  // The same cohort, start and pay-by date as the confirmation page's banner (machines/rules/payBy.ts).
  const dates = acceptanceDates({ name: recipient.cohortName, start_date: recipient.cohortStart ?? '' });
  return {
    greeting: greeting(recipient.firstname),
    firstname: plainName(recipient.firstname) ?? 'there',
    cohort: recipient.cohortName,
    cohort_start: dates?.start ?? '',
    deadline: dates?.payBy ?? '',
    dates: dates ? acceptanceSentence(dates) : '',
    programme: PROGRAMME,
    confirmation_link: link('/apply/confirmation'),
    financial_aid_link: link('/financial-aid-application'),
    interview_link: link(INTERVIEW_PAGE),
    waitlist_reason: recipient.waitlistReason
      ? WAITLIST_REASONS[recipient.waitlistReason](recipient.cohortName)
      : '',
  };
}

/** A template (an edited one, a default or a message staff wrote) filled for one applicant: text and HTML. */
export function templateEmail(template: MailTemplate, recipient: Recipient, publicUrl: string): MailMessage {
  const filled = fillTemplate(template, templateValues(recipient, publicUrl));
  return { to: recipient.email, subject: filled.subject, text: filled.text, html: blocksPage(filled.blocks) };
}

/**
 * The email for a decision, from its template (the built-in wording unless an admin edited it); undefined for a
 * status that sends none.
 */
export function decisionEmail(
  to: ReviewStatus,
  recipient: Recipient,
  publicUrl: string,
  template?: MailTemplate,
): MailMessage | undefined {
  if (!isTemplateKind(to)) return undefined;
  return templateEmail(template ?? DEFAULT_TEMPLATES[to], recipient, publicUrl);
}

/** The aid decision's email (decision 238), in the catalogue's words, linking to the confirmation page. */
export function aidDecisionEmail(
  to: string,
  firstname: string,
  decision: { decision: 'award' | 'decline'; share: number },
  publicUrl: string,
): MailMessage {
  const link = `${publicUrl.replace(/\/$/, '')}/apply/confirmation`;
  const awarded = decision.decision === 'award';
  const lines = [
    greeting(firstname),
    awarded ? AID_MESSAGES.emailAwarded(decision.share) : AID_MESSAGES.emailDeclined,
    link,
    SIGN_OFF,
  ];
  return {
    to,
    subject: awarded ? AID_MESSAGES.emailAwardedSubject(decision.share) : AID_MESSAGES.emailDeclinedSubject,
    text: `${lines.join('\n\n')}\n`,
    html: page(lines),
  };
}

/**
 * The confirmation of an applicant's own withdrawal (decision 250), sent at once through the outbox: what was
 * withdrawn, that a place they held goes to someone else, and how to say it was a mistake.
 */
export function withdrawnEmail(recipient: Recipient, heldSeat: boolean, publicUrl: string): MailMessage {
  const link = `${publicUrl.replace(/\/$/, '')}/apply/confirmation`;
  const lines = [
    greeting(recipient.firstname),
    WITHDRAWAL_MESSAGES.emailWithdrawn(PROGRAMME, recipient.cohortName),
    ...(heldSeat ? [WITHDRAWAL_MESSAGES.emailSeat] : []),
    WITHDRAWAL_MESSAGES.emailMistake,
    link,
    SIGN_OFF,
  ];
  return {
    to: recipient.email,
    subject: WITHDRAWAL_MESSAGES.emailSubject(PROGRAMME),
    text: `${lines.join('\n\n')}\n`,
    html: page(lines),
  };
}
