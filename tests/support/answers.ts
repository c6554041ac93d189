/**
 * One applicant's right answers at every step, as the wizard sends them to the API: the server tests, the
 * end-to-end tests and the API bench make their applicants from these, so a new required field is added once.
 */
import { privacyNoticeVersion } from '../../machines/rules/privacy';
import { STEP_FIELDS } from '../../machines/applicationForm';
import type { CreatePayload } from '../../machines/steps/communications';
import type { SavedApplication } from '../../machines/savedApplication';
import type { EligibilityAnswers } from '../../machines/rules/eligibility';
import {
  APPROACH_TO_NEW_TASKS,
  EDUCATION_FOCUS,
  EMPLOYMENT_UNEMPLOYED,
  FEEDBACK_HANDLING,
  HIGHEST_QUALIFICATIONS,
  OPENNESS_TO_TOOLS,
  UNEMPLOYMENT_DURATIONS,
  WORK_DISRUPTION_FEELINGS,
  WORK_EXPERIENCE_YEARS,
} from '../../machines/rules/options';
import { STANDARD_FEES } from '../../machines/rules/payments';

/** The first form (biodata and communications). */
export const applicant = (email: string, overrides: Partial<CreatePayload> = {}): CreatePayload => ({
  firstname: 'Ada',
  middlename: '',
  lastname: 'Obi',
  gender: 'female',
  country: 'Nigeria',
  city: 'Lagos',
  email,
  phone: '+234 803 123 4567',
  whatsapp_phone: '',
  referred_by: '',
  communications: {
    referral_source: 'On social media',
    referral_detail: '',
    communication_consent: 'Yes',
    privacy_notice_version: privacyNoticeVersion(),
  },
  ...overrides,
});

/**
 * The eligibility answers: `answer` picks the same option in the four scored questions (0 scores eligible, the
 * last ones do not); the education answers always qualify.
 */
export const eligibility = (answer = 0) => ({
  openness_to_tools: OPENNESS_TO_TOOLS[answer].value,
  work_disruption_feelings: WORK_DISRUPTION_FEELINGS[answer].value,
  feedback_handling: FEEDBACK_HANDLING[answer].value,
  approach_to_new_tasks: APPROACH_TO_NEW_TASKS[answer].value,
  education_focus: EDUCATION_FOCUS[0].value,
  highest_qualification: HIGHEST_QUALIFICATIONS[1].value,
});

/** The eligibility step not yet answered: every question empty, as a new application holds it. */
export const unansweredEligibility: EligibilityAnswers = Object.fromEntries(
  STEP_FIELDS.eligibility.map((field) => [field, '']),
) as Record<keyof EligibilityAnswers, string>;

/** An unemployed applicant's employment answers. */
export const employment = {
  employment_status: EMPLOYMENT_UNEMPLOYED,
  unemployment_duration: UNEMPLOYMENT_DURATIONS[0].value,
  work_experience_years: WORK_EXPERIENCE_YEARS[1].value,
  service_completion_date: '',
  reason_for_leaving: '',
  exit_timeline: '',
  job_urgency: 8,
};

/** The open answers of the last step. */
export const other = {
  key_challenge: 'Finding the first job',
  leadership_experience: 'I led a study group',
  distractions: 'I switch my phone off',
  bootcamp_expectations: 'A job in 12 weeks',
};

/** The three agreements of the submit step. */
export const agreed = { agreement: true, agreement1: true, agreement2: true };

/** The smallest file the CV check takes for a PDF. */
export const TINY_PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/**
 * The application as the server reads it back once the email is proved: the first form and nothing after it (no
 * answers, no CV, no video, unsubmitted) in cohort 6. A test lays over it the steps it has taken.
 */
export const savedApplication = (email: string, over: Partial<SavedApplication> = {}): SavedApplication => ({
  ...applicant(email),
  email_verified_at: '2026-11-23T00:00:00.000Z',
  stage: 'verified',
  communications: { referral_source: 'On social media', referral_detail: '', communication_consent: 1 },
  eligibility: { ...unansweredEligibility, status: 'not measured' },
  cv: null,
  cv_sent_by_email: false,
  employment: {
    employment_status: '',
    unemployment_duration: '',
    work_experience_years: '',
    service_completion_date: '',
    reason_for_leaving: '',
    exit_timeline: '',
    job_urgency: 0,
  },
  other: { key_challenge: '', leadership_experience: '', distractions: '', bootcamp_expectations: '' },
  video: { videoProgress: 0, isVideoEnded: false, attemptCounter: 0 },
  payment_option: '',
  financial_aid: null,
  aid: null,
  fees: STANDARD_FEES,
  reminder_date: '',
  submitted_at: '',
  cohort: { id: 6, name: 'Cohort 6', waitlisted: false, start_date: '2025-03-10' },
  ...over,
});

/** Financial-aid answers that pass the schema. */
export const financialAid = {
  phone_type: 'Android',
  has_laptop: 'Yes',
  parents_status: 'Both alive',
  employment_status_duration: 'Unemployed, 8 months',
  affordable_amount: 'N20,000',
  bootcamp_attendance_reason: 'To get a job',
  additional_info: 'None',
};
