/**
 * Review events on the server: the stored status is read under a row lock, the review statechart
 * (machines/review.machine.ts) says whether the event may happen and what follows, and only then is the new status
 * stored, with an event row that also schedules the decision's email after its undo window.
 */
import {
  DECISION_EVENTS,
  nextReviewStatus,
  reviewMeta,
  type ReviewEvent,
  type ReviewEventType,
  type ReviewStatus,
} from '../../machines/review.machine';
import { DECISION_UNDO_MINUTES, STAFF_MESSAGES } from '../../machines/rules/staff';
import type { Queryable } from '../db/index';
import { fail } from '../http';

const UNDO_MS = DECISION_UNDO_MINUTES * 60_000;

/** A submitted application's review status (stored once staff act; 'submitted' until then). */
export const REVIEW_STATUS_SQL = "COALESCE(review_status, 'submitted')";

export interface ReviewChange {
  from: ReviewStatus;
  to: ReviewStatus;
}

export interface ReviewWrite extends ReviewChange {
  id: number;
  event: ReviewEventType;
}

/**
 * Stores changes the review chart allowed: the new statuses, and one review_events row each, which schedules a
 * decision's email once, after the undo window. One statement each, whether for one application or a bulk chunk.
 */
export async function writeReviewChanges(
  tx: Queryable,
  changes: readonly ReviewWrite[],
  staffId: number | null,
  now: Date,
  undoMs: number,
): Promise<void> {
  if (changes.length === 0) return;
  const column = <K extends keyof ReviewWrite>(key: K) => changes.map((c) => c[key]);
  await tx.query(
    `UPDATE applications a SET review_status = v.to_status, updated_at = $3
     FROM unnest($1::int[], $2::text[]) AS v(id, to_status) WHERE a.id = v.id`,
    [column('id'), column('to'), now],
  );
  await tx.query(
    `INSERT INTO review_events (application_id, staff_id, event, from_status, to_status, email_due_at, created_at)
     SELECT v.id, $5, v.event, v.from_status, v.to_status,
       CASE WHEN v.event = ANY($8::text[]) THEN $6::timestamptz END, $7
     FROM unnest($1::int[], $2::text[], $3::text[], $4::text[]) AS v(id, event, from_status, to_status)`,
    [
      column('id'),
      column('event'),
      column('from'),
      column('to'),
      staffId,
      new Date(now.getTime() + undoMs),
      now,
      [...DECISION_EVENTS],
    ],
  );
}

/**
 * Applies one event to one submitted application inside `tx`. 404 when there is no such submitted application;
 * 409 with the chart's reason when the status does not allow the event.
 */
export async function applyReviewEvent(
  tx: Queryable,
  applicationId: number,
  type: ReviewEventType,
  staffId: number | null,
  now: Date,
  /** The undo window (the server's `decisionUndoMs`; DECISION_UNDO_MINUTES unless configured). */
  undoMs = UNDO_MS,
): Promise<ReviewChange> {
  const { rows } = await tx.query<{ status: ReviewStatus }>(
    `SELECT ${REVIEW_STATUS_SQL} AS status FROM applications WHERE id = $1 AND submitted_at IS NOT NULL FOR UPDATE`,
    [applicationId],
  );
  if (!rows[0]) throw fail(404, STAFF_MESSAGES.notFound);
  const from = rows[0].status;
  let event: ReviewEvent;
  let undone: number | undefined;
  if (type === 'UNDO') {
    const last = await tx.query<{ id: number; created_at: Date; email_sent_at: Date | null }>(
      `SELECT id, created_at, email_sent_at FROM review_events
       WHERE application_id = $1 AND undone_at IS NULL AND event = ANY($2) ORDER BY id DESC LIMIT 1`,
      [applicationId, [...DECISION_EVENTS]],
    );
    const decision = last.rows[0];
    const within =
      !!decision &&
      decision.email_sent_at === null &&
      now.getTime() - new Date(decision.created_at).getTime() < undoMs;
    event = { type, withinUndoWindow: within };
    undone = within ? decision.id : undefined;
    if (!within && nextReviewStatus(from, { type, withinUndoWindow: true }) !== null) {
      throw fail(409, STAFF_MESSAGES.undoWindowOver(undoMs));
    }
  } else {
    event = { type } as ReviewEvent;
  }
  const to = nextReviewStatus(from, event);
  if (to === null) throw fail(409, STAFF_MESSAGES.notAllowedNow(reviewMeta(from).label, type));
  await writeReviewChanges(tx, [{ id: applicationId, event: type, from, to }], staffId, now, undoMs);
  if (undone !== undefined) {
    await tx.query('UPDATE review_events SET undone_at = $2 WHERE id = $1', [undone, now]);
  }
  return { from, to };
}

/**
 * An event the applicant's own action causes (CHOOSE_PAYMENT on a saved payment choice, PAYMENT_CONFIRMED on a
 * verified payment), stored in the caller's transaction so the staff queue, the timeline and the funnel follow it
 * (docs/decisions/096-review-follows-the-payment.md). Unlike a staff event it never fails the applicant's write:
 * when the chart refuses it (not accepted yet, a repeat, already paid) the status is simply left as it is.
 */
export async function followApplicantEvent(
  tx: Queryable,
  applicationId: number,
  type: 'CHOOSE_PAYMENT' | 'PAYMENT_CONFIRMED',
  now: Date,
): Promise<ReviewChange | null> {
  const { rows } = await tx.query<{ status: ReviewStatus }>(
    `SELECT ${REVIEW_STATUS_SQL} AS status FROM applications WHERE id = $1 AND submitted_at IS NOT NULL FOR UPDATE`,
    [applicationId],
  );
  const from = rows[0]?.status;
  if (!from) return null;
  const to = nextReviewStatus(from, { type });
  // A repeat choice (payment_chosen → payment_chosen) changes nothing worth a timeline row.
  if (to === null || to === from) return null;
  await writeReviewChanges(tx, [{ id: applicationId, event: type, from, to }], null, now, UNDO_MS);
  return { from, to };
}
