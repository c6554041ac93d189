/**
 * The emails only staff actions send, in the voice of the applicants' emails (server/mail/templates.ts): a team
 * member's sign-in code and the receipt for a bank transfer an admin recorded. The review's emails are
 * server/review/emails.ts.
 */
import type { PaymentRecord } from '../../machines/rules/contract';
import { formatMoney } from '../../machines/rules/payments';
import type { MailMessage } from '../mail/index';
import { greeting, page, PROGRAMME, SIGN_OFF } from '../mail/templates';

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

/**
 * The receipt for a bank transfer an admin recorded as paid (docs/decisions/036-one-price-table.md): the
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
