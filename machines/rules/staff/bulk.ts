/** Bulk decisions over the queue (admins): the events, the request and its answer. */
import type { ReviewEventType } from '../../review.machine';
import type { StaffQueueQuery } from './queue';

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
