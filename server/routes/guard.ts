/** Access checks shared by the routes: a well-formed email, and a session that proves it. */
import { opensLaterSteps } from '../../machines/rules/eligibility';
import { ELIGIBILITY_RESULT } from '../../machines/rules/messages';
import { validateGroup } from '../../machines/validation';
import type { FastifyRequest } from 'fastify';
import { findByEmail, type ApplicationRow } from '../applications';
import type { Context } from '../context';
import type { Queryable } from '../db/index';
import { fieldFail, invalid } from '../http';
import { withDeliverableEmail } from '../mail/address';
import { SERVER_MESSAGES } from '../messages';
import { sessionApplicationId } from '../sessions';

/** The email, trimmed, or a 400 with the catalogue's email words (also when the mailer would read it otherwise). */
export function checkEmail(value: unknown): string {
  const checked = validateGroup('email', { email: typeof value === 'string' ? value : '' });
  const errors = withDeliverableEmail(checked.errors, checked.value.email);
  if (Object.keys(errors).length > 0) throw invalid(errors);
  return checked.value.email;
}

/**
 * The application named by `email`, when the request's session cookie belongs to it: none → 401, someone else's
 * → 403. With `tx` the row is locked for the rest of the transaction.
 */
export async function requireOwner(
  ctx: Context,
  request: FastifyRequest,
  email: string,
  tx?: Queryable,
): Promise<ApplicationRow> {
  const now = ctx.config.now();
  const sessionId = await sessionApplicationId(tx ?? ctx.db, request, now);
  if (sessionId === null) throw fieldFail(401, 'email', SERVER_MESSAGES.needSession);
  const row = await findByEmail(tx ?? ctx.db, email, tx !== undefined);
  if (!row || row.id !== sessionId) throw fieldFail(403, 'email', SERVER_MESSAGES.notYours);
  return row;
}

/**
 * The email a write names, once the request's session is shown to own it: checked before the body is read on, and
 * again, with the row locked, inside the write.
 */
export async function ownedEmail(ctx: Context, request: FastifyRequest, value: unknown): Promise<string> {
  const address = checkEmail(value);
  await requireOwner(ctx, request, address);
  return address;
}

/**
 * The steps after eligibility belong to applications the server scored eligible (opensLaterSteps, the rule the
 * wizard's route guards use too): one scored ineligible or action_required sees the 'under review' panel in the
 * wizard, and the API says the same words; one not scored yet is asked for its eligibility answers first (403).
 */
export function eligibleOnly(row: ApplicationRow): ApplicationRow {
  if (opensLaterSteps(row.eligibility_status)) return row;
  const message =
    row.eligibility_status === 'not measured'
      ? SERVER_MESSAGES.eligibilityFirst
      : ELIGIBILITY_RESULT.underReview;
  throw fieldFail(403, 'eligibility', message);
}
