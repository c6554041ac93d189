/**
 * Bulk decisions (docs/decisions/061-bulk-decisions.md): the applications ticked, the ones a filter matches or the
 * rows of an uploaded CSV; the review chart decides row by row, as `applyReviewEvent` does for one, and the rows it
 * refuses are reported, not failed. Accepting never takes more seats than the cohort has free (counted again in
 * every transaction under a per-cohort lock, so two admins at once cannot overfill it); with `capSeats` the rows
 * past the last seat are waitlisted. Transactions of 200 rows; each decision's email is queued once by its
 * review_events row and leaves after the undo window.
 */
import { sql } from 'kysely';
import { nextReviewStatus, reviewMeta, type ReviewStatus } from '../../machines/review.machine';
import {
  BULK_EVENTS,
  type BulkEvent,
  type StaffBulkRefusal,
  type StaffBulkResult,
} from '../../machines/rules/staff/bulk';
import { STAFF_MESSAGES } from '../../machines/rules/staff/messages';
import { STAFF_QUEUE_MESSAGES as M } from '../../machines/rules/staff/queue';
import type { TemplateKind } from '../../machines/rules/mailTemplates';
import type { Context } from '../context';
import { SEAT_STATUSES } from '../../machines/review.machine';
import { cohortById, lockSeatsTaken, seatsTaken } from '../db/cohorts';
import type { Queryable } from '../db/index';
import { fieldFail } from '../http';
import { decisionEmail } from '../review/emails';
import { waitlistReasonOf } from '../review/waitlistReason';
import { templateFor } from '../review/templates';
import { eachPage } from './queueStore';
import { readQueueView } from './queueView';
import { heldUntilOf, isHeld, writeReviewChanges, type ReviewWrite } from '../review/events';
import { applicationCohort, qb, run } from '../db/query';
import { audit, type StaffMember } from './store';

export const BULK_MAX = 20_000;
export const CHUNK = 200;

const TO: Record<BulkEvent, TemplateKind & ReviewStatus> = {
  ACCEPT: 'accepted',
  WAITLIST: 'waitlisted',
  REJECT: 'rejected',
};

export const isBulkEvent = (value: unknown): value is BulkEvent =>
  typeof value === 'string' && (BULK_EVENTS as readonly string[]).includes(value);

interface Target {
  id: number;
  cohortId: number | null;
  /** null: no submitted application with this id, or an erased one. */
  status: ReviewStatus | null;
  /** Its newest decision is still inside its undo window (the review chart's `held`). */
  held: boolean;
}

/** The applications' cohorts and review statuses, in the order of `ids`. */
export async function targetsOf(db: Queryable, ids: readonly number[], now: Date): Promise<Target[]> {
  const found = new Map<number, Target>();
  for (let i = 0; i < ids.length; i += 5000) {
    const rows = await run(
      db,
      qb
        .selectFrom('applications as a')
        .select([
          'a.id',
          applicationCohort().as('cohort_id'),
          sql<ReviewStatus>`COALESCE(a.review_status, 'submitted')`.as('status'),
          heldUntilOf.as('held_until'),
        ])
        .where('a.id', 'in', ids.slice(i, i + 5000))
        .where('a.submitted_at', 'is not', null)
        // An erased application is no one's to decide (docs/privacy.md): skipped and reported, as an unknown id is.
        .where('a.erased_at', 'is', null),
    );
    for (const r of rows)
      found.set(r.id, { id: r.id, cohortId: r.cohort_id, status: r.status, held: isHeld(r.held_until, now) });
  }
  return ids.map((id) => found.get(id) ?? { id, cohortId: null, status: null, held: false });
}

async function freeSeats(db: Queryable, cohortId: number): Promise<number> {
  const cohort = await cohortById(db, cohortId);
  return cohort ? Math.max(0, cohort.seats - (await seatsTaken(db, cohortId))) : 0;
}

/** What one row gets: the event to send, or why not (the chart's words, or a full cohort). */
function plan(
  target: Target,
  event: BulkEvent,
  free: Map<number, number>,
  capSeats: boolean,
): { event: BulkEvent } | { reason: string } {
  if (target.status === null) return { reason: STAFF_MESSAGES.notFound };
  const refusedBy = (type: BulkEvent) =>
    STAFF_MESSAGES.notAllowedNow(reviewMeta(target.status as ReviewStatus).label, type);
  const allows = (type: BulkEvent) => nextReviewStatus(target.status!, { type }, target.held) !== null;
  if (event !== 'ACCEPT') return allows(event) ? { event } : { reason: refusedBy(event) };
  if (!allows('ACCEPT')) return { reason: refusedBy('ACCEPT') };
  const seats = target.cohortId === null ? 0 : (free.get(target.cohortId) ?? 0);
  if (seats > 0) return { event: 'ACCEPT' };
  if (capSeats && allows('WAITLIST')) return { event: 'WAITLIST' };
  return { reason: M.seatsFull };
}

export interface BulkOutcome {
  applied: Partial<Record<BulkEvent, number>>;
  refused: StaffBulkRefusal[];
  /** The first application of each event applied (for the email preview). */
  firstOf: Partial<Record<BulkEvent, number>>;
  seatsFree: number;
}

const count = (applied: Partial<Record<BulkEvent, number>>, event: BulkEvent) =>
  (applied[event] = (applied[event] ?? 0) + 1);

/** Plans every row without changing anything (the dry run). */
export async function planBulk(
  db: Queryable,
  ids: readonly number[],
  event: BulkEvent,
  capSeats: boolean,
  now: Date,
): Promise<BulkOutcome> {
  const targets = await targetsOf(db, ids, now);
  const free = new Map<number, number>();
  for (const cohortId of new Set(targets.map((t) => t.cohortId))) {
    if (cohortId !== null) free.set(cohortId, await freeSeats(db, cohortId));
  }
  const seatsFree = [...free.values()].reduce((a, b) => a + b, 0);
  const outcome: BulkOutcome = { applied: {}, refused: [], firstOf: {}, seatsFree };
  for (const target of targets) {
    const decided = plan(target, event, free, capSeats);
    if ('reason' in decided) {
      outcome.refused.push({ id: target.id, reason: decided.reason });
      continue;
    }
    count(outcome.applied, decided.event);
    outcome.firstOf[decided.event] ??= target.id;
    if (decided.event === 'ACCEPT' && target.cohortId !== null)
      free.set(target.cohortId, (free.get(target.cohortId) ?? 0) - 1);
  }
  return outcome;
}

/**
 * Applies the event to every row, 200 to a transaction. Each chunk's rows are locked in one statement, the review
 * chart decides each row (`nextReviewStatus`, as `applyReviewEvent` does for one), and `writeReviewChanges` (the
 * same writes as for one application) stores them with one statement each: a thousand decisions in a few
 * statements instead of a few thousand.
 */
export async function applyBulk(
  ctx: Context,
  member: StaffMember,
  ids: readonly number[],
  event: BulkEvent,
  capSeats: boolean,
  source: 'ids' | 'filter' | 'csv',
): Promise<BulkOutcome> {
  const outcome: BulkOutcome = { applied: {}, refused: [], firstOf: {}, seatsFree: 0 };
  let first = true;
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    await ctx.db.transaction(async (tx) => {
      const now = ctx.config.now();
      const free = new Map<number, number>();
      if (event === 'ACCEPT') {
        const cohortOf = applicationCohort('applications');
        const cohorts = await run(
          tx,
          qb
            .selectFrom('applications')
            .select(cohortOf.as('cohort_id'))
            .distinct()
            .where('id', '=', sql<number>`ANY(${chunk}::int[])`)
            .where(cohortOf, 'is not', null)
            .orderBy(sql`1`),
        );
        for (const { cohort_id: cohortId } of cohorts) {
          // One accept per cohort at a time (bulk, single or a submission), so the seats counted here are still
          // free at commit.
          const taken = await lockSeatsTaken(tx, cohortId);
          free.set(cohortId, Math.max(0, ((await cohortById(tx, cohortId))?.seats ?? 0) - taken));
        }
        if (first) outcome.seatsFree = [...free.values()].reduce((a, b) => a + b, 0);
      }
      first = false;
      // Locked in id order (two bulk actions never wait on each other in a circle), decided in the caller's order.
      await run(
        tx,
        qb
          .selectFrom('applications')
          .select('id')
          .where('id', '=', sql<number>`ANY(${chunk}::int[])`)
          .where('submitted_at', 'is not', null)
          .orderBy('id')
          .forUpdate(),
      );
      const targets = await targetsOf(tx, chunk, now);
      const applied: Partial<Record<BulkEvent, number>> = {};
      const changes: ReviewWrite[] = [];
      for (const target of targets) {
        const decided = plan(target, event, free, capSeats);
        const to =
          'event' in decided
            ? nextReviewStatus(target.status as ReviewStatus, { type: decided.event }, target.held)
            : null;
        if ('reason' in decided || to === null) {
          outcome.refused.push({ id: target.id, reason: 'reason' in decided ? decided.reason : M.seatsFull });
          continue;
        }
        changes.push({ id: target.id, event: decided.event, from: target.status as ReviewStatus, to });
        count(applied, decided.event);
        outcome.firstOf[decided.event] ??= target.id;
        if (SEAT_STATUSES.includes(to) && target.cohortId !== null)
          free.set(target.cohortId, (free.get(target.cohortId) ?? 0) - 1);
      }
      await writeReviewChanges(tx, changes, member.id, now, ctx.config.decisionUndoMs);
      await audit(tx, member.id, 'bulk', now, null, {
        event,
        source,
        accepted: applied.ACCEPT ?? 0,
        waitlisted: applied.WAITLIST ?? 0,
        rejected: applied.REJECT ?? 0,
        refused: chunk.length - changes.length,
        ids: chunk.join(','),
      });
      for (const e of BULK_EVENTS)
        if (applied[e]) outcome.applied[e] = (outcome.applied[e] ?? 0) + applied[e];
    });
  }
  return outcome;
}

/** The email each kind of decision will send, addressed to the first application it goes to. */
export async function previewEmails(
  ctx: Context,
  firstOf: Partial<Record<BulkEvent, number>>,
): Promise<StaffBulkResult['preview']> {
  const preview: StaffBulkResult['preview'] = [];
  for (const event of BULK_EVENTS) {
    const id = firstOf[event];
    if (id === undefined) continue;
    const [row] = await run(
      ctx.db,
      qb
        .selectFrom('applications as a')
        .leftJoin('cohorts as c', (join) => join.on(sql<boolean>`c.id = ${applicationCohort()}`))
        .select(['a.email', 'a.firstname', 'c.name', sql<string | null>`c.start_date::text`.as('start_date')])
        .where('a.id', '=', id),
    );
    if (!row) continue;
    const mail = decisionEmail(
      TO[event],
      {
        email: row.email,
        firstname: row.firstname,
        cohortName: row.name ?? 'the next cohort',
        cohortStart: row.start_date,
        waitlistReason: event === 'WAITLIST' ? await waitlistReasonOf(ctx.db, id) : undefined,
      },
      ctx.config.publicUrl,
      await templateFor(ctx.db, TO[event]),
    );
    if (mail) preview.push({ event, to: mail.to, subject: mail.subject, text: mail.text });
  }
  return preview;
}

/** The ids a queue view selects, in its sort order: a bulk decision's or a message's `filter`. */
export async function idsOfFilter(ctx: Context, filter: unknown, member: StaffMember): Promise<number[]> {
  if (!filter || typeof filter !== 'object') throw fieldFail(400, 'filter', M.bulkNothing);
  // The member's id reads `assignee=me` the way their queue does (decision 163).
  const view = await readQueueView(
    ctx.db,
    ctx,
    filter as Record<string, unknown>,
    member.role,
    false,
    member.id,
  );
  const ids: number[] = [];
  for await (const page of eachPage<{ id: number; sort_key: unknown }>(ctx.db, view, (q) => q, 2000)) {
    ids.push(...page.map((r) => r.id));
    if (ids.length > BULK_MAX) throw fieldFail(400, 'filter', M.bulkTooMany(BULK_MAX));
  }
  return ids;
}

/** Checks a list of ids from a request body. */
export function readIds(value: unknown): number[] {
  if (!Array.isArray(value) || value.length === 0) throw fieldFail(400, 'ids', M.bulkNothing);
  if (value.length > BULK_MAX) throw fieldFail(400, 'ids', M.bulkTooMany(BULK_MAX));
  if (!value.every((id) => Number.isSafeInteger(id) && (id as number) > 0))
    throw fieldFail(400, 'ids', M.bulkNothing);
  return [...new Set(value as number[])];
}

/** The submitted applications of these addresses (any case), with their cohort's name: for a CSV of emails. */
export const submittedWithEmails = (db: Queryable, emails: readonly string[]) =>
  run(
    db,
    qb
      .selectFrom('applications as a')
      .leftJoin('cohorts as c', 'c.id', 'a.cohort_id')
      .select(['a.id', 'a.email', 'a.cohort_id', 'c.name'])
      .where((eb) => eb(eb.fn('lower', ['a.email']), 'in', emails))
      .where('a.submitted_at', 'is not', null),
  );
