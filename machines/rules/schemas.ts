import * as yup from 'yup';
import { FIELD_MESSAGES as F, MESSAGES, type ErrorMap } from './messages';
import {
  EMPLOYMENT_EMPLOYED_LOOKING,
  EMPLOYMENT_NYSC,
  EMPLOYMENT_UNEMPLOYED,
  JOB_URGENCY,
  REFERRAL_SOURCES_WITH_DETAIL,
} from './options';

/** Lengths past which a value is refused: a name is short, an open answer is a few paragraphs. */
export const MAX_SHORT = 120;
export const MAX_LONG = 3000;
export const tooLong = (max: number) => `Please keep this under ${max} characters`;

/**
 * A bare address (docs/product.md §5, docs/decisions/101-one-mailbox-one-spelling.md): RFC 5322's dot-atom
 * `local@domain` in ASCII, with no display name, comment, route, quotes or angle brackets, which a mailer reads as
 * another mailbox than the string (`p:victim@x`, `(p)victim@x` deliver to victim@x); domain labels of letters,
 * digits and inner hyphens; a top-level part of at least two letters; a local part of at most 64 characters.
 */
const ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?';
export const EMAIL_PATTERN = new RegExp(
  `^(?=[^@]{1,64}@)${ATOM}(?:\\.${ATOM})*@(?:${LABEL}\\.)+[A-Za-z]{2,}$`,
);
// An optional plus, then 10 to 15 digits (docs/product.md §5).
export const PHONE_PATTERN = /^\+?\d{10,15}$/;

/** People type phone numbers with spaces, dashes and brackets; the digits are what count. */
const phoneDigits = (value: string): string => value.replace(/[\s\-().]/g, '');

/**
 * Reads a number (its digits, with its plus) in a country: its international form, null when it is not a valid
 * number there, undefined when it cannot be read (no plus, no country). machines/rules/phone.ts plugs it in; the
 * browser loads that module with the Communications screen, so the first screen does not carry its metadata.
 */
export type PhoneReader = (digits: string, country: string) => string | null | undefined;
let phoneReader: PhoneReader | undefined;
export const setPhoneReader = (reader: PhoneReader) => {
  phoneReader = reader;
};

/**
 * A phone number as it is stored: its digits, in international form once read in the applicant's country
 * (`country`, picked on Bio Data) when that makes it a valid number; as typed otherwise (the schema then says why).
 */
export const normalizePhone = (value: string, country = ''): string => {
  const digits = phoneDigits(value);
  if (!PHONE_PATTERN.test(digits)) return digits;
  return phoneReader?.(digits, country) ?? digits;
};

/** Whether a number in the right format is one of its country's (true when it cannot be told). */
const phoneOfCountry = (value: string | undefined, country: string): boolean =>
  !value || !PHONE_PATTERN.test(value) || phoneReader?.(value, country) !== null;

/** The applicant's country, which validateGroup passes to the phone fields as the schema's context. */
interface PhoneContext {
  country?: string;
}
export const normalizeEmail = (value: string): string => value.trim().toLowerCase();

/**
 * Characters no answer may hold (docs/decisions/025-hidden-characters-and-dates.md), as the body of a regular
 * expression character class (`u` flag): control characters (C0, DEL, C1) and lone surrogate halves. The database
 * refuses some of them (NUL), and none is ever typed on purpose. Multi-line answers (the long ones, typed in a text
 * area) keep tab, line feed and carriage return.
 */
export const HIDDEN_SINGLE_LINE = '\\u0000-\\u001F\\u007F-\\u009F\\uD800-\\uDFFF';
export const HIDDEN_MULTI_LINE = '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F\\uD800-\\uDFFF';
const hiddenSingle = new RegExp(`[${HIDDEN_SINGLE_LINE}]`, 'u');
const hiddenMulti = new RegExp(`[${HIDDEN_MULTI_LINE}]`, 'u');

/** Whether a value is free of hidden characters; `multiLine` allows tab and line breaks. */
export const isPlainText = (value: string, multiLine = false): boolean =>
  !(multiLine ? hiddenMulti : hiddenSingle).test(value);

const plain = (multiLine: boolean) => (value: string | undefined) => !value || isPlainText(value, multiLine);

const text = (max = MAX_SHORT) =>
  yup
    .string()
    .default('')
    .trim()
    .test('plain', MESSAGES.hiddenCharacters, plain(max === MAX_LONG))
    .max(max, tooLong(max));
const required = (message: string, max = MAX_SHORT) => text(max).required(message);
const longAnswer = (message: string) => required(message, MAX_LONG);

const email = yup
  .string()
  .default('')
  .trim()
  .required(F.email)
  .test('plain', MESSAGES.hiddenCharacters, plain(false))
  .max(254, MESSAGES.emailFormat)
  .matches(EMAIL_PATTERN, { message: MESSAGES.emailFormat, excludeEmptyString: true });

const phone = yup
  .string()
  .default('')
  .transform((v: unknown, _typed: unknown, _schema: unknown, options: { context?: PhoneContext }) =>
    typeof v === 'string' ? normalizePhone(v, options.context?.country) : v,
  )
  .matches(PHONE_PATTERN, { message: MESSAGES.phoneFormat, excludeEmptyString: true })
  .test('country', MESSAGES.phoneInvalid, (value, test) =>
    phoneOfCountry(value, (test.options.context as PhoneContext | undefined)?.country ?? ''),
  );

const when = (field: string, values: readonly string[], message: string, max = MAX_SHORT) =>
  text(max).when(field, {
    is: (v: unknown) => typeof v === 'string' && values.includes(v),
    then: (s) => s.required(message),
  });

const accepted = (message: string) => yup.boolean().default(false).oneOf([true], message);

/** Years a date may have: a real calendar date that every database column and ISO string can hold. */
export const DATE_YEARS = { min: 1900, max: 9999 } as const;

const isRealDate = (value: string | undefined) => {
  if (!value) return true;
  const time = Date.parse(value);
  if (Number.isNaN(time)) return false;
  const year = new Date(time).getUTCFullYear();
  return year >= DATE_YEARS.min && year <= DATE_YEARS.max;
};

export const schemas = {
  // An email alone: the first screen's lookup and every route that names an application by its email.
  email: yup.object({ email }),
  biodata: yup.object({
    firstname: required(F.firstname),
    middlename: text(),
    lastname: required(F.lastname),
    gender: required(F.gender).oneOf(['male', 'female', 'other'], F.gender),
    country: required(F.country),
    city: required(F.city),
  }),
  communications: yup.object({
    email,
    phone: phone.clone().required(F.phone),
    whatsapp_phone: phone.clone(),
    referral_source: required(F.referral_source),
    referral_detail: when('referral_source', REFERRAL_SOURCES_WITH_DETAIL, F.referral_detail),
    communication_consent: yup.boolean().default(true),
  }),
  eligibility: yup.object({
    openness_to_tools: required(F.openness_to_tools, MAX_LONG),
    work_disruption_feelings: required(F.work_disruption_feelings, MAX_LONG),
    feedback_handling: required(F.feedback_handling, MAX_LONG),
    approach_to_new_tasks: required(F.approach_to_new_tasks, MAX_LONG),
    education_focus: required(F.education_focus, MAX_LONG),
    highest_qualification: required(F.highest_qualification, MAX_LONG),
  }),
  employment: yup.object({
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
  }),
  others: yup.object({
    key_challenge: longAnswer(F.key_challenge),
    leadership_experience: longAnswer(F.leadership_experience),
    distractions: longAnswer(F.distractions),
    bootcamp_expectations: longAnswer(F.bootcamp_expectations),
    agreement: accepted(F.agreement),
    agreement1: accepted(F.agreement1),
    agreement2: accepted(F.agreement2),
  }),
  financialAid: yup.object({
    typeOfPhone: longAnswer(F.typeOfPhone),
    haveLaptop: required(F.haveLaptop).matches(/^(yes|no)$/i, F.haveLaptop),
    parentAlive: longAnswer(F.parentAlive),
    employed: longAnswer(F.employed),
    affordableFee: longAnswer(F.affordableFee),
    whyBootcamp: longAnswer(F.whyBootcamp),
    anythingElse: longAnswer(F.anythingElse),
  }),
  // The emailed code; its wire field is 'token' (docs/api.md).
  code: yup.object({
    email,
    token: yup
      .string()
      .default('')
      .trim()
      .required(MESSAGES.otpRequired)
      .matches(/^\d{6}$/, { message: MESSAGES.otpFormat, excludeEmptyString: true }),
  }),
  checkIn: yup.object({
    email: yup
      .string()
      .default('')
      .trim()
      .required(MESSAGES.checkInEmail)
      .test('plain', MESSAGES.hiddenCharacters, plain(false))
      .matches(EMAIL_PATTERN, { message: MESSAGES.checkInEmail, excludeEmptyString: true }),
  }),
  reminder: yup.object({
    reminderDate: yup
      .string()
      .default('')
      .trim()
      .required(MESSAGES.dateTimeRequired)
      .test('plain', MESSAGES.dateInvalid, plain(false))
      .test('date', MESSAGES.dateInvalid, isRealDate),
  }),
} as const;

export type ValidationGroup = keyof typeof schemas;
/** A group's answers once checked, read from its schema: the shared types are derived from these, not copied. */
export type Answers<G extends ValidationGroup> = yup.InferType<(typeof schemas)[G]>;

/** The screen's 'Save and continue' on the open questions checks the answers; the agreements come in the modal. */
export const OTHERS_ANSWERS = [
  'key_challenge',
  'leadership_experience',
  'distractions',
  'bootcamp_expectations',
] as const;

export interface ValidationResult<T> {
  value: T;
  errors: ErrorMap;
  ok: boolean;
}

/**
 * Runs a group's schema and returns the cleaned values and every message, field by field, in field order. With
 * `only`, the whole group is still checked (a conditional field needs the field it depends on) and only the named
 * fields' messages count.
 */
export function validateGroup<G extends ValidationGroup>(
  group: G,
  values: object,
  only?: readonly string[],
): ValidationResult<yup.InferType<(typeof schemas)[G]>> {
  const schema: yup.AnyObjectSchema = schemas[group];
  // Phone numbers are read in the country picked on Bio Data, which the communications group does not hold.
  const country = (values as { country?: unknown }).country;
  const context: PhoneContext = { country: typeof country === 'string' ? country : '' };
  const cleaned = schema.cast(values, { stripUnknown: true, assert: false, context }) as yup.InferType<
    (typeof schemas)[G]
  >;
  try {
    schema.validateSync(values, { abortEarly: false, stripUnknown: true, context });
    return { value: cleaned, errors: {}, ok: true };
  } catch (error) {
    if (!(error instanceof yup.ValidationError)) throw error;
    const errors: ErrorMap = {};
    const order = Object.keys(schema.fields as object);
    const inner = error.inner.length ? error.inner : [error];
    inner
      .filter((e) => !only || only.includes(e.path ?? ''))
      .sort((a, b) => order.indexOf(a.path ?? '') - order.indexOf(b.path ?? ''))
      .forEach((e) => {
        const field = e.path ?? 'form';
        const list = (errors[field] ??= []);
        if (!list.includes(e.message)) list.push(e.message);
      });
    return { value: cleaned, errors, ok: Object.keys(errors).length === 0 };
  }
}

/** The messages of an error map, flattened in field order: the red alerts. */
export const errorList = (errors: ErrorMap): string[] => Object.values(errors).flatMap((m) => m ?? []);
