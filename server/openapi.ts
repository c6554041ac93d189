/**
 * Every API route's answers, for the OpenAPI document (/api/docs) and for serialisation, added in one place by an
 * onRoute hook so that route files stay as they are (docs/api.md, "The OpenAPI document"). Each route lists its
 * success status and every refusal it can give, all refusals with the one error shape of docs/design.md §5.
 *
 * A response schema also makes Fastify write the answer with fast-json-stringify, which writes only the fields a
 * schema names: the success schemas (server/routes/answers.ts, server/staff/answers.ts) name every field each route
 * sends, and the server tests check that nothing is dropped (decision 093). Files are described by content type.
 * The staff routes' table is server/staff/answers.ts's, handed over by server/app.ts: this file, which the staff
 * side's route schemas use too, imports nothing of server/staff/ (docs/architecture.md).
 */
import type { FastifySchema, RouteOptions } from 'fastify';
import { API, paths } from '../machines/rules/contract';
import { staffPaths } from '../machines/rules/staff/paths';
import { privacyPaths } from '../machines/rules/privacy';
import { STEP_SPECS } from '../machines/steps';
import { erasedAnswer, staffErasedAnswer, zipAnswer } from './privacy/answers';
import { applicantAnswers } from './routes/answers';

/** `{ message, data?: { error?: { field: [messages] }, retryAfter?, country_name? } }`. */
/** What any route can answer on our side: a failure (500), or a database connection cut under it (503, retried). */
export const OUR_FAILURES = [500, 503] as const;

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

/** A route this table does not know (a new one): its answer written as it is until the table names it. */
const openAnswer = {
  description: 'Done: `message` says what, `data` holds the answer (docs/api.md)',
  type: 'object',
  properties: { message: { type: 'string' }, data: {} },
  additionalProperties: true,
} as const;

/** A file answer, described by its content types. */
export const file = (description: string, ...types: string[]) => ({
  description,
  content: Object.fromEntries(types.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
});

export interface Answers {
  /** The success status and its schema. */
  ok: [number, unknown];
  /** The refusals this route gives itself, beyond those every route of its kind gives (see `refusalsOf`). */
  refuses: number[];
}

/** Routes' answers, keyed `METHOD url` as the route is registered. */
export type AnswerTable = Record<string, Answers>;

/**
 * What the staff side adds to the document (server/staff/answers.ts), handed over by the composition root
 * (server/app.ts) so that this file, shared by both sides, imports neither: its routes' answers, and which of its
 * writes act on one application (each answers 404 once it is erased).
 */
export interface StaffDocument {
  answers: AnswerTable;
  isOneApplicationWrite: (method: string, url: string | undefined) => boolean;
}

export const json = (schema: unknown, status = 200): [number, unknown] => [status, schema];
/** A staff route's answers: its success (200) and its own refusals. */
export const staff = (schema: unknown, ...refuses: number[]): Answers => ({ ok: json(schema), refuses });
const A = applicantAnswers;

/** The applicant's routes and the privacy routes of both sides; the staff side's are given to `documentAnswers`. */
const ANSWERS: AnswerTable = {
  [`GET ${paths.currentCohort}`]: { ok: json(A.currentCohort), refuses: [] },
  [`GET ${paths.privacyNotice}`]: { ok: json(A.privacyNotice), refuses: [] },
  [`GET ${paths.lookup.pattern}`]: { ok: json(A.lookup), refuses: [400] },
  [`POST ${paths.create}`]: { ok: json(A.create, 201), refuses: [400, 409] },
  [`POST ${paths.resendCode}`]: { ok: json(A.resendCode), refuses: [400, 404, 409] },
  [`POST ${paths.verifyEmail}`]: { ok: json(A.verifyEmail), refuses: [400, 404, 409] },
  [`POST ${paths.signOut}`]: { ok: json(A.signOut), refuses: [] },
  [`GET ${paths.standing}`]: { ok: json(A.standing), refuses: [401, 403] },
  [`POST ${paths.withdraw}`]: { ok: json(A.withdraw), refuses: [401, 403, 409] },
  [`GET ${paths.selectionQuiz}`]: { ok: json(A.selectionQuiz), refuses: [] },
  [`POST ${paths.eligibility}`]: { ok: json(A.eligibility), refuses: [400, 401, 404, 409] },
  // Each step's own save route (machines/steps/), one handler over them all (server/routes/steps.ts).
  ...Object.fromEntries(
    STEP_SPECS.flatMap((step) =>
      step.save ? [[`POST ${step.save.path}`, { ok: json(A.saved), refuses: [400, 401, 404, 409] }]] : [],
    ),
  ),
  [`POST ${paths.submit}`]: { ok: json(A.submit), refuses: [400, 401, 404, 409] },
  [`POST ${paths.misc}`]: { ok: json(A.saved), refuses: [400, 401, 404, 409] },
  [`POST ${paths.update.pattern}`]: { ok: json(A.saved), refuses: [400, 401, 404, 409] },
  [`POST ${paths.uploadCv}`]: { ok: json(A.uploadCv), refuses: [400, 401, 404, 409] },
  [`GET ${paths.geo}`]: { ok: json(A.geo), refuses: [503] },
  [`POST ${paths.paymentStart}`]: { ok: json(A.paymentStart, 201), refuses: [400, 401, 404, 409, 503] },
  // 402: the provider did not confirm the payment (it is recorded as failed).
  [`POST ${paths.paymentVerify}`]: { ok: json(A.paymentVerify), refuses: [400, 401, 402, 404, 409, 503] },
  [`POST ${paths.funnelStep}`]: { ok: [204, { description: 'Counted', type: 'null' }], refuses: [400] },

  [`GET ${privacyPaths.download}`]: { ok: [200, zipAnswer], refuses: [401, 404] },
  [`POST ${privacyPaths.erase}`]: { ok: json(erasedAnswer), refuses: [400, 401] },
  [`GET ${privacyPaths.staffExport}`]: staff(zipAnswer, 400, 404),
  [`POST ${privacyPaths.staffErase}`]: staff(staffErasedAnswer, 400, 404, 409),
};

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const SIGNED_OUT_STAFF: readonly string[] = [staffPaths.signIn, staffPaths.verify, staffPaths.signOut];

/**
 * Every route's own refusals and those of its kind: a write can come from another site (403), arrive too slowly
 * (408), too large (413) or as a body we do not read (415); a staff write on one application answers 404 once it is
 * erased; a rate-limited route answers 429; every staff route but signing in and out needs the staff session (401)
 * and some a role (403); any route can fail on our side (OUR_FAILURES).
 */
function refusalsOf(route: RouteOptions, own: number[], staffSide: StaffDocument): number[] {
  const method = ([] as string[]).concat(route.method)[0];
  const statuses = new Set([...own, ...OUR_FAILURES]);
  // Every write reads a body: one that does not parse (a `__proto__` key included) is 400 in our words (server/errors.ts).
  if (WRITES.has(method)) for (const status of [400, 403, 408, 413, 415]) statuses.add(status);
  // An erased application answers 404 to every staff write on it (server/staff/erasedGuard.ts).
  if (staffSide.isOneApplicationWrite(method, route.url)) statuses.add(404);
  if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit) statuses.add(429);
  if (route.url.startsWith(`${API}/staff/`) && !SIGNED_OUT_STAFF.includes(route.url)) {
    statuses.add(401);
    statuses.add(403);
  }
  return [...statuses].sort((a, b) => a - b);
}

/** The onRoute hook: adds the answers to every API route that does not already list them. */
export function documentAnswers(staffSide: StaffDocument): (route: RouteOptions) => void {
  const table: AnswerTable = { ...ANSWERS, ...staffSide.answers };
  return (route) => {
    const schema = (route.schema ?? {}) as FastifySchema & {
      hide?: boolean;
      response?: Record<string, unknown>;
    };
    if (schema.hide || !route.url.startsWith(`${API}/`) || schema.response) return;
    const method = ([] as string[]).concat(route.method)[0];
    const answers = table[`${method === 'HEAD' ? 'GET' : method} ${route.url}`] ?? {
      ok: json(openAnswer),
      refuses: [400],
    };
    const [okStatus, okSchema] = answers.ok;
    route.schema = {
      ...schema,
      response: {
        [okStatus]: okSchema,
        ...Object.fromEntries(
          refusalsOf(route, answers.refuses, staffSide).map((status) => [status, errorAnswer]),
        ),
      },
    };
  };
}
