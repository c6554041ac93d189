/**
 * Assignment: an admin deals a queue view to reviewers round-robin after a dry-run count, a reviewer's My queue
 * shows what is theirs with its count, reassignment is audited, and a reviewer may not assign.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { STAFF_MESSAGES } from '../../machines/rules/staff/messages';
import {
  STAFF_QUEUE_MESSAGES,
  staffQueuePaths,
  type StaffAssignResult,
  type StaffQueuePage,
} from '../../machines/rules/staff/queue';
import { staffPaths } from '../../machines/rules/staff/paths';
import { currentCohort } from '../../server/db/cohorts';
import { roundRobin } from '../../server/staff/assignments';
import { databases, json, STAFF, staffRequests, staffSignIn, START, useStaffApp } from './support';

const { lead: ADMIN, ama: AMA, ben: BEN } = STAFF;

describe('round-robin', () => {
  it('deals in order, one each in turn, so counts differ by one at most', () => {
    expect(roundRobin([1, 2, 3, 4, 5], ['a', 'b'])).toEqual(
      new Map([
        ['a', [1, 3, 5]],
        ['b', [2, 4]],
      ]),
    );
  });
});

describe.each(databases)('assignment on $name', (database) => {
  const t = useStaffApp(database, ADMIN);
  let admin: string;
  let ama: string;
  let team: Record<string, number>;
  const as = staffRequests(t);
  const data = <T>(res: LightMyRequestResponse) => json<{ data: T }>(res).data;
  const queue = async (cookie: string, query: string) =>
    data<StaffQueuePage>(await as(cookie).get(`${staffQueuePaths.queue}?${query}`));

  beforeEach(async () => {
    const cohort = await currentCohort(t.db, START);
    for (let i = 0; i < 5; i++)
      await t.db.query(
        `INSERT INTO applications (email, firstname, lastname, gender, country, city, phone, referral_source,
           applied_cohort_id, cohort_id, email_verified_at, eligibility_status, submitted_at, created_at, updated_at)
         VALUES ($1, 'Ada', $2, 'female', $3, 'Lagos', '+2348030001000', 'On social media', $4, $4, $5, 'eligible',
           $5, $5, $5)`,
        [
          `a${i}@example.com`,
          `Obi${i}`,
          i < 4 ? 'Nigeria' : 'Ghana',
          cohort.id,
          new Date(START.getTime() - i * 60_000),
        ],
      );
    admin = await staffSignIn(t, ADMIN);
    for (const email of [AMA, BEN]) await as(admin).post(staffPaths.team, { email, role: 'reviewer' });
    team = Object.fromEntries(
      data<{ id: number; email: string }[]>(await as(admin).get(staffPaths.team)).map((m) => [m.email, m.id]),
    );
    ama = await staffSignIn(t, AMA);
  });

  it('deals the view round-robin after a dry-run count; My queue shows each reviewer theirs, with a count', async () => {
    const request = { filter: { country: 'Nigeria' }, reviewers: [team[AMA], team[BEN]] };
    const dry = data<StaffAssignResult>(
      await as(admin).post(staffQueuePaths.assign, { ...request, dryRun: true }),
    );
    expect(dry).toEqual({
      dryRun: true,
      matched: 4,
      perReviewer: [
        { id: team[AMA], email: AMA, count: 2 },
        { id: team[BEN], email: BEN, count: 2 },
      ],
      reassigned: 0,
    });
    expect((await queue(ama, 'assignee=me')).total).toBe(0);

    expect((await as(admin).post(staffQueuePaths.assign, request)).statusCode).toBe(200);
    const mine = await queue(ama, 'assignee=me');
    expect(mine.total).toBe(2);
    expect(mine.rows.every((r) => r.assignee === AMA)).toBe(true);
    // The chip's count follows the view's other filters.
    expect((await queue(ama, '')).counts.mine).toBe(2);
    expect((await queue(ama, 'country=Ghana')).counts.mine).toBe(0);
    expect((await queue(admin, 'assignee=none')).rows.map((r) => r.assignee)).toEqual([null]);
    expect((await queue(admin, `assignee=${team[BEN]}`)).total).toBe(2);
  });

  it('assigns an exact number of the view, in its order, or the rows ticked, not only the whole view', async () => {
    const view = await queue(admin, 'country=Nigeria');
    const firstThree = data<StaffAssignResult>(
      await as(admin).post(staffQueuePaths.assign, {
        filter: { country: 'Nigeria' },
        count: 3,
        reviewers: [team[AMA]],
      }),
    );
    expect(firstThree).toMatchObject({ matched: 3, perReviewer: [{ email: AMA, count: 3 }] });
    expect((await queue(ama, 'assignee=me&country=Nigeria')).rows.map((r) => r.id)).toEqual(
      view.rows.slice(0, 3).map((r) => r.id),
    );

    const ticked = [view.rows[3].id, view.rows[0].id];
    const chosen = data<StaffAssignResult>(
      await as(admin).post(staffQueuePaths.assign, { ids: ticked, reviewers: [team[BEN]] }),
    );
    expect(chosen).toMatchObject({ matched: 2, reassigned: 1, perReviewer: [{ email: BEN, count: 2 }] });
    expect((await queue(admin, `assignee=${team[BEN]}`)).rows.map((r) => r.id).sort()).toEqual(
      [...ticked].sort(),
    );

    for (const [body, field, message] of [
      [{ filter: {}, count: 0 }, 'count', STAFF_QUEUE_MESSAGES.assignCount],
      [{ filter: {}, count: 2.5 }, 'count', STAFF_QUEUE_MESSAGES.assignCount],
      [{ ids: ticked, count: 1 }, 'count', STAFF_QUEUE_MESSAGES.countNeedsFilter],
      [{ ids: ticked, filter: {} }, 'ids', STAFF_QUEUE_MESSAGES.bulkEither],
      [{ ids: [999_999] }, 'ids', STAFF_QUEUE_MESSAGES.bulkNothing],
    ] as const) {
      const res = await as(admin).post(staffQueuePaths.assign, { ...body, reviewers: [team[AMA]] });
      expect(res.statusCode).toBe(400);
      expect(json<{ data: { error: object } }>(res).data.error).toEqual({ [field]: [message] });
    }
  });

  it('audits each reassignment with who had it; a reviewer may not assign; bad input is 400', async () => {
    await as(admin).post(staffQueuePaths.assign, { filter: {}, reviewers: [team[AMA]] });
    const moved = data<StaffAssignResult>(
      await as(admin).post(staffQueuePaths.assign, { filter: { country: 'Ghana' }, reviewers: [team[BEN]] }),
    );
    expect(moved).toMatchObject({ matched: 1, reassigned: 1 });
    const { rows } = await t.db.query<{ action: string; detail: Record<string, unknown> }>(
      "SELECT action, detail FROM audit_log WHERE action IN ('assign', 'reassign') ORDER BY id",
    );
    expect(rows.map((r) => r.action)).toEqual(['assign', 'reassign', 'assign']);
    expect(rows[1].detail).toEqual({ from: team[AMA], to: team[BEN] });
    // Assigning again to the same person changes nothing and audits no reassignment.
    expect(
      data<StaffAssignResult>(
        await as(admin).post(staffQueuePaths.assign, {
          filter: { country: 'Ghana' },
          reviewers: [team[BEN]],
        }),
      ).reassigned,
    ).toBe(0);

    const refused = await as(ama).post(staffQueuePaths.assign, { filter: {}, reviewers: [team[AMA]] });
    expect(refused.statusCode).toBe(403);
    expect(json(refused).message).toBe(STAFF_MESSAGES.adminOnly);
    for (const [body, field] of [
      [{ filter: {}, reviewers: [] }, 'reviewers'],
      [{ filter: {}, reviewers: [999_999] }, 'reviewers'],
      [{ filter: { country: 'Mars' }, reviewers: [team[AMA]] }, 'filter'],
    ] as const) {
      const res = await as(admin).post(staffQueuePaths.assign, body);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(json<{ data: { error: object } }>(res).data.error)).toEqual([field]);
    }
    expect(
      json<{ data: { error: Record<string, string[]> } }>(
        await as(admin).post(staffQueuePaths.assign, { filter: {}, reviewers: [] }),
      ).data.error,
    ).toEqual({ reviewers: [STAFF_QUEUE_MESSAGES.chooseReviewers] });
    expect((await as(admin).post(staffQueuePaths.assign, { reviewers: [team[AMA]] })).statusCode).toBe(400);
    expect((await as(admin).get(`${staffQueuePaths.queue}?assignee=someone`)).statusCode).toBe(400);
  });
});
