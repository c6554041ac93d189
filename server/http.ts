/** Answer and failure shapes (docs/design.md §5) and the error that carries a client's mistake to the handler. */
import type { ErrorMap } from '../machines/rules/messages';

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

/** The first message of an error map: the top-level message of a validation failure. */
export const firstMessage = (errors: ErrorMap, fallback: string): string =>
  Object.values(errors).flatMap((m) => m ?? [])[0] ?? fallback;
