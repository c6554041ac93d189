/**
 * What the application form holds besides the steps' answers: the eligibility result and the cohort (docs/product.md
 * §3.2). The form itself is read from the steps' schemas (machines/applicationForm.ts).
 */
import type { FeeTable } from './payments';

/** Every result the eligibility score can store (machines/rules/eligibility.ts), and 'not measured' before it. */
export const ELIGIBILITY_STATUSES = ['eligible', 'action_required', 'ineligible', 'not measured'] as const;
export type EligibilityStatus = (typeof ELIGIBILITY_STATUSES)[number];

export interface Cohort {
  id: number;
  name: string;
  /** Get Started's line about it: open, or the full cohort it replaces (machines/rules/seats.ts). */
  notice?: string;
  /** Its fee table (decision 244), for the Key Information's fee lines; unknown in a browser's older copy. */
  fees?: FeeTable;
}
