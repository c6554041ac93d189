/** The staff back office's emails, in the voice of the applicants' emails (server/mail/templates.ts). */
import type { ReviewStatus } from '../../machines/review.machine';
import type { PaymentRecord } from '../../machines/rules/contract';
import { formatMoney } from '../../machines/rules/payments';
import type { MailMessage } from '../mail/index';
import { acceptanceDates, acceptanceSentence } from '../../machines/rules/payBy';
import { greeting, page, PROGRAMME } from '../mail/templates';

export function staffCodeEmail(to: string, code: string): MailMessage {
  const lines = [
    'Hello,',
    `Here is your code to sign in to the staff area of ${PROGRAMME}:`,
    'It works for 10 minutes. If you did not ask for it, someone may be trying your address: tell an admin.',
    `${PROGRAMME} team`,
  ];
  return {
    to,
    subject: `Your staff sign-in code: ${code}`,
    text: `${lines[0]}\n\n${lines[1]}\n\n    ${code}\n\n${lines[2]}\n\n${lines[3]}\n`,
    html: page(lines, code),
  };
}

export interface Recipient {
  email: string;
  firstname: string;
  cohortName: string;
  /** The cohort's start (YYYY-MM-DD), or null when the application has no cohort. */
  cohortStart: string | null;
}

const SIGN_OFF = `See you soon,\n${PROGRAMME} team`;

/** The email for a decision, in the voice of the other emails; undefined for a status that sends none. */
export function decisionEmail(
  to: ReviewStatus,
  recipient: Recipient,
  publicUrl: string,
): MailMessage | undefined {
  const hello = greeting(recipient.firstname);
  const link = (path: string) => `${publicUrl.replace(/\/$/, '')}${path}`;
  const message = (subject: string, lines: string[], action?: { href: string; text: string }) => ({
    to: recipient.email,
    subject,
    text:
      action !== undefined
        ? `${lines[0]}\n\n${lines[1]}\n\n    ${action.href}\n\n${lines.slice(2).join('\n\n')}\n`
        : `${lines.join('\n\n')}\n`,
    html: page(lines, undefined, action),
  });
  switch (to) {
    case 'accepted': {
      // The same cohort, start and pay-by date as the confirmation page's banner (machines/rules/payBy.ts).
      const dates = acceptanceDates({ name: recipient.cohortName, start_date: recipient.cohortStart ?? '' });
      return message(
        `You are accepted into ${PROGRAMME} (${recipient.cohortName})`,
        [
          hello,
          `Congratulations: you have been accepted into ${recipient.cohortName} of ${PROGRAMME}.${dates ? ` ${acceptanceSentence(dates)}` : ''} To confirm your place, choose how you will pay the commitment fee (in full, in instalments, or apply for financial aid) on your confirmation page:`,
          'Confirm soon: places are limited.',
          SIGN_OFF,
        ],
        { href: link('/apply/confirmation'), text: 'Confirm your place' },
      );
    }
    case 'waitlisted':
      return message(`You are on the waitlist for ${PROGRAMME}`, [
        hello,
        `Thank you for applying to ${PROGRAMME}. ${recipient.cohortName} is full, so you are on its waitlist. If a place opens up we will write to you at once, and if not, we will keep your application for the next cohort.`,
        'You do not need to do anything now.',
        SIGN_OFF,
      ]);
    case 'rejected':
      return message(
        `Your application to ${PROGRAMME}`,
        [
          hello,
          `Thank you for the time you gave your application to ${recipient.cohortName} of ${PROGRAMME}. We are sorry: we cannot offer you a place this time.`,
          `This is not the end of the road. You are welcome to apply again for the next cohort, and if the fee was what held you back, financial aid covers up to 30% of it: ${link('/financial-aid-application')}`,
          SIGN_OFF,
        ],
        undefined,
      );
    default:
      return undefined;
  }
}

/**
 * The receipt for a bank transfer an admin recorded as paid (docs/decisions/159-the-bank-transfer-receipt.md): the
 * words of the verified payment's receipt, naming the transfer and quoting the reference the applicant's bank gave
 * it beside ours, so either finds it.
 */
export function transferReceiptEmail(
  to: string,
  firstname: string,
  payment: PaymentRecord,
  bankReference: string,
): MailMessage {
  const amount = formatMoney({ amount: payment.amount, currency: payment.currency });
  const lines = [
    greeting(firstname),
    `Thank you: we have received your bank transfer of ${amount} (${payment.currency}) for the commitment fee of ${PROGRAMME}. Your place is secured.`,
    `Your transfer's reference: ${bankReference}. Our reference: ${payment.reference}. Option: ${payment.option}. Keep this email as your receipt.`,
    'Nothing more is due for the commitment fee.',
    SIGN_OFF,
  ];
  return {
    to,
    subject: `Bank transfer received: ${amount} for ${PROGRAMME} (${payment.reference})`,
    text: `${lines.join('\n\n')}\n`,
    html: page(lines),
  };
}
