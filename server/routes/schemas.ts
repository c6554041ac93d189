/**
 * JSON schemas for bodies and params: types and sizes only (wrong types → 400, huge strings → 400). The rules of
 * SPEC §5 are checked after, with the shared yup schemas, which give the catalogue's words.
 */
export const SHORT = 1000;
export const LONG = 10_000;

export const str = (maxLength = SHORT) => ({ type: 'string', maxLength }) as const;
export const email = str(320);

export const object = (properties: Record<string, unknown>, required: string[] = []) => ({
  type: 'object',
  additionalProperties: false,
  properties,
  ...(required.length ? { required } : {}),
});

export const emailParams = object({ email }, ['email']);

/** The answer shape, for the OpenAPI description only (no response schemas: nothing is filtered). */
export const describe = (summary: string, body?: unknown, params?: unknown) => ({
  summary,
  tags: ['bootcamp'],
  ...(body ? { body } : {}),
  ...(params ? { params } : {}),
});
