/**
 * The staff queue's contract (docs/api.md, "Staff"): its paths, filters, sorts, rows and pages, assigning, and what
 * staff read when a queue, bulk or export request cannot be answered.
 */
import type { ReviewStatus } from '../../review.machine';
import { STAFF_API } from '../api';
import type { EligibilityStatus } from '../application';
import { STAGES, type PaymentRecord, type Stage } from '../contract';

/** The review status of an application that staff see in lists and on its page. */
export interface StaffApplicationStatus {
  status: ReviewStatus;
  label: string;
}

/*
 * The queue, bulk decisions, exports and the funnel (docs/api.md, "Staff"). The queue's view lives in the URL: the
 * screens put `StaffQueueQuery` in the query string as it is, and the server reads the same names.
 */

export const staffQueuePaths = {
  queue: `${STAFF_API}/applications`,
  bulk: `${STAFF_API}/applications/bulk`,
  bulkCsv: `${STAFF_API}/applications/bulk-csv`,
  exportCsv: `${STAFF_API}/applications/export.csv`,
  cvsZip: `${STAFF_API}/applications/cvs.zip`,
  funnel: `${STAFF_API}/funnel`,
  cohorts: `${STAFF_API}/cohorts`,
  /** POST (admins): assign a filter's applications to reviewers (`StaffAssignRequest`). */
  assign: `${STAFF_API}/applications/assign`,
} as const;

/** GET staffQueuePaths.cohorts → `{ message: 'Cohorts', data: StaffCohortOption[] }`, newest first. */
export interface StaffCohortOption {
  number: number;
  name: string;
  /** The cohort applications go to now (the queue's default). */
  current: boolean;
}

/** How far an application got: the wizard's stages, then the selection video and the payment choice. */
export const QUEUE_STAGES = [...STAGES, 'video_watched', 'payment_chosen'] as const;
export type QueueStage = Stage | 'video_watched' | 'payment_chosen';
/**
 * A furthest stage in words that never repeat a review status's label (the status chips say "Submitted" and
 * "Payment chosen" too): what the applicant has done last.
 */
export const QUEUE_STAGE_LABELS: Record<QueueStage, string> = {
  created: 'Started, email not verified',
  verified: 'Verified email',
  eligibility: 'Answered eligibility',
  employment: 'Answered employment',
  submitted: 'Sent, video not watched',
  video_watched: 'Watched the video',
  payment_chosen: 'Picked how to pay',
};

export const isQueueStage = (value: unknown): value is QueueStage =>
  typeof value === 'string' && (QUEUE_STAGES as readonly string[]).includes(value);

/** Each payment's state on an application's page, in words staff act on. */
export const PAYMENT_LABELS: Record<PaymentRecord['status'], string> = {
  pending: 'Issued, not paid',
  paid: 'Paid',
  failed: 'Failed',
  duplicate: 'Paid twice: refund due',
};

/** A payment's state as the queue shows it: the latest payment (a paid one first), or none issued. */
export const PAYMENT_STATUSES = ['none', 'pending', 'paid', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** `score`: the mean of the reviewers' scores, highest first (machines/rules/scorecard.ts). */
export const QUEUE_SORTS = ['submitted', 'created', 'name', 'eligibility', 'status', 'score'] as const;
export type QueueSort = (typeof QUEUE_SORTS)[number];

/** A review status filter also takes `not_submitted` (applications still in the wizard have no review). */
export type QueueStatusFilter = ReviewStatus | 'not_submitted';

/**
 * The queue's query string. Every field is optional and a string (it is the URL); lists are comma-separated
 * (`status=accepted,waitlisted`). Unknown values are refused with 400 on the field's name.
 */
export interface StaffQueueQuery {
  /** The cohort's number (6 for 'Cohort 6'); the cohort open now when absent. */
  cohort?: string;
  /** Furthest stage reached (exact), comma-separated `QueueStage`s. */
  stage?: string;
  /** Comma-separated eligibility results: `eligible`, `action_required`, `ineligible`, `not measured`. */
  eligibility?: string;
  /** Comma-separated `QueueStatusFilter`s. */
  status?: string;
  /** The payment option's exact wording (machines/rules/payments.ts), or `none`. */
  payment?: string;
  /** Comma-separated `PaymentStatus`es. */
  paymentStatus?: string;
  country?: string;
  /** The referral source's exact wording (machines/rules/options.ts). */
  source?: string;
  /** Submitted on or after this day (YYYY-MM-DD, UTC). */
  from?: string;
  /** Submitted on or before this day (YYYY-MM-DD, UTC). */
  to?: string;
  /** `yes`: a CV uploaded or sent by email; `no`: neither. */
  cv?: 'yes' | 'no';
  /**
   * Name, email or phone, city or referral source: names and emails match from their start, a city's or a source's
   * words from their start, phones by their digits anywhere.
   */
  q?: string;
  /** `1`: search every cohort, not only `cohort`. */
  allCohorts?: '1';
  /** A mean score of at least this (1 to 5, e.g. `3.5`): only scored applications the viewer may see scores of. */
  scoreMin?: string;
  /** Comma-separated numbers of reviews (scorecards): `0`, `1`, `2+`. */
  reviews?: string;
  /** `me` (My queue), a team member's id, or `none` (assigned to nobody). */
  assignee?: string;
  /** Only applications with this tag (decision 060). */
  tag?: string;
  sort?: QueueSort;
  dir?: 'asc' | 'desc';
  /** The `nextCursor` of the page before (keyset pagination: pages stay stable while rows change). */
  cursor?: string;
  /** Rows per page, 1..200 (default 50). */
  limit?: string;
}

export interface StaffQueueRow {
  id: number;
  name: string;
  /** Absent in a reviewer's queue (`seesContact`). */
  email?: string;
  phone?: string;
  country: string;
  city: string;
  /** The cohort's name (the queue shows it when searching every cohort). */
  cohort: string;
  referralSource: string;
  stage: QueueStage;
  eligibility: EligibilityStatus;
  /** null until submitted. */
  status: ReviewStatus | null;
  statusLabel: string;
  paymentOption: string;
  paymentStatus: PaymentStatus;
  /** A CV uploaded (`uploaded`), declared sent by email (`email`), or neither (`none`). */
  cv: 'uploaded' | 'email' | 'none';
  createdAt: string;
  submittedAt: string;
  /**
   * The mean of the reviewers' scores, to two places; null with no review, or for a reviewer who has not scored it
   * yet (reviews are blind).
   */
  score: number | null;
  /** How many team members have scored it. */
  reviews: number;
  /** The email of the team member it is assigned to, or null. */
  assignee: string | null;
  /** Its tags, sorted (decision 060). */
  tags: string[];
}

/** The numbers of reviews the queue filters by. */
export const QUEUE_REVIEW_COUNTS = ['0', '1', '2+'] as const;
export type QueueReviewCount = (typeof QUEUE_REVIEW_COUNTS)[number];

export interface StaffQueueCohort {
  id: number;
  number: number;
  name: string;
  seats: number;
  /** Seats already taken: accepted, payment chosen or paid, and not erased (decision 149). */
  taken: number;
  /** Submitted applications waitlisted in this cohort, not erased: those a free seat can be offered to. */
  waitlisted: number;
}

/** GET staffQueuePaths.queue → `{ message: 'Applications', data: StaffQueuePage }`. */
export interface StaffQueuePage {
  cohort: StaffQueueCohort;
  rows: StaffQueueRow[];
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
  /** How many applications match every filter. Without a status or a stage: submitted ones only. */
  total: number;
  /** When none match here: how many match the same view in the other cohorts (else 0). */
  elsewhere: number;
  /** For the filter chips: how many match every OTHER filter, per value of this one. */
  counts: {
    status: Record<QueueStatusFilter, number>;
    stage: Record<QueueStage, number>;
    /** Of this view's applications, how many are assigned to the team member asking (My queue). */
    mine: number;
  };
}

/**
 * POST staffQueuePaths.assign (admins): the filter's applications (the queue's view), in its order, or the `ids`
 * ticked, to `reviewers` (team member ids): all to one, or dealt round-robin to several. `count` with a filter takes
 * only the first that many of the view. `dryRun` changes nothing and answers the counts.
 */
export interface StaffAssignRequest {
  filter?: StaffQueueQuery;
  ids?: number[];
  count?: number;
  reviewers: number[];
  dryRun?: boolean;
}

export interface StaffAssignResult {
  dryRun: boolean;
  matched: number;
  /** How many each reviewer gets, in the order of `reviewers`. */
  perReviewer: { id: number; email: string; count: number }[];
  /** Of those, how many were assigned to someone else before (each one audited). */
  reassigned: number;
}

/** The years a queue filter or a page cursor may name: any date an application can have, and no further. */
export const QUEUE_YEARS = { first: 1900, last: 2999 } as const;

/** What staff read when a queue, bulk or export request cannot be answered. */
export const STAFF_QUEUE_MESSAGES = {
  chooseFromList: 'Choose a value from the list',
  dateFormat: 'Enter a date as YYYY-MM-DD',
  /** The queue's date filters in the browser, typed the programme's way (`DD/MM/YYYY` in en-GB). */
  dateAs: (pattern: string) => `Enter a date as ${pattern}`,
  dateRange: `Enter a date between the years ${QUEUE_YEARS.first} and ${QUEUE_YEARS.last}`,
  searchTooLong: 'Please search with fewer than 100 characters',
  cursorStale: 'This page link is out of date: go back to the first page',
  noSuchCohort: 'There is no such cohort',
  limit: 'Choose between 1 and 200 rows a page',
  bulkEvent: 'Choose accept, waitlist or reject',
  bulkNothing: 'Choose at least one application',
  bulkTooMany: (max: number) => `Choose at most ${max} applications at once`,
  bulkEither: 'Choose the applications by ticking them or by a filter, not both',
  seatsFull: 'The cohort is full: no seat is free for this application',
  csvEmpty: 'The file has no rows: each row should be email,decision',
  csvTooBig: (max: number) => `Please upload at most ${max} rows at once`,
  csvType: 'Please upload a CSV file (text/csv)',
  csvHidden: 'The file has hidden characters: save it again as CSV (comma-separated text) and upload that',
  unknownEmail: 'No submitted application has this email',
  csvDuplicate: (line: number) => `This email is already on line ${line}: only that line counts`,
  csvOtherCohort: (name: string) => `This application is in ${name}, not the cohort chosen`,
  csvRow: 'Each row should be an email, then accept, waitlist or reject',
  funnelStep: 'Choose one of the steps before an application exists',
  scoreMin: 'Enter a score from 1 to 5',
  chooseReviewers: 'Choose one or more team members to assign to',
  assignCount: 'Enter how many to assign, as a whole number from 1',
  countNeedsFilter: 'Choose how many to assign from the view, not from the rows ticked',
  orderNeedsFilter: 'Choose the applications by a filter to take them in score order',
} as const;
