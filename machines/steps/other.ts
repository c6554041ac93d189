/** The open questions (docs/product.md §2.2), then the Key Information agreements and the submission. */
import { object, type InferType } from 'yup';
import { paths } from '../rules/contract';
import { accepted, longAnswer } from '../rules/fields';
import { pick, type Question } from './spec';

/** The four open questions in the screen's order: 'Save and continue' checks these. */
export const questions = {
  key_challenge: {
    label: 'What do you find most challenging?',
    message: 'Please tell us what you find most challenging',
  },
  leadership_experience: {
    label: 'Have you ever led anything? Tell us about it.',
    message: 'Please tell us about a time you led something',
  },
  distractions: {
    label: 'How do you manage distraction?',
    message: 'Please tell us how you manage distraction',
  },
  bootcamp_expectations: {
    label: 'What difference do you hope the bootcamp will make in your life?',
    message: 'Please tell us what difference you hope the bootcamp will make',
  },
} as const satisfies Record<string, Question>;

/** The Key Information agreements: they come in the modal, and with submit. */
export const agreements = {
  agreement: {
    label: 'I am available and ready to join the next cohort of the bootcamp.',
    message: 'Please accept the agreement to continue',
  },
  agreement1: {
    label: 'I am open-minded and ready to do what it takes to get a job within 12 weeks.',
    message: 'Please confirm you are open-minded and ready to do what it takes to get a job within 12 weeks',
  },
  agreement2: {
    label: 'I understand that, if selected, I pay a commitment fee to take part.',
    message: 'Please accept the payment agreement to continue',
  },
} as const satisfies Record<string, Question>;

export const OTHERS_ANSWERS = Object.keys(questions) as (keyof typeof questions)[];
export const AGREEMENTS = Object.keys(agreements) as (keyof typeof agreements)[];

type OpenAnswers = Pick<OthersAnswers, (typeof OTHERS_ANSWERS)[number]>;

export interface OtherPayload {
  email: string;
  other: OpenAnswers;
}

export interface SubmitPayload extends Pick<OthersAnswers, (typeof AGREEMENTS)[number]> {
  email: string;
}

export const otherPayload = (form: OpenAnswers & { email: string }): OtherPayload => ({
  email: form.email,
  other: pick(form, OTHERS_ANSWERS),
});

export const row = {
  state: 'other',
  path: '/apply/other',
  title: 'Getting to know you',
  access: 'eligible',
  wizard: true,
  group: 'others',
  screen: 'Other',
  prefetch: true,
} as const;

export const schema = object({
  ...Object.fromEntries(OTHERS_ANSWERS.map((name) => [name, longAnswer(questions[name].message)])),
  ...Object.fromEntries(AGREEMENTS.map((name) => [name, accepted(agreements[name].message)])),
} as Record<keyof typeof questions, ReturnType<typeof longAnswer>> &
  Record<keyof typeof agreements, ReturnType<typeof accepted>>);

type OthersAnswers = InferType<typeof schema>;

export const spec = {
  row,
  schema,
  fields: [...OTHERS_ANSWERS, ...AGREEMENTS],
  questions: { ...questions, ...agreements },
  saves: OTHERS_ANSWERS,
  column: 'other',
  staffTitle: 'The applicant and the bootcamp',
  save: {
    path: paths.other,
    summary: 'Save the open answers',
    saved: 'Answers saved',
  },
  payload: otherPayload,
  // The last step: whoever has not submitted comes back here.
  resume: { answered: () => false },
} as const;
