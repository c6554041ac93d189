/** The emails' words: plain and friendly, as text and as simple HTML. */
import type { MailMessage } from './index';
import { FEE_FACTS } from '../../machines/rules/payments';

export const PROGRAMME = 'The Employment Bootcamp';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * The name a greeting may carry: letters of any script (with their combining marks), spaces, hyphens and
 * apostrophes, at most 40 characters. Anything else (a dot, a colon, a slash, digits) means the 'name' could be a
 * sentence or a link written into our email; such a name is left out (docs/decisions/030-names-in-emails.md).
 */
const SAFE_NAME = /^[\p{L}\p{M}]+(?:[ '’-]+[\p{L}\p{M}]+)*$/u;
const NAME_MAX = 40;

/** 'Hello Ada,' for a plain name, 'Hello,' for anything else. */
export function greeting(firstname: string): string {
  const name = firstname.normalize('NFC').trim().replace(/ {2,}/g, ' ');
  return name && name.length <= NAME_MAX && SAFE_NAME.test(name) ? `Hello ${name},` : 'Hello,';
}

/** `link` is written after the second paragraph, as a button-like link (the reminder's call to action). */
export const page = (paragraphs: string[], highlight?: string, link?: { href: string; text: string }) =>
  `<!doctype html><html lang="en"><body style="font-family:Arial,sans-serif;color:#1a1a1a;line-height:1.5">` +
  paragraphs
    .map((p, i) =>
      i === 1 && highlight
        ? `<p>${escapeHtml(p)}</p><p style="font-size:28px;font-weight:bold;letter-spacing:6px">${escapeHtml(highlight)}</p>`
        : i === 1 && link
          ? `<p>${escapeHtml(p)}</p><p><a href="${escapeHtml(link.href)}" style="font-weight:bold">${escapeHtml(link.text)}</a></p>`
          : `<p>${escapeHtml(p)}</p>`,
    )
    .join('') +
  `</body></html>`;

export function codeEmail(to: string, firstname: string, code: string, minutes: number): MailMessage {
  const lines = [
    greeting(firstname),
    `Here is your code to confirm your email for ${PROGRAMME}:`,
    `It works for ${minutes} minutes. If you did not ask for it, you can ignore this email.`,
    `See you soon,\n${PROGRAMME} team`,
  ];
  return {
    to,
    subject: `Your code for ${PROGRAMME}: ${code}`,
    text: `${lines[0]}\n\n${lines[1]}\n\n    ${code}\n\n${lines[2]}\n\n${lines[3]}\n`,
    html: page(lines, code),
  };
}

export function submittedEmail(
  to: string,
  firstname: string,
  cohortName: string,
  waitlisted: boolean,
): MailMessage {
  const lines = [
    greeting(firstname),
    `Thank you for applying to ${PROGRAMME}. We have your application.`,
    waitlisted
      ? `The cohort you applied for is closed or full, so you are on the waitlist for ${cohortName}. We will write to you before it starts.`
      : `You applied for ${cohortName}. One more step: watch the short video from the Program Director and answer the quiz.`,
    `See you soon,\n${PROGRAMME} team`,
  ];
  return {
    to,
    subject: waitlisted
      ? `You are on the waitlist for ${cohortName} of ${PROGRAMME}`
      : `Your application to ${PROGRAMME} (${cohortName})`,
    text: lines.join('\n\n') + '\n',
    html: page(lines),
  };
}

/** The reminder an applicant asked for on the confirmation page: finish confirming their place (choose how to pay). */
export function reminderEmail(to: string, firstname: string, confirmationUrl: string): MailMessage {
  const lines = [
    greeting(firstname),
    // The amounts come from the price table the confirmation page shows and the checkout charges.
    `You asked us to remind you: one step is left to confirm your place in ${PROGRAMME}. ${FEE_FACTS.full}. ${FEE_FACTS.instalments}. You can also apply for financial aid. Choose on your confirmation page:`,
    `If you have already done this, you can ignore this email.`,
    `See you soon,\n${PROGRAMME} team`,
  ];
  return {
    to,
    subject: `Reminder: complete your payment and confirm your place in ${PROGRAMME}`,
    text: `${lines[0]}\n\n${lines[1]}\n\n    ${confirmationUrl}\n\n${lines[2]}\n\n${lines[3]}\n`,
    html: page(lines, undefined, { href: confirmationUrl, text: 'Complete your payment' }),
  };
}
