/**
 * Every API route's answers, for the OpenAPI document (/api/docs) and for serialisation, added in one place by an
 * onRoute hook so that route files stay as they are (docs/api.md, "The OpenAPI document"). Each route lists its
 * success status and every refusal it can give, all refusals with the one error shape of docs/design.md §5.
 *
 * A response schema also makes Fastify write the answer with fast-json-stringify, which drops any field the schema
 * does not list: the exact schemas below list every field the client reads (src/api/client.ts, src/staff/api.ts);
 * every other answer's `data` is left open (`{}`), written as it is.
 */
import type { FastifySchema, RouteOptions } from 'fastify';
import { API, paths } from '../machines/rules/contract';
import { staffPaths, staffQueuePaths } from '../machines/rules/staff';

/** `{ message, data?: { error?: { field: [messages] }, retryAfter?, country_name? } }`. */
export const errorAnswer = {
  description:
    "A refusal (4xx) or our own failure (5xx): `message` in the catalogue's words; `data.error` gives each field's messages",
  type: 'object',
  required: ['message'],
  properties: {
    message: { type: 'string' },
    data: {
      type: 'object',
      properties: {
        error: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
        retryAfter: { type: 'integer', description: 'Seconds to wait (429)' },
        country_name: { type: 'string' },
      },
      additionalProperties: true,
    },
  },
} as const;

/** Any success answer whose `data` this document does not spell out: written as it is, nothing dropped. */
const okAnswer = {
  description: 'Done: `message` says what, `data` holds the answer (docs/api.md)',
  type: 'object',
  properties: { message: { type: 'string' }, data: {} },
  additionalProperties: true,
} as const;

const nullable = (type: string) => ({ type: [type, 'null'] });
const counts = { type: 'object', additionalProperties: { type: 'integer' } } as const;

const cohortInfo = {
  type: 'object',
  required: ['id', 'name', 'number', 'start_date', 'application_deadline'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    number: { type: 'integer' },
    start_date: { type: 'string' },
    application_deadline: { type: 'string' },
  },
} as const;

/** GET paths.currentCohort: `{ message, data: [CohortInfo] }` (machines/rules/contract.ts). */
const currentCohortAnswer = {
  description:
    'The cohort an application started now is for; `full`: the cohort open now, when it is full (decision 122)',
  type: 'object',
  required: ['message', 'data'],
  properties: {
    message: { type: 'string' },
    data: {
      type: 'array',
      items: { ...cohortInfo, properties: { ...cohortInfo.properties, full: cohortInfo } },
    },
  },
} as const;

/** GET staffQueuePaths.queue: `{ message, data: StaffQueuePage }` (machines/rules/staff.ts). */
const queueAnswer = {
  description:
    "One page of a cohort's applications; `email` and `phone` only for a role that sees contact details",
  type: 'object',
  required: ['message', 'data'],
  properties: {
    message: { type: 'string' },
    data: {
      type: 'object',
      required: ['cohort', 'rows', 'nextCursor', 'total', 'elsewhere', 'counts'],
      properties: {
        cohort: {
          type: 'object',
          properties: {
            id: { type: 'integer' },
            number: { type: 'integer' },
            name: { type: 'string' },
            seats: { type: 'integer' },
            taken: { type: 'integer' },
          },
        },
        rows: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              id: { type: 'integer' },
              name: { type: 'string' },
              email: { type: 'string' },
              phone: { type: 'string' },
              country: { type: 'string' },
              city: { type: 'string' },
              cohort: { type: 'string' },
              referralSource: { type: 'string' },
              stage: { type: 'string' },
              eligibility: nullable('string'),
              status: nullable('string'),
              statusLabel: { type: 'string' },
              paymentOption: { type: 'string' },
              paymentStatus: { type: 'string' },
              cv: { type: 'string' },
              createdAt: { type: 'string' },
              submittedAt: { type: 'string' },
            },
          },
        },
        nextCursor: nullable('string'),
        total: { type: 'integer' },
        elsewhere: { type: 'integer' },
        counts: { type: 'object', properties: { status: counts, stage: counts } },
      },
    },
  },
} as const;

const file = (description: string, ...types: string[]) => ({
  description,
  content: Object.fromEntries(types.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
});

interface Answers {
  /** The success status and its schema. */
  ok: [number, unknown];
  /** The refusals this route gives itself, beyond those every route of its kind gives (see `refusalsOf`). */
  refuses: number[];
}

const json = (status = 200, schema: unknown = okAnswer): [number, unknown] => [status, schema];
const staff = (...refuses: number[]): Answers => ({ ok: json(), refuses });

/** Keyed `METHOD url` as the route is registered. */
const ANSWERS: Record<string, Answers> = {
  [`GET ${paths.currentCohort}`]: { ok: json(200, currentCohortAnswer), refuses: [] },
  [`GET ${paths.lookup.pattern}`]: { ok: json(), refuses: [400] },
  [`POST ${paths.create}`]: { ok: json(201), refuses: [400, 409] },
  [`POST ${paths.resendCode}`]: { ok: json(), refuses: [400, 404, 409] },
  [`POST ${paths.verifyEmail}`]: { ok: json(), refuses: [400, 404] },
  [`POST ${paths.signOut}`]: { ok: json(), refuses: [] },
  [`GET ${paths.standing}`]: { ok: json(), refuses: [401, 403] },
  [`POST ${paths.eligibility}`]: { ok: json(), refuses: [400, 401, 404, 409] },
  [`POST ${paths.employment}`]: { ok: json(), refuses: [400, 401, 404, 409] },
  [`POST ${paths.other}`]: { ok: json(), refuses: [400, 401, 404, 409] },
  [`POST ${paths.submit}`]: { ok: json(), refuses: [400, 401, 404, 409] },
  [`POST ${paths.misc}`]: { ok: json(), refuses: [400, 401, 404, 409] },
  [`POST ${paths.update.pattern}`]: { ok: json(), refuses: [400, 401, 404, 409] },
  [`POST ${paths.uploadCv}`]: { ok: json(), refuses: [400, 401, 404, 409] },
  [`GET ${paths.geo}`]: { ok: json(), refuses: [503] },
  [`POST ${paths.paymentStart}`]: { ok: json(), refuses: [400, 401, 404, 409, 503] },
  [`POST ${paths.paymentVerify}`]: { ok: json(), refuses: [400, 401, 404, 409, 503] },
  [`POST ${paths.funnelStep}`]: { ok: [204, { description: 'Counted', type: 'null' }], refuses: [400] },

  [`POST ${staffPaths.signIn}`]: { ok: json(), refuses: [400] },
  [`POST ${staffPaths.verify}`]: { ok: json(), refuses: [400] },
  [`POST ${staffPaths.signOut}`]: { ok: json(), refuses: [] },
  [`GET ${staffPaths.me}`]: staff(),
  [`GET ${staffPaths.team}`]: staff(),
  [`POST ${staffPaths.team}`]: { ok: json(201), refuses: [400, 409] },
  [`DELETE ${staffPaths.teamMember}`]: staff(400, 404, 409),
  [`GET ${staffPaths.application}`]: staff(400, 404),
  [`GET ${staffPaths.cv}`]: {
    ok: [
      200,
      file('The CV: a PDF inline, a Word file as an attachment', 'application/pdf', 'application/msword'),
    ],
    refuses: [400, 404],
  },
  [`POST ${staffPaths.notes}`]: { ok: json(201), refuses: [400, 404] },
  [`POST ${staffPaths.events}`]: staff(400, 404, 409),
  [`GET ${staffPaths.audit}`]: staff(400),
  [`GET ${staffQueuePaths.queue}`]: { ok: json(200, queueAnswer), refuses: [400, 404] },
  [`POST ${staffQueuePaths.bulk}`]: staff(400, 404),
  [`POST ${staffQueuePaths.bulkCsv}`]: staff(400, 404),
  [`GET ${staffQueuePaths.cohorts}`]: staff(),
  [`GET ${staffQueuePaths.exportCsv}`]: {
    ok: [200, file("The filter's applications, UTF-8 with a BOM", 'text/csv')],
    refuses: [400, 404],
  },
  [`GET ${staffQueuePaths.cvsZip}`]: {
    ok: [200, file("The filter's CVs", 'application/zip')],
    refuses: [400, 404],
  },
  [`GET ${staffQueuePaths.funnel}`]: staff(400, 404),
};

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const SIGNED_OUT_STAFF: readonly string[] = [staffPaths.signIn, staffPaths.verify, staffPaths.signOut];

/**
 * Every route's own refusals and those of its kind: a write can come from another site (403), arrive too slowly
 * (408), too large (413) or as a body we do not read (415); a rate-limited route answers 429; every staff route but
 * signing in and out needs the staff session (401) and some a role (403); any route can fail on our side (500).
 */
function refusalsOf(route: RouteOptions, own: number[]): number[] {
  const method = ([] as string[]).concat(route.method)[0];
  const statuses = new Set([...own, 500]);
  if (WRITES.has(method)) for (const status of [403, 408, 413, 415]) statuses.add(status);
  if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit) statuses.add(429);
  if (route.url.startsWith(`${API}/staff/`) && !SIGNED_OUT_STAFF.includes(route.url)) {
    statuses.add(401);
    statuses.add(403);
  }
  return [...statuses].sort((a, b) => a - b);
}

/** The onRoute hook: adds the answers to every API route that does not already list them. */
export function documentAnswers(route: RouteOptions): void {
  const schema = (route.schema ?? {}) as FastifySchema & {
    hide?: boolean;
    response?: Record<string, unknown>;
  };
  if (schema.hide || !route.url.startsWith(`${API}/`) || schema.response) return;
  const method = ([] as string[]).concat(route.method)[0];
  const answers = ANSWERS[`${method === 'HEAD' ? 'GET' : method} ${route.url}`] ?? {
    ok: json(),
    refuses: [400],
  };
  const [okStatus, okSchema] = answers.ok;
  route.schema = {
    ...schema,
    response: {
      [okStatus]: okSchema,
      ...Object.fromEntries(refusalsOf(route, answers.refuses).map((status) => [status, errorAnswer])),
    },
  };
}
