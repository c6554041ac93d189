/**
 * The routes of the tags staff add to applications (docs/decisions/060-the-staff-queue.md): any team member lists,
 * adds or removes one, audited (server/staff/tagStore.ts holds their SQL).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { normaliseTag, tagsPaths } from '../../machines/rules/staff/tags';
import { STAFF_MESSAGES as M } from '../../machines/rules/staff/messages';
import type { Context } from '../context';
import { fieldFail } from '../http';
import { object, str } from '../routes/schemas';
import type { StaffGuard } from './staffGuard';
import { staffSchema } from './routeSchema';
import { tagsOf, applicationExists, addTag, removeTag } from './tagStore';

const params = (extra: Record<string, unknown> = {}) =>
  object({ id: { type: 'string', pattern: '^[0-9]{1,9}$' }, ...extra }, ['id', ...Object.keys(extra)]);

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
      const data = await db.transaction((tx) =>
        addTag(tx, id, { tag, staffId: member.id, now: config.now() }),
      );
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
      const data = await db.transaction((tx) =>
        removeTag(tx, id, { tag, staffId: member.id, now: config.now() }),
      );
      return { message: 'Tag removed', data };
    },
  );
}
