/**
 * Fault test: SIGKILL the server in the middle of a bounded burst of applications over loopback, restart it on the
 * same data directory, and check that every acknowledged (201) application is there, complete, and not duplicated.
 */
import { applicant } from '../support/answers';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { IDEMPOTENCY_HEADER, paths } from '../../machines/rules/contract';
import { type CreatePayload } from '../../machines/steps/communications';
import { freshDataDir, startServer, type RunningServer } from './support/server';

// The run's migrated, empty database, so that the first start does not create one.
const dataDir = await freshDataDir();
const servers: RunningServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const BURST = 80;
const CONCURRENCY = 4;
const KILL_AFTER = 25;

const payload = (i: number): CreatePayload =>
  applicant(`crash${i}@example.com`, {
    firstname: `Applicant${i}`,
    lastname: 'Crash',
    gender: i % 2 ? 'female' : 'male',
    phone: `+23480300${String(i).padStart(5, '0')}`,
  });

const create = (url: string, i: number) =>
  fetch(url + paths.create, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [IDEMPOTENCY_HEADER]: `crash-${i}` },
    body: JSON.stringify(payload(i)),
  });

it('keeps every acknowledged application through a SIGKILL, once each', async () => {
  const first = await startServer({}, dataDir);
  servers.push(first);
  const acknowledged = new Set<number>();
  let next = 0;
  let killed = false;
  const worker = async () => {
    while (next < BURST) {
      const i = next++;
      try {
        const res = await create(first.url, i);
        if (res.status === 201) acknowledged.add(i);
      } catch {
        // the connection died with the server: not acknowledged
      }
      if (!killed && acknowledged.size >= KILL_AFTER) {
        killed = true;
        first.process.kill('SIGKILL');
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  await new Promise((r) =>
    first.process.exitCode !== null || first.process.signalCode ? r(null) : first.process.once('exit', r),
  );
  expect(killed).toBe(true);
  expect(acknowledged.size).toBeGreaterThanOrEqual(KILL_AFTER);
  expect(acknowledged.size).toBeLessThan(BURST);

  const second = await startServer({}, dataDir);
  servers.push(second);
  for (const i of acknowledged) {
    const res = await fetch(second.url + paths.lookup(`crash${i}@example.com`));
    expect((await res.json()).data).toEqual([{ exists: true, stage: 'created', email_verified: false }]);
  }
  // Retrying everything with the same keys duplicates nothing and answers each acknowledged one as before.
  for (let i = 0; i < BURST; i++) {
    const res = await create(second.url, i);
    expect(res.status).toBe(201);
  }
  await second.stop();

  const db = new PGlite(join(dataDir, 'pgdata'));
  const { rows } = await db.query<{
    email: string;
    firstname: string;
    phone: string;
    n: number;
    codes: number;
  }>(
    `SELECT a.email, a.firstname, a.phone, count(*) OVER (PARTITION BY lower(a.email))::int AS n,
            (SELECT count(*)::int FROM codes c WHERE c.application_id = a.id) AS codes
     FROM applications a`,
  );
  await db.close();
  expect(rows).toHaveLength(BURST);
  for (const row of rows) {
    const i = Number(row.email.match(/\d+/)![0]);
    expect(row).toMatchObject({ n: 1, firstname: `Applicant${i}`, phone: payload(i).phone, codes: 1 });
  }
});
