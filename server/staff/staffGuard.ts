/**
 * The staff guard (docs/architecture.md, "A server feature"): one hook on the staff routes' scope lets no request
 * reach a handler without a signed-in team member, unless the route says it is public (`config: STAFF_PUBLIC`: the
 * sign-in, the code's check, the sign-out, the funnel's anonymous beacon), so that a route added later cannot forget
 * it. A route an admin's alone still says so where it runs (`staff(request, 'admin')`), which also hands it the member.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { STAFF_COOKIE } from '../../machines/rules/staff/session';
import { STAFF_MESSAGES } from '../../machines/rules/staff/messages';
import type { StaffRole } from '../../machines/rules/staff/roles';
import type { Context } from '../context';
import { fail } from '../http';
import { staffForSession, type StaffMember } from './store';

/** The guard of server/staff/routes.ts: the signed-in team member, or 401/403. */
export type StaffGuard = (request: FastifyRequest, role?: StaffRole) => Promise<StaffMember>;

/** The route config of a staff route anyone may call (merged with its own, e.g. its rate limit). */
export const STAFF_PUBLIC = { staffPublic: true } as const;

const isPublic = (request: FastifyRequest) =>
  (request.routeOptions.config as { staffPublic?: boolean } | undefined)?.staffPublic === true;

/**
 * Adds the guard's hook to the staff scope and answers the guard its routes call for the member (and an admin's
 * routes for the role). A preHandler, so a request the route's schema refuses is a 400 before it is a 401, as before.
 */
export function staffGuard(app: FastifyInstance, ctx: Context): StaffGuard {
  const { db, config } = ctx;
  // Read once a request: the hook, the erased-application hook and the route all ask.
  const sessions = new WeakMap<FastifyRequest, Promise<StaffMember | undefined>>();
  const memberOf = (request: FastifyRequest) => {
    let member = sessions.get(request);
    if (!member) {
      const token = request.cookies?.[STAFF_COOKIE];
      member =
        token && token.length <= 200 ? staffForSession(db, token, config.now()) : Promise.resolve(undefined);
      sessions.set(request, member);
    }
    return member;
  };

  /** The signed-in team member, or 401; with `role: 'admin'`, a reviewer gets 403. */
  async function staff(request: FastifyRequest, role?: StaffRole): Promise<StaffMember> {
    const member = await memberOf(request);
    if (!member) throw fail(401, STAFF_MESSAGES.needSignIn);
    if (role === 'admin' && member.role !== 'admin') throw fail(403, STAFF_MESSAGES.adminOnly);
    return member;
  }

  app.addHook('preHandler', async (request) => {
    if (!isPublic(request)) await staff(request);
  });
  return staff;
}
