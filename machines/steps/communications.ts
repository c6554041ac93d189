/** Communications (docs/product.md §2.2): email, phone numbers and referral; saving it creates the application. */
import { boolean, object } from 'yup';
import type { ApplicationSetup } from '../application.setup';
import type { ApplicationForm } from '../rules/application';
import { toCreatePayload } from '../rules/contract';
import { accepted, email, normalizePhone, phone, required, when } from '../rules/fields';
import { REFERRAL_SOURCES_WITH_DETAIL } from '../rules/options';
import { confirmStep, formStep, savingStep, whenValid } from './shared';

/**
 * The form as it is sent and kept: trimmed, the email in lower case, the phone numbers as the server stores them
 * (in international form, read in the country picked on Bio Data).
 */
export function cleaned(form: ApplicationForm): ApplicationForm {
  return {
    ...form,
    email: form.email.trim().toLowerCase(),
    phone: normalizePhone(form.phone, form.country),
    whatsapp_phone: normalizePhone(form.whatsapp_phone, form.country),
  };
}

/** The wait the server named with a code it sent. */
export const waitAsTold = ({ event }: { event: { output: { retryAfter: number } } }) => ({
  retryAfter: event.output.retryAfter,
});

export const row = {
  state: 'communications',
  path: '/apply/communications',
  step: 3,
  title: 'Communications',
  access: 'ownAnswers',
  wizard: true,
  group: 'communications',
  screen: 'Communications',
  prefetch: true,
} as const;

/**
 * The catalogue's words for each of the step's own answers missing or wrong (docs/product.md §8); the email's are
 * shared with Get Started and the other routes (machines/rules/messages.ts).
 */
export const messages = {
  phone: 'Phone number is required',
  referral_source: 'Tell us how you heard about us',
  referral_detail: 'Tell us the person or organisation',
  privacy_consent: 'Please read the privacy notice and agree to it to continue',
  /** The notice's words changed after the page was loaded: the applicant agreed to words no longer shown. */
  privacy_notice_version:
    'The privacy notice has changed since you opened this page: please reload, read it and agree to the new version',
} as const;
const F = messages;

export const schema = object({
  email,
  phone: phone.required(F.phone),
  whatsapp_phone: phone,
  referral_source: required(F.referral_source),
  referral_detail: when('referral_source', REFERRAL_SOURCES_WITH_DETAIL, F.referral_detail),
  // Marketing consent is opt-in (docs/privacy.md): unticked until the applicant ticks it.
  communication_consent: boolean().default(false),
  // The lawful basis (docs/privacy.md, decision 150): the payload carries the notice's version agreed to.
  privacy_consent: accepted(F.privacy_consent),
});

export const spec = {
  row,
  schema,
  messages,
  fields: [
    'email',
    'phone',
    'whatsapp_phone',
    'referral_source',
    'referral_detail',
    'communication_consent',
    'privacy_consent',
  ],
  payload: (form: ApplicationForm) => toCreatePayload(cleaned(form)),
  state: (machine: ApplicationSetup) =>
    machine.createStateConfig(
      formStep(row, {
        editing: {
          on: {
            // An application that exists is not created again: on past the code (only a proved applicant sees this
            // screen once the application exists, see resolveRoute).
            SAVE: [
              { guard: 'isExisting', target: '#application.eligibility' },
              ...whenValid('communications', 'confirming'),
            ],
          },
        },
        confirming: confirmStep,
        saving: savingStep('createApplication', ({ form }) => toCreatePayload(cleaned(form)), {
          target: 'codeSent',
          actions: ['markCreated', { type: 'startCountdown', params: waitAsTold }],
        }),
        // The success dialog: an OTP was sent.
        codeSent: { tags: 'dialog', on: { 'DIALOG.CLOSE': '#application.verifyEmail' } },
      }),
    ),
} as const;
