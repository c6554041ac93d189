/**
 * Emails staff can word (docs/decisions/012-emails.md): the decision emails' templates and
 * the messages staff write to one applicant or a filtered set. A template is a subject and a body of paragraphs
 * (separated by a blank line) with `{{variables}}`; the server fills them for each applicant, the Messages screen
 * fills them with a sample applicant for its preview. The built-in wording below is each template's default.
 */
import { LINE_BREAK } from './lineBreaks';
import type { ErrorMap } from './messages';
import { STAFF_TEMPLATE_MESSAGES as M } from './staff/templateMessages';

/** The decision emails, and the interview invitation (docs/decisions/175-the-interview-stage.md). */
export const TEMPLATE_KINDS = ['accepted', 'waitlisted', 'rejected', 'interview'] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];
export const isTemplateKind = (value: unknown): value is TemplateKind =>
  typeof value === 'string' && (TEMPLATE_KINDS as readonly string[]).includes(value);

/** Each template's name on the Messages screen: the email the decision sends. */
export const TEMPLATE_LABELS: Record<TemplateKind, string> = {
  accepted: 'Accepted',
  waitlisted: 'Waitlisted',
  rejected: 'Not successful',
  interview: 'Interview invitation',
};

export const TEMPLATE_VARIABLES = [
  'greeting',
  'firstname',
  'cohort',
  'cohort_start',
  'deadline',
  'dates',
  'programme',
  'confirmation_link',
  'financial_aid_link',
  'interview_link',
  'waitlist_reason',
] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];
export type TemplateValues = Record<TemplateVariable, string>;

/** What each variable becomes, as the Messages screen lists them. */
export const TEMPLATE_VARIABLE_HELP: Record<TemplateVariable, string> = {
  greeting: '"Hello Ada," (or "Hello," when the first name is not a plain name)',
  firstname: 'The first name when it is a plain name, else "there"',
  cohort: 'The cohort\'s name ("Cohort 14"), or "the next cohort"',
  cohort_start: 'The day the cohort starts ("12 January 2027"), or nothing when unknown',
  deadline: 'The day to pay the commitment fee by, 3 days before the start, or nothing when unknown',
  dates: 'The sentence with the start and the pay-by day, or nothing when unknown',
  programme: 'The Employment Bootcamp',
  confirmation_link: 'The confirmation page; alone in a paragraph it is a "Confirm your place" button',
  financial_aid_link:
    'The financial aid form; alone in a paragraph it is an "Apply for financial aid" button',
  interview_link: 'The page to book an interview; alone in a paragraph it is a "Book your interview" button',
  waitlist_reason:
    'Why the application is on the waitlist, only as far as we know it: "Cohort 14 is full, so you are on its waitlist." while every seat is taken, else a sentence that claims no reason; nothing outside the waitlist email',
};

/** The words of a link that stands alone in a paragraph (a button in the HTML part). */
export const LINK_LABELS: Partial<Record<TemplateVariable, string>> = {
  confirmation_link: 'Confirm your place',
  financial_aid_link: 'Apply for financial aid',
  interview_link: 'Book your interview',
};

export interface MailTemplate {
  subject: string;
  body: string;
}

/** One template as the Email templates screen shows it (GET staffPaths.templates). */
export interface StaffTemplate extends MailTemplate {
  kind: TemplateKind;
  label: string;
  /** The built-in wording, for "Restore the default". */
  default: MailTemplate;
  /** null: the built-in wording is in use. */
  edited: { at: string; by: string } | null;
}

const SIGN_OFF = 'See you soon,\n{{programme}} team';

/** Today's decision emails, word for word: what a template is until an admin edits it, and after "Restore". */
export const DEFAULT_TEMPLATES: Record<TemplateKind, MailTemplate> = {
  accepted: {
    subject: 'You are accepted into {{programme}} ({{cohort}})',
    body: [
      '{{greeting}}',
      'Congratulations: you have been accepted into {{cohort}} of {{programme}}. {{dates}} To confirm your place, choose how you will pay the commitment fee (in full, in instalments, or apply for financial aid) on your confirmation page:',
      '{{confirmation_link}}',
      'Confirm soon: places are limited.',
      SIGN_OFF,
    ].join('\n\n'),
  },
  waitlisted: {
    subject: 'You are on the waitlist for {{programme}}',
    body: [
      '{{greeting}}',
      // The reason is the one the product has, never "full" with seats free (decision 012).
      'Thank you for applying to {{programme}}. {{waitlist_reason}} If we can offer you a place we will write to you at once, and if not, we will keep your application for the next cohort.',
      'You do not need to do anything now.',
      SIGN_OFF,
    ].join('\n\n'),
  },
  rejected: {
    subject: 'Your application to {{programme}}',
    body: [
      '{{greeting}}',
      'Thank you for the time you gave your application to {{cohort}} of {{programme}}. We are sorry: we cannot offer you a place this time.',
      'This is not the end of the road. The fee played no part in this decision: it is asked for only once a place is offered. You are welcome to apply again for the next cohort, and if the fee would be hard for you then, financial aid can cover part of it: {{financial_aid_link}}',
      SIGN_OFF,
    ].join('\n\n'),
  },
  interview: {
    subject: 'Book your interview for {{programme}} ({{cohort}})',
    body: [
      '{{greeting}}',
      'Thank you for applying to {{cohort}} of {{programme}}. We would like to meet you: please choose a time for a short interview. You will need to sign in with the code we email you.',
      '{{interview_link}}',
      'Once you have booked, we will email you a calendar invitation.',
      SIGN_OFF,
    ].join('\n\n'),
  },
};

/** The sample applicant of the Messages screen's preview. */
export const SAMPLE_VALUES: TemplateValues = {
  greeting: 'Hello Ada,',
  firstname: 'Ada',
  cohort: 'Cohort 14',
  cohort_start: '12 January 2027',
  deadline: '9 January 2027',
  dates:
    'Cohort 14 starts on 12 January 2027. Please pay the commitment fee by 9 January 2027 to secure your place.',
  programme: 'The Employment Bootcamp',
  confirmation_link: 'https://bootcamp.example/apply/confirmation',
  financial_aid_link: 'https://bootcamp.example/financial-aid-application',
  interview_link: 'https://bootcamp.example/apply/interview',
  waitlist_reason: 'Cohort 14 is full, so you are on its waitlist.',
};

export const SUBJECT_MAX = 200;
export const BODY_MAX = 10_000;

const VARIABLE = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The names written as `{{name}}` that are not variables, each once, in the order written. */
export function unknownVariables(text: string): string[] {
  const names = [...text.matchAll(VARIABLE)].map((m) => m[1]);
  return [...new Set(names.filter((name) => !(TEMPLATE_VARIABLES as readonly string[]).includes(name)))];
}

/** A template's problems, per field, in the catalogue's words; `{}` when it can be saved or sent. */
export function checkTemplate(template: { subject?: unknown; body?: unknown }): ErrorMap {
  const errors: ErrorMap = {};
  const subject = typeof template.subject === 'string' ? template.subject.trim() : '';
  const body = typeof template.body === 'string' ? template.body.trim() : '';
  if (!subject) errors.subject = [M.subjectEmpty];
  else if (subject.length > SUBJECT_MAX) errors.subject = [M.subjectTooLong(SUBJECT_MAX)];
  else if (LINE_BREAK.test(subject)) errors.subject = [M.subjectOneLine];
  else if (unknownVariables(subject).length) errors.subject = [M.unknownVariables(unknownVariables(subject))];
  if (!body) errors.body = [M.bodyEmpty];
  else if (body.length > BODY_MAX) errors.body = [M.bodyTooLong(BODY_MAX)];
  else if (unknownVariables(body).length) errors.body = [M.unknownVariables(unknownVariables(body))];
  return errors;
}

/** A paragraph of a filled template: words, or a link alone (a button in HTML, an indented address in text). */
export type MailBlock = { text: string } | { href: string; label: string };

export interface FilledMail {
  subject: string;
  blocks: MailBlock[];
  /** The plain-text part, as every email of the programme writes it. */
  text: string;
}

const fill = (text: string, values: TemplateValues) =>
  text.replace(VARIABLE, (_, name: string) => values[name as TemplateVariable] ?? '');

/**
 * The template filled for one applicant. A variable with nothing to say (an unknown start date) leaves no double
 * space behind; a link variable alone in its paragraph becomes that link's button.
 */
export function fillTemplate(template: MailTemplate, values: TemplateValues): FilledMail {
  const blocks: MailBlock[] = template.body
    .replace(/\r\n?/g, '\n')
    .trim()
    .split(/\n[ \t]*\n+/)
    .map((paragraph): MailBlock => {
      const alone = /^\{\{\s*([a-z_]+)\s*\}\}$/.exec(paragraph.trim())?.[1] as TemplateVariable | undefined;
      const label = alone ? LINK_LABELS[alone] : undefined;
      if (alone && label) return { href: values[alone], label };
      return {
        text: fill(paragraph, values)
          .split('\n')
          .map((line) => line.replace(/ {2,}/g, ' ').trim())
          .join('\n'),
      };
    })
    .filter((block) => !('text' in block) || block.text !== '');
  const text =
    blocks.map((block) => ('text' in block ? block.text : `    ${block.href}`)).join('\n\n') + '\n';
  return { subject: fill(template.subject, values).replace(/ {2,}/g, ' ').trim(), blocks, text };
}

/**
 * POST staffPaths.messages (admins): a message to every application a queue view matches (`filter`, the queue's
 * query without cursor or limit, as a bulk decision takes it). `dryRun` sends nothing and answers the counts and the
 * first message as it will read.
 */
export interface StaffMessageRequest extends MailTemplate {
  filter: Record<string, string>;
  dryRun?: boolean;
}

export interface StaffMessageResult {
  dryRun: boolean;
  /** Applications the view matches: the queue's `total` for the same view. */
  matched: number;
  /** Messages that go (or, in a dry run, would go). */
  sent: number;
  /** Applications not written to, with why (erased, or the inbox had its messages for the day). */
  skipped: { id: number; reason: string }[];
  /** The first message as it will read (dry run), or null when none would go. */
  preview: { to: string; subject: string; text: string } | null;
}
