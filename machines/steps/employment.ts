/** Employment (docs/product.md §2.2): the applicant's work situation; the follow-up questions depend on it. */
import * as yup from 'yup';
import type { ApplicationSetup } from '../application.setup';
import type { ApplicationForm } from '../rules/application';
import { API } from '../rules/api';
import type { EmploymentPayload } from '../rules/contract';
import { isRealDate, MAX_LONG, required, when } from '../rules/fields';
import { FIELD_MESSAGES as F, MESSAGES } from '../rules/messages';
import {
  EMPLOYMENT_EMPLOYED_LOOKING,
  EMPLOYMENT_NYSC,
  EMPLOYMENT_UNEMPLOYED,
  JOB_URGENCY,
} from '../rules/options';
import { rowMeta } from './spec';
import { confirmStep, whenValid } from './shared';

export const schema = yup.object({
  employment_status: required(F.employment_status),
  unemployment_duration: when('employment_status', [EMPLOYMENT_UNEMPLOYED], F.unemployment_duration),
  work_experience_years: required(F.work_experience_years),
  reason_for_leaving: when(
    'employment_status',
    [EMPLOYMENT_EMPLOYED_LOOKING],
    F.reason_for_leaving,
    MAX_LONG,
  ),
  exit_timeline: when('employment_status', [EMPLOYMENT_EMPLOYED_LOOKING], F.exit_timeline),
  service_completion_date: when('employment_status', [EMPLOYMENT_NYSC], F.service_completion_date).test(
    'date',
    MESSAGES.dateInvalid,
    isRealDate,
  ),
  job_urgency: yup
    .number()
    .typeError(F.job_urgency)
    .default(0)
    .integer(F.job_urgency)
    .min(0, F.job_urgency)
    .max(JOB_URGENCY.max, F.job_urgency),
});

type EmploymentAnswers = yup.InferType<typeof schema>;

/** The fields in the screen's order (the schema's order is the order of its messages). */
const fields = [
  'employment_status',
  'unemployment_duration',
  'reason_for_leaving',
  'exit_timeline',
  'service_completion_date',
  'work_experience_years',
  'job_urgency',
] as const satisfies readonly (keyof EmploymentAnswers)[];

export const employmentPayload = (form: ApplicationForm): EmploymentPayload => ({
  email: form.email,
  employment: {
    employment_status: form.employment_status,
    unemployment_duration: form.unemployment_duration,
    work_experience_years: form.work_experience_years,
    service_completion_date: form.service_completion_date,
    reason_for_leaving: form.reason_for_leaving,
    exit_timeline: form.exit_timeline,
    // 0 is 'not set': an untouched scale sends nothing, and the server keeps it unset.
    ...(form.job_urgency ? { job_urgency: form.job_urgency } : {}),
  },
});

export const row = {
  state: 'employment',
  path: '/apply/employment',
  step: 5,
  title: 'Employment',
  access: 'eligible',
  wizard: true,
  group: 'employment',
  screen: 'Employment',
  prefetch: true,
} as const;

export const spec = {
  row,
  schema,
  fields,
  column: 'employment',
  save: {
    path: `${API}/bootcamp/application/employment`,
    summary: 'Save the employment answers',
    saved: 'Employment saved',
  },
  payload: employmentPayload,
  resume: { answered: (form: ApplicationForm) => Boolean(form.employment_status) },
  state: (machine: ApplicationSetup) =>
    machine.createStateConfig({
      meta: rowMeta(row),
      entry: 'clearErrors',
      initial: 'editing',
      states: {
        editing: {
          on: {
            SAVE: whenValid('employment', 'confirming'),
          },
        },
        confirming: confirmStep,
        saving: {
          tags: 'busy',
          invoke: {
            src: 'saveEmployment',
            id: 'saveEmployment',
            input: ({ context }) => employmentPayload(context.form),
            onDone: '#application.other',
            onError: {
              target: 'editing',
              actions: { type: 'showFailure', params: { fallback: MESSAGES.genericSave } },
            },
          },
        },
      },
    }),
} as const;
