/** Employment (docs/product.md §2.2): the applicant's work situation; the follow-up questions depend on it. */
import { number, object, type InferType } from 'yup';
import { paths } from '../rules/contract';
import { isRealDate, MAX_LONG, required, when } from '../rules/fields';
import { MESSAGES } from '../rules/messages';
import {
  EMPLOYMENT_EMPLOYED_LOOKING,
  EMPLOYMENT_NYSC,
  EMPLOYMENT_STATUSES,
  EMPLOYMENT_UNEMPLOYED,
  EXIT_TIMELINES,
  JOB_URGENCY,
  UNEMPLOYMENT_DURATIONS,
  WORK_EXPERIENCE_YEARS,
} from '../rules/options';
import { pick, type Question } from './spec';

/** The questions in the screen's order (the schema's order is the order of its messages). */
export const questions = {
  employment_status: {
    label: 'What is your employment status?',
    message: 'Please tell us your employment status',
    control: 'radio',
    options: EMPLOYMENT_STATUSES,
  },
  unemployment_duration: {
    label: 'How long have you been unemployed?',
    message: 'Please let us know how long you have been unemployed',
    control: 'radio',
    options: UNEMPLOYMENT_DURATIONS,
    askedWhen: { field: 'employment_status', values: [EMPLOYMENT_UNEMPLOYED] },
  },
  reason_for_leaving: {
    label: 'Why do you want to leave your current job?',
    message: 'Please tell us why you want to leave your current job',
    control: 'textarea',
    askedWhen: { field: 'employment_status', values: [EMPLOYMENT_EMPLOYED_LOOKING] },
  },
  exit_timeline: {
    label: 'When could you leave your current job?',
    message: 'Please let us know when you could leave your current job',
    control: 'select',
    options: EXIT_TIMELINES,
    askedWhen: { field: 'employment_status', values: [EMPLOYMENT_EMPLOYED_LOOKING] },
  },
  service_completion_date: {
    label: 'When does your service end?',
    message: 'Please let us know when your service ends',
    control: 'date',
    askedWhen: { field: 'employment_status', values: [EMPLOYMENT_NYSC] },
  },
  work_experience_years: {
    label: 'How many years of work experience do you have? Internships count.',
    message: 'Please let us know how many years of work experience you have',
    control: 'radio',
    options: WORK_EXPERIENCE_YEARS,
  },
  job_urgency: {
    label: 'How badly do you need a job?',
    message: 'Let us know how badly you need a job',
    control: 'scale',
    hint: '1–4: not really needed · 5–7: I need a job · 8–10: I am desperate for a job',
  },
} as const satisfies Record<string, Question>;
const Q = questions;

/** A follow-up question: required when it is asked. */
const followUp = (question: Question & { askedWhen: object }, max?: number) =>
  when(question.askedWhen.field, question.askedWhen.values, question.message, max);

export const schema = object({
  employment_status: required(Q.employment_status.message),
  unemployment_duration: followUp(Q.unemployment_duration),
  work_experience_years: required(Q.work_experience_years.message),
  reason_for_leaving: followUp(Q.reason_for_leaving, MAX_LONG),
  exit_timeline: followUp(Q.exit_timeline),
  service_completion_date: followUp(Q.service_completion_date).test('date', MESSAGES.dateInvalid, isRealDate),
  job_urgency: number()
    .typeError(Q.job_urgency.message)
    .default(0)
    .integer(Q.job_urgency.message)
    .min(0, Q.job_urgency.message)
    .max(JOB_URGENCY.max, Q.job_urgency.message)
    .meta({ description: '0: not set' }),
});

type EmploymentAnswers = InferType<typeof schema>;
const fields = Object.keys(questions) as (keyof EmploymentAnswers)[];

export interface EmploymentPayload {
  email: string;
  // job_urgency is left out until the applicant chooses a value on the scale (0 means 'not set').
  employment: Omit<EmploymentAnswers, 'job_urgency'> & Partial<Pick<EmploymentAnswers, 'job_urgency'>>;
}

export const employmentPayload = (form: EmploymentAnswers & { email: string }): EmploymentPayload => {
  const { job_urgency, ...answers } = pick(form, fields);
  // 0 is 'not set': an untouched scale sends nothing, and the server keeps it unset.
  return { email: form.email, employment: { ...answers, ...(job_urgency ? { job_urgency } : {}) } };
};

export const row = {
  state: 'employment',
  path: '/apply/employment',
  title: 'Employment',
  access: 'eligible',
  wizard: true,
  group: 'employment',
  screen: 'Employment',
  prefetch: true,
} as const;

export const save = {
  path: paths.employment,
  summary: 'Save the employment answers',
  saved: 'Employment saved',
  actor: 'saveEmployment',
} as const;

export const spec = {
  row,
  schema,
  fields,
  questions,
  column: 'employment',
  save,
  payload: employmentPayload,
  resume: {
    answered: (form: Pick<EmploymentAnswers, 'employment_status'>) => Boolean(form.employment_status),
  },
} as const;
