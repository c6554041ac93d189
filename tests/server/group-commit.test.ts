/**
 * Group commit (server/db/groupCommit.ts): writes that arrive together share one transaction, yet each caller is
 * answered only once its own write is committed, and one write that fails takes none of the others with it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/index';
import { groupCommit } from '../../server/db/groupCommit';
import { bothEngines } from './support';

describe.each(bothEngines)('group commit on $name', (database) => {
  let opened: { db: Db; drop: () => Promise<void> } | undefined;
  afterEach(async () => {
    await opened?.db.close();
    await opened?.drop();
    opened = undefined;
  });

  async function table(): Promise<Db> {
    opened = await database.open();
    await opened.db.query('CREATE TABLE gc (id integer PRIMARY KEY, v text NOT NULL)');
    return opened.db;
  }

  it('answers each write with its own result, after it is stored, in fewer transactions than writes', async () => {
    const db = await table();
    let transactions = 0;
    const counted: Db = {
      ...db,
      query: db.query,
      transaction: (fn) => {
        transactions += 1;
        return db.transaction(fn);
      },
    };
    const writer = groupCommit(counted, 1);
    const visible: boolean[] = [];
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        writer
          .query<{ id: number; v: string }>('INSERT INTO gc (id, v) VALUES ($1, $2) RETURNING id, v', [
            i + 1,
            `row ${i + 1}`,
          ])
          .then(async (result) => {
            // Answered: the row must already be there for anyone who reads it.
            const { rows } = await db.query('SELECT 1 FROM gc WHERE id = $1', [i + 1]);
            visible.push(rows.length === 1);
            return result.rows[0];
          }),
      ),
    );
    expect(results).toEqual(Array.from({ length: 40 }, (_, i) => ({ id: i + 1, v: `row ${i + 1}` })));
    expect(visible.every(Boolean)).toBe(true);
    expect(transactions).toBeGreaterThan(0);
    expect(transactions).toBeLessThan(40);
  });

  // Named: a prepared statement (server/db/index.ts), which must report its error and work again after it.
  it.each([undefined, 'gc-insert'])('one failing write fails alone (statement name: %s)', async (name) => {
    const db = await table();
    await db.query("INSERT INTO gc (id, v) VALUES (5, 'taken')");
    const writer = groupCommit(db, 1);
    const settled = await Promise.allSettled(
      [1, 2, 3, 4, 5, 6, 7].map((id) =>
        writer.query('INSERT INTO gc (id, v) VALUES ($1, $2) RETURNING id', [id, `new ${id}`], name),
      ),
    );
    const refused = settled.flatMap((s, i) => (s.status === 'rejected' ? [i + 1] : []));
    expect(refused).toEqual([5]);
    expect((settled[4] as PromiseRejectedResult).reason).toMatchObject({ code: '23505' });
    const { rows } = await db.query<{ id: number; v: string }>('SELECT id, v FROM gc ORDER BY id');
    expect(rows).toEqual([
      { id: 1, v: 'new 1' },
      { id: 2, v: 'new 2' },
      { id: 3, v: 'new 3' },
      { id: 4, v: 'new 4' },
      { id: 5, v: 'taken' },
      { id: 6, v: 'new 6' },
      { id: 7, v: 'new 7' },
    ]);
  });
});
