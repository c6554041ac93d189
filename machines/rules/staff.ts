/**
 * The staff back office's contract, shared by its screens and the server: paths, roles, the session's length and
 * the messages staff read (in the catalogue's plain voice).
 */
import { mayActorSend, type ReviewEventType, type ReviewStatus } from '../review.machine';
import type { EligibilityStatus } from './application';
import { STAFF_API } from './api';
import type { SubmissionCount } from './funnel';
import { STAGES, type PaymentRecord, type Stage } from './contract';

export { STAFF_API };

export const staffPaths = {
  signIn: `${STAFF_API}/sign-in`,
  verify: `${STAFF_API}/verify`,
  signOut: `${STAFF_API}/sign-out`,
  me: `${STAFF_API}/me`,
  team: `${STAFF_API}/team`,
  teamMember: `${STAFF_API}/team/:id`,
  application: `${STAFF_API}/applications/:id`,
  cv: `${STAFF_API}/applications/:id/cv`,
  notes: `${STAFF_API}/applications/:id/notes`,
  events: `${STAFF_API}/applications/:id/events`,
  audit: `${STAFF_API}/audit`,
  /** The decision emails' templates (admins): list, save one, restore one's default. */
  templates: `${STAFF_API}/templates`,
  template: `${STAFF_API}/templates/:kind`,
  /** A message to one applicant (admins). */
  message: `${STAFF_API}/applications/:id/messages`,
  /** A message to every application a queue view matches (admins), after a dry run. */
  messages: `${STAFF_API}/applications/messages`,
} as const;

/** Its own cookie, so an applicant's session can never stand in for a staff one (and the other way round). */
export const STAFF_COOKIE = 'staff_session';
export const STAFF_SESSION_HOURS = 12;

export const STAFF_ROLES = ['reviewer', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const isStaffRole = (value: unknown): value is StaffRole =>
  typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);

/**
 * One rule for an applicant's contact details (docs/decisions/104-configured-admins.md): an admin sees
 * them everywhere (the queue, an application's page, the CSV export, the CV zip), a reviewer nowhere. The server
 * leaves them out of a reviewer's answers (absent, not blank) and the screens leave their rows and columns out.
 */
export const CONTACT_FIELDS = ['email', 'phone', 'whatsapp_phone'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export const seesContact = (role: StaffRole): boolean => role === 'admin';

/** Answers as this role sees them: without the contact fields when the role does not see them. */
export type WithoutContact<T> = Omit<T, ContactField> & Partial<Pick<T, ContactField & keyof T>>;
export function contactFor<T extends object>(role: StaffRole, answers: T): WithoutContact<T> {
  if (seesContact(role)) return answers as WithoutContact<T>;
  const shown: Record<string, unknown> = { ...(answers as Record<string, unknown>) };
  for (const field of CONTACT_FIELDS) delete shown[field];
  return shown as WithoutContact<T>;
}

/** How long a decision can be undone before its email leaves. */
export const DECISION_UNDO_MINUTES = 5;

/** The undo window in words ("5 minutes", "30 seconds"), so screens and messages follow DECISION_UNDO_SECONDS. */
export function undoWindowWords(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  const [n, unit] = seconds % 60 === 0 && seconds > 0 ? [seconds / 60, 'minute'] : [seconds, 'second'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

const VERB: Record<ReviewEventType, string> = {
  START_REVIEW: 'put in review',
  REVIEW_ELIGIBILITY: 'sent to eligibility review',
  ACCEPT: 'accepted',
  WAITLIST: 'waitlisted',
  REJECT: 'rejected',
  UNDO: 'undone',
  RELEASE: 'released',
  REOPEN: 'reopened',
  WITHDRAW: 'withdrawn',
  CHOOSE_PAYMENT: 'given a payment choice',
  PAYMENT_CONFIRMED: 'marked paid',
  ASK_SECOND_REVIEW: 'sent for a second review',
  REVIEWS_DISAGREE: 'found to have disagreeing reviews',
  REVIEWS_AGREE: 'settled by its reviews',
  RECORD_TRANSFER: 'recorded as paid by bank transfer',
  INVITE_TO_INTERVIEW: 'invited to an interview',
  BOOK_INTERVIEW: 'booked an interview',
};

/** What the button that sends each review event says (the application page, the audit log's details). */
export const REVIEW_ACTION_LABELS: Record<ReviewEventType, string> = {
  START_REVIEW: 'Start review',
  REVIEW_ELIGIBILITY: 'Send to eligibility review',
  ACCEPT: 'Accept',
  WAITLIST: 'Waitlist',
  REJECT: 'Reject',
  UNDO: 'Undo the decision',
  RELEASE: 'Release',
  REOPEN: 'Reopen',
  WITHDRAW: 'Mark withdrawn',
  CHOOSE_PAYMENT: 'Choose payment',
  PAYMENT_CONFIRMED: 'Mark paid',
  ASK_SECOND_REVIEW: 'Ask for a second review',
  REVIEWS_DISAGREE: 'Mark the reviews as disagreeing',
  REVIEWS_AGREE: 'Settle the reviews',
  RECORD_TRANSFER: 'Record bank transfer',
  INVITE_TO_INTERVIEW: 'Invite to interview',
  BOOK_INTERVIEW: 'Book an interview',
};

/** The triage keys that decide (docs/staff.md, "Running a review round"), in the order the shortcuts list shows them. */
export const DECIDE_KEYS = { a: 'ACCEPT', w: 'WAITLIST', r: 'REJECT' } as const satisfies Record<
  string,
  ReviewEventType
>;

/**
 * The keyboard shortcuts a team member can use on an application's page: the decision keys only for a role that
 * may send that decision (a reviewer never decides), so nobody is shown a key that cannot work.
 */
export function triageShortcuts(role: StaffRole): [key: string, what: string][] {
  const decisions = Object.entries(DECIDE_KEYS)
    .filter(([, event]) => mayActorSend(role, event))
    .map(([key, event]): [string, string] => [key, REVIEW_ACTION_LABELS[event]]);
  return [
    ['j', 'Next application'],
    ['k', 'Previous application'],
    ...decisions,
    // Everyone scores: 1 to 5 rates the scorecard's next criterion, then Enter saves it.
    ['1–5', 'Rate the next criterion of my scorecard (then Enter saves it)'],
    ['?', 'Show these shortcuts'],
  ];
}

/** A decision in one word, as a notice names it ("Rejected Ada Obi"): the action, not the status's label. */
export const decidedWord = (event: ReviewEventType): string =>
  VERB[event].charAt(0).toUpperCase() + VERB[event].slice(1);

/**
 * A review event on an application's timeline in words, from the review chart's label of the status it led to
 * ("Accepted", "Payment chosen"), never its codes; the page adds who and when the email left.
 */
export const timelineWords = (event: ReviewEventType, statusLabel: string, undone: boolean): string =>
  (event === 'UNDO' ? `Decision undone, back to ${statusLabel.toLowerCase()}` : statusLabel) +
  (undone ? ' (undone)' : '');

export const STAFF_MESSAGES = {
  // The first paint of a staff address opened cold (scripts/prerender.ts), before the app knows who is signed in.
  opening: 'Opening the back office…',
  codeSent:
    'If this address belongs to the programme team, a 6-digit code is on its way. It works for 10 minutes.',
  signedIn: 'Signed in',
  signedOut: 'You are signed out',
  needSignIn: 'Please sign in to the staff area',
  adminOnly: 'Only an admin can do this',
  notFound: 'We could not find this application',
  noCv: 'This applicant has not uploaded a CV',
  noteEmpty: 'Please write a note',
  noteTooLong: 'Please keep a note under 5000 characters',
  teamRole: 'Choose a role: reviewer or admin',
  teamExists: 'This person is already on the team',
  teamNotFound: 'We could not find this team member',
  notYourself: 'You cannot remove yourself from the team',
  configuredAdmin:
    'This admin is named in the server configuration (STAFF_EMAILS): only a change there can remove them',
  /** Beside a configured admin on the Team screen, in place of Remove. */
  configuredAdminNote: 'Managed by configuration',
  undoWindowOver: (undoMs: number) =>
    `A decision can be undone only within ${undoWindowWords(undoMs)}, before its email is sent`,
  notAllowedNow: (label: string, event: ReviewEventType) =>
    `This application is ${label.toLowerCase()}: it cannot be ${VERB[event]} now`,
  unknownEvent: 'Choose what to do with this application',
  unreachable: 'We could not reach the server. Check your connection and try again.',
  tagInvalid: 'A tag is 1 to 40 letters, digits, spaces or hyphens',
  tagNotFound: 'This application does not have this tag',
  viewNameInvalid: 'Give the view a name of 1 to 60 characters',
  viewNotFound: 'We could not find this saved view',
  viewsFull: (max: number) => `You have ${max} saved views: delete one before saving another`,
  viewSaved: 'View saved: its link is above the queue',
  viewReplaced: (name: string) => `You had a view called “${name}”: it now opens this view instead`,
  viewDeleted: 'Saved view deleted',
} as const;

/** A tag as stored (decision 060): trimmed, lower-cased; null when it is not 1–40 letters, digits, spaces or hyphens. */
export function normaliseTag(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const tag = value.trim().toLowerCase();
  return /^[\p{L}\p{N} -]{1,40}$/u.test(tag) ? tag : null;
}

/**
 * GET lists an application's tags; POST `{ tag }` adds one; DELETE tagsPaths.tag removes one; each answers the
 * application's tags, sorted.
 */
export const tagsPaths = {
  tags: `${STAFF_API}/applications/:id/tags`,
  tag: `${STAFF_API}/applications/:id/tags/:tag`,
} as const;

/**
 * A team member's saved views of the queue (docs/decisions/060-the-staff-queue.md): GET lists one's own, POST
 * `{ name, query }` saves the query string under the name (replacing the query of a view of that name), DELETE
 * savedViewPaths.view deletes one of one's own.
 */
export const savedViewPaths = {
  views: `${STAFF_API}/views`,
  view: `${STAFF_API}/views/:id`,
} as const;

export interface SavedView {
  id: number;
  name: string;
  /** The queue's query string, without `?` and without a page (`cohort=3&tag=call%20back`). */
  query: string;
}

export interface SavedViewResult extends SavedView {
  /** A view of that name was there, and its query was replaced. */
  replaced: boolean;
}

export const SAVED_VIEW_NAME_MAX = 60;
export const SAVED_VIEWS_MAX = 50;

/** A view's name as stored: trimmed; null when it is not 1–60 characters (the API's schema refuses hidden ones). */
export function normaliseViewName(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const name = value.trim();
  return name.length >= 1 && name.length <= SAVED_VIEW_NAME_MAX ? name : null;
}

/** What staff read on the Messages screen and the message forms (machines/rules/mailTemplates.ts). */
export const STAFF_TEMPLATE_MESSAGES = {
  subjectEmpty: 'Please write a subject',
  subjectTooLong: (max: number) => `Please keep the subject under ${max} characters`,
  subjectOneLine: 'Please write the subject on one line',
  bodyEmpty: 'Please write the message',
  bodyTooLong: (max: number) => `Please keep the message under ${max} characters`,
  unknownVariables: (names: string[]) =>
    `We cannot fill ${names.map((n) => `{{${n}}}`).join(', ')}: use only the variables listed`,
  unknownTemplate: 'Choose one of the emails listed',
  saved: 'Template saved: the next emails use it',
  restored: 'The built-in wording is back',
  /** Per inbox (docs/decisions/012-emails.md). */
  inboxFull: (max: number, hours: number) =>
    `This applicant has had ${max} messages from the team in the last ${hours} hours: try again later`,
  erased: "This applicant's data was erased: they cannot be written to",
  noEmail: 'This applicant has no email address we can write to',
  sentOne: 'Message sent',
  sentMany: (n: number) => `${n} ${n === 1 ? 'message' : 'messages'} sent`,
  wouldSend: (n: number, of: number) => `${n} of ${of} can be sent`,
} as const;

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

/** Every name the queue's query string may carry: the screen keeps these from the URL, the server checks them. */
export const STAFF_QUEUE_QUERY_NAMES = [
  'cohort',
  'stage',
  'eligibility',
  'status',
  'payment',
  'paymentStatus',
  'country',
  'source',
  'from',
  'to',
  'cv',
  'q',
  'allCohorts',
  'scoreMin',
  'reviews',
  'assignee',
  'tag',
  'sort',
  'dir',
  'cursor',
  'limit',
] as const satisfies readonly (keyof StaffQueueQuery)[];

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

export const BULK_EVENTS = ['ACCEPT', 'WAITLIST', 'REJECT'] as const satisfies readonly ReviewEventType[];
export type BulkEvent = (typeof BULK_EVENTS)[number];

/**
 * POST staffQueuePaths.bulk (admins). Either `ids` (at most 5000) or `filter` (the queue's query, without cursor or
 * limit: "all N matching"). `capSeats` with ACCEPT accepts in the filter's sort order up to the cohort's free seats
 * and waitlists the rest. `dryRun` changes nothing and answers the same shape with `preview`.
 */
export interface StaffBulkRequest {
  event: BulkEvent;
  ids?: number[];
  filter?: StaffQueueQuery;
  capSeats?: boolean;
  dryRun?: boolean;
  /** With `filter`: `score` takes its applications highest mean score first (`view`, the default: its own sort). */
  order?: 'view' | 'score';
}

export interface StaffBulkRefusal {
  id: number;
  /** The chart's reason, in the words staff read (STAFF_MESSAGES.notAllowedNow / notFound). */
  reason: string;
}

/** The answer to a bulk action (`{ message, data: StaffBulkResult }`), dry run or not. */
export interface StaffBulkResult {
  dryRun: boolean;
  /** Applications selected. */
  matched: number;
  /** Counts per event that is (or would be) applied: with capSeats, ACCEPT up to the seats and WAITLIST after. */
  applied: Partial<Record<BulkEvent, number>>;
  /** Rows the chart does not allow (already decided, withdrawn, …): reported, never failed. */
  refused: StaffBulkRefusal[];
  /** The first email of each kind that will leave after the undo window (dry run only). */
  preview: { event: BulkEvent; to: string; subject: string; text: string }[];
  /** Free seats before the action (cohort seats − taken). */
  seatsFree: number;
  /** The configured undo window, which the previewed emails wait for. */
  undoSeconds: number;
}

/**
 * POST staffQueuePaths.bulkCsv (admins): the file's text as a `text/csv` body (the screen reads the file), rows
 * `email,decision`.
 */
export interface StaffCsvRow {
  line: number;
  email: string;
  decision: string;
  /** `ok`: the chart allows it; `refused`: the chart does not; `unknown`: no submitted application has this email;
   * `invalid`: the row is not `email,decision` with a decision of accept, waitlist or reject, or its email is on
   * an earlier row too; `refused` also covers another cohort's application. */
  outcome: 'ok' | 'refused' | 'unknown' | 'invalid';
  id?: number;
  reason?: string;
}

/**
 * `?dryRun=1` previews; without it, the `ok` rows are applied. `?cohort=N` names the cohort the file is for (the
 * current one when absent): a row of another cohort's application is refused. `{ message, data: StaffCsvResult }`.
 */
export interface StaffCsvResult {
  dryRun: boolean;
  cohort: StaffQueueCohort;
  rows: StaffCsvRow[];
  applied: Partial<Record<BulkEvent, number>>;
}

/** One step of the funnel, in the application chart's order (its screens' `meta`). */
export interface FunnelStep {
  /** The screen's state name in machines/application.machine.ts, or `paid`. */
  state: string;
  title: string;
  path: string;
  /** Applications that reached it; for the steps before an application exists, anonymous page views instead. */
  reached: number;
  /** true: counted from anonymous beacons (no identifier), not from applications. */
  anonymous: boolean;
  /** Of the step before, the share that did not reach this one (0..1); null for the first. */
  dropOff: number | null;
  /** Median time from the step before to this one, in seconds; null when there are no timestamps for it. */
  medianSeconds: number | null;
}

/** GET staffQueuePaths.funnel?cohort=N → `{ message: 'Funnel', data: StaffFunnel }`. */
export interface StaffFunnel {
  cohort: StaffQueueCohort;
  steps: FunnelStep[];
  /** The saves the server refused most often: route, field and the message shown (no personal data). */
  validationErrors: { route: string; field: string; message: string; count: number }[];
  eligibility: Record<string, number>;
  decisions: Record<string, number>;
  paymentOptions: Record<string, number>;
  /** Submissions counted as the queue counts them (machines/rules/funnel.ts, decision 063). */
  submissions: SubmissionCount;
  /**
   * The selection video and quiz by version (decision 245): how many applications started each version (opened the
   * video page signed in) and how many of them watched it to the end; oldest version first, none not started.
   */
  quizVersions: { version: number; started: number; watched: number }[];
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
