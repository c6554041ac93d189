/** Decisions uploaded as a CSV file (admins): a row's outcome and the answer. */
import type { BulkEvent } from './bulk';
import type { StaffQueueCohort } from './queue';

/**
 * POST staffQueuePaths.bulkCsv (admins): the file's text as a `text/csv` body (the screen reads the file), rows
 * `email,decision`.
 */
export interface StaffCsvRow {
  line: number;
  email: string;
  decision: string;
  /** `ok`: the chart allows it; `refused`: the chart does not; `unknown`: no submitted application has this email;
   * `invalid`: the row is not `email,decision` with a decision of accept, waitlist or reject, or its email is on
   * an earlier row too; `refused` also covers another cohort's application. */
  outcome: 'ok' | 'refused' | 'unknown' | 'invalid';
  id?: number;
  reason?: string;
}

/**
 * `?dryRun=1` previews; without it, the `ok` rows are applied. `?cohort=N` names the cohort the file is for (the
 * current one when absent): a row of another cohort's application is refused. `{ message, data: StaffCsvResult }`.
 */
export interface StaffCsvResult {
  dryRun: boolean;
  cohort: StaffQueueCohort;
  rows: StaffCsvRow[];
  applied: Partial<Record<BulkEvent, number>>;
}
