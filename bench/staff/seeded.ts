/**
 * The set-up of the staff benches that compare two versions of a query: for each engine of ENGINES (both by
 * default), a database of its own seeded with ROWS applications and bench/staff/scale.ts's scorecards, analysed,
 * then handed to `work` with the number of the cohort that holds the applications; dropped afterwards.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { faker } from '@faker-js/faker';
import type { Db } from '../../server/db/index';
import { migrate } from '../../server/db/migrations';
import { seed } from '../../scripts/seed';
import { openEngine } from './engine';
import { seedScorecards } from './scale';

export const ROWS = Number(process.env.ROWS ?? 100_000);
const ENGINES = (process.env.ENGINES ?? 'pglite,postgres').split(',');

export interface Seeded {
  engine: string;
  /** The cohort holding the seeded applications. */
  number: number;
  scored: { scorecards: number; scoredApplications: number };
}

export async function eachSeededEngine(prefix: string, work: (db: Db, seeded: Seeded) => Promise<void>) {
  for (const engine of ENGINES) {
    const opened = await openEngine(engine, prefix);
    if (!opened) continue;
    const { db, drop } = opened;
    const storageDir = mkdtempSync(join(tmpdir(), `${prefix}-`));
    try {
      await migrate(db);
      faker.seed(1);
      await seed(db, ROWS, storageDir);
      const scored = await seedScorecards(db);
      if (db.engine === 'postgres') await db.query('ANALYZE');
      const [{ number }] = (
        await db.query<{ number: number }>(
          `SELECT c.number FROM cohorts c JOIN applications a ON c.id = COALESCE(a.cohort_id, a.applied_cohort_id)
           GROUP BY c.number ORDER BY count(*) DESC LIMIT 1`,
        )
      ).rows;
      await work(db, { engine, number, scored });
    } finally {
      await db.close();
      await drop();
      rmSync(storageDir, { recursive: true, force: true });
    }
  }
}
