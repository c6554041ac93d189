/**
 * Group commit: single statements that arrive while others are being written go to the database together, in one
 * transaction, so many creates share one commit (one WAL flush; on PGlite, one round of file writes) instead of
 * paying one each. Nobody waits for a timer: the first statement goes at once, and whatever arrives meanwhile forms
 * the next group. A caller's promise settles only after its group's COMMIT, so an answer is never sent for a write
 * that could still be lost. If one statement of a group fails, the group is rolled back and each of its statements
 * runs again on its own, so only the failing one fails. Measured in docs/performance.md.
 */
import type { Db, Queryable, Row } from './index';

interface Pending {
  sql: string;
  params: unknown[];
  name?: string;
  resolve: (result: { rows: Row[] }) => void;
  reject: (error: unknown) => void;
}

/** The most statements in one transaction: a group this large already shares its commit among many. */
const MAX_GROUP = 64;

export function groupCommit(db: Db, groupsAtOnce: number): Queryable {
  const queue: Pending[] = [];
  let running = 0;

  const alone = (item: Pending) => db.query(item.sql, item.params, item.name).then(item.resolve, item.reject);

  async function write(group: Pending[]): Promise<void> {
    if (group.length === 1) return alone(group[0]);
    let results: { rows: Row[] }[];
    try {
      results = await db.transaction(async (tx) => {
        const out: { rows: Row[] }[] = [];
        for (const item of group) out.push(await tx.query(item.sql, item.params, item.name));
        return out;
      });
    } catch {
      // Rolled back as a whole: each statement again on its own, so the others still succeed.
      await Promise.all(group.map(alone));
      return;
    }
    results.forEach((result, i) => group[i].resolve(result));
  }

  function pump(): void {
    while (running < groupsAtOnce && queue.length > 0) {
      const group = queue.splice(0, MAX_GROUP);
      running += 1;
      void write(group).finally(() => {
        running -= 1;
        pump();
      });
    }
  }

  return {
    query: <T = Row>(sql: string, params: unknown[] = [], name?: string) =>
      new Promise<{ rows: T[] }>((resolve, reject) => {
        queue.push({ sql, params, name, resolve: resolve as Pending['resolve'], reject });
        pump();
      }),
  };
}

const groups = new WeakMap<Db, Queryable>();

/**
 * The group-committing writer for `db` (one per database handle). PGlite runs one statement at a time for the
 * whole process, so one group at a time; on PostgreSQL several groups run on separate pooled connections.
 */
export function groupCommitOf(db: Db): Queryable {
  let writer = groups.get(db);
  if (!writer) {
    writer = groupCommit(db, db.engine === 'pglite' ? 1 : 4);
    groups.set(db, writer);
  }
  return writer;
}
