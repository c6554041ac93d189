/**
 * The funnel's anonymous beacon (decision 063): one view of a step before an application exists, counted by cohort,
 * step and day, with no cookie and no identifier. What it counts and the SQL are server/staff/funnel.ts.
 */
import type { FastifyInstance } from 'fastify';
import { STAFF_QUEUE_MESSAGES as M } from '../../machines/rules/staff/queue';
import type { Context } from '../context';
import { fieldFail } from '../http';
import { STAFF_PUBLIC } from './staffGuard';
import { countHit, ANONYMOUS_STEPS, funnelBeaconPath } from './funnel';

export function funnelBeaconRoute(app: FastifyInstance, ctx: Context): void {
  app.post<{ Body: { step?: string } }>(
    funnelBeaconPath,
    {
      config: { rateLimit: { max: ctx.config.rateLimits.ipPerMinute, timeWindow: 60_000 }, ...STAFF_PUBLIC },
      schema: {
        summary:
          'Counts one view of a step before an application exists (anonymous: no cookie, no identifier)',
        tags: ['funnel'],
        body: {
          type: 'object',
          properties: { step: { type: 'string', maxLength: 40 } },
          required: ['step'],
        },
      },
    },
    async (request, reply) => {
      const step = request.body.step ?? '';
      if (!ANONYMOUS_STEPS.includes(step)) throw fieldFail(400, 'step', M.funnelStep);
      const cohort = await ctx.cohorts.current();
      await countHit(ctx.db, {
        table: 'funnel_beacons',
        key: { cohort_id: cohort.id, step, day: ctx.config.now().toISOString().slice(0, 10) },
      });
      return reply.code(204).send();
    },
  );
}
