/**
 * The staff routes of the queue, bulk decisions, exports and the funnel (docs/api.md, "Staff"), each behind the
 * staff guard of server/staff/routes.ts; bulk decisions and the CV zip are an admin's.
 */
import type { FastifyInstance } from 'fastify';
import { parse } from 'csv-parse/sync';
import {
  STAFF_QUEUE_MESSAGES as M,
  staffQueuePaths,
  type BulkEvent,
  type StaffBulkResult,
  type StaffCsvResult,
  type StaffCsvRow,
  type StaffQueueQuery,
} from '../../machines/rules/staff';
import type { Context } from '../context';
import { fail, fieldFail } from '../http';
import { applyBulk, BULK_MAX, isBulkEvent, planBulk, previewEmails, readIds } from './bulk';
import { exportCsv, exportCvZip } from './export';
import { funnel, funnelBeaconRoute } from './funnel';
import { eachPage, queueCohort, queueRoutes, readQueueView, type StaffGuard } from './queue';
import { qb, run } from './sql';
import { audit } from './store';

const CSV_MAX_ROWS = 5000;
const staffSchema = (summary: string) => ({ schema: { summary, tags: ['staff'] } });

/** The filter as the audit log keeps it: its query string without the search, which may be a name or an email. */
const auditedFilter = (query: StaffQueueQuery) => {
  const { q, cursor: _cursor, ...rest } = query as Record<string, string>;
  return { filter: new URLSearchParams(rest).toString().slice(0, 500), search: Boolean(q) };
};

const DECISIONS: Record<string, BulkEvent> = { accept: 'ACCEPT', waitlist: 'WAITLIST', reject: 'REJECT' };

export async function staffQueueRoutes(app: FastifyInstance, ctx: Context, staff: StaffGuard): Promise<void> {
  const { db, config } = ctx;
  queueRoutes(app, ctx, staff);
  funnelBeaconRoute(app, ctx);

  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'string', bodyLimit: 1024 * 1024 },
    (_request, body, done) => done(null, body),
  );

  /** The ids a filter selects, in its sort order. */
  async function idsOf(filter: unknown): Promise<number[]> {
    if (!filter || typeof filter !== 'object') throw fieldFail(400, 'filter', M.bulkNothing);
    const view = await readQueueView(db, ctx, filter as Record<string, unknown>, false);
    const ids: number[] = [];
    for await (const page of eachPage<{ id: number; sort_key: unknown }>(db, view, (q) => q, 2000)) {
      ids.push(...page.map((r) => r.id));
      if (ids.length > BULK_MAX) throw fieldFail(400, 'filter', M.bulkTooMany(BULK_MAX));
    }
    return ids;
  }

  app.post<{ Body: Record<string, unknown> }>(
    staffQueuePaths.bulk,
    staffSchema('Accept, waitlist or reject many applications at once (admins); dryRun previews'),
    async (request) => {
      const member = await staff(request, 'admin');
      const body = request.body ?? {};
      if (!isBulkEvent(body.event)) throw fieldFail(400, 'event', M.bulkEvent);
      if (body.ids !== undefined && body.filter !== undefined) throw fieldFail(400, 'ids', M.bulkEither);
      const ids = body.ids !== undefined ? readIds(body.ids) : await idsOf(body.filter);
      if (ids.length === 0) throw fieldFail(400, 'ids', M.bulkNothing);
      const capSeats = body.capSeats === true;
      const dryRun = body.dryRun === true;
      const outcome = dryRun
        ? await planBulk(db, ids, body.event, capSeats)
        : await applyBulk(ctx, member, ids, body.event, capSeats, body.ids !== undefined ? 'ids' : 'filter');
      const result: StaffBulkResult = {
        dryRun,
        matched: ids.length,
        applied: outcome.applied,
        refused: outcome.refused,
        preview: dryRun ? await previewEmails(ctx, outcome.firstOf) : [],
        seatsFree: outcome.seatsFree,
      };
      const done = Object.values(outcome.applied).reduce((a, b) => a + b, 0);
      return {
        message: dryRun ? `${done} of ${ids.length} can be changed` : `${done} changed`,
        data: result,
      };
    },
  );

  app.post<{ Body: unknown; Querystring: { dryRun?: string } }>(
    staffQueuePaths.bulkCsv,
    staffSchema('Decisions from a CSV of email,decision rows (admins); ?dryRun=1 previews'),
    async (request) => {
      const member = await staff(request, 'admin');
      if (typeof request.body !== 'string') throw fail(415, M.csvType);
      const dryRun = request.query.dryRun === '1' || request.query.dryRun === 'true';
      let records: string[][];
      try {
        records = parse(request.body.replace(/^\uFEFF/, ''), {
          relax_column_count: true,
          skip_empty_lines: true,
          trim: true,
        });
      } catch {
        throw fail(400, M.csvRow);
      }
      // A header row (email,decision) is allowed and skipped.
      const start = records[0]?.[0]?.toLowerCase() === 'email' ? 1 : 0;
      const lines = records.slice(start);
      if (lines.length === 0) throw fail(400, M.csvEmpty);
      if (lines.length > CSV_MAX_ROWS) throw fail(400, M.csvTooBig(CSV_MAX_ROWS));
      const rows: StaffCsvRow[] = lines.map(([email = '', decision = ''], i) => ({
        line: i + start + 1,
        email,
        decision,
        outcome: 'invalid',
        ...(email.includes('@') && DECISIONS[decision.toLowerCase()] ? {} : { reason: M.csvRow }),
      }));
      const emails = [...new Set(rows.filter((r) => !r.reason).map((r) => r.email.toLowerCase()))];
      const found = new Map<string, number>();
      for (let i = 0; i < emails.length; i += 1000) {
        const matches = await run(
          db,
          qb
            .selectFrom('applications as a')
            .select(['a.id', 'a.email'])
            .where((eb) => eb(eb.fn('lower', ['a.email']), 'in', emails.slice(i, i + 1000)))
            .where('a.submitted_at', 'is not', null),
        );
        for (const m of matches) found.set(m.email.toLowerCase(), m.id);
      }
      const applied: StaffCsvResult['applied'] = {};
      // Each decision is planned (dry run) or applied by the same code as the bulk route, one event at a time.
      for (const event of Object.values(DECISIONS)) {
        const mine = rows.filter((r) => !r.reason && DECISIONS[r.decision.toLowerCase()] === event);
        for (const r of mine) r.id = found.get(r.email.toLowerCase());
        const known = mine.filter((r) => r.id !== undefined);
        for (const r of mine)
          if (r.id === undefined) Object.assign(r, { outcome: 'unknown', reason: M.unknownEmail });
        if (known.length === 0) continue;
        const ids = [...new Set(known.map((r) => r.id as number))];
        const outcome = dryRun
          ? await planBulk(db, ids, event, false)
          : await applyBulk(ctx, member, ids, event, false, 'csv');
        const refused = new Map(outcome.refused.map((r) => [r.id, r.reason]));
        for (const r of known) {
          const reason = refused.get(r.id as number);
          Object.assign(r, reason ? { outcome: 'refused', reason } : { outcome: 'ok' });
        }
        if (outcome.applied[event]) applied[event] = outcome.applied[event];
      }
      const result: StaffCsvResult = { dryRun, rows, applied };
      const ok = rows.filter((r) => r.outcome === 'ok').length;
      return {
        message: dryRun ? `${ok} of ${rows.length} rows can be applied` : `${ok} applied`,
        data: result,
      };
    },
  );

  app.get<{ Querystring: StaffQueueQuery }>(
    staffQueuePaths.exportCsv,
    staffSchema("The filter's applications as CSV (email and phone only for admins)"),
    async (request, reply) => {
      const member = await staff(request);
      const view = await readQueueView(db, ctx, request.query as Record<string, unknown>, false);
      const withContact = member.role === 'admin';
      await audit(db, member.id, 'export', config.now(), null, {
        format: 'csv',
        cohort: view.cohort.number,
        contact: withContact,
        ...auditedFilter(request.query),
      });
      const name = `cohort-${view.cohort.number}-applications.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('x-content-type-options', 'nosniff')
        .send(exportCsv(db, view, withContact));
    },
  );

  app.get<{ Querystring: StaffQueueQuery }>(
    staffQueuePaths.cvsZip,
    staffSchema("The filter's CVs as one zip (admins)"),
    async (request, reply) => {
      const member = await staff(request, 'admin');
      const view = await readQueueView(db, ctx, request.query as Record<string, unknown>, false);
      await audit(db, member.id, 'export', config.now(), null, {
        format: 'zip',
        cohort: view.cohort.number,
        ...auditedFilter(request.query),
      });
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="cohort-${view.cohort.number}-cvs.zip"`)
        .header('x-content-type-options', 'nosniff')
        .send(exportCvZip(db, view, ctx.storage));
    },
  );

  app.get<{ Querystring: { cohort?: string } }>(
    staffQueuePaths.funnel,
    staffSchema("A cohort's funnel: steps reached, drop-off, median times, refused saves, splits"),
    async (request) => {
      await staff(request);
      const numberText =
        typeof request.query.cohort === 'string' && request.query.cohort !== ''
          ? request.query.cohort
          : undefined;
      const cohort = await queueCohort(db, ctx, numberText);
      return { message: 'Funnel', data: await funnel(db, cohort) };
    },
  );
}
