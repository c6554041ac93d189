/**
 * Saved views (docs/decisions/060-the-staff-queue.md): any team member saves the queue's view under a name, lists and
 * deletes their own; another's view is a 404, as if it were not there.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../machines/rules/messages';
import { HIDDEN_SINGLE_LINE } from '../../machines/rules/fields';
import { queueViewOf, savedViewQuery } from '../../machines/rules/queueView';
import {
  normaliseViewName,
  SAVED_VIEWS_MAX,
  savedViewPaths,
  type SavedViewResult,
} from '../../machines/rules/staff/savedViews';
import { STAFF_MESSAGES as M } from '../../machines/rules/staff/messages';
import { type StaffRole } from '../../machines/rules/staff/roles';
import type { Context } from '../context';
import type { Queryable } from '../db/index';
import { fail, fieldFail, HttpError } from '../http';
import { object, str } from '../routes/schemas';
import { readQueueView } from './queueView';
import type { StaffGuard } from './staffGuard';
import { staffSchema } from './routeSchema';
import { countViews, deleteView, insertView, replaceView, viewNamed, viewsOf } from './savedViews';

const QUERY_MAX = 2000;
const HIDDEN = new RegExp(`[${HIDDEN_SINGLE_LINE}]`, 'u');
const schema = (summary: string, parts: Record<string, unknown> = {}) =>
  staffSchema(summary, undefined, parts);
const idParams = object({ id: { type: 'string', pattern: '^[0-9]{1,9}$' } }, ['id']);

/**
 * The view to keep: the queue's names only, checked as the queue checks them (a refusal names the field `query`,
 * in the queue's words), with the cohort it shows written in, so the view stays on that cohort when another opens.
 */
async function viewToSave(ctx: Context, text: string, role: StaffRole, staffId: number): Promise<string> {
  const query = queueViewOf(new URLSearchParams(text));
  if (Object.values(query).some((value) => HIDDEN.test(value)))
    throw fieldFail(400, 'query', MESSAGES.hiddenCharacters);
  try {
    const view = await readQueueView(ctx.db, ctx, { ...query, cursor: undefined }, role, false, staffId);
    return savedViewQuery({ ...query, cohort: String(view.cohort.number) });
  } catch (error) {
    if (error instanceof HttpError && error.statusCode < 500) throw fieldFail(400, 'query', error.message);
    throw error;
  }
}

/** Saves the view under the name, replacing the query of the member's view of that name. */
async function saveView(
  tx: Queryable,
  staffId: number,
  name: string,
  query: string,
  now: Date,
): Promise<SavedViewResult> {
  const existing = await viewNamed(tx, staffId, name);
  if (existing) return { ...(await replaceView(tx, existing.id, name, query)), replaced: true };
  if ((await countViews(tx, staffId)) >= SAVED_VIEWS_MAX)
    throw fieldFail(409, 'name', M.viewsFull(SAVED_VIEWS_MAX));
  return { ...(await insertView(tx, staffId, name, query, now)), replaced: false };
}

const idOf = (request: FastifyRequest) => Number((request.params as { id: string }).id);

export function savedViewRoutes(app: FastifyInstance, ctx: Context, staff: StaffGuard): void {
  const { db, config } = ctx;
  app.get(
    savedViewPaths.views,
    schema('The saved views of the team member signed in, by name'),
    async (request) => {
      const member = await staff(request);
      return { message: 'Saved views', data: await viewsOf(db, member.id) };
    },
  );

  app.post<{ Body: { name?: unknown; query?: unknown } }>(
    savedViewPaths.views,
    schema("Save the queue's view under a name (any team member); a name they used already is replaced", {
      body: object({ name: str(200), query: str(QUERY_MAX) }, ['name', 'query']),
    }),
    async (request) => {
      const member = await staff(request);
      const name = normaliseViewName(request.body?.name);
      if (name === null) throw fieldFail(400, 'name', M.viewNameInvalid);
      const query = await viewToSave(ctx, String(request.body?.query ?? ''), member.role, member.id);
      const data = await db.transaction((tx) => saveView(tx, member.id, name, query, config.now()));
      return { message: data.replaced ? M.viewReplaced(name) : M.viewSaved, data };
    },
  );

  app.delete(
    savedViewPaths.view,
    schema('Delete one of your saved views', { params: idParams }),
    async (request) => {
      const member = await staff(request);
      const id = idOf(request);
      if (!(await deleteView(db, member.id, id))) throw fail(404, M.viewNotFound);
      return { message: M.viewDeleted, data: { id } };
    },
  );
}
