/**
 * The staff reports and the audit log's filters (docs/decisions/166-staff-reports.md,
 * docs/decisions/167-the-audit-log-filtered.md): paths, the answers' shapes and the words staff read, shared by the
 * screens and the server.
 */
import { STAFF_API } from './api';
import type { StaffQueueCohort } from './staff';

export const reportPaths = {
  reports: `${STAFF_API}/reports`,
} as const;

/** What a reviewer's throughput is counted per. */
export const REPORT_PERIODS = ['day', 'week'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

/** GET reportPaths.reports?cohort=N&from=YYYY-MM-DD&to=YYYY-MM-DD&per=day|week (query names as the screen's URL). */
export interface StaffReportsQuery {
  cohort?: string;
  from?: string;
  to?: string;
  per?: string;
}

/** Applications started (created) and submitted, per UTC day, per referral source or per country. */
export interface StartedSubmitted {
  started: number;
  submitted: number;
}

export interface StaffReports {
  cohort: StaffQueueCohort;
  /** The days asked for (YYYY-MM-DD, both included), or null for the cohort's whole life. */
  from: string | null;
  to: string | null;
  per: ReportPeriod;
  /** Days with at least one application started or submitted, oldest first. */
  days: (StartedSubmitted & { day: string })[];
  /** Applications started in the range, and how many of them are submitted; most started first. '' = not given. */
  sources: (StartedSubmitted & { source: string })[];
  countries: (StartedSubmitted & { country: string })[];
  /** From submission to the first decision that stands (not undone), for decisions made in the range. */
  timeToDecision: {
    decided: number;
    /** Seconds; null when nothing was decided. */
    medianSeconds: number | null;
    p25Seconds: number | null;
    p75Seconds: number | null;
    p90Seconds: number | null;
    maxSeconds: number | null;
  };
  /** Decisions that stand, per team member and per day or week (the Monday it starts), oldest first. */
  throughput: { staff: string; period: string; decisions: number }[];
}

/** The audit log's actions and how the screen names them; the server accepts only these as a filter. */
export const AUDIT_ACTION_LABELS = {
  sign_in: 'Signed in',
  view_application: 'Viewed an application',
  download_cv: 'Opened a CV',
  note: 'Added a note',
  review_event: 'Changed a review',
  team_add: 'Added a team member',
  team_remove: 'Removed a team member',
  export: 'Exported',
  /** A bulk decision: one entry per transaction of up to 200 applications, with the event and the counts. */
  bulk: 'Bulk decision',
  /** One applicant's data, exported or erased on their request (server/privacy/routes.ts). */
  export_applicant_data: "Exported an applicant's data",
  erase_applicant_data: "Erased an applicant's data",
  /** A scorecard saved (its mean only), a cohort's rubric changed (decision 163). */
  score: 'Scored an application',
  rubric: "Changed a cohort's rubric",
  /** Applications assigned to reviewers (counts), and each reassignment with who had it before (decision 164). */
  assign: 'Assigned applications',
  reassign: 'Reassigned an application',
  /** A decision email's template saved or restored to its built-in wording (detail: which one). */
  template_save: 'Changed an email template',
  template_restore: 'Restored an email template',
  /** A message staff wrote, one entry per applicant written to (detail: no words, they may quote personal data). */
  message: 'Sent a message',
  /** A bank transfer recorded as paid (server/staff/transfer.ts), with our payment reference. */
  record_transfer: 'Recorded a bank transfer',
  /** A tag added to or removed from an application (detail: the tag; decision 181). */
  tag_add: 'Tagged an application',
  tag_remove: 'Removed a tag',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as AuditAction[];

/** The audit log's filters, as the screen's URL and the server's query string name them. */
export interface AuditQuery {
  /** A team member's email address (also one no longer on the team). */
  staff?: string;
  action?: string;
  /** Part of an applicant's name or email address. */
  applicant?: string;
  /** The entry id to read older entries from. */
  before?: string;
}

export const AUDIT_PAGE = 100;

/** GET staffPaths.audit → `{ message: 'Audit log', data: AuditEntry[] }`, newest first, AUDIT_PAGE at most. */
export interface AuditEntry {
  id: number;
  at: string;
  staff: string;
  action: AuditAction;
  applicationId: number | null;
  /** The applicant's name as it is now; null without an application, or once their data was erased. */
  applicant: string | null;
  detail: Record<string, unknown>;
}

export const REPORT_MESSAGES = {
  period: 'Choose day or week',
  dayOrder: 'Choose a first day on or before the last day',
  auditAction: 'Choose an action from the list',
  auditStaff: "Enter a team member's email address",
  auditApplicant: 'Please search with fewer than 100 characters',
  auditBefore: 'This page link is out of date: go back to the first page',
} as const;
