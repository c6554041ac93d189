/** The stored application and the shapes the API answers with (contract.ts: SavedApplication, LookupSummary). */
import type { EligibilityStatus } from '../machines/rules/application';
import type { FinancialAidData, LookupSummary, SavedApplication, Stage } from '../machines/rules/contract';
import { cohortById, type CohortRow } from './db/cohorts';
import { iso, type Queryable } from './db/index';

export interface ApplicationRow {
  [key: string]: unknown;
  id: number;
  email: string;
  firstname: string;
  middlename: string;
  lastname: string;
  gender: string;
  country: string;
  city: string;
  phone: string;
  whatsapp_phone: string;
  referred_by: string;
  referral_source: string;
  referral_detail: string;
  communication_consent: boolean;
  applied_cohort_id: number | null;
  email_verified_at: Date | null;
  eligibility: Record<string, string> | null;
  eligibility_status: EligibilityStatus;
  employment: Record<string, string | number> | null;
  other: Record<string, string> | null;
  agreement: boolean;
  agreement1: boolean;
  agreement2: boolean;
  video: { videoProgress: number; isVideoEnded: boolean; attemptCounter: number } | null;
  payment_option: string;
  financial_aid: FinancialAidData | null;
  reminder_date: Date | null;
  submitted_at: Date | null;
  cohort_id: number | null;
  waitlisted: boolean;
  code_sends: number;
  code_sent_at: Date | null;
}

export interface CvRow {
  [key: string]: unknown;
  id: number;
  stored_name: string;
  original_name: string;
  size: number;
}

export async function findByEmail(
  db: Queryable,
  email: string,
  forUpdate = false,
): Promise<ApplicationRow | undefined> {
  const { rows } = await db.query<ApplicationRow>(
    `SELECT * FROM applications WHERE lower(email) = lower($1)${forUpdate ? ' FOR UPDATE' : ''}`,
    [email.trim()],
  );
  return rows[0];
}

export async function findCv(db: Queryable, applicationId: number): Promise<CvRow | undefined> {
  return (
    await db.query<CvRow>('SELECT id, stored_name, original_name, size FROM cvs WHERE application_id = $1', [
      applicationId,
    ])
  ).rows[0];
}

export function stageOf(row: ApplicationRow): Stage {
  if (row.submitted_at) return 'submitted';
  if (row.employment) return 'employment';
  if (row.eligibility) return 'eligibility';
  if (row.email_verified_at) return 'verified';
  return 'created';
}

export const lookupSummary = (row: ApplicationRow): LookupSummary => ({
  exists: true,
  stage: stageOf(row),
  email_verified: row.email_verified_at !== null,
});

const s = (value: unknown): string => (typeof value === 'string' ? value : '');

export async function savedApplication(db: Queryable, row: ApplicationRow): Promise<SavedApplication> {
  const cv = await findCv(db, row.id);
  const cohortId = row.cohort_id ?? row.applied_cohort_id;
  const cohort: CohortRow | undefined = cohortId ? await cohortById(db, cohortId) : undefined;
  const el = row.eligibility ?? {};
  const em = row.employment ?? {};
  const ot = row.other ?? {};
  return {
    firstname: row.firstname,
    middlename: row.middlename,
    lastname: row.lastname,
    gender: row.gender,
    country: row.country,
    city: row.city,
    email: row.email,
    phone: row.phone,
    whatsapp_phone: row.whatsapp_phone,
    referred_by: row.referred_by,
    email_verified_at: iso(row.email_verified_at),
    stage: stageOf(row),
    communications: {
      referral_source: row.referral_source,
      referral_detail: row.referral_detail,
      communication_consent: row.communication_consent ? 1 : 0,
    },
    eligibility: {
      openness_to_tools: s(el.openness_to_tools),
      work_disruption_feelings: s(el.work_disruption_feelings),
      feedback_handling: s(el.feedback_handling),
      approach_to_new_tasks: s(el.approach_to_new_tasks),
      education_focus: s(el.education_focus),
      highest_qualification: s(el.highest_qualification),
      status: row.eligibility_status,
    },
    cv: cv ? { filename: cv.original_name, size: cv.size } : null,
    employment: {
      employment_status: s(em.employment_status),
      unemployment_duration: s(em.unemployment_duration),
      work_experience_years: s(em.work_experience_years),
      service_completion_date: s(em.service_completion_date),
      reason_for_leaving: s(em.reason_for_leaving),
      exit_timeline: s(em.exit_timeline),
      job_urgency: typeof em.job_urgency === 'number' ? em.job_urgency : 0,
    },
    other: {
      key_challenge: s(ot.key_challenge),
      leadership_experience: s(ot.leadership_experience),
      distractions: s(ot.distractions),
      bootcamp_expectations: s(ot.bootcamp_expectations),
    },
    video: row.video ?? { videoProgress: 0, isVideoEnded: false, attemptCounter: 0 },
    payment_option: row.payment_option,
    financial_aid: row.financial_aid,
    reminder_date: iso(row.reminder_date),
    submitted_at: iso(row.submitted_at),
    cohort: { id: cohort?.id ?? 0, name: cohort?.name ?? '', waitlisted: row.waitlisted },
  };
}
