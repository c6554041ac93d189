/** Access checks shared by the routes: a well-formed email, and a session that proves it. */
import { validateGroup } from '../../machines/rules/schemas';
import type { FastifyRequest } from 'fastify';
import { findByEmail, type ApplicationRow } from '../applications';
import type { Context } from '../context';
import type { Queryable } from '../db/index';
import { fail, fieldFail, firstMessage } from '../http';
import { SERVER_MESSAGES } from '../messages';
import { sessionApplicationId } from '../sessions';

/** The email, trimmed, or a 400 with the catalogue's email words. */
export function checkEmail(value: unknown): string {
  const {
    ok,
    errors,
    value: clean,
  } = validateGroup('login', { email: typeof value === 'string' ? value : '' });
  if (!ok) throw fail(400, firstMessage(errors, SERVER_MESSAGES.invalidRequest), errors);
  return clean.email;
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
