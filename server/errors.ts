/**
 * The central error handler: a client's mistake is always a 4xx in the answer shape of docs/design.md §5, with the
 * catalogue's words where a field is known; only our own failures are 5xx.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { FIELD_MESSAGES, MESSAGES, type ErrorMap } from '../machines/rules/messages';
import { tooLong } from '../machines/rules/schemas';
import { STEP_MESSAGES } from '../machines/steps';
import { STAFF_MESSAGES } from '../machines/rules/staff/messages';
import { STAFF_QUEUE_MESSAGES as QUEUE } from '../machines/rules/staff/queue';
import { STAFF_TEMPLATE_MESSAGES as TEMPLATE } from '../machines/rules/staff/templateMessages';
import { isConnectionLoss } from './db/index';
import { HttpError, invalid } from './http';
import { noteFailure } from './logging';
import { SERVER_MESSAGES } from './messages';

interface AjvIssue {
  instancePath?: string;
  keyword?: string;
  params?: Record<string, unknown>;
}

const EXTRA_FIELD_MESSAGES: Record<string, string> = {
  token: MESSAGES.otpFormat,
  reminderDate: MESSAGES.dateInvalid,
  videoData: SERVER_MESSAGES.videoData,
  column_name: SERVER_MESSAGES.columnName,
  // Fields only the staff routes (server/staff/*) have: a name an applicant's answer also has (`eligibility`,
  // `status`, …) keeps the words above, which are the applicant's.
  id: STAFF_MESSAGES.notFound,
  role: STAFF_MESSAGES.teamRole,
  before: QUEUE.cursorStale,
  cursor: QUEUE.cursorStale,
  event: QUEUE.bulkEvent,
  ids: QUEUE.bulkNothing,
  filter: QUEUE.bulkNothing,
  capSeats: QUEUE.bulkNothing,
  dryRun: QUEUE.bulkNothing,
  step: QUEUE.funnelStep,
  kind: TEMPLATE.unknownTemplate,
  subject: TEMPLATE.subjectEmpty,
};

/** The patterns of routes/schemas.ts `str()`: a string with no hidden characters. */
const isHiddenCharacterPattern = (pattern: unknown) =>
  typeof pattern === 'string' && pattern.startsWith('^[^');

const wordsFor = (field: string): string =>
  (FIELD_MESSAGES as Record<string, string>)[field] ??
  STEP_MESSAGES[field] ??
  EXTRA_FIELD_MESSAGES[field] ??
  SERVER_MESSAGES.invalidRequest;

/** A schema failure, named by its field, in the catalogue's words. */
export function schemaErrors(issues: AjvIssue[]): ErrorMap {
  const errors: ErrorMap = {};
  for (const issue of issues) {
    // An item of a list is named by its list (`ids`, not `ids/3`).
    const segments = (issue.instancePath ?? '').split('/').filter((s) => s && !/^\d+$/.test(s));
    const named = issue.params?.missingProperty ?? issue.params?.additionalProperty;
    const field = typeof named === 'string' ? named : (segments.at(-1) ?? 'form');
    const limit = issue.params?.limit;
    const message =
      issue.keyword === 'maxLength' && typeof limit === 'number'
        ? tooLong(limit)
        : issue.keyword === 'pattern' && isHiddenCharacterPattern(issue.params?.pattern)
          ? MESSAGES.hiddenCharacters
          : wordsFor(field);
    (errors[field] ??= []).push(message);
  }
  return errors;
}

export function errorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  // A route that failed after naming its own content (an export's CSV or zip, a CV) answers in JSON all the same:
  // sent as text/csv, the failure's object would be a framework error of its own, in the framework's words.
  reply.removeHeader('content-disposition');
  reply.type('application/json; charset=utf-8');
  if (error instanceof HttpError) {
    return reply.code(error.statusCode).headers(error.headers).send(error.body);
  }
  if (error.validation) {
    const errors = schemaErrors(error.validation as AjvIssue[]);
    return reply.code(400).send(invalid(errors).body);
  }
  const code = error.code ?? '';
  if (
    code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
    error instanceof SyntaxError
  ) {
    return reply.code(400).send({ message: SERVER_MESSAGES.invalidJson });
  }
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return reply.code(413).send({ message: MESSAGES.cvSize, data: { error: { cv: [MESSAGES.cvSize] } } });
  }
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) {
    return reply.code(413).send({ message: SERVER_MESSAGES.tooLarge });
  }
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.statusCode === 415) {
    return reply.code(415).send({ message: SERVER_MESSAGES.unsupportedType });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return reply
      .code(status)
      .send({ message: status === 404 ? SERVER_MESSAGES.notFound : SERVER_MESSAGES.invalidRequest });
  }
  // Logged with the request's one line (logging.ts), not as a line of its own; never the framework's code or words.
  noteFailure(request, error);
  // A database connection cut under the request (a restart, a failover) is over in about a second: 503 is what the
  // browser's client retries (machines/rules/network.ts), and every write carries its idempotency key.
  if (isConnectionLoss(error)) {
    return reply.code(503).header('retry-after', '1').send({ message: SERVER_MESSAGES.serverError });
  }
  return reply.code(500).send({ message: SERVER_MESSAGES.serverError });
}

/** Fastify's own refusals before any route (a URL that does not decode): 400 in our words, not Fastify's. */
export function frameworkError(_error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  void reply.code(400).send({ message: SERVER_MESSAGES.invalidRequest });
}
