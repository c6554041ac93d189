/**
 * The store of the tags staff add to applications (docs/decisions/060-the-staff-queue.md; routes: tagRoutes.ts): added
 * or removed audited; a tag is normalised by `normaliseTag` so that "Follow up" and "follow up " are one tag.
 */
import { STAFF_MESSAGES as M } from '../../machines/rules/staff/messages';
import type { Queryable } from '../db/index';
import { fail } from '../http';
import type { Compilable } from 'kysely';
import { qb, run } from '../db/query';
import { audit } from './store';

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

export async function applicationExists(db: Queryable, id: number): Promise<void> {
  const [row] = await run(db, qb.selectFrom('applications').select('id').where('id', '=', id));
  if (!row) throw fail(404, M.notFound);
}

/** A tag a staff member adds or removes, and when. */
export interface TagChange {
  tag: string;
  staffId: number;
  now: Date;
}

/**
 * Writes one tag change to an existing application (404 otherwise), audits it when a row changed, and answers
 * whether one did with the application's tags.
 */
async function changeTag(
  tx: Queryable,
  id: number,
  change: TagChange & { action: 'tag_add' | 'tag_remove' },
  write: Compilable<{ tag: string }>,
): Promise<{ changed: boolean; tags: string[] }> {
  await applicationExists(tx, id);
  const changed = (await run(tx, write)).length > 0;
  if (changed) await audit(tx, change.staffId, change.action, change.now, id, { tag: change.tag });
  return { changed, tags: await tagsOf(tx, id) };
}

/** Adds a tag (once; audited when it is new) and answers the application's tags. */
export async function addTag(tx: Queryable, id: number, change: TagChange): Promise<string[]> {
  const insert = qb
    .insertInto('application_tags')
    .values({ application_id: id, tag: change.tag, added_by: change.staffId, added_at: change.now })
    .onConflict((oc) => oc.columns(['application_id', 'tag']).doNothing())
    .returning('tag');
  return (await changeTag(tx, id, { ...change, action: 'tag_add' }, insert)).tags;
}

/** Removes a tag the application has (404 otherwise), audited, and answers the application's tags. */
export async function removeTag(tx: Queryable, id: number, change: TagChange): Promise<string[]> {
  const remove = qb
    .deleteFrom('application_tags')
    .where('application_id', '=', id)
    .where('tag', '=', change.tag)
    .returning('tag');
  const { changed, tags } = await changeTag(tx, id, { ...change, action: 'tag_remove' }, remove);
  if (!changed) throw fail(404, M.tagNotFound);
  return tags;
}
