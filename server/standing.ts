/**
 * Where an applicant stands, as they may be told it: the review status staff have released to them. A decision
 * (accept, waitlist, reject) reaches the applicant only once its undo window is over, the moment its email is due,
 * so the page and the email never disagree and a decision undone in its window was never shown
 * (docs/decisions/073-the-applicant-sees-a-decision-once-its-email-is-due.md).
 */
import { isReviewStatus, reviewMeta, type ReviewStatus, type Standing } from '../machines/review.machine';
import type { ApplicantStanding } from '../machines/rules/contract';
import type { Queryable } from './db/index';
import { fieldFail } from './http';
import { SERVER_MESSAGES } from './messages';

interface StandingRow {
  submitted: boolean;
  stored: string | null;
  /** The newest event the applicant may see: not undone, and not a decision still inside its undo window. */
  released: string | null;
  /** Whether some decision is still inside its window. */
  pending: boolean;
  cohort_id: number | null;
  cohort_name: string | null;
  cohort_number: number | null;
}

/** The review status the applicant may see now, or null when the application is not submitted. */
export async function releasedStatus(
  db: Queryable,
  applicationId: number,
  now: Date,
): Promise<{ status: ReviewStatus; cohort: ApplicantStanding['cohort'] } | null> {
  const { rows } = await db.query<StandingRow>(
    `SELECT a.submitted_at IS NOT NULL AS submitted, a.review_status AS stored,
       (SELECT e.to_status FROM review_events e
         WHERE e.application_id = a.id AND e.undone_at IS NULL AND (e.email_due_at IS NULL OR e.email_due_at <= $2)
         ORDER BY e.id DESC LIMIT 1) AS released,
       EXISTS (SELECT 1 FROM review_events e
         WHERE e.application_id = a.id AND e.undone_at IS NULL AND e.email_due_at > $2) AS pending,
       c.id AS cohort_id, c.name AS cohort_name, c.number AS cohort_number
     FROM applications a LEFT JOIN cohorts c ON c.id = COALESCE(a.cohort_id, a.applied_cohort_id)
     WHERE a.id = $1`,
    [applicationId, now],
  );
  const row = rows[0];
  if (!row?.submitted) return null;
  // No event released yet: the status before any pending decision is 'submitted'; a status stored without events
  // (an import, the seed) stands as it is.
  const candidate = row.released ?? (row.pending ? 'submitted' : (row.stored ?? 'submitted'));
  return {
    status: isReviewStatus(candidate) ? candidate : 'submitted',
    cohort: { id: row.cohort_id ?? 0, name: row.cohort_name ?? '', number: row.cohort_number ?? 0 },
  };
}

/** The applicant's answer: their standing (from the review chart's meta) and the cohort it is for. */
export async function applicantStanding(
  db: Queryable,
  applicationId: number,
  now: Date,
): Promise<ApplicantStanding> {
  const released = await releasedStatus(db, applicationId, now);
  if (!released) throw fieldFail(403, 'email', SERVER_MESSAGES.incomplete);
  return { standing: reviewMeta(released.status).standing, cohort: released.cohort };
}

/** Payment is for accepted applicants only: anyone else gets a 403 in the catalogue's words. */
export async function requireAccepted(db: Queryable, applicationId: number, now: Date): Promise<void> {
  const released = await releasedStatus(db, applicationId, now);
  if (!released) throw fieldFail(403, 'payment_option', SERVER_MESSAGES.paymentNotSubmitted);
  const standing: Standing = reviewMeta(released.status).standing;
  if (standing !== 'accepted') throw fieldFail(403, 'payment_option', SERVER_MESSAGES.paymentNotAccepted);
}
