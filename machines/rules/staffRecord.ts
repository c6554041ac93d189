/**
 * The whole record on an application's staff page (issue 24, item 5): the financial-aid answers, the payment, the
 * reminder and every email sent to the applicant, and the bank transfer an admin records as paid
 * (docs/decisions/157-the-whole-record-on-the-application-page.md, 159-a-bank-transfer-recorded-by-an-admin.md).
 * Shared by the screens and the server, in the catalogue's plain voice.
 */
import type { FinancialAidData } from './contract';
import { aidedOption, type AidStanding } from './aidDecision';
import { findOption, regionOf, type FeeTable, type Money } from './payments';
import { STAFF_API } from './api';
import { formatStaffClock, formatStaffDay } from './staffDates';

/** What happened to an email in the outbox: waiting (or retrying), delivered, or given up after every attempt. */
export const EMAIL_STATUSES = ['queued', 'sent', 'failed'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

export const EMAIL_STATUS_LABELS: Record<EmailStatus, string> = {
  queued: 'Queued',
  sent: 'Sent',
  failed: 'Failed',
};

/**
 * One email to the applicant as staff see it: the subject only (bodies are emptied after 30 days, decision 143),
 * with any sign-in code in it masked. `at`: when it was queued; `sentAt`: when it was delivered.
 */
export interface StaffEmail {
  subject: string;
  status: EmailStatus;
  at: string;
  sentAt: string | null;
  /** Delivery attempts so far (a queued email with attempts has failed before and waits to be tried again). */
  attempts: number;
}

/** The reminder the applicant asked for on the confirmation page: when, and when it left (null until then). */
export interface StaffReminder {
  at: string;
  sentAt: string | null;
}

/** The financial-aid questions in words about the applicant (the form asks them in the second person). */
export const FINANCIAL_AID_LABELS: Record<keyof FinancialAidData, string> = {
  phone_type: 'Type of phone',
  has_laptop: 'Has a laptop',
  parents_status: 'Parents',
  employment_status_duration: 'Employment, and for how long',
  affordable_amount: 'Amount they can afford',
  bootcamp_attendance_reason: 'Why they want to attend',
  additional_info: 'Anything else',
};

/** A sign-in code in a subject ("Your code for …: 123456") is never shown to staff: it could sign them in. */
export const maskCodes = (subject: string): string => subject.replace(/\b\d{6}\b/g, '••••••');

/**
 * What the applicant's chosen option charges, from their fee table (decision 244), for their country, less a released aid award
 * (decision 238); null when nothing now.
 */
export const amountDue = (
  fees: FeeTable,
  option: string,
  country: string,
  aid: AidStanding | null = null,
): Money | null =>
  (aid ? aidedOption(fees, regionOf(country), aid, option) : findOption(fees, regionOf(country), option))
    ?.charge ?? null;

/** POST: an admin records the applicant's bank transfer as paid, with the transfer's reference. */
export const transferPath = `${STAFF_API}/applications/:id/transfer`;

/** The body of a transfer: the reference the bank gave the transfer (on the statement), as the admin reads it. */
export interface StaffTransferRequest {
  reference: string;
}

export const TRANSFER_REFERENCE_MAX = 100;

/** What an admin reads when a transfer cannot be recorded. */
export const TRANSFER_MESSAGES = {
  referenceMissing: "Enter the transfer's reference from the bank statement",
  referenceTooLong: `Please keep the reference under ${TRANSFER_REFERENCE_MAX} characters`,
  referenceUsed: 'This reference is already recorded for a payment: check the bank statement',
  notByTransfer: (option: string) =>
    option
      ? `This applicant chose "${option}", which is not paid by bank transfer`
      : 'This applicant has not chosen how to pay',
  recorded: 'Bank transfer recorded as paid; the receipt is on its way to the applicant',
} as const;

/**
 * One line of an application's timeline: `what` in the review chart's words, `by` the team member (or "the
 * applicant"), `emailSentAt` when the decision's email left, `emailDueAt` when it will while the decision is held.
 */
export interface TimelineEntry {
  at: string;
  what: string;
  by?: string;
  emailSentAt?: string;
  emailDueAt?: string;
}

/**
 * The timeline's sentence after the time: "Accepted by ada@example.com, email sent 14:05". The email's time is a
 * time of day when it left the day of the event, else with its day, in the programme's locale.
 */
export function timelineSentence(entry: TimelineEntry, locale: string): string {
  const clock = (iso: string) =>
    iso.slice(0, 10) === entry.at.slice(0, 10)
      ? formatStaffClock(iso, locale)
      : `${formatStaffDay(iso, locale)} ${formatStaffClock(iso, locale)}`;
  const email = entry.emailSentAt
    ? `, email sent ${clock(entry.emailSentAt)}`
    : entry.emailDueAt
      ? `, email due ${clock(entry.emailDueAt)}`
      : '';
  return `${entry.what}${entry.by ? ` by ${entry.by}` : ''}${email}`;
}
