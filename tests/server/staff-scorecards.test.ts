/**
 * Scorecards: blind scoring enforced by the server, the second review the chart asks for, the score in the queue
 * (mean, count, sort, filters) and a bulk acceptance in score order.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { reviewMeta } from '../../machines/review.machine';
import {
  DEFAULT_RUBRIC,
  SCORECARD_MESSAGES,
  scorecardPaths,
  type StaffScorecards,
} from '../../machines/rules/scorecard';
import { STAFF_MESSAGES } from '../../machines/rules/staff/messages';
import { STAFF_QUEUE_MESSAGES, staffQueuePaths, type StaffQueuePage } from '../../machines/rules/staff/queue';
import { staffPaths } from '../../machines/rules/staff/paths';
import { type StaffBulkResult } from '../../machines/rules/staff/bulk';
import { currentCohort } from '../../server/db/cohorts';
import { databases, json, STAFF, staffRequests, START, useStaffApp, useStaffTeam } from './support';

const { lead: ADMIN, ama: AMA, ben: BEN } = STAFF;

const ratings = (...values: number[]) => Object.fromEntries(DEFAULT_RUBRIC.map((c, i) => [c.key, values[i]]));
const all = (value: number) => ratings(value, value, value, value);

describe.each(databases)('scorecards on $name', (database) => {
  const t = useStaffApp(database, ADMIN);
  let cohortId: number;
  let cohortNumber: number;
  const team = useStaffTeam(t, ADMIN, { ama: AMA, ben: BEN });

  const as = staffRequests(t);
  const cards = (id: number) => scorecardPaths.scorecards.replace(':id', String(id));
  const rubricPath = () => scorecardPaths.rubric.replace(':number', String(cohortNumber));
  const data = <T>(res: LightMyRequestResponse) => json<{ data: T }>(res).data;
  const queue = async (cookie: string, query = '') =>
    data<StaffQueuePage>(await as(cookie).get(`${staffQueuePaths.queue}?${query}`));
  const errorOf = (res: LightMyRequestResponse) =>
    json<{ data: { error: Record<string, string[]> } }>(res).data.error;

  async function insert(names: string[], submitted = true): Promise<number[]> {
    const ids: number[] = [];
    for (const [i, lastname] of names.entries()) {
      const at = new Date(START.getTime() - (names.length - i) * 60_000);
      const { rows } = await t.db.query<{ id: number }>(
        `INSERT INTO applications (email, firstname, lastname, gender, country, city, phone, referral_source,
           applied_cohort_id, cohort_id, email_verified_at, eligibility_status, submitted_at, created_at, updated_at)
         VALUES ($1, 'Ada', $2, 'female', 'Nigeria', 'Lagos', '+2348030001000', 'On social media', $3, $3, $4,
           'eligible', $5, $4, $4) RETURNING id`,
        [`${lastname.toLowerCase()}@example.com`, lastname, cohortId, at, submitted ? at : null],
      );
      ids.push(rows[0].id);
    }
    return ids;
  }
  const statusOf = async (id: number) =>
    (
      await t.db.query<{ s: string | null }>('SELECT review_status AS s FROM applications WHERE id = $1', [
        id,
      ])
    ).rows[0].s;

  beforeEach(async () => {
    const cohort = await currentCohort(t.db, START);
    cohortId = cohort.id;
    cohortNumber = cohort.number;
  });

  it('hides the others’ scores from a reviewer until they have scored; an admin sees them all', async () => {
    const [id] = await insert(['Obi']);
    const before = data<StaffScorecards>(await as(team.ama).get(cards(id)));
    expect(before).toMatchObject({ mine: null, othersVisible: false, others: [], summary: null });
    expect(before.rubric.map((c) => c.label)).toEqual([
      'Communication',
      'Commitment',
      'Digital readiness',
      'Fit',
    ]);

    const saved = await as(team.ama).put(cards(id), { ratings: ratings(5, 4, 4, 3) });
    expect(saved.statusCode).toBe(200);
    expect(data<StaffScorecards>(saved).mine).toMatchObject({ by: AMA, mean: 4 });

    // Ben has not scored: nothing of Ama's, neither on the page nor in the queue.
    const blind = data<StaffScorecards>(await as(team.ben).get(cards(id)));
    expect(blind).toMatchObject({ mine: null, othersVisible: false, others: [], summary: null });
    expect(JSON.stringify(blind)).not.toContain(AMA);
    expect((await queue(team.ben)).rows[0]).toMatchObject({ id, score: null, reviews: 1 });
    expect((await queue(team.ben, 'sort=score')).rows[0].score).toBeNull();
    expect((await queue(team.ben, 'scoreMin=1')).total).toBe(0);

    // The lead sees every score without scoring.
    const lead = data<StaffScorecards>(await as(team.admin).get(cards(id)));
    expect(lead).toMatchObject({ othersVisible: true, mine: null, summary: { count: 1, mean: 4 } });
    expect(lead.others.map((c) => c.by)).toEqual([AMA]);

    await as(team.ben).put(cards(id), { ratings: all(3) });
    const both = data<StaffScorecards>(await as(team.ben).get(cards(id)));
    expect(both.others).toEqual([
      expect.objectContaining({ by: AMA, ratings: ratings(5, 4, 4, 3), mean: 4 }),
    ]);
    expect(both.summary).toEqual({ count: 2, mean: 3.5, spread: 1, needsAnotherReview: false });
    expect((await queue(team.admin)).rows[0]).toMatchObject({ score: 3.5, reviews: 2 });
    expect((await queue(team.ben)).rows[0]).toMatchObject({ score: 3.5, reviews: 2 });
  });

  it('one review awaits a second; two that disagree say so; nobody can accept either until the reviews settle', async () => {
    const [id] = await insert(['Obi']);
    await as(team.ama).put(cards(id), { ratings: all(5) });
    expect(await statusOf(id)).toBe('second_review');
    expect((await queue(team.admin)).rows[0].statusLabel).toBe('Awaiting a second review');
    const accept = await as(team.admin).post(staffPaths.events.replace(':id', String(id)), {
      type: 'ACCEPT',
    });
    expect(accept.statusCode).toBe(409);
    expect(json(accept).message).toBe(
      STAFF_MESSAGES.notAllowedNow(reviewMeta('second_review').label, 'ACCEPT'),
    );

    // Two points apart: the second review is in, so it no longer awaits one; the reviews disagree, and still
    // nobody accepts it.
    await as(team.ben).put(cards(id), { ratings: all(3) });
    expect(await statusOf(id)).toBe('reviews_disagree');
    expect((await queue(team.admin)).rows[0].statusLabel).toBe('Reviews disagree');
    expect(
      (await as(team.admin).post(staffPaths.events.replace(':id', String(id)), { type: 'ACCEPT' }))
        .statusCode,
    ).toBe(409);
    // Ben reconsiders; the reviews agree, and the application can be decided.
    await as(team.ben).put(cards(id), { ratings: all(4) });
    expect(await statusOf(id)).toBe('in_review');
    expect(
      (await as(team.admin).post(staffPaths.events.replace(':id', String(id)), { type: 'ACCEPT' }))
        .statusCode,
    ).toBe(200);
    const timeline = data<{ timeline: { what: string }[] }>(
      await as(team.admin).get(staffPaths.application.replace(':id', String(id))),
    ).timeline.map((e) => e.what);
    expect(timeline).toEqual(
      expect.arrayContaining(['Awaiting a second review', 'Reviews disagree', 'In review', 'Accepted']),
    );
  });

  it('sorts and filters the queue by score and number of reviews, and bulk-accepts up to the cap in score order', async () => {
    const [low, top, none, mid, solo] = await insert(['Low', 'Top', 'None', 'Mid', 'Solo']);
    for (const [id, a, b] of [
      [low, 2, 2],
      [top, 5, 5],
      [mid, 4, 3],
    ] as const) {
      await as(team.ama).put(cards(id), { ratings: all(a) });
      await as(team.ben).put(cards(id), { ratings: all(b) });
    }
    await as(team.ama).put(cards(solo), { ratings: all(1) });

    const sorted = await queue(team.admin, 'sort=score');
    expect(sorted.rows.map((r) => [r.id, r.score, r.reviews])).toEqual([
      [top, 5, 2],
      [mid, 3.5, 2],
      [low, 2, 2],
      [solo, 1, 1],
      [none, null, 0],
    ]);
    expect((await queue(team.admin, 'sort=score&dir=asc&limit=1')).rows[0].id).toBe(none);
    // Keyset pages follow the score too.
    const first = await queue(team.admin, 'sort=score&limit=2');
    const next = await queue(team.admin, `sort=score&limit=2&cursor=${first.nextCursor}`);
    expect(next.rows.map((r) => r.id)).toEqual([low, solo]);
    expect((await queue(team.admin, 'scoreMin=3.5')).rows.map((r) => r.id).sort()).toEqual([mid, top].sort());
    expect((await queue(team.admin, 'reviews=0')).rows.map((r) => r.id)).toEqual([none]);
    expect((await queue(team.admin, 'reviews=1')).rows.map((r) => r.id)).toEqual([solo]);
    expect((await queue(team.admin, 'reviews=1,2%2B')).total).toBe(4);
    for (const [query, field] of [
      ['scoreMin=6', 'scoreMin'],
      ['scoreMin=abc', 'scoreMin'],
      ['reviews=3', 'reviews'],
    ]) {
      const res = await as(team.admin).get(`${staffQueuePaths.queue}?${query}`);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(errorOf(res))).toEqual([field]);
    }

    // Two seats: the two highest scores are accepted, whatever the view's own sort; the rest waitlisted.
    await t.db.query('UPDATE cohorts SET seats = 2 WHERE id = $1', [cohortId]);
    const body = { event: 'ACCEPT', filter: { sort: 'name' }, capSeats: true, order: 'score' };
    const dry = data<StaffBulkResult>(
      await as(team.admin).post(staffQueuePaths.bulk, { ...body, dryRun: true }),
    );
    expect(dry.applied).toEqual({ ACCEPT: 2, WAITLIST: 2 });
    // Solo's one review awaits a second: the chart refuses to accept it, and the row says why.
    expect(dry.refused).toEqual([
      { id: solo, reason: STAFF_MESSAGES.notAllowedNow('Awaiting a second review', 'ACCEPT') },
    ]);
    expect(dry.preview.find((p) => p.event === 'ACCEPT')?.to).toBe('top@example.com');
    expect((await as(team.admin).post(staffQueuePaths.bulk, body)).statusCode).toBe(200);
    expect(await Promise.all([top, mid, low, solo, none].map(statusOf))).toEqual([
      'accepted',
      'accepted',
      'waitlisted',
      'second_review',
      'waitlisted',
    ]);

    const mixed = await as(team.admin).post(staffQueuePaths.bulk, {
      event: 'ACCEPT',
      ids: [top],
      order: 'score',
    });
    expect(mixed.statusCode).toBe(400);
    expect(errorOf(mixed)).toEqual({ order: [STAFF_QUEUE_MESSAGES.orderNeedsFilter] });
  });

  it('an admin edits a cohort’s rubric; a reviewer may not; bad ratings and rubrics are refused in words', async () => {
    const [id] = await insert(['Obi']);
    const [unsubmitted] = await insert(['Late'], false);
    const criteria = [
      { label: 'Motivation', guidance: '1: none given; 5: specific and personal' },
      { label: 'Fit', guidance: '' },
    ];
    const refused = await as(team.ama).put(rubricPath(), { criteria });
    expect(refused.statusCode).toBe(403);
    expect(json(refused).message).toBe(STAFF_MESSAGES.adminOnly);
    const set = await as(team.admin).put(rubricPath(), { criteria });
    expect(set.statusCode).toBe(200);
    expect(data<StaffScorecards>(await as(team.ama).get(cards(id))).rubric.map((c) => c.key)).toEqual([
      'motivation',
      'fit',
    ]);
    expect((await as(team.ama).get(rubricPath())).statusCode).toBe(200);

    for (const [payload, field, message] of [
      [{ ratings: { motivation: 6, fit: 3 } }, 'motivation', SCORECARD_MESSAGES.rating('Motivation')],
      [{ ratings: { motivation: 4 } }, 'fit', SCORECARD_MESSAGES.rating('Fit')],
      [{ ratings: { motivation: 4, fit: 4, charm: 5 } }, 'ratings', SCORECARD_MESSAGES.criteria],
    ] as const) {
      const res = await as(team.ama).put(cards(id), payload);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toEqual({ [field]: [message] });
    }
    for (const payload of [{}, { ratings: 'five' }, null]) {
      expect((await as(team.ama).put(cards(id), payload)).statusCode).toBe(400);
    }
    expect((await as(team.ama).put(cards(999_999), { ratings: { motivation: 4, fit: 4 } })).statusCode).toBe(
      404,
    );
    const early = await as(team.ama).put(cards(unsubmitted), { ratings: { motivation: 4, fit: 4 } });
    expect(early.statusCode).toBe(409);
    expect(json(early).message).toBe(SCORECARD_MESSAGES.notSubmitted);
    for (const bad of [[], [{ label: 'Fit' }, { label: 'FIT' }], [{ guidance: 'x' }], 'fit']) {
      const res = await as(team.admin).put(rubricPath(), { criteria: bad });
      expect(res.statusCode).toBe(400);
    }
    expect(
      (await as(team.admin).put(scorecardPaths.rubric.replace(':number', '9999'), { criteria })).statusCode,
    ).toBe(404);
    const audit = await t.db.query<{ action: string; detail: Record<string, unknown> }>(
      "SELECT action, detail FROM audit_log WHERE action IN ('score', 'rubric') ORDER BY id",
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['rubric']);
  });
});
