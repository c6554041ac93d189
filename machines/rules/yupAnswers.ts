/**
 * How a yup schema (every validation group is one: machines/rules/schemas.ts, machines/steps/) checks a client's
 * answers, with the two answers to a client's mistake that bare yup gives badly (docs/architecture.md, "The rules
 * of the road"):
 *
 * - `null` for a field is taken as not sent (its default), so a required answer gets its own message; bare yup says
 *   "… cannot be null".
 * - A value of the wrong kind (an object where text is expected) gets the field's own message (its typeError, else
 *   its required, else its closed list's, else its first check's) and no other check runs; bare yup's `trim` would
 *   throw a TypeError on it.
 *
 * Everything else is yup's: the cast, the checks, every problem of every field (`abortEarly: false`).
 */
import {
  ValidationError,
  boolean,
  number,
  string,
  type AnyObject,
  type AnyObjectSchema,
  type InferType,
  type Schema,
  type ValidateOptions,
} from 'yup';
import type { ErrorMap } from './messages';

/** One problem of one field, in the catalogue's words. */
export interface Issue {
  path: string;
  message: string;
}

/** The problems as a form and the API's 400 carry them: each field's messages, in the order found. */
export function errorMapOf(issues: readonly Issue[]): ErrorMap {
  const errors: ErrorMap = {};
  for (const { path, message } of issues) (errors[path] ??= []).push(message);
  return errors;
}

/** Each kind with yup's own reading of a raw value (as a form or a query string sends it) and nothing else. */
const bare: Readonly<Record<string, Schema>> = { string: string(), boolean: boolean(), number: number() };

/** Whether yup reads `raw` as the field's kind; an object or a list never is (yup's cast would call its toString). */
const readable = (field: Schema, raw: unknown): boolean => {
  const kind = bare[field.type];
  if (!kind) return true;
  return typeof raw !== 'object' && kind.isType(kind.cast(raw, { assert: false }));
};

/** The problems yup finds in one value, every one of them. */
const failures = (schema: Schema, value: unknown, options: ValidateOptions<AnyObject>): ValidationError[] => {
  try {
    schema.validateSync(value, { ...options, abortEarly: false });
    return [];
  } catch (error) {
    if (error instanceof ValidationError) return error.inner;
    throw error;
  }
};

/** The field's own message for a value of the wrong kind, read from yup's answers in strict mode (no cast). */
function ownMessage(field: Schema, raw: unknown, parent: AnyObject, context: AnyObject): string | undefined {
  const options = { strict: true, context, parent };
  const wrong = failures(field, raw, options);
  const typeError = wrong.find((e) => e.type === 'typeError')?.message;
  // yup's default typeError names the kind in English: the field's own is one its author gave.
  const given = typeError !== failures(bare[field.type]!, raw, options)[0]?.message ? typeError : undefined;
  const required = failures(field, undefined, options).find((e) => e.type === 'optionality')?.message;
  const closedList = wrong.find((e) => e.type === 'oneOf')?.message;
  // `trim` adds a test of its own, which runs only in strict mode: the transform's companion, not a check.
  const firstCheck = field.tests.find((test) => test.OPTIONS?.name !== 'trim')?.OPTIONS?.message;
  return given ?? required ?? closedList ?? (typeof firstCheck === 'string' ? firstCheck : undefined);
}

/**
 * The cast values (each field of the schema, no other key) and every problem, field by field in the schema's field
 * order, each field's in the order its checks were added. `context` reaches the transforms and tests (the phone's
 * country).
 */
export function checkAnswers<S extends AnyObjectSchema>(
  schema: S,
  values: object,
  context: AnyObject = {},
): { value: InferType<S>; issues: Issue[] } {
  const raw = values as Readonly<Record<string, unknown>>;
  const fields = schema.fields as Readonly<Record<string, Schema>>;
  const order = Object.keys(fields);
  const sent: Record<string, unknown> = {};
  const wrongKind: string[] = [];
  for (const name of order) {
    const value = raw[name];
    if (value === null || value === undefined) continue;
    if (readable(fields[name]!, value)) sent[name] = value;
    else wrongKind.push(name);
  }
  const value = schema.cast(sent, { stripUnknown: true, assert: false, context }) as InferType<S>;
  const found = failures(schema, sent, { stripUnknown: true, context })
    .filter((e) => !wrongKind.includes(e.path ?? ''))
    .map((e) => ({ path: e.path ?? '', message: e.message }));
  for (const name of wrongKind) {
    const field = fields[name]!.resolve({ value: raw[name], parent: value, context });
    const message = ownMessage(field, raw[name], value, context);
    if (message !== undefined) found.push({ path: name, message });
  }
  // yup sorts a field's problems by the first field whose name its path contains (whatsapp_phone goes with phone),
  // and runs a field that another depends on first: the order is the schema's, by field.
  const issues = order.flatMap((name) => found.filter((issue) => issue.path === name));
  return { value, issues };
}
