/**
 * The staff reports and the audit log's filters (docs/decisions/063-the-funnel.md,
 * docs/decisions/062-exports.md): paths, the answers' shapes and the words staff read, shared by the
 * screens and the server.
 */
import { STAFF_API } from './api';
import { waived } from './aidDecision';
import { regionOf, type FeeTable, type Money } from './payments';
import { isReviewEventType, isReviewStatus, reviewMeta } from '../review.machine';
import { isTemplateKind, TEMPLATE_LABELS } from './mailTemplates';
import { REVIEW_ACTION_LABELS } from './staff/reviewActions';
import { type StaffQueueCohort } from './staff/queue';
import { parseStaffDay } from './staffDates';

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
  /** How far reviewers' means lie apart (decision 163). */
  agreement: ScoreAgreement;
  /** The cohort's financial aid (decision 238): requests, standing decisions, and the fees the awards waive. */
  aid: AidReport;
}

/** A cohort's aid, whatever the days asked for: its number of awards bounds the whole cohort. */
export interface AidReport {
  requests: number;
  awarded: number;
  declined: number;
  /** The amounts the awards waive, one per currency (naira, dollars), largest first; none without an award. */
  cost: Money[];
}

/** The awards' cost: each award's waived amount (machines/rules/aidDecision.ts) added up per currency. */
export function aidCost(awards: readonly { country: string; share: number; fees: FeeTable }[]): Money[] {
  const totals = new Map<Money['currency'], number>();
  for (const { country, share, fees } of awards) {
    const { amount, currency } = waived(fees, regionOf(country), share);
    totals.set(currency, Math.round(((totals.get(currency) ?? 0) + amount) * 100) / 100);
  }
  return [...totals].map(([currency, amount]) => ({ amount, currency }));
}

/**
 * Two reviewers who scored the same applications, as the server counts them (decision 163): the applications both
 * scored, the sum of the distances between their two means, and on how many they agree (reviewersAgree).
 */
export interface ReviewerPairCounts {
  first: string;
  second: string;
  applications: number;
  totalDifference: number;
  agreeing: number;
}

/** How far reviewers' means lie apart on the applications two or more of them scored (decision 163). */
export interface ScoreAgreement {
  /** Applications with two or more scorecards (their last one saved in the range). */
  compared: number;
  /** Of them, those whose reviewers' means all agree (the highest and the lowest closer than 2 points). */
  agreeing: number;
  /** The distance between two reviewers' means, averaged over every pair of reviewers of the same application. */
  meanDifference: number | null;
  /** Each pair of reviewers: the applications both scored, their mean distance and how many they agree on. */
  pairs: { first: string; second: string; applications: number; meanDifference: number; agreeing: number }[];
  /** Each reviewer: how many times their mean met another's, and their mean distance from the others; furthest first. */
  reviewers: { staff: string; comparisons: number; meanDistance: number }[];
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The agreement report from the server's counts: `compared` applications of which `agreeing` agree (the server counts
 * both with reviewersAgree's rule on each application's spread) and the counts of each pair of reviewers.
 */
export function scoreAgreement(
  compared: number,
  agreeing: number,
  pairs: readonly ReviewerPairCounts[],
): ScoreAgreement {
  const perReviewer = new Map<string, { comparisons: number; total: number }>();
  let comparisons = 0;
  let total = 0;
  for (const pair of pairs) {
    comparisons += pair.applications;
    total += pair.totalDifference;
    for (const staff of [pair.first, pair.second]) {
      const sums = perReviewer.get(staff) ?? { comparisons: 0, total: 0 };
      sums.comparisons += pair.applications;
      sums.total += pair.totalDifference;
      perReviewer.set(staff, sums);
    }
  }
  return {
    compared,
    agreeing,
    meanDifference: comparisons ? round2(total / comparisons) : null,
    pairs: pairs
      .map(({ first, second, applications, totalDifference, agreeing: agree }) => {
        const [a, b] = [first, second].sort();
        return {
          first: a,
          second: b,
          applications,
          meanDifference: round2(totalDifference / applications),
          agreeing: agree,
        };
      })
      .sort(
        (x, y) =>
          y.meanDifference - x.meanDifference ||
          x.first.localeCompare(y.first) ||
          x.second.localeCompare(y.second),
      ),
    reviewers: [...perReviewer]
      .map(([staff, sums]) => ({
        staff,
        comparisons: sums.comparisons,
        meanDistance: round2(sums.total / sums.comparisons),
      }))
      .sort((x, y) => y.meanDistance - x.meanDistance || x.staff.localeCompare(y.staff)),
  };
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
  /** Applications assigned to reviewers (counts), and each reassignment with who had it before (decision 163). */
  assign: 'Assigned applications',
  reassign: 'Reassigned an application',
  /** A decision email's template saved or restored to its built-in wording (detail: which one). */
  template_save: 'Changed an email template',
  template_restore: 'Restored an email template',
  /** A message staff wrote, one entry per applicant written to (detail: no words, they may quote personal data). */
  message: 'Sent a message',
  /** A bank transfer recorded as paid (server/staff/transfer.ts), with our payment reference. */
  record_transfer: 'Recorded a bank transfer',
  /** A cohort's interview stage switched on or off, a slot offered or removed (decision 175). */
  interview_setting: 'Switched interviews on or off',
  interview_slot_add: 'Offered an interview slot',
  interview_slot_remove: 'Removed an interview slot',
  /** A tag added to or removed from an application (detail: the tag; decision 060). */
  tag_add: 'Tagged an application',
  tag_remove: 'Removed a tag',
  /** A cohort created, its settings changed, its applications paused, closed or reopened (detail: before → after). */
  cohort_create: 'Created a cohort',
  cohort_change: "Changed a cohort's settings",
  cohort_intake: "Paused, closed or reopened a cohort's applications",
  /** Financial aid awarded (detail: the share), declined, or a decision undone in its window (decision 238). */
  aid_decision: 'Decided financial aid',
  /** The bank details or the support address changed (detail: each field before → after; decision 247). */
  settings_change: 'Changed the bank details or support address',
  /** A new version of the selection video and quiz (detail: the versions, each change before → after; decision 245). */
  selection_quiz_publish: 'Published a selection video and quiz',
  /** The landing page's FAQ and key information cards published (detail: each piece before → after; decision 246). */
  landing_words_publish: "Published the landing page's words",
} as const;
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as AuditAction[];

/**
 * An audit entry's detail in the staff's words: "Reject: Submitted → Not successful", a template by its name, other
 * figures as "accepted: 20". Codes it does not know stay as they are (an entry written by an older version).
 */
export function auditDetailWords(detail: Record<string, unknown> | null | undefined): string {
  if (!detail) return '';
  const { event, from, to, template, ...rest } = detail;
  const parts: string[] = [];
  if (isReviewEventType(event)) parts.push(REVIEW_ACTION_LABELS[event]);
  else if (event !== undefined) rest.event = event;
  if (isReviewStatus(from) && isReviewStatus(to))
    parts.push(`${reviewMeta(from).label} → ${reviewMeta(to).label}`);
  else Object.assign(rest, from === undefined ? {} : { from }, to === undefined ? {} : { to });
  if (isTemplateKind(template)) parts.push(`the “${TEMPLATE_LABELS[template]}” email`);
  else if (template !== undefined) rest.template = template;
  const head = parts.join(': ');
  const tail = Object.entries(rest)
    .map(([k, v]) => `${k.replaceAll('_', ' ')}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join(', ');
  return [head, tail].filter(Boolean).join(', ');
}

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

/** The audit log's filters a person sets (`before` is the page, not a filter). */
export const AUDIT_FILTERS = ['staff', 'action', 'applicant'] as const;
export type AuditFilters = Pick<AuditQuery, (typeof AUDIT_FILTERS)[number]>;

/** The audit log's query from its screen's URL: the filters and the page that are given. */
export const auditQueryOf = (params: URLSearchParams): AuditQuery =>
  Object.fromEntries(
    [...AUDIT_FILTERS, 'before'].flatMap((key) => (params.get(key) ? [[key, params.get(key)]] : [])),
  );

/** The URL of the filters as typed: blank ones dropped, and no `before` (a new filter starts from the newest). */
export const auditFilterParams = (draft: AuditFilters): Record<string, string> =>
  Object.fromEntries(AUDIT_FILTERS.flatMap((key) => (draft[key]?.trim() ? [[key, draft[key].trim()]] : [])));

/**
 * Who an entry without a team member stands for: an erasure the applicant asked for on "Your data", or one retention
 * made (decision 149). Its detail's `by` says which.
 */
export const AUDIT_WITHOUT_STAFF: Readonly<Record<string, string>> = {
  applicant: 'The applicant',
  retention: 'Retention (automatic)',
};

/** GET staffPaths.audit → `{ message: 'Audit log', data: AuditEntry[] }`, newest first, AUDIT_PAGE at most. */
export interface AuditEntry {
  id: number;
  at: string;
  /** The team member's address, or who stands for an entry without one (AUDIT_WITHOUT_STAFF). */
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

/** A duration in the unit a person would say: minutes, hours, then days. */
export function durationWords(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  if (seconds < 2 * 86_400) return `${(seconds / 3600).toFixed(1)} h`;
  return `${(seconds / 86_400).toFixed(1)} days`;
}

/** A part of a whole as a percentage, for a table: "67%", or "—" of nothing. */
export const share = (part: number, whole: number) => (whole ? `${Math.round((part / whole) * 100)}%` : '—');

/** "Nigeria 3, Ghana 1 and 2 more": the first few figures, for a chart's text alternative. */
export const firstFew = (items: readonly [string, number][], n = 3) =>
  items
    .slice(0, n)
    .map(([label, value]) => `${label} ${value}`)
    .join(', ') + (items.length > n ? ` and ${items.length - n} more` : '');

/** A report's days in words ("from 1 Nov 2026 to today"); `day` writes a day the programme's way. */
export const reportRangeWords = (report: Pick<StaffReports, 'from' | 'to'>, day: (day: string) => string) =>
  report.from || report.to
    ? `from ${report.from ? day(report.from) : 'the start'} to ${report.to ? day(report.to) : 'today'}`
    : 'since the cohort opened';

/** Each team member's decisions over the whole range, in the order they first appear. */
export function decisionsByStaff(throughput: StaffReports['throughput']): [string, number][] {
  const byStaff = new Map<string, number>();
  for (const t of throughput) byStaff.set(t.staff, (byStaff.get(t.staff) ?? 0) + t.decisions);
  return [...byStaff];
}

/** The day on which the most applications were started (the first such day), if any. */
export const busiestDay = (days: StaffReports['days']) =>
  days.reduce<(typeof days)[number] | undefined>((a, d) => (!a || d.started > a.started ? d : a), undefined);

/**
 * The cohorts whose funnels are compared: those the URL's `compare` names (cohort numbers, comma-separated), else
 * the newest; at most `most`.
 */
export function comparedCohorts<C extends { number: number }>(
  cohorts: readonly C[],
  compare: string,
  most: number,
) {
  const asked = compare.split(',').filter((n) => /^\d+$/.test(n));
  return (asked.length ? cohorts.filter((c) => asked.includes(String(c.number))) : cohorts).slice(0, most);
}

/** The Reports screen's range form as typed: the days the programme's way, and the throughput's period. */
export interface ReportRangeDraft {
  from: string;
  to: string;
  per: string;
}

/**
 * The range form's URL parameters (days as YYYY-MM-DD; '' drops a parameter, and the default period is not
 * written), or the fields that are not a day.
 */
export function reportRangeParams(
  draft: ReportRangeDraft,
  locale: string,
): { refused: ('from' | 'to')[]; params: Record<string, string> } {
  const days = {
    from: draft.from ? parseStaffDay(draft.from, locale) : '',
    to: draft.to ? parseStaffDay(draft.to, locale) : '',
  };
  const refused = (['from', 'to'] as const).filter((key) => days[key] === null);
  return {
    refused,
    params: { from: days.from ?? '', to: days.to ?? '', per: draft.per === 'day' ? '' : draft.per },
  };
}
