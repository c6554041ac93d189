/**
 * Review events on the server: the stored status is read under a row lock, the review statechart
 * (machines/review.machine.ts) says whether the event may happen and what follows, and only then is the new status
 * stored, with an event row that also schedules the decision's email after its undo window.
 */
import {
  DECISION_EVENTS,
  nextReviewStatus,
  reviewMeta,
  SEAT_STATUSES,
  type ReviewEvent,
  type ReviewEventType,
  type ReviewPosition,
  type ReviewStatus,
} from '../../machines/review.machine';
import { DECISION_UNDO_MINUTES } from '../../machines/rules/staff/undo';
import { STAFF_MESSAGES } from '../../machines/rules/staff/messages';
import { nextSeat, SEAT_MESSAGES } from '../../machines/rules/seats';
import { cohortById, lockSeatsTaken } from '../db/cohorts';
import { sql } from 'kysely';
import type { Queryable } from '../db/index';
import { applicationCohort, first, qb, run } from '../db/query';
import { fail, fieldFail } from '../http';

const UNDO_MS = DECISION_UNDO_MINUTES * 60_000;

/** A submitted application's review status (stored once staff act; 'submitted' until then). */
export const reviewStatusOf = sql<ReviewStatus>`COALESCE(review_status, 'submitted')`;

export interface ReviewChange {
  from: ReviewStatus;
  to: ReviewStatus;
  /** An acceptance past the cohort's seats, which the admin confirmed: the seat it took, of how many. */
  overbooked?: { seat: number; seats: number };
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
  // Each column bound once as an array and unnested: one statement however many rows.
  await run(
    tx,
    qb
      .updateTable('applications as a')
      .set({ review_status: sql<string>`v.to_status`, updated_at: now })
      .from(sql`unnest(${column('id')}::int[], ${column('to')}::text[])`.as(sql`v(id, to_status)`))
      .where(sql<boolean>`a.id = v.id`),
  );
  const emailDue = new Date(now.getTime() + undoMs);
  await run(
    tx,
    qb
      .insertInto('review_events')
      .columns([
        'application_id',
        'staff_id',
        'event',
        'from_status',
        'to_status',
        'email_due_at',
        'created_at',
      ])
      .expression(
        qb
          .selectFrom(
            sql<{
              id: number;
              event: string;
              from_status: string;
              to_status: string;
            }>`unnest(${column('id')}::int[], ${column('event')}::text[], ${column('from')}::text[], ${column('to')}::text[])`.as(
              sql`v(id, event, from_status, to_status)`,
            ),
          )
          .select([
            sql<number>`v.id`.as('application_id'),
            sql<number | null>`${staffId}::int`.as('staff_id'),
            sql<string>`v.event`.as('event'),
            sql<string>`v.from_status`.as('from_status'),
            sql<string>`v.to_status`.as('to_status'),
            sql<Date | null>`CASE WHEN v.event = ANY(${[...DECISION_EVENTS]}::text[]) THEN ${emailDue}::timestamptz END`.as(
              'email_due_at',
            ),
            sql<Date>`${now}::timestamptz`.as('created_at'),
          ]),
      ),
  );
}

/**
 * When the application's newest decision is released: the due time of its email, read from its newest standing
 * review event (null when that event is no decision). Before that moment the decision is held.
 */
export const heldUntilOf = sql<Date | null>`(SELECT e.email_due_at FROM review_events e
  WHERE e.application_id = a.id AND e.undone_at IS NULL ORDER BY e.id DESC LIMIT 1)`;

/** Is a decision due at `heldUntil` still held at `now`? */
export const isHeld = (heldUntil: Date | string | null, now: Date): boolean =>
  heldUntil !== null && new Date(heldUntil).getTime() > now.getTime();

/** A submitted application's review position, its row locked for the rest of `tx`; null when there is none. */
export async function lockReviewPosition(
  tx: Queryable,
  applicationId: number,
  now: Date,
): Promise<(ReviewPosition & { heldUntil: Date | null }) | null> {
  const row = await first(
    tx,
    qb
      .selectFrom('applications as a')
      .select([reviewStatusOf.as('status'), heldUntilOf.as('held_until')])
      .where('a.id', '=', applicationId)
      .where('a.submitted_at', 'is not', null)
      .forUpdate(),
  );
  if (!row) return null;
  const held = isHeld(row.held_until, now);
  return { status: row.status, held, heldUntil: held ? new Date(row.held_until as Date) : null };
}

/**
 * Applies one event to one submitted application inside `tx`. 404 when there is no such submitted application;
 * 409 with the chart's reason when where it stands does not allow the event (an undo once the decision is released
 * is told so).
 */
export async function applyReviewEvent(
  tx: Queryable,
  applicationId: number,
  /** The event, or its type alone when it carries nothing more (an invite carries its cohort's interview setting). */
  sent: Exclude<ReviewEventType, 'RELEASE'> | Exclude<ReviewEvent, { type: 'RELEASE' }>,
  staffId: number | null,
  now: Date,
  /** The undo window (the server's `decisionUndoMs`; DECISION_UNDO_MINUTES unless configured). */
  undoMs = UNDO_MS,
  /** The admin confirmed an acceptance past the cohort's seats. */
  overbook = false,
): Promise<ReviewChange> {
  const asSent = typeof sent === 'string' ? { type: sent } : sent;
  const { type } = asSent;
  // An acceptance counts the cohort's seats under its seat lock, taken before the row's, as bulk accepts do.
  const seats = type === 'ACCEPT' ? await lockCohortSeats(tx, applicationId) : null;
  const position = await lockReviewPosition(tx, applicationId, now);
  if (!position) throw fail(404, STAFF_MESSAGES.notFound);
  const { status: from, held } = position;
  // An undo restores the status its decision was taken from (the chart falls back to in review).
  const event = type === 'UNDO' ? { type, back: await undoneFrom(tx, applicationId) } : asSent;
  const to = nextReviewStatus(from, event, held);
  if (to === null) {
    if (type === 'UNDO' && nextReviewStatus(from, { type }, true) !== null)
      throw fail(409, STAFF_MESSAGES.undoWindowOver(undoMs));
    throw fail(409, STAFF_MESSAGES.notAllowedNow(reviewMeta(from).label, type));
  }
  let overbooked: ReviewChange['overbooked'];
  if (seats && SEAT_STATUSES.includes(to) && !SEAT_STATUSES.includes(from)) {
    const { seat, overbooks } = nextSeat(seats);
    if (overbooks && !overbook) throw fieldFail(409, 'overbook', SEAT_MESSAGES.overbook(seat, seats.seats));
    if (overbooks) overbooked = { seat, seats: seats.seats };
  }
  await writeReviewChanges(tx, [{ id: applicationId, event: type, from, to }], staffId, now, undoMs);
  if (type === 'UNDO') {
    await run(
      tx,
      qb
        .updateTable('review_events')
        .set({ undone_at: now })
        .where('id', '=', newestDecision(applicationId).select('id')),
    );
  }
  return { from, to, ...(overbooked ? { overbooked } : {}) };
}

/** The application's newest standing (not undone) decision event: the one an UNDO takes back. */
const newestDecision = (applicationId: number) =>
  qb
    .selectFrom('review_events')
    .where('application_id', '=', applicationId)
    .where('undone_at', 'is', null)
    .where('event', '=', sql<string>`ANY(${[...DECISION_EVENTS]})`)
    .orderBy('id', 'desc')
    .limit(1);

/** The status the application's newest standing decision was taken from; undefined when there is none. */
async function undoneFrom(tx: Queryable, applicationId: number): Promise<string | undefined> {
  const row = await first(tx, newestDecision(applicationId).select('from_status'));
  return row?.from_status ?? undefined;
}

/** The seats of the application's cohort, with the cohort's seat lock held for the rest of `tx`. */
async function lockCohortSeats(
  tx: Queryable,
  applicationId: number,
): Promise<{ seats: number; taken: number } | null> {
  const row = await first(
    tx,
    qb
      .selectFrom('applications')
      .select(applicationCohort('applications').as('cohort_id'))
      .where('id', '=', applicationId),
  );
  const cohortId = row?.cohort_id;
  if (cohortId == null) return null;
  const taken = await lockSeatsTaken(tx, cohortId);
  const cohort = await cohortById(tx, cohortId);
  return cohort ? { seats: cohort.seats, taken } : null;
}

/**
 * An event the server sends on its own: on the applicant's action (CHOOSE_PAYMENT on a saved payment choice,
 * PAYMENT_CONFIRMED on a verified payment, docs/decisions/036-one-price-table.md) or on a saved scorecard
 * (ASK_SECOND_REVIEW or REVIEWS_AGREE, docs/decisions/163-scorecards-blind-and-a-second-review.md), stored in the
 * caller's transaction so the staff queue, the timeline and the funnel follow it. Unlike a staff event it never
 * fails the caller's write: when the chart refuses it (a decision still held, not accepted yet, a repeat, already
 * paid) the status is simply left as it is.
 */
export async function followServerEvent(
  tx: Queryable,
  applicationId: number,
  type: 'CHOOSE_PAYMENT' | 'PAYMENT_CONFIRMED' | 'ASK_SECOND_REVIEW' | 'REVIEWS_DISAGREE' | 'REVIEWS_AGREE',
  now: Date,
): Promise<ReviewChange | null> {
  const position = await lockReviewPosition(tx, applicationId, now);
  if (!position) return null;
  const { status: from, held } = position;
  const to = nextReviewStatus(from, { type }, held);
  // A repeat choice (payment_chosen → payment_chosen) changes nothing worth a timeline row.
  if (to === null || to === from) return null;
  await writeReviewChanges(tx, [{ id: applicationId, event: type, from, to }], null, now, UNDO_MS);
  return { from, to };
}
