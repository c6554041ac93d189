/** What a CSV of decisions would do or did (docs/decisions/061-bulk-decisions.md), in the screen's words. */
import { BULK_EVENTS, type BulkEvent } from './staff/bulk';
import { type StaffCsvResult } from './staff/csv';

const PAST: Record<BulkEvent, string> = { ACCEPT: 'accepted', WAITLIST: 'waitlisted', REJECT: 'rejected' };

/** The rows not applied, the decisions applied in words ("2 accepted", "1 rejected"), and how many rows apply. */
export function csvOutcome(result: StaffCsvResult | null | undefined) {
  return {
    refused: result?.rows.filter((r) => r.outcome !== 'ok') ?? [],
    counts: BULK_EVENTS.flatMap((e) => (result?.applied[e] ? [`${result.applied[e]} ${PAST[e]}`] : [])),
    applicable: result?.rows.filter((r) => r.outcome === 'ok').length ?? 0,
  };
}
