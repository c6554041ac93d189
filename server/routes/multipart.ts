/**
 * Multipart forms whose parser's failures are the client's: a missing boundary, a truncated body, a malformed part
 * header or too many parts are a 4xx with words, never a 500. Only the parser's own errors are turned into
 * answers; what the route does with each part fails as it fails.
 */
import type { FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { fail, HttpError } from '../http';
import { SERVER_MESSAGES } from '../messages';

/** The answer for a parser failure: a limit is 413, anything else a form that did not arrive whole (400). */
export function multipartFailure(error: unknown, field?: string): HttpError {
  if (error instanceof HttpError) return error;
  const status = (error as { statusCode?: unknown })?.statusCode;
  if (status === 413) return fail(413, SERVER_MESSAGES.tooLarge);
  const message = SERVER_MESSAGES.uploadIncomplete;
  return field ? fail(400, message, { [field]: [message] }) : fail(400, message);
}

/** The form's parts, in order; a parser failure is thrown as `multipartFailure`. */
export async function* formParts(request: FastifyRequest, field?: string): AsyncGenerator<Multipart> {
  const parts = request.parts();
  for (;;) {
    let next: IteratorResult<Multipart>;
    try {
      next = await parts.next();
    } catch (error) {
      throw multipartFailure(error, field);
    }
    if (next.done) return;
    yield next.value;
  }
}
