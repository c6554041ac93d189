/**
 * The end-of-run reads from the server's own database (once the server has stopped, for PGlite): the outbox as the
 * product says it sent it, the staff decisions with their times, and which application id each address has.
 */
import type { Db } from '../server/db/index';
import type { DecisionEvent, OutboxRow, Placement, SlotCount } from './observations';

const time = (value: unknown) => new Date(value as string | Date).getTime();

export async function readOutbox(db: Db): Promise<OutboxRow[]> {
  const { rows } = await db.query<{
    id: number;
    to_address: string;
    subject: string;
    sent_at: unknown;
    delivered_at: unknown;
    attempts: number;
  }>('SELECT id, to_address, subject, sent_at, delivered_at, attempts FROM outbox ORDER BY id');
  return rows.map((r) => ({
    id: Number(r.id),
    to: r.to_address.toLowerCase(),
    subject: r.subject,
    delivered: r.delivered_at !== null,
    attempts: Number(r.attempts),
    queuedAt: time(r.sent_at),
    deliveredAt: r.delivered_at === null ? null : time(r.delivered_at),
  }));
}

export async function readDecisions(db: Db): Promise<DecisionEvent[]> {
  const { rows } = await db.query<{
    application_id: number;
    to_status: string;
    created_at: unknown;
    undone_at: unknown;
    email_sent_at: unknown;
  }>(
    `SELECT application_id, to_status, created_at, undone_at, email_sent_at FROM review_events
     WHERE event IN ('ACCEPT', 'WAITLIST', 'REJECT') ORDER BY id`,
  );
  return rows.map((r) => ({
    applicationId: Number(r.application_id),
    toStatus: r.to_status,
    createdAt: time(r.created_at),
    undone: r.undone_at !== null,
    releasedAt: r.email_sent_at === null ? null : time(r.email_sent_at),
  }));
}

/** email (lower case) → application id. */
export async function readIds(db: Db): Promise<Record<string, number>> {
  const { rows } = await db.query<{ id: number; email: string }>('SELECT id, email FROM applications');
  return Object.fromEntries(rows.map((r) => [r.email.toLowerCase(), Number(r.id)]));
}

/** Every submitted application's cohort (its number) and review status at the end. */
export async function readPlacements(db: Db): Promise<Placement[]> {
  const { rows } = await db.query<{
    id: number;
    email: string;
    number: number;
    status: string;
    erased: boolean;
    waitlisted: boolean;
  }>(
    `SELECT a.id, a.email, c.number, COALESCE(a.review_status, 'submitted') AS status,
            a.erased_at IS NOT NULL AS erased, a.waitlisted
     FROM applications a JOIN cohorts c ON c.id = a.cohort_id
     WHERE a.submitted_at IS NOT NULL ORDER BY a.id`,
  );
  return rows.map((r) => ({
    applicationId: Number(r.id),
    email: r.email.toLowerCase(),
    cohort: Number(r.number),
    status: r.status,
    erased: r.erased,
    waitlistedAtSubmit: r.waitlisted,
  }));
}

/** Every interview slot with its capacity, bookings and who offers it. */
export async function readSlots(db: Db): Promise<SlotCount[]> {
  const { rows } = await db.query<{
    id: number;
    number: number;
    capacity: number;
    booked: number;
    email: string;
  }>(
    `SELECT s.id, c.number, s.capacity, m.email,
            (SELECT count(*)::int FROM interview_bookings b WHERE b.slot_id = s.id) AS booked
     FROM interview_slots s JOIN cohorts c ON c.id = s.cohort_id JOIN staff m ON m.id = s.offered_by ORDER BY s.id`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    cohort: Number(r.number),
    capacity: Number(r.capacity),
    booked: Number(r.booked),
    offeredBy: r.email.toLowerCase(),
  }));
}

/** Each cohort's seats, by number. */
export async function readSeats(db: Db): Promise<Map<number, number>> {
  const { rows } = await db.query<{ number: number; seats: number }>('SELECT number, seats FROM cohorts');
  return new Map(rows.map((r) => [Number(r.number), Number(r.seats)]));
}
