/**
 * The staff reports' route (docs/api.md, "Staff"; decision 063): a cohort's reports over a range of days, per day,
 * week or month. Each report's SQL is server/staff/reportStore.ts.
 */
import type { FastifyInstance } from 'fastify';
import {
  REPORT_MESSAGES,
  REPORT_PERIODS,
  reportPaths,
  type ReportPeriod,
  type StaffReportsQuery,
} from '../../machines/rules/reports';
import type { Context } from '../context';
import { fieldFail } from '../http';
import { object, str } from '../routes/schemas';
import { day, one } from './queryParams';
import { queueCohort } from './queueStore';
import type { StaffGuard } from './staffGuard';
import { staffSchema } from './routeSchema';
import { reports } from './reportStore';

export const reportsQuerySchema = object({ cohort: str(10), from: str(20), to: str(20), per: str(10) });

export function reportRoutes(app: FastifyInstance, ctx: Context, staff: StaffGuard): void {
  app.get<{ Querystring: StaffReportsQuery }>(
    reportPaths.reports,
    staffSchema(
      "A cohort's reports: applications per day, by source and country, time to decision, throughput, score agreement",
      undefined,
      { querystring: reportsQuerySchema },
    ),
    async (request) => {
      await staff(request);
      const query = request.query as Record<string, unknown>;
      const perText = one(query, 'per') ?? 'day';
      if (!(REPORT_PERIODS as readonly string[]).includes(perText))
        throw fieldFail(400, 'per', REPORT_MESSAGES.period);
      const from = day(query, 'from') ?? null;
      const until = day(query, 'to', 1) ?? null;
      if (from && until && from >= until) throw fieldFail(400, 'to', REPORT_MESSAGES.dayOrder);
      const cohort = await queueCohort(ctx.db, ctx, one(query, 'cohort'));
      const data = await reports(ctx.db, cohort, { from, until }, perText as ReportPeriod, {
        from: one(query, 'from') ?? null,
        to: one(query, 'to') ?? null,
      });
      return { message: 'Reports', data };
    },
  );
}
