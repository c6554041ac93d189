/**
 * Submitting an application: what a complete one still lacks, and the cohort it goes to. The cohort it applied to
 * takes it until its deadline while a seat is free, a seat being taken by an acceptance (machines/rules/seats.ts);
 * a cohort full or closed by then passes it on to the next cohort's waitlist. An application scored action_required
 * or ineligible goes to staff the same way when its score is saved (docs/decisions/008-route-guards-beyond-the-spec-s-table.md).
 */
import type { SubmitResult } from '../machines/rules/contract';
import { FIELD_MESSAGES, type ErrorMap } from '../machines/rules/messages';
import { checkGroup } from '../machines/rules/schemas';
import type { ScreenState } from '../machines/screens';
import { STEP_SPECS } from '../machines/steps';
import { cohortOpenness } from '../machines/rules/seats';
import { nextReviewStatus } from '../machines/review.machine';
import { findCv, markSubmitted, stepColumn, type Agreements, type ApplicationRow } from './applications';
import { cohortById, currentCohort, lockSeatsTaken, nextCohort } from './db/cohorts';
import type { Queryable } from './db/index';
import { fail } from './http';
import type { Mailer } from './mail/index';
import { submittedEmail, videoUrl } from './mail/templates';
import { SERVER_MESSAGES } from './messages';
import { writeReviewChanges } from './review/events';

/** What a step needs beside its answers: a proved email, and a CV (or the word that it was emailed). */
type Lack = (tx: Queryable, row: ApplicationRow) => Promise<ErrorMap>;
const alsoLacks: Partial<Record<string, Lack>> = {
  verifyEmail: async (_, row) => (row.email_verified_at ? {} : { email: [SERVER_MESSAGES.needSession] }),
  // A CV emailed to the support address ('I have sent it') stands in for the upload; staff see the flag.
  eligibility: async (tx, row) =>
    row.cv_sent_by_email || (await findCv(tx, row.id)) ? {} : { cv: [FIELD_MESSAGES.cv] },
} satisfies Partial<Record<ScreenState, Lack>>;

/** What a complete application still lacks, field by field, in the catalogue's words, in the wizard's order. */
export async function missing(tx: Queryable, row: ApplicationRow, agreements: Agreements): Promise<ErrorMap> {
  const errors: ErrorMap = {};
  for (const step of STEP_SPECS) {
    // The steps with answers of their own (machines/steps/): flat columns, or a JSON column; the agreements come
    // with submit (a group without them ignores them).
    if (step.schema && step.row.group) {
      // A stored row was created with consent to the privacy notice, or before it was asked (decision 150).
      const answers = step.column
        ? ((stepColumn(row, step.column) as object | null) ?? {})
        : { ...row, privacy_consent: true };
      Object.assign(errors, checkGroup(step.schema, { ...answers, ...agreements }).errors);
    }
    Object.assign(errors, await alsoLacks[step.row.state]?.(tx, row));
  }
  return errors;
}

/**
 * Submits the (locked) application: a second submit answers what the first decided; an incomplete one is a 400
 * listing what it lacks. The submitted email goes out in the same transaction.
 */
export async function submitApplication(
  tx: Queryable,
  row: ApplicationRow,
  agreements: Agreements,
  now: Date,
  mailer: Mailer,
  publicUrl: string,
): Promise<SubmitResult> {
  if (row.submitted_at && row.cohort_id) {
    const cohort = await cohortById(tx, row.cohort_id);
    return { cohort: { id: cohort?.id ?? 0, name: cohort?.name ?? '' }, waitlisted: row.waitlisted };
  }
  const errors = await missing(tx, row, agreements);
  if (Object.keys(errors).length) throw fail(400, SERVER_MESSAGES.incomplete, errors);
  const { cohort, waitlisted } = await placeInCohort(tx, row, now);
  await markSubmitted(tx, row.id, agreements, { cohortId: cohort.id, waitlisted }, now);
  await mailer.send(
    submittedEmail(row.email, row.firstname, cohort.name, waitlisted, videoUrl(publicUrl)),
    tx,
  );
  return { cohort: { id: cohort.id, name: cohort.name }, waitlisted };
}

/** The cohort a submission goes to now: the one applied to while it is open, else the next one's waitlist. */
async function placeInCohort(tx: Queryable, row: ApplicationRow, now: Date) {
  const applied =
    (row.applied_cohort_id ? await cohortById(tx, row.applied_cohort_id) : undefined) ??
    (await currentCohort(tx, now));
  const taken = await lockSeatsTaken(tx, applied.id);
  const waitlisted = cohortOpenness({ ...applied, taken }, now.toISOString().slice(0, 10)) !== 'open';
  return { cohort: waitlisted ? await nextCohort(tx, applied, now) : applied, waitlisted };
}

/**
 * An application whose eligibility answers scored action_required or ineligible is sent to staff as it stands: it
 * is submitted into a cohort as any submission is (the same seats, the same waitlist), without the employment and
 * open answers it may not give, and the review chart's REVIEW_ELIGIBILITY puts it in `eligibility_review`, where an
 * admin accepts, waitlists or rejects it. Nothing else is asked of the applicant, so no agreement is recorded.
 */
export async function sendToEligibilityReview(tx: Queryable, row: ApplicationRow, now: Date): Promise<void> {
  const to = nextReviewStatus('submitted', { type: 'REVIEW_ELIGIBILITY' });
  if (row.submitted_at || to === null) return;
  const { cohort, waitlisted } = await placeInCohort(tx, row, now);
  const none = { agreement: false, agreement1: false, agreement2: false };
  await markSubmitted(tx, row.id, none, { cohortId: cohort.id, waitlisted }, now);
  await writeReviewChanges(
    tx,
    [{ id: row.id, event: 'REVIEW_ELIGIBILITY', from: 'submitted', to }],
    null,
    now,
    0,
  );
}
