/** Eligibility (docs/product.md §2.2): six answers scored by the server, and the CV beside them. */
import { object } from 'yup';
import { and } from 'xstate';
import type { ApplicationSetup } from '../application.setup';
import type { ApplicationForm } from '../rules/application';
import type { EligibilityPayload } from '../rules/contract';
import { scoreEligibility } from '../rules/eligibility';
import { MAX_LONG, required } from '../rules/fields';
import { MESSAGES } from '../rules/messages';
import { rowMeta } from './spec';
import { confirmStep, pick } from './shared';

export const eligibilityPayload = (form: ApplicationForm): EligibilityPayload => {
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
  step: 4,
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
  state: (machine: ApplicationSetup) =>
    machine.createStateConfig({
      meta: rowMeta(row),
      entry: 'clearErrors',
      type: 'parallel',
      states: {
        answers: {
          initial: 'checking',
          states: {
            checking: { always: [{ guard: 'isResult', target: 'result' }, { target: 'editing' }] },
            editing: {
              on: {
                SAVE: [
                  {
                    guard: and([{ type: 'valid', params: { group: 'eligibility' as const } }, 'hasCv']),
                    target: 'confirming',
                    actions: 'clearErrors',
                  },
                  {
                    actions: [{ type: 'showErrors', params: { group: 'eligibility' } }, 'requireCv'],
                  },
                ],
              },
            },
            confirming: confirmStep,
            saving: {
              tags: 'busy',
              invoke: {
                src: 'saveEligibility',
                id: 'saveEligibility',
                input: ({ context }) => eligibilityPayload(context.form),
                onDone: {
                  target: 'result',
                  actions: {
                    type: 'keepEligibilityStatus',
                    params: ({ event }) => ({ status: event.output.status }),
                  },
                },
                onError: {
                  target: 'editing',
                  actions: { type: 'showFailure', params: { fallback: MESSAGES.genericSave } },
                },
              },
            },
            result: { on: { PROCEED: { guard: 'isEligible', target: '#application.employment' } } },
          },
        },
        cv: {
          initial: 'idle',
          states: {
            idle: {},
            uploading: {
              tags: 'busy',
              invoke: {
                src: 'uploadCv',
                id: 'uploadCv',
                input: ({ context }) => ({ email: context.form.email, file: context.cvFile! }),
              },
              on: {
                'UPLOAD.PROGRESS': {
                  actions: {
                    type: 'showUploadProgress',
                    params: ({ event }) => ({ loaded: event.loaded, total: event.total }),
                  },
                },
                'UPLOAD.DONE': {
                  target: 'idle',
                  actions: { type: 'keepUploadedCv', params: ({ event }) => ({ filename: event.filename }) },
                },
                'UPLOAD.FAILED': {
                  target: 'idle',
                  actions: {
                    type: 'showUploadFailure',
                    params: ({ event }) => ({ messages: event.errors.cv ?? [event.message] }),
                  },
                },
              },
            },
            help: {
              tags: 'dialog',
              on: {
                'CV.SENT': { target: 'idle', actions: 'markCvSent' },
                CANCEL: 'idle',
              },
            },
          },
          on: {
            'CV.SELECT': [
              {
                guard: 'cvFileOk',
                target: '.uploading',
                actions: { type: 'startUpload', params: ({ event }) => ({ file: event.file }) },
              },
              {
                target: '.idle',
                actions: { type: 'refuseCvFile', params: ({ event }) => ({ file: event.file }) },
              },
            ],
            'CV.HELP': '.help',
          },
        },
      },
    }),
} as const;
