/**
 * The assignment route (docs/decisions/163-scorecards-blind-and-a-second-review.md): an admin gives a queue view's
 * applications, or the rows ticked, to reviewers; the dealing is server/staff/assignments.ts, its SQL
 * server/staff/assignmentStore.ts.
 */
import type { FastifyInstance } from 'fastify';
import { staffQueuePaths, type StaffAssignResult } from '../../machines/rules/staff/queue';
import type { Context } from '../context';
import { object, positiveInt4 } from '../routes/schemas';
import { queueQuerySchema } from './queueView';
import type { StaffGuard } from './staffGuard';
import { staffSchema } from './routeSchema';
import { BULK_MAX } from './bulk';
import { teamMembers, idsToAssign, assign, roundRobin } from './assignments';

export function assignmentRoutes(app: FastifyInstance, ctx: Context, staff: StaffGuard): void {
  const { db, config } = ctx;
  app.post<{
    Body: { filter?: unknown; ids?: unknown; count?: unknown; reviewers?: unknown; dryRun?: boolean };
  }>(
    staffQueuePaths.assign,
    staffSchema(
      "Assign a queue view's applications (or its first `count`, or the `ids` ticked) to reviewers, round-robin among several (admins); dryRun counts",
      undefined,
      {
        body: object(
          {
            filter: queueQuerySchema,
            ids: { type: 'array', items: positiveInt4, maxItems: BULK_MAX },
            // Checked in the handler, so a wrong count is refused in the catalogue's words.
            count: { type: 'number' },
            reviewers: { type: 'array', items: positiveInt4, maxItems: 100 },
            dryRun: { type: 'boolean' },
          },
          ['reviewers'],
        ),
      },
    ),
    async (request) => {
      const admin = await staff(request, 'admin');
      const reviewers = await teamMembers(db, request.body?.reviewers);
      const ids = await idsToAssign(ctx, request.body ?? {}, admin);
      const dryRun = request.body?.dryRun === true;
      const dealt = roundRobin(ids, reviewers);
      const reassigned = await assign(db, admin, reviewers, ids, dealt, dryRun, config.now());
      const result: StaffAssignResult = {
        dryRun,
        matched: ids.length,
        perReviewer: reviewers.map((r) => ({ id: r.id, email: r.email, count: dealt.get(r)!.length })),
        reassigned,
      };
      return {
        message: dryRun ? `${ids.length} would be assigned` : `${ids.length} assigned`,
        data: result,
      };
    },
  );
}
