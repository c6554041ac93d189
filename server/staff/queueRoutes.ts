/**
 * The staff routes of the queue, bulk decisions, exports and the funnel (docs/api.md, "Staff"), each behind the
 * staff guard of server/staff/routes.ts; bulk decisions and the CV zip are an admin's. The view is read by
 * server/staff/queueView.ts, the rows by server/staff/queueStore.ts (docs/architecture.md, "A server feature").
 */
import type { FastifyInstance } from 'fastify';
import { parse } from 'csv-parse/sync';
import {
  STAFF_QUEUE_MESSAGES as M,
  staffQueuePaths,
  type StaffCohortOption,
  type StaffQueueQuery,
} from '../../machines/rules/staff/queue';
import { type BulkEvent, type StaffBulkResult } from '../../machines/rules/staff/bulk';
import { type StaffCsvResult, type StaffCsvRow } from '../../machines/rules/staff/csv';
import type { Context } from '../context';
import { fail, fieldFail } from '../http';
import {
  applyBulk,
  BULK_MAX,
  idsOfFilter,
  isBulkEvent,
  planBulk,
  previewEmails,
  readIds,
  submittedWithEmails,
} from './bulk';
import { newestCohorts } from '../db/cohorts';
import { exportCsv, exportCvZip } from './export';
import { funnel } from './funnel';
import { funnelBeaconRoute } from './funnelRoutes';
import { queueCohort, queuePage } from './queueStore';
import { queueQuerySchema, readQueueView } from './queueView';
import type { StaffGuard } from './staffGuard';
import { HIDDEN_MULTI_LINE } from '../../machines/rules/schemas';
import { object, positiveInt4, str } from '../routes/schemas';
import { audit } from './store';
import { staffSchema } from './routeSchema';

const CSV_MAX_ROWS = 5000;
const queueSchema = (summary: string, parts: { querystring?: unknown; body?: unknown } = {}) =>
  staffSchema(summary, undefined, parts);

/** A bulk action's body: ids within PostgreSQL's integer, a filter of the queue's own query string. */
const bulkBody = object({
  event: str(40),
  ids: { type: 'array', items: positiveInt4, maxItems: BULK_MAX },
  filter: queueQuerySchema,
  capSeats: { type: 'boolean' },
  dryRun: { type: 'boolean' },
  order: str(40),
});
const HIDDEN_IN_FILE = new RegExp(`[${HIDDEN_MULTI_LINE}]`, 'u');

/** The filter as the audit log keeps it: its query string without the search, which may be a name or an email. */
const auditedFilter = (query: StaffQueueQuery) => {
  const { q, cursor: _cursor, ...rest } = query as Record<string, string>;
  return { filter: new URLSearchParams(rest).toString().slice(0, 500), search: Boolean(q) };
};

const DECISIONS: Record<string, BulkEvent> = { accept: 'ACCEPT', waitlist: 'WAITLIST', reject: 'REJECT' };

export async function staffQueueRoutes(app: FastifyInstance, ctx: Context, staff: StaffGuard): Promise<void> {
  const { db, config } = ctx;
  funnelBeaconRoute(app, ctx);

  app.get(
    staffQueuePaths.queue,
    queueSchema("One cohort's applications: filters, search, sort, keyset pages", {
      querystring: queueQuerySchema,
    }),
    async (request) => {
      const member = await staff(request);
      const view = await readQueueView(
        db,
        ctx,
        request.query as Record<string, unknown>,
        member.role,
        true,
        member.id,
      );
      return { message: 'Applications', data: await queuePage(db, view) };
    },
  );

  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'string', bodyLimit: 1024 * 1024 },
    (_request, body, done) => done(null, body),
  );

  app.post<{ Body: Record<string, unknown> }>(
    staffQueuePaths.bulk,
    queueSchema('Accept, waitlist or reject many applications at once (admins); dryRun previews', {
      body: bulkBody,
    }),
    async (request) => {
      const member = await staff(request, 'admin');
      const body = request.body ?? {};
      if (!isBulkEvent(body.event)) throw fieldFail(400, 'event', M.bulkEvent);
      if (body.ids !== undefined && body.filter !== undefined) throw fieldFail(400, 'ids', M.bulkEither);
      // `order: 'score'` takes the filter's applications highest score first, whatever the view's own sort.
      if (body.order !== undefined && body.order !== 'view' && body.order !== 'score')
        throw fieldFail(400, 'order', M.chooseFromList);
      if (body.order === 'score' && body.ids !== undefined) throw fieldFail(400, 'order', M.orderNeedsFilter);
      const filter =
        body.order === 'score' && body.filter && typeof body.filter === 'object'
          ? { ...body.filter, sort: 'score', dir: 'desc' }
          : body.filter;
      const ids = body.ids !== undefined ? readIds(body.ids) : await idsOfFilter(ctx, filter, member);
      if (ids.length === 0) throw fieldFail(400, 'ids', M.bulkNothing);
      const capSeats = body.capSeats === true;
      const dryRun = body.dryRun === true;
      const outcome = dryRun
        ? await planBulk(db, ids, body.event, capSeats, ctx.config.now())
        : await applyBulk(ctx, member, ids, body.event, capSeats, body.ids !== undefined ? 'ids' : 'filter');
      const result: StaffBulkResult = {
        dryRun,
        matched: ids.length,
        applied: outcome.applied,
        refused: outcome.refused,
        preview: dryRun ? await previewEmails(ctx, outcome.firstOf) : [],
        seatsFree: outcome.seatsFree,
        undoSeconds: ctx.config.decisionUndoMs / 1000,
      };
      const done = Object.values(outcome.applied).reduce((a, b) => a + b, 0);
      return {
        message: dryRun ? `${done} of ${ids.length} can be changed` : `${done} changed`,
        data: result,
      };
    },
  );

  app.post<{ Body: unknown; Querystring: { dryRun?: string; cohort?: string } }>(
    staffQueuePaths.bulkCsv,
    queueSchema(
      'Decisions from a CSV of email,decision rows (admins); ?dryRun=1 previews, ?cohort=N names the cohort',
      { querystring: object({ dryRun: str(10), cohort: str(10) }) },
    ),
    async (request) => {
      const member = await staff(request, 'admin');
      if (typeof request.body !== 'string') throw fail(415, M.csvType);
      // No row with a NUL or another control character reaches the database's text comparisons.
      if (HIDDEN_IN_FILE.test(request.body)) throw fieldFail(400, 'file', M.csvHidden);
      const dryRun = request.query.dryRun === '1' || request.query.dryRun === 'true';
      const cohort = await queueCohort(db, ctx, request.query.cohort || undefined);
      let records: string[][];
      try {
        records = parse(request.body.replace(/^\uFEFF/, ''), {
          relax_column_count: true,
          skip_empty_lines: true,
          trim: true,
        });
      } catch {
        throw fieldFail(400, 'file', M.csvRow);
      }
      // A header row (email,decision) is allowed and skipped.
      const start = records[0]?.[0]?.toLowerCase() === 'email' ? 1 : 0;
      const lines = records.slice(start);
      if (lines.length === 0) throw fieldFail(400, 'file', M.csvEmpty);
      if (lines.length > CSV_MAX_ROWS) throw fieldFail(400, 'file', M.csvTooBig(CSV_MAX_ROWS));
      const firstLine = new Map<string, number>();
      const rows: StaffCsvRow[] = lines.map(([email = '', decision = ''], i) => {
        const line = i + start + 1;
        const row: StaffCsvRow = { line, email, decision, outcome: 'invalid' };
        if (!email.includes('@') || !DECISIONS[decision.toLowerCase()]) return { ...row, reason: M.csvRow };
        // One decision per person: a second line for the same email is refused, whatever it says.
        const earlier = firstLine.get(email.toLowerCase());
        if (earlier !== undefined) return { ...row, reason: M.csvDuplicate(earlier) };
        firstLine.set(email.toLowerCase(), line);
        return row;
      });
      const emails = [...firstLine.keys()];
      // The chosen cohort's application first, when one email applied to several cohorts.
      const found = new Map<string, { id: number; cohortId: number | null; cohortName: string | null }>();
      for (let i = 0; i < emails.length; i += 1000) {
        for (const m of await submittedWithEmails(db, emails.slice(i, i + 1000))) {
          const key = m.email.toLowerCase();
          if (!found.has(key) || m.cohort_id === cohort.id)
            found.set(key, { id: m.id, cohortId: m.cohort_id, cohortName: m.name });
        }
      }
      for (const r of rows) {
        if (r.reason) continue;
        const match = found.get(r.email.toLowerCase());
        if (!match) Object.assign(r, { outcome: 'unknown', reason: M.unknownEmail });
        else if (match.cohortId !== cohort.id)
          Object.assign(r, {
            id: match.id,
            outcome: 'refused',
            reason: M.csvOtherCohort(match.cohortName ?? 'another cohort'),
          });
        else r.id = match.id;
      }
      const applied: StaffCsvResult['applied'] = {};
      // Each decision is planned (dry run) or applied by the same code as the bulk route, one event at a time.
      for (const event of Object.values(DECISIONS)) {
        const known = rows.filter(
          (r) => !r.reason && r.id !== undefined && DECISIONS[r.decision.toLowerCase()] === event,
        );
        if (known.length === 0) continue;
        const ids = known.map((r) => r.id as number);
        const outcome = dryRun
          ? await planBulk(db, ids, event, false, ctx.config.now())
          : await applyBulk(ctx, member, ids, event, false, 'csv');
        const refused = new Map(outcome.refused.map((r) => [r.id, r.reason]));
        for (const r of known) {
          const reason = refused.get(r.id as number);
          Object.assign(r, reason ? { outcome: 'refused', reason } : { outcome: 'ok' });
        }
        if (outcome.applied[event]) applied[event] = outcome.applied[event];
      }
      const result: StaffCsvResult = { dryRun, cohort, rows, applied };
      const ok = rows.filter((r) => r.outcome === 'ok').length;
      return {
        message: dryRun ? `${ok} of ${rows.length} rows can be applied` : `${ok} applied`,
        data: result,
      };
    },
  );

  app.get(
    staffQueuePaths.cohorts,
    queueSchema('The cohorts, newest first, with the one applications go to now marked'),
    async (request) => {
      await staff(request);
      const current = await ctx.cohorts.current();
      const rows = await newestCohorts(db);
      const data: StaffCohortOption[] = rows.map((c) => ({ ...c, current: c.number === current.number }));
      return { message: 'Cohorts', data };
    },
  );

  app.get<{ Querystring: StaffQueueQuery }>(
    staffQueuePaths.exportCsv,
    queueSchema("The filter's applications as CSV (contact details only for those who see them: admins)", {
      querystring: queueQuerySchema,
    }),
    async (request, reply) => {
      const member = await staff(request);
      const view = await readQueueView(db, ctx, request.query as Record<string, unknown>, member.role, false);
      const withContact = view.contact;
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
    queueSchema("The filter's CVs as one zip (admins)", { querystring: queueQuerySchema }),
    async (request, reply) => {
      const member = await staff(request, 'admin');
      const view = await readQueueView(db, ctx, request.query as Record<string, unknown>, member.role, false);
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
    queueSchema("A cohort's funnel: steps reached, drop-off, median times, refused saves, splits", {
      querystring: object({ cohort: str(10) }),
    }),
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
