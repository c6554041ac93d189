/** The staff funnel's answer: its steps and counts (server/staff/funnel.ts). */
import type { SubmissionCount } from '../funnel';
import type { StaffQueueCohort } from './queue';

/** One step of the funnel, in the application chart's order (its screens' `meta`). */
export interface FunnelStep {
  /** The screen's state name in machines/application.machine.ts, or `paid`. */
  state: string;
  title: string;
  path: string;
  /** Applications that reached it; for the steps before an application exists, anonymous page views instead. */
  reached: number;
  /** true: counted from anonymous beacons (no identifier), not from applications. */
  anonymous: boolean;
  /** Of the step before, the share that did not reach this one (0..1); null for the first. */
  dropOff: number | null;
  /** Median time from the step before to this one, in seconds; null when there are no timestamps for it. */
  medianSeconds: number | null;
}

/** GET staffQueuePaths.funnel?cohort=N → `{ message: 'Funnel', data: StaffFunnel }`. */
export interface StaffFunnel {
  cohort: StaffQueueCohort;
  steps: FunnelStep[];
  /** The saves the server refused most often: route, field and the message shown (no personal data). */
  validationErrors: { route: string; field: string; message: string; count: number }[];
  eligibility: Record<string, number>;
  decisions: Record<string, number>;
  paymentOptions: Record<string, number>;
  /** Submissions counted as the queue counts them (machines/rules/funnel.ts, decision 063). */
  submissions: SubmissionCount;
  /**
   * The selection video and quiz by version (decision 245): how many applications started each version (opened the
   * video page signed in) and how many of them watched it to the end; oldest version first, none not started.
   */
  quizVersions: { version: number; started: number; watched: number }[];
}
