/**
 * The OpenAPI schema of a staff route, written once for every staff route module: its summary under the `staff`
 * tag, its params and body, and its answers (the success answer and every refusal it can give).
 */
import { errorAnswer, OUR_FAILURES } from '../openapi';

/** The success answer and every refusal (the staff guard's 401 and 403, a write's own, our failures). */
export const withRefusals = (ok: object, write: boolean, ...refusals: number[]) => ({
  200: ok,
  ...Object.fromEntries(
    [...refusals, 401, 403, ...(write ? [408, 413, 415] : []), ...OUR_FAILURES].map((status) => [
      status,
      errorAnswer,
    ]),
  ),
});

/** A staff route's schema; without `response` the answers come from server/staff/answers.ts (server/openapi.ts). */
export const staffSchema = (
  summary: string,
  response?: object,
  parts: { body?: unknown; params?: unknown; querystring?: unknown } = {},
) => ({
  schema: { summary, tags: ['staff'], ...parts, ...(response ? { response } : {}) },
});
