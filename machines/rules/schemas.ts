/**
 * The validation groups (docs/product.md §5) no step owns: each step's own is in its file (machines/steps/), and
 * machines/validation.ts puts them all together and runs any of them.
 */
import { EMAIL_PATTERN, email, isRealDate, longAnswer, plain, required, type PhoneContext } from './fields';
import { FIELD_MESSAGES as F, MESSAGES, type ErrorMap } from './messages';
import { object, string, type AnyObjectSchema, type InferType } from 'yup';
import { checkAnswers } from './yupAnswers';

export {
  DATE_YEARS,
  EMAIL_PATTERN,
  HIDDEN_MULTI_LINE,
  HIDDEN_SINGLE_LINE,
  MAX_LONG,
  MAX_SHORT,
  PHONE_PATTERN,
  isPlainText,
  normalizeEmail,
  normalizePhone,
  setPhoneReader,
  tooLong,
  type PhoneReader,
} from './fields';

/** The groups no single step owns: the email, the financial aid answers, the code, the check-in and the reminder. */
export const SHARED_SCHEMAS = {
  // An email alone: the first screen's lookup and every route that names an application by its email.
  email: object({ email }),
  financialAid: object({
    typeOfPhone: longAnswer(F.typeOfPhone),
    haveLaptop: required(F.haveLaptop).matches(/^(yes|no)$/i, F.haveLaptop),
    parentAlive: longAnswer(F.parentAlive),
    employed: longAnswer(F.employed),
    affordableFee: longAnswer(F.affordableFee),
    whyBootcamp: longAnswer(F.whyBootcamp),
    anythingElse: longAnswer(F.anythingElse),
  }),
  // The emailed code; its wire field is 'token' (docs/api.md).
  code: object({
    email,
    token: string()
      .default('')
      .trim()
      .required(MESSAGES.otpRequired)
      .matches(/^\d{6}$/, { message: MESSAGES.otpFormat, excludeEmptyString: true }),
  }),
  checkIn: object({
    email: string()
      .default('')
      .trim()
      .required(MESSAGES.checkInEmail)
      .test('plain', MESSAGES.hiddenCharacters, plain(false))
      .matches(EMAIL_PATTERN, { message: MESSAGES.checkInEmail, excludeEmptyString: true }),
  }),
  reminder: object({
    reminderDate: string()
      .default('')
      .trim()
      .required(MESSAGES.dateTimeRequired)
      .test('plain', MESSAGES.dateInvalid, plain(false))
      .test('date', MESSAGES.dateInvalid, isRealDate),
  }),
} as const;

/** A shared group's answers once checked, read from its schema. */
export type SharedAnswers<G extends keyof typeof SHARED_SCHEMAS> = InferType<(typeof SHARED_SCHEMAS)[G]>;

export interface ValidationResult<T> {
  value: T;
  errors: ErrorMap;
  ok: boolean;
}

/**
 * Runs a group's schema (any group's: machines/validation.ts names them) and returns the cleaned values and every
 * message, field by field, in field order. With `only`, the whole group is still checked (a conditional field needs
 * the field it depends on) and only the named fields' messages count.
 */
export function checkGroup<S extends AnyObjectSchema>(
  schema: S,
  values: object,
  only?: readonly string[],
): ValidationResult<InferType<S>> {
  // Phone numbers are read in the country picked on Bio Data, which the communications group does not hold.
  const country = (values as { country?: unknown }).country;
  const context: PhoneContext = { country: typeof country === 'string' ? country : '' };
  const { value, issues } = checkAnswers(schema, values, { ...context });
  const errors: ErrorMap = {};
  for (const { path, message } of issues) {
    if (only && !only.includes(path)) continue;
    const list = (errors[path] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return { value, errors, ok: Object.keys(errors).length === 0 };
}

/** The messages of an error map, flattened in field order: the red alerts. */
export const errorList = (errors: ErrorMap): string[] => Object.values(errors).flatMap((m) => m ?? []);
