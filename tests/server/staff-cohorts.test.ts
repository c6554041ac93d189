/**
 * Cohorts set in the back office (decision 235): every team member sees the list with seats taken and state; an
 * admin creates the next cohort (the automatic rule's suggestion prefilled), changes one until it starts, and pauses,
 * closes or reopens its applications; a reviewer's change is refused with 403 and changes nothing; each bad value is
 * refused in the catalogue's words and changes nothing; every change is an audit entry with before → after; what
 * applicants are told (`get-current`) follows at once, and another process's cached cohort within COHORT_CACHE_MS.
 */
import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  cohortIntakePath,
  cohortSettingsPath,
  cohortSettingsPaths,
  type StaffCohort,
  type StaffCohortSettings,
} from '../../machines/rules/cohortSettings';
import { paths, type CohortInfo } from '../../machines/rules/contract';
import { COHORT_MESSAGES } from '../../machines/rules/messages';
import type { AuditEntry } from '../../machines/rules/reports';
import { cohortNotice } from '../../machines/rules/seats';
import { STAFF_MESSAGES } from '../../machines/rules/staff/messages';
import { staffPaths } from '../../machines/rules/staff/paths';
import { COHORT_CACHE_MS, cohortCache, currentCohort } from '../../server/db/cohorts';
import { databases, useLeadAndAma, json, STAFF, START, staffSignIn, useClock } from './support';

const { lead: ADMIN } = STAFF;

describe.each(databases)('cohorts in the back office on $name', (database) => {
  const clock = useClock();
  const { t, team, as } = useLeadAndAma(database, clock);
  let current: { id: number; number: number };

  beforeEach(async () => {
    const cohort = await currentCohort(t.db, START);
    current = { id: cohort.id, number: cohort.number };
  });

  const list = async (cookie: string) => {
    const res = await as(cookie).get(cohortSettingsPaths.cohorts);
    expect(res.statusCode).toBe(200);
    return json<{ data: StaffCohortSettings }>(res).data;
  };
  const stored = async () =>
    (
      await t.db.query(
        `SELECT number, name, start_date::text, application_deadline::text, seats, intake, reopens_on::text
         FROM cohorts ORDER BY number`,
      )
    ).rows;
  const auditOf = async (action: string) => {
    const res = await as(team.admin).get(`${staffPaths.audit}?action=${action}`);
    return json<{ data: AuditEntry[] }>(res).data;
  };
  const applying = async () =>
    json<{ data: CohortInfo[] }>(await t.app.inject({ method: 'GET', url: paths.currentCohort })).data[0];
  /** `n` acceptances in the current cohort, as the review chart leaves them. */
  const accept = async (n: number) => {
    for (let i = 0; i < n; i++)
      await t.db.query(
        `INSERT INTO applications (email, firstname, lastname, gender, country, city, phone, referral_source,
           applied_cohort_id, cohort_id, submitted_at, review_status, created_at, updated_at)
         VALUES ($1, 'Ada', 'Obi', 'female', 'Nigeria', 'Lagos', '+2348030001000', 'On social media', $2, $2, $3,
           'accepted', $3, $3)`,
        [`accepted${i}@example.com`, current.id, START],
      );
  };
  const refusedWith = (res: LightMyRequestResponse, status: number, field: string, message: string) => {
    expect(res.statusCode).toBe(status);
    expect(json(res)).toEqual({ message, data: { error: { [field]: [message] } } });
  };

  it("lists the cohorts with seats taken and state for every team member, with the rule's next cohort", async () => {
    await accept(2);
    for (const cookie of [team.admin, team.ama]) {
      const { cohorts, suggestion } = await list(cookie);
      // Newest first: the cohort open now, then those before it, which have started.
      expect(cohorts.map((c) => c.number)).toEqual([13, 12, 11, 10, 9, 8, 7, 6]);
      expect(cohorts.slice(1).every((c) => c.state === 'started')).toBe(true);
      expect(cohorts[0]).toEqual({
        number: current.number,
        name: `Cohort ${current.number}`,
        start_date: '2026-12-10',
        application_deadline: '2026-12-03',
        seats: 300,
        taken: 2,
        intake: 'open',
        reopens_on: null,
        state: 'open',
        // Aid settings (decision 238): the defaults, no award made yet.
        aid_ceiling: 30,
        aid_awards: 10,
        aid_awards_made: 0,
        // The fee table (decision 244): today's for the cohorts there were.
        fee_ngn: 60_000,
        fee_usd: 50,
        full_discount: 15,
        instalments: 2,
      });
      expect(suggestion).toEqual({
        number: current.number + 1,
        name: `Cohort ${current.number + 1}`,
        start_date: '2027-03-10',
        application_deadline: '2027-03-03',
        seats: 300,
        aid_ceiling: 30,
        aid_awards: 10,
        fee_ngn: 60_000,
        fee_usd: 50,
        full_discount: 15,
        instalments: 2,
      });
    }
  });

  it('an admin creates the next cohort, audited; a reviewer is refused and nothing is made', async () => {
    const before = await stored();
    const body = {
      name: 'Cohort 14',
      start_date: '2027-02-01',
      application_deadline: '2027-01-20',
      seats: 40,
    };
    const refused = await as(team.ama).post(cohortSettingsPaths.cohorts, body);
    expect(refused.statusCode).toBe(403);
    expect(json(refused).message).toBe(STAFF_MESSAGES.adminOnly);
    expect(await stored()).toEqual(before);

    const res = await as(team.admin).post(cohortSettingsPaths.cohorts, body);
    expect(res.statusCode).toBe(201);
    expect(json(res).message).toBe('Cohort 14 created');
    expect(json<{ data: StaffCohort }>(res).data).toMatchObject({
      number: 14,
      seats: 40,
      state: 'open',
      taken: 0,
    });
    expect((await list(team.admin)).cohorts.map((c) => c.name).slice(0, 2)).toEqual([
      'Cohort 14',
      'Cohort 13',
    ]);
    const [entry] = await auditOf('cohort_create');
    expect(entry).toMatchObject({
      staff: ADMIN,
      detail: {
        cohort: 14,
        name: 'Cohort 14',
        start_date: '2027-02-01',
        application_deadline: '2027-01-20',
        seats: '40',
      },
    });
  });

  it('refuses each bad value in the catalogue words and changes nothing', async () => {
    await accept(3);
    const url = cohortSettingsPath(current.number);
    const good = {
      name: 'Cohort 13',
      start_date: '2026-12-10',
      application_deadline: '2026-12-03',
      seats: 300,
    };
    const before = await stored();
    const cases: Array<[object, string, string]> = [
      [{ application_deadline: '2026-12-11' }, 'application_deadline', COHORT_MESSAGES.deadlineAfterStart],
      [{ seats: 2 }, 'seats', COHORT_MESSAGES.seatsBelowTaken(3)],
      [{ seats: 'many' }, 'seats', COHORT_MESSAGES.seats],
      [{ seats: 2.5 }, 'seats', COHORT_MESSAGES.seats],
      [{ name: '  ' }, 'name', COHORT_MESSAGES.name],
      [{ start_date: '2027-02-30' }, 'start_date', COHORT_MESSAGES.startDate],
      [{ start_date: '2026-11-23' }, 'start_date', COHORT_MESSAGES.startNotFuture],
    ];
    for (const [change, field, message] of cases) {
      refusedWith(await as(team.admin).post(url, { ...good, ...change }), 400, field, message);
    }
    // A new cohort may not start before the last one.
    refusedWith(
      await as(team.admin).post(cohortSettingsPaths.cohorts, { ...good, start_date: '2026-12-09' }),
      400,
      'start_date',
      COHORT_MESSAGES.startBeforePrevious('Cohort 13', '10 December 2026'),
    );
    refusedWith(
      await as(team.admin).post(cohortIntakePath(current.number), {
        action: 'pause',
        reopens_on: '2026-11-22',
      }),
      400,
      'reopens_on',
      COHORT_MESSAGES.reopenDate,
    );
    refusedWith(
      await as(team.admin).post(cohortIntakePath(current.number), { action: 'stop' }),
      400,
      'action',
      COHORT_MESSAGES.action,
    );
    expect((await as(team.admin).post(cohortSettingsPath(99), good)).statusCode).toBe(404);
    expect(await stored()).toEqual(before);
    expect(await auditOf('cohort_change')).toEqual([]);

    // Once the cohort has started, nothing of it changes.
    clock.now = new Date('2026-12-10T08:00:00Z');
    const admin = await staffSignIn(t, ADMIN);
    const started = await as(admin).post(url, { ...good, seats: 310 });
    expect(started.statusCode).toBe(409);
    expect(json(started).message).toBe(COHORT_MESSAGES.started);
    const pause = await as(admin).post(cohortIntakePath(current.number), { action: 'close' });
    expect(pause.statusCode).toBe(409);
    expect((await stored()).find((c) => c.number === current.number)).toEqual(
      before.find((c) => c.number === current.number),
    );
  });

  it("an admin's change is audited before → after; a reviewer's is refused", async () => {
    const url = cohortSettingsPath(current.number);
    const change = {
      name: 'Cohort 13',
      start_date: '2026-12-17',
      application_deadline: '2026-12-08',
      seats: 250,
    };
    expect((await as(team.ama).post(url, change)).statusCode).toBe(403);
    expect((await as(team.ama).post(cohortIntakePath(current.number), { action: 'pause' })).statusCode).toBe(
      403,
    );
    expect(await auditOf('cohort_change')).toEqual([]);

    const res = await as(team.admin).post(url, change);
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe('Cohort 13 saved');
    expect((await stored()).find((c) => c.number === 13)).toMatchObject({
      start_date: '2026-12-17',
      seats: 250,
    });
    const [entry] = await auditOf('cohort_change');
    expect(entry.detail).toEqual({
      cohort: 13,
      start_date: '2026-12-10 → 2026-12-17',
      application_deadline: '2026-12-03 → 2026-12-08',
      seats: '300 → 250',
    });
  });

  it('a pause sends new applications to the next cohort and says so; a reopen brings them back', async () => {
    const other = cohortCache(t.db, () => clock.now);
    expect((await other.applying()).cohort.number).toBe(13);

    const pause = await as(team.admin).post(cohortIntakePath(13), {
      action: 'pause',
      reopens_on: '2026-11-30',
    });
    expect(pause.statusCode).toBe(200);
    expect(json<{ data: StaffCohort }>(pause).data).toMatchObject({
      state: 'paused',
      reopens_on: '2026-11-30',
    });
    const cohort = await applying();
    expect(cohort).toMatchObject({
      name: 'Cohort 14',
      paused: { name: 'Cohort 13', reopens_on: '2026-11-30' },
    });
    expect(cohortNotice(cohort)).toBe(
      'Applications for Cohort 13 are paused until 30 November 2026, so new applications are for Cohort 14, which starts on 10 March 2027.',
    );
    const [entry] = await auditOf('cohort_intake');
    expect(entry.detail).toEqual({
      cohort: 13,
      action: 'pause',
      intake: 'open → paused',
      reopens_on: 'none → 2026-11-30',
    });

    // Another process's cache (its own copy) serves the change once COHORT_CACHE_MS has passed.
    expect((await other.applying()).cohort.number).toBe(13);
    clock.now = new Date(START.getTime() + COHORT_CACHE_MS);
    expect((await other.applying()).cohort.number).toBe(14);

    // On its reopen day the pause ends by itself.
    clock.now = new Date('2026-11-30T09:00:00Z');
    expect(await applying()).toMatchObject({ name: 'Cohort 13' });
    expect((await applying()).paused).toBeUndefined();

    clock.now = START;
    await as(team.admin).post(cohortIntakePath(13), { action: 'close' });
    expect(await applying()).toMatchObject({ name: 'Cohort 14' });
    expect((await applying()).paused).toBeUndefined();
    await as(team.admin).post(cohortIntakePath(13), { action: 'reopen' });
    expect(await applying()).toMatchObject({ name: 'Cohort 13' });
    expect((await list(team.admin)).cohorts.find((c) => c.number === 13)).toMatchObject({
      intake: 'open',
      state: 'open',
    });
  });
});
