/**
 * The saved application as the server gives it to its owner (docs/product.md §3.1) and as the wizard resumes with
 * it: read from the steps' answers, so it sits above the steps (machines/steps/).
 */
import type { ApplicationForm } from './applicationForm';
import type { AidStanding } from './rules/aidDecision';
import type { Cohort, EligibilityStatus } from './rules/application';
import {
  financialAidForm,
  type FinancialAidData,
  type LookupSummary,
  type PaymentRecord,
  type Stage,
  type VideoData,
} from './rules/contract';
import type { FeeTable } from './rules/payments';
import { storedSteps, type Step } from './steps';
import type { Answers } from './validation';

/** The parts of the groups that the saved application nests or flattens differently. */
type Biodata = Answers<'biodata'>;
type Contact = Pick<Answers<'communications'>, 'email' | 'phone' | 'whatsapp_phone'>;
type Referral = Pick<Answers<'communications'>, 'referral_source' | 'referral_detail'>;

/** A step that keeps its answers in a JSON column of its own (machines/steps/). */
type StoredStep = Extract<Step, { column: string }>;
/** The answers a stored step saves, typed by its schema: the fields it names in `saves`, all by default. */
type SavedAnswers<S extends StoredStep> = S extends { saves: readonly (infer F)[] }
  ? Pick<Answers<S['row']['group']>, F & keyof Answers<S['row']['group']>>
  : Answers<S['row']['group']>;
/** Each stored step's answers under its column's name, as the saved application nests them. */
export type StepAnswers = { [S in StoredStep as S['column']]: SavedAnswers<S> };

/** The saved application as the server returns it to its owner (docs/product.md §3.1: nested groups, nulls as ''). */
export interface SavedApplication extends Biodata, Contact, Omit<StepAnswers, 'eligibility'> {
  referred_by: string;
  email_verified_at: string;
  stage: Stage;
  communications: Referral & { communication_consent: 0 | 1 };
  eligibility: StepAnswers['eligibility'] & { status: EligibilityStatus };
  cv: { filename: string; size: number } | null;
  /** The applicant said they emailed their CV to the support address instead of uploading it. */
  cv_sent_by_email: boolean;
  video: VideoData;
  payment_option: string;
  /** The latest payment the server issued for this application (paid, pending or failed), or null. */
  payment?: PaymentRecord | null;
  financial_aid: FinancialAidData | null;
  /** Where the aid request stands as the applicant may be told it (decision 238); null when they never applied. */
  aid: AidStanding | null;
  /**
   * The applicant's fee table (decision 244): the one their first payment choice was made under, else their cohort's
   * now. The option cards and the checkout price from it.
   */
  fees: FeeTable;
  reminder_date: string;
  submitted_at: string;
  /** `start_date` (YYYY-MM-DD) is '' when the application has no cohort. */
  cohort: Cohort & { waitlisted: boolean; start_date: string };
}

/** The answers of the stored steps after eligibility, flattened: the fields of the form they came from. */
const laterAnswers = (saved: SavedApplication): Partial<ApplicationForm> =>
  Object.assign(
    {},
    ...storedSteps()
      .filter((step) => step.column !== 'eligibility')
      .map((step) => (saved as unknown as Record<string, object | undefined>)[step.column]),
  ) as Partial<ApplicationForm>;

/** The saved application, flattened back into the form (what a returning applicant resumes with). */
export function fromSavedApplication(saved: SavedApplication, base: ApplicationForm): ApplicationForm {
  return {
    ...base,
    firstname: saved.firstname,
    middlename: saved.middlename,
    lastname: saved.lastname,
    gender: saved.gender,
    country: saved.country,
    city: saved.city,
    email: saved.email,
    phone: saved.phone,
    whatsapp_phone: saved.whatsapp_phone,
    referrer: saved.referred_by || base.referrer,
    email_verified_at: saved.email_verified_at,
    referral_source: saved.communications.referral_source,
    referral_detail: saved.communications.referral_detail,
    communication_consent: saved.communications.communication_consent === 1,
    // An application exists only once its applicant agreed to the notice (decision 150); its screen is locked then.
    privacy_consent: true,
    openness_to_tools: saved.eligibility.openness_to_tools,
    work_disruption_feelings: saved.eligibility.work_disruption_feelings,
    feedback_handling: saved.eligibility.feedback_handling,
    approach_to_new_tasks: saved.eligibility.approach_to_new_tasks,
    education_focus: saved.eligibility.education_focus,
    highest_qualification: saved.eligibility.highest_qualification,
    eligibilityStatus: saved.eligibility.status,
    pdf: saved.cv?.filename ?? null,
    hasUploadedCV: saved.cv !== null || saved.cv_sent_by_email || base.hasUploadedCV,
    cv_sent_by_email: saved.cv === null && saved.cv_sent_by_email,
    // Each later step's answers (the eligibility's are above, beside its status), whatever the steps are.
    ...laterAnswers(saved),
    ...saved.video,
    paymentOption: saved.payment_option,
    ...financialAidForm(saved.financial_aid),
  };
}

/** What the lookup means for the wizard: a new email, someone else's (prove it first), or this browser's own. */
export type LookupResult =
  | { kind: 'new' }
  | { kind: 'exists'; summary: LookupSummary }
  | { kind: 'owner'; application: SavedApplication };
