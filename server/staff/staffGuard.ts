/** The staff guard's type: what every staff route module is given by server/staff/routes.ts. */
import type { FastifyRequest } from 'fastify';
import type { StaffRole } from '../../machines/rules/staff/roles';
import type { StaffMember } from './store';

/** The guard of server/staff/routes.ts: the signed-in team member, or 401/403. */
export type StaffGuard = (request: FastifyRequest, role?: StaffRole) => Promise<StaffMember>;
