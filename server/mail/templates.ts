/** The emails' words: plain and friendly, as text and as simple HTML. */
import type { MailMessage } from './index';

export const PROGRAMME = 'The Employment Bootcamp';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const page = (paragraphs: string[], highlight?: string) =>
  `<!doctype html><html lang="en"><body style="font-family:Arial,sans-serif;color:#1a1a1a;line-height:1.5">` +
  paragraphs
    .map((p, i) =>
      i === 1 && highlight
        ? `<p>${escapeHtml(p)}</p><p style="font-size:28px;font-weight:bold;letter-spacing:6px">${escapeHtml(highlight)}</p>`
        : `<p>${escapeHtml(p)}</p>`,
    )
    .join('') +
  `</body></html>`;

export function codeEmail(to: string, firstname: string, code: string, minutes: number): MailMessage {
  const hello = firstname ? `Hello ${firstname},` : 'Hello,';
  const lines = [
    hello,
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
    firstname ? `Hello ${firstname},` : 'Hello,',
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
