/**
 * The saved views' table (docs/decisions/060-the-staff-queue.md): a team member's named queue views, each read, saved
 * and deleted only by its owner. A name matches whatever its letters' case, so "Lagos" replaces "lagos".
 */
import { withoutSearchFor, type SearchedPerson } from '../../machines/rules/queueView';
import type { SavedView } from '../../machines/rules/staff/savedViews';
import type { Compilable } from 'kysely';
import type { Queryable } from '../db/index';
import { first, qb, run } from '../db/query';

/** The member's saved views, by name. */
export const viewsOf = (db: Queryable, staffId: number): Promise<SavedView[]> =>
  run(
    db,
    qb
      .selectFrom('saved_views')
      .select(['id', 'name', 'query'])
      .where('staff_id', '=', staffId)
      .orderBy((eb) => eb.fn('lower', ['name']))
      .orderBy('id'),
  );

/** The member's view of this name (any case), locked while it is replaced. */
export const viewNamed = (tx: Queryable, staffId: number, name: string) =>
  first(
    tx,
    qb
      .selectFrom('saved_views')
      .select('id')
      .where('staff_id', '=', staffId)
      .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
      .forUpdate(),
  );

export async function countViews(tx: Queryable, staffId: number): Promise<number> {
  const row = await first(
    tx,
    qb
      .selectFrom('saved_views')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('staff_id', '=', staffId),
  );
  return Number(row?.n ?? 0);
}

/** A write that answers with the view it wrote. */
const writtenView = async (tx: Queryable, write: Compilable<SavedView>): Promise<SavedView> =>
  (await first(tx, write)) as SavedView;

/** Gives the view `id` its new name's spelling and query. */
export const replaceView = (tx: Queryable, id: number, name: string, query: string) =>
  writtenView(
    tx,
    qb
      .updateTable('saved_views')
      .set({ name, query })
      .where('id', '=', id)
      .returning(['id', 'name', 'query']),
  );

export const insertView = (tx: Queryable, staffId: number, name: string, query: string, now: Date) =>
  writtenView(
    tx,
    qb
      .insertInto('saved_views')
      .values({ staff_id: staffId, name, query, created_at: now })
      .returning(['id', 'name', 'query']),
  );

/** Deletes one of the member's views; false when they have none of that id (another's included). */
export async function deleteView(db: Queryable, staffId: number, id: number): Promise<boolean> {
  const deleted = await run(
    db,
    qb.deleteFrom('saved_views').where('id', '=', id).where('staff_id', '=', staffId).returning('id'),
  );
  return deleted.length > 0;
}

/** A removed team member's views go with the account: nobody else may open them. */
export const deleteViewsOf = (tx: Queryable, staffId: number) =>
  run(tx, qb.deleteFrom('saved_views').where('staff_id', '=', staffId));

/** An erased person's searches leave every saved view that names them; each view keeps its name and filters. */
export async function forgetSearchesFor(tx: Queryable, person: SearchedPerson): Promise<void> {
  const searching = await run(
    tx,
    qb.selectFrom('saved_views').select(['id', 'query']).where('query', 'like', '%q=%'),
  );
  for (const view of searching) {
    const query = withoutSearchFor(view.query, person);
    if (query !== null) await run(tx, qb.updateTable('saved_views').set({ query }).where('id', '=', view.id));
  }
}
