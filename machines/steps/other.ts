/** The open questions (docs/product.md §2.2), then the Key Information agreements and the submission. */
import * as yup from 'yup';
import type { ApplicationSetup } from '../application.setup';
import type { ApplicationForm } from '../rules/application';
import { API } from '../rules/api';
import type { OtherPayload } from '../rules/contract';
import { accepted, longAnswer } from '../rules/fields';
import { FIELD_MESSAGES as F, MESSAGES } from '../rules/messages';
import { rowMeta } from './spec';
import { whenValid } from './shared';

/** The screen's 'Save and continue' checks the answers; the agreements come in the modal, and with submit. */
export const OTHERS_ANSWERS = [
  'key_challenge',
  'leadership_experience',
  'distractions',
  'bootcamp_expectations',
] as const;

export const otherPayload = (form: ApplicationForm): OtherPayload => ({
  email: form.email,
  other: {
    key_challenge: form.key_challenge,
    leadership_experience: form.leadership_experience,
    distractions: form.distractions,
    bootcamp_expectations: form.bootcamp_expectations,
  },
});

export const row = {
  state: 'other',
  path: '/apply/other',
  step: 6,
  title: 'Getting to know you',
  access: 'eligible',
  wizard: true,
  group: 'others',
  screen: 'Other',
  prefetch: true,
} as const;

export const schema = yup.object({
  key_challenge: longAnswer(F.key_challenge),
  leadership_experience: longAnswer(F.leadership_experience),
  distractions: longAnswer(F.distractions),
  bootcamp_expectations: longAnswer(F.bootcamp_expectations),
  agreement: accepted(F.agreement),
  agreement1: accepted(F.agreement1),
  agreement2: accepted(F.agreement2),
});

export const spec = {
  row,
  schema,
  fields: [...OTHERS_ANSWERS, 'agreement', 'agreement1', 'agreement2'],
  saves: OTHERS_ANSWERS,
  column: 'other',
  save: {
    path: `${API}/bootcamp/application/other`,
    summary: 'Save the open answers',
    saved: 'Answers saved',
  },
  payload: otherPayload,
  // The last step: whoever has not submitted comes back here.
  resume: { answered: () => false },
  state: (machine: ApplicationSetup) =>
    machine.createStateConfig({
      meta: rowMeta(row),
      entry: 'clearErrors',
      initial: 'editing',
      states: {
        editing: {
          on: {
            SAVE: whenValid('others', 'keyInformation', OTHERS_ANSWERS),
          },
        },
        // The Key Information modal: the three agreements, then Submit Application.
        keyInformation: {
          tags: 'dialog',
          on: {
            SUBMIT: whenValid('others', 'submitting'),
            CANCEL: { target: 'editing', actions: 'clearErrors' },
          },
        },
        submitting: {
          tags: 'busy',
          invoke: {
            src: 'submitApplication',
            id: 'submitApplication',
            input: ({ context }) => ({
              other: otherPayload(context.form),
              submit: {
                email: context.form.email,
                agreement: context.form.agreement,
                agreement1: context.form.agreement1,
                agreement2: context.form.agreement2,
              },
            }),
            onDone: {
              target: '#application.success',
              actions: 'markSubmitted',
            },
            // Problems from earlier steps come back as a field → messages map and show as red alerts.
            onError: {
              target: 'editing',
              actions: { type: 'showFailure', params: { fallback: MESSAGES.genericSave } },
            },
          },
        },
      },
    }),
} as const;
