/** The emails' words: plain and friendly, as text and as simple HTML. */
import type { MailMessage } from './index';
import type { PaymentRecord } from '../../machines/rules/contract';
import type { MailBlock } from '../../machines/rules/mailTemplates';
import { NEXT_STEP_WORDS } from '../../machines/rules/nextSteps';
import { reminderFeeWords, type AidStanding } from '../../machines/rules/aidDecision';
import { aidFact, formatMoney, stillDue, type FeeTable } from '../../machines/rules/payments';
import { screenRow } from '../../machines/screens';

export const PROGRAMME = 'The Employment Bootcamp';

/**
 * The video page's address, which the submission email links to as the reminder links to the confirmation page: a
 * plain address, opened signed in by the browser that applied (docs/decisions/121-a-decision-is-held-until-released.md).
 */
export const videoUrl = (publicUrl: string) =>
  `${publicUrl.replace(/\/+$/, '')}${screenRow('selectionVideo').path}`;

/** The confirmation page's address, which the reminder and the receipts link to. */
export const confirmationUrl = (publicUrl: string) => `${publicUrl.replace(/\/+$/, '')}/apply/confirmation`;

/** How an email's HTML writes a text (the erasure searches for names as written there too). */
export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * The name a greeting may carry: letters of any script (with their combining marks), spaces, hyphens and
 * apostrophes, at most 40 characters. Anything else (a dot, a colon, a slash, digits) means the 'name' could be a
 * sentence or a link written into our email; such a name is left out (docs/decisions/012-emails.md).
 */
const SAFE_NAME = /^[\p{L}\p{M}]+(?:[ '’-]+[\p{L}\p{M}]+)*$/u;
const NAME_MAX = 40;

/** The first name as an email may write it, or null when it is not a plain name. */
export function plainName(firstname: string): string | null {
  const name = firstname.normalize('NFC').trim().replace(/ {2,}/g, ' ');
  return name && name.length <= NAME_MAX && SAFE_NAME.test(name) ? name : null;
}

/** 'Hello Ada,' for a plain name, 'Hello,' for anything else. */
export function greeting(firstname: string): string {
  const name = plainName(firstname);
  return name ? `Hello ${name},` : 'Hello,';
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

/** A filled template's HTML part: each paragraph escaped, a link alone as a button-like link (as `page` writes it). */
export const blocksPage = (blocks: MailBlock[]) =>
  `<!doctype html><html lang="en"><body style="font-family:Arial,sans-serif;color:#1a1a1a;line-height:1.5">` +
  blocks
    .map((block) =>
      'text' in block
        ? `<p>${escapeHtml(block.text)}</p>`
        : `<p><a href="${escapeHtml(block.href)}" style="font-weight:bold">${escapeHtml(block.label)}</a></p>`,
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
  videoLink: string,
): MailMessage {
  if (waitlisted) {
    const lines = [
      greeting(firstname),
      `Thank you for applying to ${PROGRAMME}. We have your application.`,
      `The cohort you applied for is closed or full, so you are on the waitlist for ${cohortName}. We will write to you before it starts.`,
      `See you soon,\n${PROGRAMME} team`,
    ];
    return {
      to,
      subject: `You are on the waitlist for ${cohortName} of ${PROGRAMME}`,
      text: lines.join('\n\n') + '\n',
      html: page(lines),
    };
  }
  // The step it names comes with its link (the video page), as the reminder's does.
  const lines = [
    greeting(firstname),
    `Thank you for applying to ${PROGRAMME}. We have your application for ${cohortName}. ${NEXT_STEP_WORDS.submittedEmail}`,
    `See you soon,\n${PROGRAMME} team`,
  ];
  return {
    to,
    subject: `Your application to ${PROGRAMME} (${cohortName})`,
    text: `${lines[0]}\n\n${lines[1]}\n\n    ${videoLink}\n\n${lines[2]}\n`,
    html: page(lines, undefined, { href: videoLink, text: NEXT_STEP_WORDS.videoLink }),
  };
}

/**
 * The reminder an applicant asked for on the confirmation page: finish confirming their place (choose how to pay).
 * `fees` is the applicant's own fee table (decision 244); `aid` is where their aid request stands as they may be
 * told it (null: none made).
 */
export function reminderEmail(
  to: string,
  firstname: string,
  confirmationUrl: string,
  fees: FeeTable,
  aid: AidStanding | null,
): MailMessage {
  const lines = [
    greeting(firstname),
    // The amounts the confirmation page shows and the checkout charges: the applicant's fee table, less a released
    // award, and none while a request is reviewed (decisions 238, 244).
    `You asked us to remind you: one step is left to confirm your place in ${PROGRAMME}. ${reminderFeeWords(fees, aid)}`,
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

export const SIGN_OFF = `See you soon,\n${PROGRAMME} team`;
const plain = (to: string, subject: string, lines: string[]): MailMessage => ({
  to,
  subject,
  text: lines.join('\n\n') + '\n',
  html: page(lines),
});

/**
 * The receipt for a payment the server verified: the amount, the currency, the reference, and for instalments
 * what is still due to the instalment partner (the price table's plan).
 */
export function paymentReceiptEmail(to: string, firstname: string, payment: PaymentRecord): MailMessage {
  const amount = formatMoney({ amount: payment.amount, currency: payment.currency });
  const due = stillDue(payment.option, { amount: payment.amount, currency: payment.currency });
  return plain(to, `Payment received: ${amount} for ${PROGRAMME} (${payment.reference})`, [
    greeting(firstname),
    `Thank you: we have received your payment of ${amount} (${payment.currency}) for the commitment fee of ${PROGRAMME}. Your place is secured.`,
    `Reference: ${payment.reference}. Option: ${payment.option}. Keep this email as your receipt.`,
    due
      ? `Still due: ${formatMoney(due.total)} (${due.count} more ${due.count === 1 ? 'instalment' : 'instalments'} of ${formatMoney(due.each)}), paid to our instalment partner on the dates its checkout gave you.`
      : 'Nothing more is due for the commitment fee.',
    SIGN_OFF,
  ]);
}

/** A second verified payment of an applicant who had already paid: received, and to be refunded. */
export function duplicatePaymentEmail(
  to: string,
  firstname: string,
  duplicate: PaymentRecord,
  paid: PaymentRecord,
): MailMessage {
  const amount = formatMoney({ amount: duplicate.amount, currency: duplicate.currency });
  return plain(to, `A second payment of ${amount} will be refunded (${duplicate.reference})`, [
    greeting(firstname),
    `We have received a second payment of ${amount} (${duplicate.currency}, reference ${duplicate.reference}) for the commitment fee of ${PROGRAMME}. Your fee was already paid (reference ${paid.reference}), so this second payment will be refunded to you.`,
    'You do not need to do anything. If you have questions, reply to this email and quote both references.',
    SIGN_OFF,
  ]);
}

/** What an applicant gets once their financial aid application is in: what we received and what comes next. */
export function aidReceivedEmail(
  to: string,
  firstname: string,
  confirmationUrl: string,
  /** The applicant's table: its aid ceiling is what staff may award them (decision 238). */
  fees: FeeTable,
): MailMessage {
  return plain(to, `We have your financial aid application to ${PROGRAMME}`, [
    greeting(firstname),
    `We have received your financial aid application: your answers to the seven questions of the form, including what you can afford to pay. ${aidFact(fees)}; places are limited and an award is not guaranteed.`,
    `What happens next: the team reviews your application and writes to you by email with what you would pay. Meanwhile you can still choose another way to pay on your confirmation page: ${confirmationUrl}`,
    SIGN_OFF,
  ]);
}
