/**
 * Every validation group (docs/product.md §5): the shared ones (machines/rules/schemas.ts) and each step's own
 * (machines/steps/), and the one function that runs any of them and returns the catalogue's messages field by field.
 */
import type { InferType } from 'yup';
import { checkGroup, SHARED_SCHEMAS, type ValidationResult } from './rules/schemas';
import { stepSchemas, type StepSchemas } from './steps';

/** Every validation group: the shared ones, and each step's own (machines/steps/). */
export const schemas: typeof SHARED_SCHEMAS & StepSchemas = { ...SHARED_SCHEMAS, ...stepSchemas() };

export type ValidationGroup = keyof typeof schemas;
/** A group's answers once checked, read from its schema: the shared types are derived from these, not copied. */
export type Answers<G extends ValidationGroup> = InferType<(typeof schemas)[G]>;

/**
 * Runs a group's schema and returns the cleaned values and every message, field by field, in field order
 * (`checkGroup`, machines/rules/schemas.ts).
 */
export const validateGroup = <G extends ValidationGroup>(
  group: G,
  values: object,
  only?: readonly string[],
): ValidationResult<Answers<G>> => checkGroup(schemas[group], values, only);
