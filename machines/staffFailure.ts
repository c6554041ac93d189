/** What a failed call of the staff back office tells the screen, for every staff machine. */
import type { ErrorMap } from './rules/messages';
import { STAFF_MESSAGES } from './rules/staff';

/** What a failed call tells the screen: one message, and field errors when the server named a field. */
export interface StaffFailure {
  message: string;
  errors?: ErrorMap;
}

/** The server's refusal as it gave it, or, when there was no answer, that the server could not be reached. */
export const failureOf = (error: unknown): StaffFailure =>
  typeof error === 'object' && error !== null && 'message' in error
    ? { message: String((error as StaffFailure).message), errors: (error as StaffFailure).errors }
    : { message: STAFF_MESSAGES.unreachable };

/** A failure as a screen shows it: the message above the form, the field errors beside their fields. */
export const alertsOf = (error: unknown) => {
  const failure = failureOf(error);
  return { message: failure.message, errors: failure.errors ?? {} };
};

/** A new call starts with nothing said about the last one. */
export const NO_ALERTS = { errors: {}, message: undefined, notice: undefined };

/** The message of a failed call's event, for `assign({ message: failureMessage })`. */
export const failureMessage = ({ event }: { event: { error?: unknown } }) => failureOf(event.error).message;
