/**
 * The reports' counts kept by the database (migration 43, docs/architecture.md "The staff reports") give the same
 * answers as counting the applications themselves: on a seeded cohort, then after decisions and an undo, a
 * withdrawal, an erasure, a submission, a move to another cohort and a deletion, folded or not.
 */
import { faker } from '@faker-js/faker';
import { beforeEach, describe, expect, it } from 'vitest';
import { reportPaths, type StaffReports } from '../../machines/rules/reports';
import { seed } from '../../scripts/seed';
import { currentCohort } from '../../server/db/cohorts';
import type { Queryable } from '../../server/db/index';
import { eraseApplicant } from '../../server/privacy/erase';
import { withdrawApplication } from '../../server/review/withdrawal';
import { staffPaths } from '../../machines/rules/staff/paths';
import { foldCounts, perDay, startedBy } from '../../server/staff/reportStore';
import { localStorage } from '../../server/storage/index';
import { outboxMailer } from '../../server/mail/index';
import { databases, json, STAFF, staffRequests, staffSignIn, START, useClock, useStaffApp } from './support';

const SEEDED = 300;

/** The applications counted straight from their rows, as the reports counted them before migration 43. */
async function counted(db: Queryable, cohortId: number, from: string | null, to: string | null) {
  const range = (column: string) =>
    `($2::date IS NULL OR ${column} >= $2::date::timestamp AT TIME ZONE 'UTC')
     AND ($3::date IS NULL OR ${column} < ($3::date + 1)::timestamp AT TIME ZONE 'UTC')`;
  const params = [cohortId, from, to];
  const cohort = 'COALESCE(cohort_id, applied_cohort_id) = $1';
  const days = await db.query<{ day: string; started: number; submitted: number }>(
    `SELECT to_char(d, 'YYYY-MM-DD') AS day, sum(s)::int AS started, sum(u)::int AS submitted FROM (
       SELECT (created_at AT TIME ZONE 'UTC')::date AS d, 1 AS s, 0 AS u FROM applications
         WHERE ${cohort} AND ${range('created_at')}
       UNION ALL
       SELECT (submitted_at AT TIME ZONE 'UTC')::date, 0, 1 FROM applications
         WHERE ${cohort} AND submitted_at > 'epoch'::timestamptz AND ${range('submitted_at')}
     ) m GROUP BY d ORDER BY d`,
    params,
  );
  const by = (column: string) =>
    db.query<{ value: string; started: number; submitted: number }>(
      `SELECT ${column} AS value, count(*)::int AS started, count(submitted_at)::int AS submitted
       FROM applications WHERE ${cohort} AND ${range('created_at')}
       GROUP BY ${column} ORDER BY 2 DESC, 1`,
      params,
    );
  return {
    days: days.rows,
    sources: (await by('referral_source')).rows.map(({ value, ...n }) => ({ source: value, ...n })),
    countries: (await by('country')).rows.map(({ value, ...n }) => ({ country: value, ...n })),
  };
}

describe.each(databases)("the reports' kept counts on $name", (database) => {
  const clock = useClock();
  const t = useStaffApp(database, STAFF.director, clock);
  let cohortId: number;
  beforeEach(async () => {
    cohortId = (await currentCohort(t.db, START)).id;
  });
  const as = staffRequests(t);

  /** The reports' counts over the cohort's whole life and over two of its days, each against the rows counted. */
  async function expectSameAnswers(cookie: string) {
    const { rows } = await t.db.query<{ day: string }>(
      `SELECT to_char(min(created_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day FROM applications
       WHERE COALESCE(cohort_id, applied_cohort_id) = $1`,
      [cohortId],
    );
    const first = rows[0].day;
    const second = new Date(Date.parse(`${first}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    for (const [from, to] of [
      [null, null],
      [first, second],
      [second, null],
    ]) {
      const query = [from && `from=${from}`, to && `to=${to}`].filter(Boolean).join('&');
      const res = await as(cookie).get(`${reportPaths.reports}?${query}`);
      expect(res.statusCode).toBe(200);
      const { days, sources, countries } = json<{ data: StaffReports }>(res).data;
      const straight = await counted(t.db, cohortId, from, to);
      expect({ query, days, sources, countries }).toEqual({ query, ...straight });
    }
    // Something counted: the comparison is not between two empty lists.
    expect((await counted(t.db, cohortId, null, null)).days.length).toBeGreaterThan(1);
  }

  it('answers as the applications counted one by one, through decisions, withdrawal, erasure and moves', async () => {
    faker.seed(7);
    await seed(t.db, SEEDED, t.storageDir, START);
    let lead = await staffSignIn(t, STAFF.director);
    await expectSameAnswers(lead);

    const { rows: submitted } = await t.db.query<{ id: number }>(
      `SELECT id FROM applications WHERE submitted_at IS NOT NULL AND review_status IS NULL ORDER BY id LIMIT 4`,
    );
    const [accepted, undone, withdrawn, erased] = submitted.map((r) => r.id);
    const event = async (id: number, type: string) => {
      const res = await as(lead).post(staffPaths.events.replace(':id', String(id)), { type });
      expect({ id, type, status: res.statusCode }).toEqual({ id, type, status: 200 });
    };
    await event(accepted, 'ACCEPT');
    await event(undone, 'REJECT');
    await event(undone, 'UNDO');
    const now = clock.now;
    await t.db.transaction((tx) =>
      withdrawApplication(tx, { mailer: outboxMailer(t.db), publicUrl: 'http://localhost' }, withdrawn, now),
    );
    const storage = await localStorage(t.storageDir);
    await t.db.transaction((tx) =>
      eraseApplicant(tx, {
        storage,
        id: erased,
        requester: { by: 'applicant' },
        now,
        erasureKey: 'report-counts',
      }),
    );
    // The erased applicant's country is gone from the row, and so from the countries counted.
    const { rows: after } = await t.db.query<{ country: string }>(
      'SELECT country FROM applications WHERE id = $1',
      [erased],
    );
    expect(after[0].country).toBe('');
    lead = await staffSignIn(t, STAFF.director);
    await expectSameAnswers(lead);

    // Writes no route makes today, which the trigger counts all the same: a submission on a later day, a move to
    // another cohort, a changed source, a deletion; compared before and after the changes are folded in.
    await t.db.query(
      `INSERT INTO cohorts (number, name, start_date, application_deadline, seats) VALUES (99, 'Cohort 99', '2027-03-10', '2027-03-03', 300)`,
    );
    await t.db.query(
      `UPDATE applications SET submitted_at = created_at + interval '3 days'
       WHERE id IN (SELECT id FROM applications WHERE submitted_at IS NULL ORDER BY id LIMIT 5)`,
    );
    await t.db.query(
      `UPDATE applications SET applied_cohort_id = (SELECT id FROM cohorts WHERE number = 99), cohort_id = NULL
       WHERE id IN (SELECT id FROM applications WHERE submitted_at IS NULL ORDER BY id DESC LIMIT 3)`,
    );
    await t.db.query(
      `UPDATE applications SET referral_source = 'From a friend' WHERE id IN (SELECT id FROM applications ORDER BY id LIMIT 7)`,
    );
    await t.db.query(
      `DELETE FROM applications WHERE id IN (SELECT id FROM applications WHERE submitted_at IS NULL ORDER BY id LIMIT 2)`,
    );
    const { rows: pending } = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM application_count_changes',
    );
    expect(pending[0].n).toBeGreaterThan(0);
    // Read as the route reads them (after its fold), and unfolded: the changes count as they are appended.
    await expectSameAnswers(lead);
    await t.db.query(
      `UPDATE applications SET country = 'Ghana' WHERE id = (SELECT min(id) FROM applications)`,
    );
    const everything = { from: null, until: null };
    const straight = await counted(t.db, cohortId, null, null);
    const unfolded = await startedBy(t.db, cohortId, everything);
    expect({ days: await perDay(t.db, cohortId, everything), countries: unfolded.countries }).toEqual({
      days: straight.days,
      countries: straight.countries.map(({ country: value, ...n }) => ({ value, ...n })),
    });
    await foldCounts(t.db);
    const { rows: left } = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM application_count_changes',
    );
    expect(left[0].n).toBe(0);
    await expectSameAnswers(lead);
  });
});
