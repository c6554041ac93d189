/** Communications (docs/product.md §2.2): email, phone numbers and referral; saving it creates the application. */
import { boolean, object, type InferType } from 'yup';
import { accepted, email, normalizePhone, phone, required, when } from '../rules/fields';
import { REFERRAL_SOURCES_WITH_DETAIL } from '../rules/options';
import { privacyNoticeVersion } from '../rules/privacy';
import type { schema as biodataSchema } from './biodata';

/**
 * The form as it is sent and kept: trimmed, the email in lower case, the phone numbers as the server stores them
 * (in international form, read in the country picked on Bio Data).
 */
export function cleaned<F extends Pick<CreateForm, 'email' | 'phone' | 'whatsapp_phone' | 'country'>>(
  form: F,
): F {
  return {
    ...form,
    email: form.email.trim().toLowerCase(),
    phone: normalizePhone(form.phone, form.country),
    whatsapp_phone: normalizePhone(form.whatsapp_phone, form.country),
  };
}

export const row = {
  state: 'communications',
  path: '/apply/communications',
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

type Biodata = InferType<typeof biodataSchema>;
type Communications = InferType<typeof schema>;
type Contact = Pick<Communications, 'email' | 'phone' | 'whatsapp_phone'>;
type Referral = Pick<Communications, 'referral_source' | 'referral_detail'>;
/** What the create reads: Bio Data's answers, this step's, and the partner code the applicant came by. */
type CreateForm = Biodata & Communications & { referrer: string };

export interface CreatePayload extends Biodata, Contact {
  referred_by: string;
  communications: Referral & {
    communication_consent: 'Yes' | 'No';
    /** The privacy notice's version the applicant agreed to ('' when they did not): the server records it. */
    privacy_notice_version: string;
  };
}

export const toCreatePayload = (form: CreateForm): CreatePayload => ({
  firstname: form.firstname,
  middlename: form.middlename,
  lastname: form.lastname,
  gender: form.gender,
  country: form.country,
  city: form.city,
  email: form.email,
  phone: form.phone,
  whatsapp_phone: form.whatsapp_phone,
  referred_by: form.referrer,
  communications: {
    referral_source: form.referral_source,
    referral_detail: form.referral_detail,
    communication_consent: form.communication_consent ? 'Yes' : 'No',
    privacy_notice_version: form.privacy_consent ? privacyNoticeVersion() : '',
  },
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
  payload: (form: CreateForm) => toCreatePayload(cleaned(form)),
} as const;
