/**
 * The staff queue's view as the server reads it (docs/api.md, "Staff"): the query string (or a bulk action's, an
 * assignment's or a message's `filter`, or a saved view) parsed by the queue's schema, shared with the screens
 * (machines/rules/staff/queueViewSchema.ts), then what only the server can check: the cohort's number, and the page
 * cursor it made.
 */
import { STAFF_QUEUE_MESSAGES as M } from '../../machines/rules/staff/queue';
import {
  inQueueYears,
  readQueueQuery,
  STAFF_QUEUE_QUERY_NAMES,
} from '../../machines/rules/staff/queueViewSchema';
import { seesContact } from '../../machines/rules/staff/contact';
import { type StaffRole } from '../../machines/rules/staff/roles';
import { HIDDEN_SINGLE_LINE } from '../../machines/rules/schemas';
import type { Context } from '../context';
import type { Queryable } from '../db/index';
import { fieldFail, refuse } from '../http';
import { INT4_MAX, object, str } from '../routes/schemas';
import { queueCohort, sortOf, type QueueView } from './queueStore';

/**
 * The queue's query string (and a bulk action's `filter`) as Fastify checks it before a route reads it: each value
 * one string without hidden characters, so that none reaches the database, or an export after it began to stream; a
 * name the queue does not know is dropped. The values' meaning is checked by the queue's schema, in the catalogue's
 * words (readQueueView).
 */
export const queueQuerySchema = object(
  Object.fromEntries(STAFF_QUEUE_QUERY_NAMES.map((name) => [name, str(name === 'cursor' ? 1000 : 300)])),
);

const isInt4 = (value: unknown): value is number =>
  Number.isInteger(value) && Math.abs(value as number) <= INT4_MAX;
const HIDDEN = new RegExp(`[${HIDDEN_SINGLE_LINE}]`, 'u');

/**
 * Whether a cursor's value is one the sort's SQL cast takes: an int4, a real instant within QUEUE_YEARS, or text
 * without hidden characters. Any other is a link we did not make, refused as stale rather than by the database.
 */
function castable(value: string | number, cast: string): boolean {
  if (cast === 'integer') return isInt4(value);
  if (typeof value !== 'string') return false;
  if (cast === 'timestamptz') {
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/.test(value)) return false;
    const instant = new Date(value);
    return (
      !Number.isNaN(instant.getTime()) &&
      instant.toISOString().slice(0, 19) === value.slice(0, 19) &&
      inQueueYears(instant)
    );
  }
  return value.length <= 400 && !HIDDEN.test(value);
}

function decodeCursor(text: string | undefined): QueueView['cursor'] {
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      (typeof parsed[0] === 'string' || typeof parsed[0] === 'number') &&
      isInt4(parsed[1]) &&
      parsed[1] > 0
    )
      return { value: parsed[0], id: parsed[1] };
  } catch {
    // A cursor that is not ours is refused below.
  }
  throw fieldFail(400, 'cursor', M.cursorStale);
}

/**
 * Reads and checks the queue's query string by the queue's schema: 400 with every field's message when a value is
 * not one we know, 404 when no cohort has that number. `paged` false (the exports, bulk actions) ignores the cursor.
 */
export async function readQueueView(
  db: Queryable,
  ctx: Context,
  query: Readonly<Record<string, unknown>>,
  role: StaffRole,
  paged = true,
  viewerId: number | null = null,
): Promise<QueueView> {
  const { view: read, issues } = readQueueQuery(query);
  if (issues.length) throw refuse(issues);
  const { cohort, cursor, assignee, ...filters } = read;
  const view: QueueView = {
    ...filters,
    cohort: await queueCohort(db, ctx, cohort === undefined ? undefined : String(cohort)),
    cursor: paged ? decodeCursor(cursor) : null,
    contact: seesContact(role),
    viewer: { id: viewerId, seesAllScores: role === 'admin' },
    assignee: assignee === 'me' ? (viewerId ?? 0) : assignee,
  };
  // The cursor's value is cast in SQL: one the cast would refuse is a stale link, never a database error.
  const fits = view.cursor === null || castable(view.cursor.value, sortOf(view).cast);
  if (!fits) throw fieldFail(400, 'cursor', M.cursorStale);
  return view;
}
