/**
 * Staff fixtures for the machine and screen tests: the two roles, a row of the queue, a queue page and an
 * application's page (Ada Obi, submitted and eligible).
 */
import type { ReviewEventType } from '../../machines/review.machine';
import type { StaffReports } from '../../machines/rules/reports';
import type { StaffQueuePage, StaffQueueRow } from '../../machines/rules/staff/queue';
import type { StaffApplicationPage } from '../../machines/staffApplication.machine';
import type { StaffMe } from '../../machines/staffSession.machine';
import { unansweredEligibility } from './answers';
import { STANDARD_FEES } from '../../machines/rules/payments';

export const STAFF_ADMIN: StaffMe = { email: 'director@bootcamp.example', role: 'admin', locale: 'en-GB' };
export const STAFF_REVIEWER: StaffMe = {
  email: 'reviewer@bootcamp.example',
  role: 'reviewer',
  locale: 'en-GB',
};

/**
 * The time to a first decision of the decisions tests/server/staff-reports.test.ts makes (2 d, 2 d 1 h, 2 d 6 h and
 * 3 d): what the server computes there, and what the Reports screen's tests show.
 */
export const FOUR_DECISIONS_TIMED: StaffReports['timeToDecision'] = {
  decided: 4,
  p25Seconds: 175_500,
  medianSeconds: 185_400,
  p75Seconds: 210_600,
  p90Seconds: 239_760,
  maxSeconds: 259_200,
};

/** A row of the staff queue: a submitted, eligible applicant with a CV. */
export const queueRow = (id: number, over: Partial<StaffQueueRow> = {}): StaffQueueRow => ({
  id,
  name: `Applicant ${id}`,
  email: `a${id}@example.com`,
  phone: '',
  country: 'Nigeria',
  city: 'Lagos',
  cohort: 'Cohort 6',
  referralSource: '',
  stage: 'submitted',
  eligibility: 'eligible',
  status: 'submitted',
  statusLabel: 'Submitted',
  paymentOption: '',
  paymentStatus: 'none',
  cv: 'uploaded',
  createdAt: '2026-11-20T10:00:00.000Z',
  submittedAt: '2026-11-21T10:00:00.000Z',
  score: null,
  reviews: 0,
  assignee: null,
  tags: [],
  ...over,
});

/** A page of Cohort 6's queue: 120 submitted (4 not yet), the rows given, a next page. */
export const staffQueuePage = (rows: StaffQueueRow[]): StaffQueuePage => ({
  cohort: { id: 1, number: 6, name: 'Cohort 6', seats: 100, taken: 3, waitlisted: 0 },
  rows,
  nextCursor: 'next-1',
  total: 120,
  elsewhere: 0,
  counts: {
    status: {
      not_submitted: 4,
      submitted: 120,
      in_review: 0,
      eligibility_review: 0,
      second_review: 0,
      reviews_disagree: 0,
      interview_invited: 0,
      interview_booked: 0,
      accepted: 0,
      waitlisted: 0,
      rejected: 0,
      payment_chosen: 0,
      paid: 0,
      withdrawn: 0,
    },
    stage: {
      created: 1,
      verified: 3,
      eligibility: 0,
      employment: 0,
      submitted: 120,
      video_watched: 0,
      payment_chosen: 0,
    },
    mine: 0,
  },
});

/** What an admin's role may send on an application's page (the chart decides which of them apply now). */
export const ADMIN_MAY: ReviewEventType[] = [
  'START_REVIEW',
  'ACCEPT',
  'WAITLIST',
  'REJECT',
  'UNDO',
  'REOPEN',
  'WITHDRAW',
];

/** The review of an application just submitted, as an admin's page shows it. */
export const SUBMITTED_REVIEW: NonNullable<StaffApplicationPage['review']> = {
  status: 'submitted',
  label: 'Submitted',
  allowed: ['START_REVIEW'],
  releasesInMs: null,
  seats: { seats: 300, taken: 12 },
  undoSeconds: 300,
};

/** Ada Obi's application page (id 1, no review yet); `answers` adds to or replaces her answers. */
export const staffApplicationPage = (
  over: Partial<StaffApplicationPage> = {},
  answers: object = {},
): StaffApplicationPage => ({
  id: 1,
  answers: {
    firstname: 'Ada',
    middlename: '',
    lastname: 'Obi',
    email: 'ada@example.com',
    communications: { referral_source: 'On social media', referral_detail: '', communication_consent: 1 },
    eligibility: { ...unansweredEligibility, status: 'eligible' },
    employment: {},
    other: {},
    cv_sent_by_email: false,
    // The fee table the server answers with the application (decision 244).
    fees: STANDARD_FEES,
    ...answers,
  } as unknown as StaffApplicationPage['answers'],
  review: null,
  cv: null,
  payments: [],
  emails: [],
  reminder: null,
  notes: [],
  timeline: [],
  ...over,
});
