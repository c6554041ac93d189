/** The application form data of docs/product.md §3.1 and the other stored values of §3.2. */
export type EligibilityStatus = 'not measured' | 'eligible' | 'action_required' | 'ineligible';

export interface ApplicationForm {
  firstname: string;
  middlename: string;
  lastname: string;
  gender: string;
  country: string;
  city: string;
  email: string;
  email_verified_at: string;
  phone: string;
  whatsapp_phone: string;
  referral_source: string;
  referral_detail: string;
  referrer: string;
  communication_consent: boolean;
  agreement: boolean;
  agreement1: boolean;
  agreement2: boolean;
  openness_to_tools: string;
  work_disruption_feelings: string;
  feedback_handling: string;
  approach_to_new_tasks: string;
  education_focus: string;
  highest_qualification: string;
  /** The CV's stored name once uploaded; the file itself never goes to local storage. */
  pdf: string | null;
  hasUploadedCV: boolean;
  /** 'I have sent it': the CV went to the support address by email instead of an upload (the server keeps it). */
  cv_sent_by_email: boolean;
  employment_status: string;
  unemployment_duration: string;
  reason_for_leaving: string;
  exit_timeline: string;
  service_completion_date: string;
  work_experience_years: string;
  job_urgency: number;
  key_challenge: string;
  leadership_experience: string;
  distractions: string;
  bootcamp_expectations: string;
  typeOfPhone: string;
  haveLaptop: string;
  parentAlive: string;
  employed: string;
  affordableFee: string;
  whyBootcamp: string;
  anythingElse: string;
  paymentOption: string;
  eligibilityStatus: EligibilityStatus;
  videoProgress: number;
  isVideoEnded: boolean;
  attemptCounter: number;
}

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
