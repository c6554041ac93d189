/**
 * Tags staff add to applications (docs/decisions/060-the-staff-queue.md): any team member adds or removes
 * one, audited; a tag is normalised by `normaliseTag` so that "Follow up" and "follow up " are one tag.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { normaliseTag, tagsPaths } from '../../machines/rules/staff/tags';
import { STAFF_MESSAGES as M } from '../../machines/rules/staff/messages';
import type { Context } from '../context';
import type { Queryable } from '../db/index';
import { fail, fieldFail } from '../http';
import { object, str } from '../routes/schemas';
import { qb, run } from '../db/query';
import type { StaffGuard } from './staffGuard';
import { staffSchema } from './routeSchema';
import { audit } from './store';

const params = (extra: Record<string, unknown> = {}) =>
  object({ id: { type: 'string', pattern: '^[0-9]{1,9}$' }, ...extra }, ['id', ...Object.keys(extra)]);

/** The application's tags, sorted. */
export async function tagsOf(db: Queryable, applicationId: number): Promise<string[]> {
  const rows = await run(
    db,
    qb
      .selectFrom('application_tags')
      .select('tag')
      .where('application_id', '=', applicationId)
      .orderBy('tag'),
  );
  return rows.map((r) => r.tag);
}

async function applicationExists(db: Queryable, id: number): Promise<void> {
  const [row] = await run(db, qb.selectFrom('applications').select('id').where('id', '=', id));
  if (!row) throw fail(404, M.notFound);
}

/** Adds a tag (once; audited when it is new) and answers the application's tags. */
async function addTag(tx: Queryable, id: number, tag: string, staffId: number, now: Date): Promise<string[]> {
  await applicationExists(tx, id);
  const added = await run(
    tx,
    qb
      .insertInto('application_tags')
      .values({ application_id: id, tag, added_by: staffId, added_at: now })
      .onConflict((oc) => oc.columns(['application_id', 'tag']).doNothing())
      .returning('tag'),
  );
  if (added.length > 0) await audit(tx, staffId, 'tag_add', now, id, { tag });
  return tagsOf(tx, id);
}

/** Removes a tag the application has (404 otherwise), audited, and answers the application's tags. */
async function removeTag(
  tx: Queryable,
  id: number,
  tag: string,
  staffId: number,
  now: Date,
): Promise<string[]> {
  await applicationExists(tx, id);
  const removed = await run(
    tx,
    qb
      .deleteFrom('application_tags')
      .where('application_id', '=', id)
      .where('tag', '=', tag)
      .returning('tag'),
  );
  if (removed.length === 0) throw fail(404, M.tagNotFound);
  await audit(tx, staffId, 'tag_remove', now, id, { tag });
  return tagsOf(tx, id);
}

const idOf = (request: FastifyRequest) => Number((request.params as { id: string }).id);

export function tagRoutes(app: FastifyInstance, ctx: Context, staff: StaffGuard): void {
  const { db, config } = ctx;
  app.get(
    tagsPaths.tags,
    staffSchema("An application's tags, sorted (any team member)", undefined, { params: params() }),
    async (request) => {
      await staff(request);
      const id = idOf(request);
      await applicationExists(db, id);
      return { message: 'Tags', data: await tagsOf(db, id) };
    },
  );
  app.post<{ Body: { tag?: unknown } }>(
    tagsPaths.tags,
    staffSchema('Add a tag to an application (any team member); answers its tags', undefined, {
      params: params(),
      body: object({ tag: str(200) }, ['tag']),
    }),
    async (request) => {
      const member = await staff(request);
      const id = idOf(request);
      const tag = normaliseTag(request.body?.tag);
      if (tag === null) throw fieldFail(400, 'tag', M.tagInvalid);
      const data = await db.transaction((tx) => addTag(tx, id, tag, member.id, config.now()));
      return { message: 'Tagged', data };
    },
  );

  app.delete(
    tagsPaths.tag,
    staffSchema('Remove a tag from an application (any team member); answers its tags', undefined, {
      params: params({ tag: { type: 'string', maxLength: 200 } }),
    }),
    async (request) => {
      const member = await staff(request);
      const id = idOf(request);
      const tag = normaliseTag((request.params as { tag: string }).tag);
      if (tag === null) throw fieldFail(400, 'tag', M.tagInvalid);
      const data = await db.transaction((tx) => removeTag(tx, id, tag, member.id, config.now()));
      return { message: 'Tag removed', data };
    },
  );
}
