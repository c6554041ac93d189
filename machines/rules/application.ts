/** The application form data of docs/product.md §3.1 and the other stored values of §3.2. */
import type { Answers } from './schemas';

/** Every result the eligibility score can store (machines/rules/eligibility.ts), and 'not measured' before it. */
export const ELIGIBILITY_STATUSES = ['eligible', 'action_required', 'ineligible', 'not measured'] as const;
export type EligibilityStatus = (typeof ELIGIBILITY_STATUSES)[number];

/**
 * What the wizard holds: the answers of every step's group (machines/rules/schemas.ts), and what the browser
 * keeps beside them.
 */
export type ApplicationForm = Answers<'biodata'> &
  Answers<'communications'> &
  Answers<'eligibility'> &
  Answers<'employment'> &
  Answers<'others'> &
  Answers<'financialAid'> & {
    email_verified_at: string;
    /** The partner code of the link the applicant came by (sent as `referred_by`). */
    referrer: string;
    /** The CV's stored name once uploaded; the file itself never goes to local storage. */
    pdf: string | null;
    hasUploadedCV: boolean;
    /** 'I have sent it': the CV went to the support address by email instead of an upload (the server keeps it). */
    cv_sent_by_email: boolean;
    paymentOption: string;
    eligibilityStatus: EligibilityStatus;
    videoProgress: number;
    isVideoEnded: boolean;
    attemptCounter: number;
  };

export const emptyApplication = (): ApplicationForm => ({
  firstname: '',
  middlename: '',
  lastname: '',
  gender: '',
  country: '',
  city: '',
  email: '',
  email_verified_at: '',
  phone: '',
  whatsapp_phone: '',
  referral_source: '',
  referral_detail: '',
  referrer: '',
  communication_consent: true,
  agreement: false,
  agreement1: false,
  agreement2: false,
  openness_to_tools: '',
  work_disruption_feelings: '',
  feedback_handling: '',
  approach_to_new_tasks: '',
  education_focus: '',
  highest_qualification: '',
  pdf: null,
  hasUploadedCV: false,
  cv_sent_by_email: false,
  employment_status: '',
  unemployment_duration: '',
  reason_for_leaving: '',
  exit_timeline: '',
  service_completion_date: '',
  work_experience_years: '',
  job_urgency: 0,
  key_challenge: '',
  leadership_experience: '',
  distractions: '',
  bootcamp_expectations: '',
  typeOfPhone: '',
  haveLaptop: '',
  parentAlive: '',
  employed: '',
  affordableFee: '',
  whyBootcamp: '',
  anythingElse: '',
  paymentOption: '',
  eligibilityStatus: 'not measured',
  videoProgress: 0,
  isVideoEnded: false,
  attemptCounter: 0,
});

export interface Cohort {
  id: number;
  name: string;
  /** Get Started's line about it: open, or the full cohort it replaces (machines/rules/seats.ts). */
  notice?: string;
}

/** The fields each step writes, in the order the screens show them. */
export const STEP_FIELDS = {
  biodata: ['firstname', 'middlename', 'lastname', 'gender', 'country', 'city'],
  communications: [
    'email',
    'phone',
    'whatsapp_phone',
    'referral_source',
    'referral_detail',
    'communication_consent',
  ],
  eligibility: [
    'openness_to_tools',
    'work_disruption_feelings',
    'feedback_handling',
    'approach_to_new_tasks',
    'education_focus',
    'highest_qualification',
  ],
  employment: [
    'employment_status',
    'unemployment_duration',
    'reason_for_leaving',
    'exit_timeline',
    'service_completion_date',
    'work_experience_years',
    'job_urgency',
  ],
  other: ['key_challenge', 'leadership_experience', 'distractions', 'bootcamp_expectations'],
  agreements: ['agreement', 'agreement1', 'agreement2'],
  financialAid: [
    'typeOfPhone',
    'haveLaptop',
    'parentAlive',
    'employed',
    'affordableFee',
    'whyBootcamp',
    'anythingElse',
  ],
} as const satisfies Record<string, readonly (keyof ApplicationForm)[]>;
