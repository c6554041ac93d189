/**
 * An erased application is no one's to act on (docs/privacy.md, "After an erasure"): one hook answers 404 to every
 * staff write on it (a decision, a note, a tag, a score, a transfer, a message), so that a route added later cannot
 * forget the check. The session is checked first, so a stranger learns nothing about which applications are erased.
 * Bulk decisions skip an erased row and report it (server/staff/bulk.ts).
 */
import type { FastifyInstance } from 'fastify';
import { STAFF_API } from '../../machines/rules/api';
import { STAFF_MESSAGES } from '../../machines/rules/staff/messages';
import type { Queryable } from '../db/index';
import { first, qb } from '../db/query';
import { fail } from '../http';
import type { StaffGuard } from './staffGuard';

/** Every route under it names one application by `:id`. */
export const ONE_APPLICATION = `${STAFF_API}/applications/:id`;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** True for a staff write on one application: the routes the hook guards (and server/openapi.ts documents). */
export const isOneApplicationWrite = (method: string, url: string | undefined): boolean =>
  WRITES.has(method) &&
  url !== undefined &&
  (url === ONE_APPLICATION || url.startsWith(`${ONE_APPLICATION}/`));

async function isErased(db: Queryable, id: number): Promise<boolean> {
  const row = await first(db, qb.selectFrom('applications').select('erased_at').where('id', '=', id));
  return row?.erased_at != null;
}

/** Adds the hook to the staff routes' scope (server/staff/routes.ts). */
export function refuseWritesToErased(app: FastifyInstance, db: Queryable, staff: StaffGuard): void {
  app.addHook('preHandler', async (request) => {
    if (!isOneApplicationWrite(request.method, request.routeOptions.url)) return;
    await staff(request);
    const id = Number((request.params as { id?: string }).id);
    if (Number.isSafeInteger(id) && (await isErased(db, id))) throw fail(404, STAFF_MESSAGES.notFound);
  });
}
