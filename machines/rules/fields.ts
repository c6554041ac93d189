/**
 * The building blocks of every step's schema (machines/steps/*.ts) and of the groups in machines/rules/schemas.ts:
 * the field kinds with their catalogue messages. It imports no step, so the steps may import it.
 */
import { boolean, string } from 'yup';
import { LINE_SEPARATORS } from './lineBreaks';
import { FIELD_MESSAGES as F, MESSAGES } from './messages';

/** Lengths past which a value is refused: a name is short, an open answer is a few paragraphs. */
export const MAX_SHORT = 120;
export const MAX_LONG = 3000;
export const tooLong = (max: number) => `Please keep this under ${max} characters`;

/**
 * A bare address (docs/product.md §5, docs/decisions/012-emails.md): RFC 5322's dot-atom
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
export interface PhoneContext {
  country?: string;
}
export const normalizeEmail = (value: string): string => value.trim().toLowerCase();

/**
 * Characters no answer may hold (docs/decisions/017-server-input.md), as the body of a regular
 * expression character class (`u` flag): control characters (C0, DEL, C1) and lone surrogate halves. The database
 * refuses some of them (NUL), and none is ever typed on purpose. Multi-line answers (the long ones, typed in a text
 * area) keep tab, line feed and carriage return, and the line and paragraph separators (U+2028, U+2029); a one-line
 * field refuses those two as it refuses CR and LF: no line break is meant in a one-line field (an email's subject).
 */
export const HIDDEN_SINGLE_LINE = `\\u0000-\\u001F\\u007F-\\u009F${LINE_SEPARATORS}\\uD800-\\uDFFF`;
export const HIDDEN_MULTI_LINE = '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F\\uD800-\\uDFFF';
const hiddenSingle = new RegExp(`[${HIDDEN_SINGLE_LINE}]`, 'u');
const hiddenMulti = new RegExp(`[${HIDDEN_MULTI_LINE}]`, 'u');

/** Whether a value is free of hidden characters; `multiLine` allows tab and line breaks. */
export const isPlainText = (value: string, multiLine = false): boolean =>
  !(multiLine ? hiddenMulti : hiddenSingle).test(value);

export const plain = (multiLine: boolean) => (value: string | undefined) =>
  !value || isPlainText(value, multiLine);

const buildText = (max: number) =>
  string()
    .default('')
    .trim()
    .test('plain', MESSAGES.hiddenCharacters, plain(max === MAX_LONG))
    .max(max, tooLong(max));
// A yup schema never changes (each method returns a copy), so one base serves every field of a length: each call
// of the chain above copies the schema, and the app builds every step's schema as it loads (docs/performance.md).
const textBases = new Map<number, ReturnType<typeof buildText>>();
/** A free-text answer: trimmed, no hidden characters, at most `max` characters; empty by default. */
export const text = (max = MAX_SHORT): ReturnType<typeof buildText> => {
  let base = textBases.get(max);
  if (!base) textBases.set(max, (base = buildText(max)));
  return base;
};
export const required = (message: string, max = MAX_SHORT) => text(max).required(message);
export const longAnswer = (message: string) => required(message, MAX_LONG);

export const email = string()
  .default('')
  .trim()
  .required(F.email)
  .test('plain', MESSAGES.hiddenCharacters, plain(false))
  .max(254, MESSAGES.emailFormat)
  .matches(EMAIL_PATTERN, { message: MESSAGES.emailFormat, excludeEmptyString: true });

const countryOf = (context: PhoneContext | undefined) => context?.country ?? '';
// The country comes in yup's context (validateGroup passes it), so the schema is built once, not per call.
export const phone = string()
  .default('')
  .transform((v: unknown, _typed: unknown, _schema: unknown, options: { context?: PhoneContext }) =>
    typeof v === 'string' ? normalizePhone(v, countryOf(options.context)) : v,
  )
  .matches(PHONE_PATTERN, { message: MESSAGES.phoneFormat, excludeEmptyString: true })
  .test('country', MESSAGES.phoneInvalid, (value, test) =>
    phoneOfCountry(value, countryOf(test.options.context as PhoneContext | undefined)),
  );

/** A follow-up: required when `field` holds one of `values` (read once cast, so trimmed). */
export const when = (field: string, values: readonly string[], message: string, max = MAX_SHORT) =>
  text(max).when(field, {
    is: (v: unknown) => typeof v === 'string' && values.includes(v),
    then: (s) => s.required(message),
  });

export const accepted = (message: string) => boolean().default(false).oneOf([true], message);

/** Years a date may have: a real calendar date that every database column and ISO string can hold. */
export const DATE_YEARS = { min: 1900, max: 9999 } as const;

export const isRealDate = (value: string | undefined) => {
  if (!value) return true;
  const time = Date.parse(value);
  if (Number.isNaN(time)) return false;
  const year = new Date(time).getUTCFullYear();
  return year >= DATE_YEARS.min && year <= DATE_YEARS.max;
};
