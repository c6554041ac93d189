/**
 * A cohort's fee table as an admin sets it with the cohort (decision 244): the checks of each field, in the
 * catalogue's words. The prices are derived from the table by the one pricing rule (machines/rules/payments.ts
 * `priceTable`). Plain functions only: the server and the staff screen both import this file.
 */
import { wholeNumber } from './aidDecision';
import { FEE_MESSAGES as M } from './messages';
import { FEE_MAX, INSTALMENTS_MAX, type FeeTable } from './payments';

export const FEE_FIELDS = [
  'fee_ngn',
  'fee_usd',
  'full_discount',
  'instalments',
] as const satisfies readonly (keyof FeeTable)[];

/** The aid ceiling is set, and checked, with the cohort's aid settings (machines/rules/aidDecision.ts). */
type FeeField = (typeof FEE_FIELDS)[number];

const LIMITS: Record<FeeField, { min: number; max: number; message: string }> = {
  fee_ngn: { min: 0, max: FEE_MAX, message: M.feeNgn },
  fee_usd: { min: 0, max: FEE_MAX, message: M.feeUsd },
  full_discount: { min: 0, max: 100, message: M.fullDiscount },
  instalments: { min: 1, max: INSTALMENTS_MAX, message: M.instalments },
};

/**
 * The fee table's own checks: whole numbers, a fee not below 0, a discount from 0 to 100%, 1 to 12 instalments.
 * A field left out keeps `current`: the cohort's own (a change) or the one before's (a new cohort).
 */
export function feeTableIssues(
  values: Partial<Record<FeeField, unknown>>,
  current: Pick<FeeTable, FeeField>,
): { value: Pick<FeeTable, FeeField>; issues: { path: FeeField; message: string }[] } {
  // Only the fee fields: the aid ceiling beside them in the table is the aid settings' to set.
  const value = Object.fromEntries(FEE_FIELDS.map((f) => [f, current[f]])) as Pick<FeeTable, FeeField>;
  const issues: { path: FeeField; message: string }[] = [];
  for (const field of FEE_FIELDS) {
    const given = values[field];
    const number = wholeNumber(given === undefined || given === '' ? current[field] : given);
    const { min, max, message } = LIMITS[field];
    if (number >= min && number <= max) value[field] = number;
    else issues.push({ path: field, message });
  }
  return { value, issues };
}
