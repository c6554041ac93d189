/**
 * Each application's review count and mean score are kept on its row (docs/decisions/163-scorecards-blind-and-a-second-review.md)
 * so that the queue sorts and filters by them through an index: after every kind of scorecard write (a first score, a
 * changed score, a removed scorecard, an erasure, a rubric change) they equal a recomputation from the scorecards, and
 * the queue's score order and filters are those of that recomputation.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { DEFAULT_RUBRIC, scorecardPaths } from '../../machines/rules/scorecard';
import { privacyPaths } from '../../machines/rules/privacy';
import { staffPaths } from '../../machines/rules/staff/paths';
import { staffQueuePaths, type StaffQueuePage } from '../../machines/rules/staff/queue';
import { currentCohort } from '../../server/db/cohorts';
import { databases, json, staffSignIn, START, useStaffApp } from './support';

const ADMIN = 'lead@bootcamp.example';
const REVIEWERS = ['ama@bootcamp.example', 'ben@bootcamp.example', 'chi@bootcamp.example'];

const all = (value: number) => Object.fromEntries(DEFAULT_RUBRIC.map((c) => [c.key, value]));

describe.each(databases)('the score kept on the application on $name', (database) => {
  const t = useStaffApp(database, ADMIN);
  let cohortId: number;
  let cohortNumber: number;
  let admin: string;
  let reviewers: string[];

  const request = (cookie: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie } });
  const cards = (id: number) => scorecardPaths.scorecards.replace(':id', String(id));
  const data = <T>(res: LightMyRequestResponse) => json<{ data: T }>(res).data;
  const queue = async (query: string) =>
    data<StaffQueuePage>(
      await request(
        admin,
        'GET',
        `${staffQueuePaths.queue}?${query.includes('limit=') ? '' : 'limit=200&'}${query}`,
      ),
    );

  async function insert(count: number): Promise<number[]> {
    const { rows } = await t.db.query<{ id: number }>(
      `INSERT INTO applications (email, firstname, lastname, gender, country, city, phone, referral_source,
         applied_cohort_id, cohort_id, email_verified_at, eligibility_status, submitted_at, created_at, updated_at)
       SELECT 'a' || n || '@example.com', 'Ada', 'Obi' || n, 'female', 'Nigeria', 'Lagos', '+2348030001000',
         'On social media', $1, $1, $2, 'eligible', $2, $2, $2 FROM generate_series(1, $3::int) AS n
       RETURNING id`,
      [cohortId, START, count],
    );
    return rows.map((r) => r.id).sort((a, b) => a - b);
  }

  /** The stored figures beside a recomputation from the scorecards, for every application that has either. */
  async function storedAndRecomputed() {
    const { rows } = await t.db.query<{
      id: number;
      reviews: number;
      mean: string | null;
      counted: number;
      averaged: string | null;
    }>(
      `SELECT a.id, a.reviews, a.review_mean::text AS mean,
         (SELECT count(*)::int FROM scorecards s WHERE s.application_id = a.id) AS counted,
         (SELECT round(avg(s.mean), 2)::text FROM scorecards s WHERE s.application_id = a.id) AS averaged
       FROM applications a ORDER BY a.id`,
    );
    return {
      stored: rows.map((r) => [r.id, r.reviews, r.mean]),
      recomputed: rows.map((r) => [r.id, r.counted, r.averaged]),
    };
  }
  const expectInStep = async () => {
    const { stored, recomputed } = await storedAndRecomputed();
    expect(stored).toEqual(recomputed);
  };

  beforeEach(async () => {
    const cohort = await currentCohort(t.db, START);
    cohortId = cohort.id;
    cohortNumber = cohort.number;
    admin = await staffSignIn(t, ADMIN);
    for (const email of REVIEWERS) await request(admin, 'POST', staffPaths.team, { email, role: 'reviewer' });
    reviewers = [];
    for (const email of REVIEWERS) reviewers.push(await staffSignIn(t, email));
  });

  it('equals a recomputation from the scorecards after every kind of write', async () => {
    const [first, second, third] = await insert(3);
    await expectInStep();
    expect((await storedAndRecomputed()).stored[0]).toEqual([first, 0, null]);

    // A first score, a second, a third that makes the mean a repeating fraction (rounded to hundredths).
    await request(reviewers[0], 'PUT', cards(first), { ratings: all(5) });
    await request(reviewers[1], 'PUT', cards(first), { ratings: all(4) });
    await request(reviewers[2], 'PUT', cards(first), { ratings: all(4) });
    await request(reviewers[0], 'PUT', cards(second), { ratings: all(2) });
    await expectInStep();
    expect((await storedAndRecomputed()).stored.slice(0, 2)).toEqual([
      [first, 3, '4.33'],
      [second, 1, '2.00'],
    ]);

    // A reviewer changes their mind: the mean follows, the count does not.
    await request(reviewers[0], 'PUT', cards(second), { ratings: all(3) });
    await expectInStep();
    expect((await storedAndRecomputed()).stored[1]).toEqual([second, 1, '3.00']);

    // A scorecard removed (no route removes one today; the database keeps the figures right whoever does).
    await t.db.query(
      'DELETE FROM scorecards WHERE application_id = $1 AND staff_id = (SELECT min(staff_id) FROM scorecards WHERE application_id = $1)',
      [first],
    );
    await expectInStep();
    expect((await storedAndRecomputed()).stored[0]).toEqual([first, 2, '4.00']);

    // A rubric change leaves each scorecard's mean as it was saved, so the figures stay; a score after it counts.
    const criteria = [{ label: 'Motivation', guidance: '' }];
    expect(
      (
        await request(admin, 'PUT', scorecardPaths.rubric.replace(':number', String(cohortNumber)), {
          criteria,
        })
      ).statusCode,
    ).toBe(200);
    await expectInStep();
    await request(reviewers[1], 'PUT', cards(third), { ratings: { motivation: 1 } });
    await expectInStep();
    expect((await storedAndRecomputed()).stored[2]).toEqual([third, 1, '1.00']);

    // Erasure keeps the scorecards (the application stays, anonymous) and leaves the queue.
    const erased = await request(admin, 'POST', privacyPaths.staffErase.replace(':id', String(second)), {
      confirm: true,
    });
    expect(erased.statusCode).toBe(200);
    await expectInStep();
    expect((await queue('sort=score')).rows.map((r) => r.id)).toEqual([first, third]);

    // An application removed with its scorecards (the retention's delete cascades): nothing is left to disagree.
    await t.db.query('DELETE FROM applications WHERE id = $1', [third]);
    await expectInStep();
  });

  it('sorts and filters by score as a recomputation orders them, ties by id', async () => {
    const ids = await insert(12);
    // Ratings spread so that several applications share a mean (ties), some have one review, some none.
    for (const [i, id] of ids.entries()) {
      if (i % 4 === 3) continue;
      await request(reviewers[i % 3], 'PUT', cards(id), { ratings: all(1 + (i % 5)) });
      if (i % 2 === 0)
        await request(reviewers[(i + 1) % 3], 'PUT', cards(id), { ratings: all(1 + ((i * 3) % 5)) });
    }
    await expectInStep();
    const { rows } = await t.db.query<{ id: number; reviews: number; score: number | null }>(
      `SELECT a.id, (SELECT count(*)::int FROM scorecards s WHERE s.application_id = a.id) AS reviews,
         (SELECT round(avg(s.mean), 2)::float8 FROM scorecards s WHERE s.application_id = a.id) AS score
       FROM applications a WHERE a.id = ANY($1::int[])`,
      [ids],
    );
    const key = (r: { score: number | null }) => Math.round((r.score ?? 0) * 100);
    const byScore = [...rows].sort((a, b) => key(b) - key(a) || b.id - a.id);
    expect(new Set(byScore.map(key)).size).toBeLessThan(byScore.length);

    const sorted = await queue('sort=score');
    expect(sorted.rows.map((r) => [r.id, r.score, r.reviews])).toEqual(
      byScore.map((r) => [r.id, r.score, r.reviews]),
    );
    const ascending = await queue('sort=score&dir=asc');
    expect(ascending.rows.map((r) => r.id)).toEqual([...byScore].reverse().map((r) => r.id));

    // Keyset pages of three follow the same order across ties.
    const paged: number[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page = await queue(`sort=score&limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      paged.push(...page.rows.map((r) => r.id));
      cursor = page.nextCursor;
    }
    expect(paged).toEqual(byScore.map((r) => r.id));

    const triage = await queue(
      'status=submitted,in_review,second_review,reviews_disagree&reviews=2%2B&sort=score',
    );
    expect(triage.rows.map((r) => r.id)).toEqual(byScore.filter((r) => r.reviews >= 2).map((r) => r.id));
    expect((await queue('reviews=0')).total).toBe(rows.filter((r) => r.reviews === 0).length);
    expect((await queue('reviews=1&sort=score')).rows.map((r) => r.id)).toEqual(
      byScore.filter((r) => r.reviews === 1).map((r) => r.id),
    );
    const atLeast = (await queue('scoreMin=2.5&sort=score')).rows.map((r) => r.id);
    expect(atLeast).toEqual(byScore.filter((r) => r.score !== null && r.score >= 2.5).map((r) => r.id));
  });
});
