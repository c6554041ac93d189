/**
 * Where an applicant stands, as they may be told it: the review status staff have released to them. A decision
 * (accept, waitlist, reject) is held by the review chart until its undo window is over, the moment its email is due,
 * so the page and the email never disagree and a decision undone in its window was never shown
 * (docs/decisions/121-a-decision-is-held-until-released.md,
 * docs/decisions/121-a-decision-is-held-until-released.md).
 */
import {
  isReviewStatus,
  nextReviewStatus,
  reviewMeta,
  type ReviewStatus,
  type Standing,
} from '../machines/review.machine';
import type { ApplicantStanding } from '../machines/rules/contract';
import { sql } from 'kysely';
import type { Queryable } from './db/index';
import { applicationCohort, first, qb } from './db/query';
import { fieldFail } from './http';
import { SERVER_MESSAGES } from './messages';
import { applicantAid } from './review/applicantAid';
import { heldUntilOf, isHeld, reviewStatusOf } from './review/events';

/**
 * The review status the applicant may see now, or null when the application is not submitted: the stored one,
 * unless its decision is still held (the chart's `held`, read as staff read it), when it is the one before.
 */
export async function releasedStatus(
  db: Queryable,
  applicationId: number,
  now: Date,
): Promise<{ status: ReviewStatus; cohort: ApplicantStanding['cohort']; financial_aid: unknown } | null> {
  const row = await first(
    db,
    qb
      .selectFrom('applications as a')
      .leftJoin('cohorts as c', (join) => join.onRef('c.id', '=', applicationCohort()))
      .select([
        sql<boolean>`a.submitted_at IS NOT NULL`.as('submitted'),
        'a.financial_aid',
        reviewStatusOf.as('status'),
        heldUntilOf.as('held_until'),
        // What the newest standing event moved the application from: where it stood before a held decision.
        sql<string | null>`(SELECT e.from_status FROM review_events e WHERE e.application_id = a.id
          AND e.undone_at IS NULL ORDER BY e.id DESC LIMIT 1)`.as('before'),
        'c.id as cohort_id',
        'c.name as cohort_name',
        'c.number as cohort_number',
      ])
      .where('a.id', '=', applicationId),
  );
  if (!row?.submitted) return null;
  const candidate = isHeld(row.held_until, now) ? row.before : row.status;
  return {
    status: isReviewStatus(candidate) ? candidate : 'submitted',
    cohort: { id: row.cohort_id ?? 0, name: row.cohort_name ?? '', number: row.cohort_number ?? 0 },
    financial_aid: row.financial_aid,
  };
}

/**
 * The applicant's answer: their standing (from the review chart's meta), the cohort it is for, where their aid
 * request stands (decision 238), so that a waitlisted or unsuccessful applicant's page says it too, and whether the
 * chart lets them withdraw from where they stand as they see it (decision 250).
 */
export async function applicantStanding(
  db: Queryable,
  applicationId: number,
  now: Date,
): Promise<ApplicantStanding> {
  const released = await releasedStatus(db, applicationId, now);
  if (!released) throw fieldFail(403, 'email', SERVER_MESSAGES.incomplete);
  return {
    standing: reviewMeta(released.status).standing,
    cohort: released.cohort,
    aid: await applicantAid(db, { id: applicationId, financial_aid: released.financial_aid }, now),
    withdrawable: nextReviewStatus(released.status, { type: 'WITHDRAW' }) !== null,
  };
}

/** Payment is for accepted applicants only: anyone else gets a 403 in the catalogue's words. */
export async function requireAccepted(db: Queryable, applicationId: number, now: Date): Promise<void> {
  const released = await releasedStatus(db, applicationId, now);
  if (!released) throw fieldFail(403, 'payment_option', SERVER_MESSAGES.paymentNotSubmitted);
  const standing: Standing = reviewMeta(released.status).standing;
  if (standing !== 'accepted') throw fieldFail(403, 'payment_option', SERVER_MESSAGES.paymentNotAccepted);
}
