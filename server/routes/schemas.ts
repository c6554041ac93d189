/**
 * JSON schemas for bodies and params: types and sizes only (wrong types → 400, huge strings → 400). The rules of
 * docs/product.md §5 are checked after, with the shared schemas (machines/rules/schemas.ts), which give the catalogue's words.
 */
import { HIDDEN_MULTI_LINE, HIDDEN_SINGLE_LINE, MAX_LONG } from '../../machines/rules/schemas';
import type { AnyObjectSchema, SchemaDescription } from 'yup';

/**
 * The longest strings a body may carry at all: a bound on the request's size, well above the rules' own limits
 * (MAX_SHORT, MAX_LONG in machines/rules/schemas.ts), which answer in the catalogue's words.
 */
export const BODY_CAP_SHORT = 1000;
export const BODY_CAP_LONG = 10_000;

/**
 * A string of at most `maxLength` characters without hidden characters (the shared rule of
 * machines/rules/schemas.ts): refused here, before any route reads it. Long answers are multi-line.
 */
export const str = (maxLength = BODY_CAP_SHORT) =>
  ({
    type: 'string',
    maxLength,
    pattern: `^[^${maxLength >= BODY_CAP_LONG ? HIDDEN_MULTI_LINE : HIDDEN_SINGLE_LINE}]*$`,
  }) as const;
export const email = str(320);

export const object = (properties: Record<string, unknown>, required: string[] = []) => ({
  type: 'object',
  additionalProperties: false,
  properties,
  ...(required.length ? { required } : {}),
});

export const emailParams = object({ email }, ['email']);

/** PostgreSQL's `integer`: ids and counts past it would make the database, not the client, refuse the request. */
export const INT4_MAX = 2_147_483_647;
export const positiveInt4 = { type: 'integer', minimum: 1, maximum: INT4_MAX } as const;

/** The answer shape, for the OpenAPI description only (no response schemas: nothing is filtered). */
export const describe = (summary: string, body?: unknown, params?: unknown) => ({
  summary,
  tags: ['bootcamp'],
  ...(body ? { body } : {}),
  ...(params ? { params } : {}),
});

/** Each field's kind, checks (`max`'s limit) and meta, as yup describes them. */
const fieldsOf = (schema: AnyObjectSchema) => schema.describe().fields as Record<string, SchemaDescription>;

/**
 * A step's body, derived from its one schema (docs/decisions/130-one-schema-a-step.md): each field's JSON type, and
 * for a string the cap of its kind (a long answer's, or a short one's). `only` keeps the fields the route takes.
 */
export function bodyOf(schema: AnyObjectSchema, only?: readonly string[]) {
  const properties: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(fieldsOf(schema))) {
    if (only && !only.includes(name)) continue;
    const max = field.tests.find((test) => test.name === 'max')?.params?.max;
    properties[name] =
      field.type === 'string'
        ? str(typeof max === 'number' && max >= MAX_LONG ? BODY_CAP_LONG : BODY_CAP_SHORT)
        : { type: field.type };
  }
  return object(properties);
}

/**
 * A step's saved answers as the API gives them back, derived from the same schema: each field it saves with its JSON
 * type (and the field's `meta` description, as job_urgency's '0: not set'), all of them always sent.
 */
export function answersOf(schema: AnyObjectSchema, only: readonly string[]) {
  const fields = fieldsOf(schema);
  return Object.fromEntries(
    only.map((name) => {
      const { type, meta } = fields[name]!;
      const description = (meta as { description?: string } | undefined)?.description;
      return [name, { type, ...(description ? { description } : {}) }];
    }),
  );
}
