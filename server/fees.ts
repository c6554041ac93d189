/**
 * Fees per cohort (docs/decisions/244-fees-per-cohort.md): an applicant is priced from their cohort's fee table, and
 * from their first payment choice on from the table that choice was made under, kept on the application, so a later
 * change to the cohort's fees never alters what they chose or paid.
 */
import { sql } from 'kysely';
import { STANDARD_FEES, type FeeTable } from '../machines/rules/payments';
import { cohortById, feesOf } from './db/cohorts';
import type { Queryable } from './db/index';
import { applicationCohort, run, qb } from './db/query';

/** The applicant's fee table: the kept one, else their cohort's now. */
export async function applicantFees(
  db: Queryable,
  row: { fees: FeeTable | null; cohort_id: number | null; applied_cohort_id: number | null },
): Promise<FeeTable> {
  if (row.fees) return row.fees;
  const cohortId = row.cohort_id ?? row.applied_cohort_id;
  const cohort = cohortId ? await cohortById(db, cohortId) : undefined;
  // An application with no cohort yet (not submitted) is charged nothing; its cards are never shown.
  return cohort ? feesOf(cohort) : STANDARD_FEES;
}

/** Keeps the cohort's table on the application at its first payment choice; a later choice keeps the first's. */
export async function keepFees(db: Queryable, applicationId: number): Promise<void> {
  await run(
    db,
    qb
      .updateTable('applications as a')
      .set({
        fees: sql`(SELECT jsonb_build_object('fee_ngn', c.fee_ngn, 'fee_usd', c.fee_usd,
          'full_discount', c.full_discount, 'instalments', c.instalments, 'aid_ceiling', c.aid_ceiling)
          FROM cohorts c WHERE c.id = ${applicationCohort()})`,
      })
      .where('a.id', '=', applicationId)
      .where('a.fees', 'is', null),
  );
}
