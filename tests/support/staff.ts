/** A row of the staff queue for the machine and screen tests: a submitted, eligible applicant with a CV. */
import type { StaffQueueRow } from '../../machines/rules/staff';

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
