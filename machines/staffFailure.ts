/** What a failed call of the staff back office tells the screen, for every staff machine. */
import type { EventObject } from 'xstate';
import type { ErrorMap } from './rules/messages';
import { STAFF_MESSAGES } from './rules/staff/messages';

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

/** The error a failed call's event carries (none on any other event). */
const errorOf = (event: EventObject): unknown => ('error' in event ? event.error : undefined);

/** The message of a failed call's event, for `assign({ message: failureMessage })`. */
export const failureMessage = ({ event }: { event: EventObject }) => failureOf(errorOf(event)).message;

/** The alerts of a failed call's event, for `assign(failureAlerts)`. */
export const failureAlerts = ({ event }: { event: EventObject }) => alertsOf(errorOf(event));

/*
 * The shapes every staff chart gives a failed call, as plain config its states take. They name actions each machine
 * defines in its setup, so that they are typed with its context:
 *   showFailure: assign({ message: failureMessage }),
 *   showAlerts: assign(failureAlerts),
 *   forgetFailure: assign({ message: undefined }).
 */

/** Back to `target`, saying why the call failed in the server's or the catalogue's words (`showFailure`). */
export const failTo = <Target extends string>(target: Target) =>
  ({ target, actions: 'showFailure' }) as const;

/** Back to the form at `target` with the refusal's message and its field errors beside their fields (`showAlerts`). */
export const alertsTo = <Target extends string>(target: Target) =>
  ({ target, actions: 'showAlerts' }) as const;

/** Where a page whose load failed waits, its message shown: RETRY loads again without it (`forgetFailure`). */
export const failedLoad = {
  tags: 'failed',
  on: { RETRY: { target: 'loading', actions: 'forgetFailure' } },
} as const;
