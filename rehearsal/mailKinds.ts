/**
 * Which email a subject is, read the way an applicant would read their inbox: the decision emails by their built-in
 * templates' subjects (the rehearsal edits no template), the code email, the submission's confirmation.
 */
import { DEFAULT_TEMPLATES } from '../machines/rules/mailTemplates';
import type { Standing } from '../machines/review.machine';
import { WITHDRAWAL_MESSAGES } from '../machines/rules/withdrawal';
import { PROGRAMME } from '../server/mail/templates';
import type { DecisionKind } from './observations';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A template's subject as a pattern: `{{programme}}` is the programme, any other variable any words. */
const subjectPattern = (subject: string) =>
  new RegExp(
    `^${subject
      .split(/(\{\{\w+\}\})/)
      .map((part) =>
        part === '{{programme}}' ? escape(PROGRAMME) : /^\{\{\w+\}\}$/.test(part) ? '.+' : escape(part),
      )
      .join('')}$`,
  );

const DECISION_SUBJECTS: [DecisionKind, RegExp][] = (['accepted', 'waitlisted', 'rejected'] as const).map(
  (kind) => [kind, subjectPattern(DEFAULT_TEMPLATES[kind].subject)],
);

export function decisionKind(subject: string): DecisionKind | undefined {
  return DECISION_SUBJECTS.find(([, pattern]) => pattern.test(subject))?.[0];
}

/** The code in an applicant's or a staff member's code email, from its subject. */
export function codeIn(subject: string): string | undefined {
  return /^(?:Your code for .+|Your staff sign-in code): (\d{6})$/.exec(subject)?.[1];
}

/** The submission's confirmation: into the cohort, or onto the next cohort's waitlist (server/mail/templates.ts). */
export const isConfirmation = (subject: string): boolean =>
  subject.startsWith(`Your application to ${PROGRAMME} (`) ||
  new RegExp(`^You are on the waitlist for .+ of ${escape(PROGRAMME)}$`).test(subject);

/** The confirmation of an applicant's own withdrawal (decision 250). */
export const isWithdrawal = (subject: string): boolean =>
  subject === WITHDRAWAL_MESSAGES.emailSubject(PROGRAMME);

/** The decision email a standing should have had. */
export const KIND_OF_STANDING: Partial<Record<Standing, DecisionKind>> = {
  accepted: 'accepted',
  waitlisted: 'waitlisted',
  not_successful: 'rejected',
};

/** The decision kind a stored review status (`to_status` of a decision) sends. */
export const KIND_OF_STATUS: Record<string, DecisionKind | undefined> = {
  accepted: 'accepted',
  waitlisted: 'waitlisted',
  rejected: 'rejected',
};

const INTERVIEW_INVITATION = subjectPattern(DEFAULT_TEMPLATES.interview.subject);

/** The interview invitation (the `interview` template, docs/decisions/175-the-interview-stage.md). */
export const isInterviewInvitation = (subject: string): boolean => INTERVIEW_INVITATION.test(subject);

/** The booking's calendar invitation: the applicant's, and the one to the team member who offers the slot. */
export const isBookedForApplicant = (subject: string): boolean =>
  subject.startsWith('Your interview is booked: ');
export const isBookedForStaff = (subject: string): boolean => subject.startsWith('Interview booked: ');
