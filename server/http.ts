/** Answer and failure shapes (docs/design.md §5) and the error that carries a client's mistake to the handler. */
import type { ErrorMap } from '../machines/rules/messages';
import { errorList } from '../machines/rules/schemas';
import { errorMapOf, type Issue } from '../machines/rules/yupAnswers';
import { SERVER_MESSAGES } from './messages';

export interface FailureBody {
  message: string;
  data?: { error?: ErrorMap; retryAfter?: number; country_name?: string };
}

/** Thrown anywhere in a route; the central error handler answers it as it is. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: FailureBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.message);
    this.name = 'HttpError';
  }
}

export const fail = (status: number, message: string, error?: ErrorMap): HttpError =>
  new HttpError(status, error ? { message, data: { error } } : { message });

/** One message on one field, also used as the top-level message. */
export const fieldFail = (status: number, field: string, message: string): HttpError =>
  fail(status, message, { [field]: [message] });

/** A failed validation: 400 with every field's messages, the first of them as the top-level message. */
export const invalid = (errors: ErrorMap, fallback: string = SERVER_MESSAGES.invalidRequest): HttpError =>
  fail(400, errorList(errors)[0] ?? fallback, errors);

/** A rule's refusal: `invalid` with every problem it found. */
export const refuse = (issues: readonly Issue[]): HttpError => invalid(errorMapOf(issues));
