/**
 * A round set up in the back office reaches every process (issue 53; decisions 235, 244, 246, 247): with WORKERS=2 on
 * one PostgreSQL database (only when DATABASE_URL is set), an admin creates the next cohort at N80,000, pauses the one
 * open now, publishes new landing words and saves a new support address, each through whichever process answers.
 * Five seconds later every answer, from either process, says all of it: `get-current` names the new cohort with its
 * fee and the pause, and `/` carries the new cohort's fee, the new FAQ answer and the new address.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { paths, type CohortInfo } from '../../machines/rules/contract';
import {
  cohortIntakePath,
  cohortSettingsPaths,
  type StaffCohortSettings,
} from '../../machines/rules/cohortSettings';
import { landingWordsPaths, type LandingWords } from '../../machines/rules/landingWords';
import { programmeSettingsPath, type StaffProgrammeSettings } from '../../machines/rules/programmeSettings';
import { DECIDING, staffCookie } from './support/decision';
import { postgresUrl, scratchSchema } from './support/postgres';
import { startServer } from './support/server';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

/** How long another process may serve what it read before a change (decisions 235, 246, 247: 2 s each). */
const SETTLED_MS = 5_000;
const ANSWERS = 12;

describe.each(postgresUrl ? ['PostgreSQL'] : [])('two processes on %s', () => {
  it('serve a change made through either within 5 s, every answer alike', async () => {
    const db = await scratchSchema('settings');
    cleanups.push(db.drop);
    const server = await startServer({ ...DECIDING, DATABASE_URL: db.url, WORKERS: '2' });
    cleanups.push(() => server.stop());
    const base = server.url;
    const cookie = await staffCookie(base);
    const call = async <T>(path: string, body?: object): Promise<T> => {
      const res = await fetch(base + path, {
        method: body ? 'POST' : 'GET',
        headers: { cookie, origin: base, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await res.text();
      expect(res.status, `${path}: ${text}`).toBeLessThan(300);
      return (JSON.parse(text) as { data: T }).data;
    };

    // Every process has read, and keeps, what it serves before anything changes.
    await answers(base);
    // The next cohort at N80,000, then a pause of the one open now.
    const { cohorts, suggestion } = await call<StaffCohortSettings>(cohortSettingsPaths.cohorts);
    const current = cohorts.find((c) => c.state === 'open')!;
    const { number: _number, ...next } = suggestion;
    await call(cohortSettingsPaths.cohorts, { ...next, seats: 40, fee_ngn: 80_000 });
    await call(cohortIntakePath(current.number), { action: 'pause' });
    // New words for the FAQ's first answer.
    const words = await call<{ published: LandingWords; version: number }>(landingWordsPaths.words);
    const answer = `Answered across processes ${randomBytes(3).toString('hex')}.`;
    const faq = words.published.faq.map((entry, i) => (i === 0 ? { ...entry, answer } : entry));
    await call(landingWordsPaths.publish, { words: { ...words.published, faq }, version: words.version });
    // The bank details and a new support address (the server started with none set: the back office's first save).
    const support = `help.${randomBytes(3).toString('hex')}@bootcamp.example`;
    await call<StaffProgrammeSettings>(programmeSettingsPath, {
      bank_name: 'First Bank',
      bank_account_name: 'The Employment Bootcamp Ltd',
      bank_account_number: '0123456789',
      support_email: support,
    });
    const changed = Date.now();

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, changed + SETTLED_MS - Date.now())));
    const seen = await answers(base, (cohort, page) =>
      [
        cohort?.name === next.name,
        Boolean(cohort?.paused),
        cohort?.fees?.fee_ngn === 80_000,
        page.includes('N80,000'),
        page.includes(answer),
        page.includes(support),
      ].join(' '),
    );
    expect(seen).toEqual(Array.from({ length: ANSWERS }, () => 'true true true true true true'));
  });
});

/** What `get-current` and `/` say, asked ANSWERS times, each on a new connection (the cluster's next process). */
async function answers(
  base: string,
  read: (cohort: CohortInfo | undefined, page: string) => string = () => '',
): Promise<string[]> {
  const seen: string[] = [];
  for (let i = 0; i < ANSWERS; i++) {
    const current = (await (
      await fetch(base + paths.currentCohort, { headers: { connection: 'close' } })
    ).json()) as { data: CohortInfo[] };
    const page = await (await fetch(`${base}/`, { headers: { connection: 'close' } })).text();
    seen.push(read(current.data[0], page));
  }
  return seen;
}
