/** Eligibility (docs/product.md §2.2): six answers scored by the server, and the CV beside them. */
import { object, type InferType } from 'yup';
import type { EligibilityStatus } from '../rules/application';
import { scoreEligibility } from '../rules/eligibility';
import { MAX_LONG, required } from '../rules/fields';
import { pick } from './spec';

export interface EligibilityPayload {
  email: string;
  eligible: Exclude<EligibilityStatus, 'not measured'>;
  /** True when the CV was emailed to the support address instead of uploaded ('I have sent it'). */
  cv_sent_by_email?: boolean;
  eligibility: InferType<typeof schema>;
}

/** What the save reads: the six answers, the email and where the CV is. */
type EligibilityForm = InferType<typeof schema> & {
  email: string;
  cv_sent_by_email: boolean;
  pdf: string | null;
};

export const eligibilityPayload = (form: EligibilityForm): EligibilityPayload => {
  const eligibility = pick(form, ANSWERS);
  return {
    email: form.email,
    eligibility,
    eligible: scoreEligibility(eligibility).status,
    // The server then accepts the submission without an uploaded CV, and staff see that it came by email.
    cv_sent_by_email: form.cv_sent_by_email && !form.pdf,
  };
};

export const row = {
  state: 'eligibility',
  path: '/apply/eligibility',
  title: 'Eligibility',
  access: 'verified',
  wizard: true,
  group: 'eligibility',
  screen: 'Eligibility',
  prefetch: true,
} as const;

/** The catalogue's words for each answer missing (docs/product.md §8); the CV's are shared (machines/rules/messages.ts). */
export const messages = {
  openness_to_tools: 'Please tell us how open you are to new tools',
  work_disruption_feelings: 'Please tell us how you feel when your work is disrupted',
  feedback_handling: 'Please tell us how you handle feedback',
  approach_to_new_tasks: 'Please tell us how you approach new tasks',
  education_focus: 'Please tell us the focus of your education',
  highest_qualification: 'Please tell us your highest qualification',
} as const;
const F = messages;

export const schema = object({
  openness_to_tools: required(F.openness_to_tools, MAX_LONG),
  work_disruption_feelings: required(F.work_disruption_feelings, MAX_LONG),
  feedback_handling: required(F.feedback_handling, MAX_LONG),
  approach_to_new_tasks: required(F.approach_to_new_tasks, MAX_LONG),
  education_focus: required(F.education_focus, MAX_LONG),
  highest_qualification: required(F.highest_qualification, MAX_LONG),
});

/** The six answers the step saves (and the server scores). */
const ANSWERS = Object.keys(schema.fields) as (keyof typeof schema.fields)[];

export const spec = {
  row,
  schema,
  messages,
  // The CV is on this screen too: a problem with it links here.
  fields: [...ANSWERS, 'cv'],
  saves: ANSWERS,
  column: 'eligibility',
  payload: eligibilityPayload,
} as const;
