/**
 * The staff reports and the filtered audit log (issue 24, item 7) on seeded applications with known days, sources,
 * countries and decisions: the figures an admissions lead reads, and the refusals of filters the server does not
 * know.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import {
  AUDIT_PAGE,
  REPORT_MESSAGES,
  reportPaths,
  type AuditEntry,
  type StaffReports,
} from '../../machines/rules/reports';
import { DEFAULT_RUBRIC, scorecardPaths } from '../../machines/rules/scorecard';
import { STAFF_QUEUE_MESSAGES } from '../../machines/rules/staff/queue';
import { staffPaths } from '../../machines/rules/staff/paths';
import { currentCohort } from '../../server/db/cohorts';
import { audit } from '../../server/staff/store';
import { FOUR_DECISIONS_TIMED } from '../support/staff';
import { databases, json, STAFF, staffRequests, staffSignIn, START, useClock, useStaffApp } from './support';

const { director: ADMIN, second: SECOND, reader: READER } = STAFF;

interface Seeded {
  email: string;
  firstname: string;
  lastname: string;
  source: string;
  country: string;
  created: string;
  submitted: string | null;
}

const SEEDS: Seeded[] = [
  {
    email: 'ada@example.com',
    firstname: 'Ada',
    lastname: 'Obi',
    source: 'On social media',
    country: 'Nigeria',
    created: '2026-11-20T09:00:00Z',
    submitted: '2026-11-20T12:00:00Z',
  },
  {
    email: 'bola@example.com',
    firstname: 'Bola',
    lastname: 'Ade',
    source: 'From a friend',
    country: 'Ghana',
    created: '2026-11-20T15:00:00Z',
    submitted: '2026-11-21T08:00:00Z',
  },
  {
    email: 'chioma@example.com',
    firstname: 'Chioma',
    lastname: 'Eze',
    source: 'On social media',
    country: 'Nigeria',
    created: '2026-11-21T10:00:00Z',
    submitted: null,
  },
  {
    email: 'chidi@example.com',
    firstname: 'Chidi',
    lastname: 'Okafor',
    source: 'On social media',
    country: 'Kenya',
    created: '2026-11-21T11:00:00Z',
    submitted: '2026-11-22T09:00:00Z',
  },
  {
    email: 'dayo@example.com',
    firstname: 'Dayo',
    lastname: 'Bello',
    source: '',
    country: 'Nigeria',
    created: '2026-11-22T10:00:00Z',
    submitted: '2026-11-22T10:30:00Z',
  },
];

describe.each(databases)('staff reports and the audit log on $name', (database) => {
  let cohortId: number;
  const clock = useClock();
  const t = useStaffApp(database, ADMIN, clock);
  beforeEach(async () => {
    cohortId = (await currentCohort(t.db, START)).id;
  });

  const as = staffRequests(t);

  async function insert(): Promise<number[]> {
    const ids: number[] = [];
    for (const s of SEEDS) {
      const { rows } = await t.db.query<{ id: number }>(
        `INSERT INTO applications (email, firstname, lastname, gender, country, city, phone, referral_source,
           applied_cohort_id, cohort_id, email_verified_at, eligibility_status, submitted_at, created_at, updated_at)
         VALUES ($1, $2, $3, 'female', $4, 'Lagos', '+234 803 000 0000', $5, $6, $7, $8, 'eligible', $9, $8, $8)
         RETURNING id`,
        [
          s.email,
          s.firstname,
          s.lastname,
          s.country,
          s.source,
          cohortId,
          s.submitted ? cohortId : null,
          new Date(s.created),
          s.submitted && new Date(s.submitted),
        ],
      );
      ids.push(rows[0].id);
    }
    return ids;
  }

  /** Two admins decide four applications on two days; one decision is undone and taken again. */
  async function decide() {
    const [ada, bola, , chidi, dayo] = await insert();
    let first = await staffSignIn(t, ADMIN);
    expect((await as(first).post(staffPaths.team, { email: SECOND, role: 'admin' })).statusCode).toBe(201);
    expect((await as(first).post(staffPaths.team, { email: READER, role: 'reviewer' })).statusCode).toBe(201);
    let second = await staffSignIn(t, SECOND);
    const event = async (cookie: string, id: number, type: string, at: string) => {
      clock.now = new Date(at);
      const res = await as(cookie).post(staffPaths.events.replace(':id', String(id)), { type });
      expect({ id, type, status: res.statusCode }).toEqual({ id, type, status: 200 });
    };
    await event(first, ada, 'ACCEPT', '2026-11-23T12:00:00Z');
    await event(second, bola, 'REJECT', '2026-11-23T14:00:00Z');
    // A staff session lasts 12 hours: the next morning both sign in again.
    clock.now = new Date('2026-11-24T08:00:00Z');
    first = await staffSignIn(t, ADMIN);
    second = await staffSignIn(t, SECOND);
    await event(first, chidi, 'ACCEPT', '2026-11-24T09:00:00Z');
    await event(second, dayo, 'WAITLIST', '2026-11-24T10:00:00Z');
    await event(first, dayo, 'UNDO', '2026-11-24T10:01:00Z');
    await event(first, dayo, 'REJECT', '2026-11-24T11:30:00Z');
    return { first, ids: { ada, bola, chidi, dayo } };
  }

  const reportsOf = async (cookie: string, query = '') => {
    const res = await as(cookie).get(`${reportPaths.reports}${query}`);
    expect(res.statusCode).toBe(200);
    return json<{ data: StaffReports }>(res).data;
  };

  it('counts applications started and submitted per day, by source and by country, in a range of days', async () => {
    await insert();
    const admin = await staffSignIn(t, ADMIN);
    const all = await reportsOf(admin);
    expect(all.days).toEqual([
      { day: '2026-11-20', started: 2, submitted: 1 },
      { day: '2026-11-21', started: 2, submitted: 1 },
      { day: '2026-11-22', started: 1, submitted: 2 },
    ]);
    expect(all.sources).toEqual([
      { source: 'On social media', started: 3, submitted: 2 },
      { source: '', started: 1, submitted: 1 },
      { source: 'From a friend', started: 1, submitted: 1 },
    ]);
    expect(all.countries).toEqual([
      { country: 'Nigeria', started: 3, submitted: 2 },
      { country: 'Ghana', started: 1, submitted: 1 },
      { country: 'Kenya', started: 1, submitted: 1 },
    ]);

    // One day: what started on it, what was submitted on it, and the sources of those started on it.
    const oneDay = await reportsOf(admin, '?from=2026-11-21&to=2026-11-21');
    expect(oneDay).toMatchObject({ from: '2026-11-21', to: '2026-11-21' });
    expect(oneDay.days).toEqual([{ day: '2026-11-21', started: 2, submitted: 1 }]);
    expect(oneDay.sources).toEqual([{ source: 'On social media', started: 2, submitted: 1 }]);
  });

  it('times submission to the first decision that stands, and counts decisions per team member per day or week', async () => {
    const { first } = await decide();
    const report = await reportsOf(first);
    // 2 d, 2 d 1 h, 2 d 6 h and 3 d: the undone waitlisting of Dayo is not his first decision.
    expect(report.timeToDecision).toEqual(FOUR_DECISIONS_TIMED);
    expect(report.throughput).toEqual([
      { staff: ADMIN, period: '2026-11-23', decisions: 1 },
      { staff: SECOND, period: '2026-11-23', decisions: 1 },
      { staff: ADMIN, period: '2026-11-24', decisions: 2 },
    ]);
    const weekly = await reportsOf(first, '?per=week');
    expect(weekly.throughput).toEqual([
      { staff: ADMIN, period: '2026-11-23', decisions: 3 },
      { staff: SECOND, period: '2026-11-23', decisions: 1 },
    ]);
    // Decisions made on the 24th: Chidi's (2 d) and Dayo's (2 d 1 h).
    const later = await reportsOf(first, '?from=2026-11-24');
    expect(later.timeToDecision).toMatchObject({ decided: 2, medianSeconds: 174_600, maxSeconds: 176_400 });
    expect(later.throughput).toEqual([{ staff: ADMIN, period: '2026-11-24', decisions: 2 }]);

    // A reviewer reads the reports too.
    const reader = await staffSignIn(t, READER);
    expect((await reportsOf(reader)).timeToDecision.decided).toBe(4);
  });

  it('measures how far reviewers’ scores lie apart: agreeing applications, per pair and per reviewer', async () => {
    const [ada, bola, , chidi, dayo] = await insert();
    clock.now = new Date('2026-11-23T09:00:00Z');
    let lead = await staffSignIn(t, ADMIN);
    expect((await as(lead).post(staffPaths.team, { email: SECOND, role: 'admin' })).statusCode).toBe(201);
    expect((await as(lead).post(staffPaths.team, { email: READER, role: 'reviewer' })).statusCode).toBe(201);
    const score = async (cookie: string, id: number, ...values: number[]) => {
      const ratings = Object.fromEntries(DEFAULT_RUBRIC.map((c, i) => [c.key, values[i % values.length]]));
      const res = await as(cookie).put(scorecardPaths.scorecards.replace(':id', String(id)), { ratings });
      expect({ id, status: res.statusCode }).toEqual({ id, status: 200 });
    };
    let second = await staffSignIn(t, SECOND);
    let reader = await staffSignIn(t, READER);
    // The 23rd: Ada 4 and 3 (1 apart: agree), Bola 5 and 2 (3 apart), Chidi scored once (not compared).
    await score(lead, ada, 4);
    await score(reader, ada, 3);
    await score(lead, bola, 5);
    await score(second, bola, 2);
    await score(lead, chidi, 4);
    // The 24th: a third review of Bola (3: still 3 between the highest and the lowest), Dayo 4.5 and 4.
    clock.now = new Date('2026-11-24T09:00:00Z');
    lead = await staffSignIn(t, ADMIN);
    second = await staffSignIn(t, SECOND);
    reader = await staffSignIn(t, READER);
    await score(reader, bola, 3);
    await score(second, dayo, 5, 4);
    await score(reader, dayo, 4);

    // By hand: pairs director–reader 1 (Ada) and 2 (Bola), director–second 3 (Bola), reader–second 1 (Bola) and
    // 0.5 (Dayo): 7.5 over 5 pairs. The director is 1, 2 and 3 from the others (2 on average), the second 3, 1
    // and 0.5 (1.5), the reader 1, 2, 1 and 0.5 (1.125).
    expect((await reportsOf(lead)).agreement).toEqual({
      compared: 3,
      agreeing: 2,
      meanDifference: 1.5,
      pairs: [
        { first: ADMIN, second: SECOND, applications: 1, meanDifference: 3, agreeing: 0 },
        { first: ADMIN, second: READER, applications: 2, meanDifference: 1.5, agreeing: 1 },
        { first: READER, second: SECOND, applications: 2, meanDifference: 0.75, agreeing: 2 },
      ],
      reviewers: [
        { staff: ADMIN, comparisons: 3, meanDistance: 2 },
        { staff: SECOND, comparisons: 3, meanDistance: 1.5 },
        { staff: READER, comparisons: 4, meanDistance: 1.13 },
      ],
    });
    // From the 24th: Bola and Dayo, whose last scorecards were saved that day; Ada's were all on the 23rd.
    const later = (await reportsOf(reader, '?from=2026-11-24')).agreement;
    expect(later).toMatchObject({ compared: 2, agreeing: 1, meanDifference: 1.63 });
    expect((await reportsOf(lead, '?to=2026-11-22')).agreement).toEqual({
      compared: 0,
      agreeing: 0,
      meanDifference: null,
      pairs: [],
      reviewers: [],
    });
  });

  it('refuses a period, a day or a cohort it does not know, in the catalogue’s words', async () => {
    const admin = await staffSignIn(t, ADMIN);
    const refused = async (query: string, status: number, field: string, message: string) => {
      const res = await as(admin).get(`${reportPaths.reports}${query}`);
      expect({ query, status: res.statusCode }).toEqual({ query, status });
      expect(json<{ data: { error: Record<string, string[]> } }>(res).data.error[field]).toEqual([message]);
    };
    await refused('?per=month', 400, 'per', REPORT_MESSAGES.period);
    await refused('?from=2026-02-30', 400, 'from', STAFF_QUEUE_MESSAGES.dateFormat);
    await refused('?from=23/11/2026', 400, 'from', STAFF_QUEUE_MESSAGES.dateFormat);
    await refused('?from=2026-11-24&to=2026-11-23', 400, 'to', REPORT_MESSAGES.dayOrder);
    await refused('?cohort=999', 404, 'cohort', STAFF_QUEUE_MESSAGES.noSuchCohort);
    expect((await t.app.inject({ method: 'GET', url: reportPaths.reports })).statusCode).toBe(401);
  });

  it('filters the audit log by team member, action and applicant (name or email), with names, paged', async () => {
    const { first, ids } = await decide();
    const auditOf = async (query: string) => {
      const res = await as(first).get(`${staffPaths.audit}${query}`);
      expect({ query, status: res.statusCode }).toEqual({ query, status: 200 });
      return json<{ data: AuditEntry[] }>(res).data;
    };
    const bySecond = await auditOf(`?staff=${encodeURIComponent(SECOND.toUpperCase())}&action=review_event`);
    expect(bySecond.map((e) => [e.staff, e.applicant, e.detail.event])).toEqual([
      [SECOND, 'Dayo Bello', 'WAITLIST'],
      [SECOND, 'Bola Ade', 'REJECT'],
    ]);
    const chidi = await auditOf('?applicant=okafor');
    expect(chidi.map((e) => [e.applicationId, e.applicant, e.action])).toEqual([
      [ids.chidi, 'Chidi Okafor', 'review_event'],
    ]);
    expect((await auditOf('?applicant=BOLA%40example')).map((e) => e.applicationId)).toEqual([ids.bola]);
    expect((await auditOf('?applicant=Okafor%20Chidi')).map((e) => e.applicationId)).toEqual([ids.chidi]);
    expect(await auditOf('?applicant=nobody')).toEqual([]);
    const signIns = await auditOf('?action=sign_in');
    expect(signIns.map((e) => [e.staff, e.applicant])).toEqual([
      [SECOND, null],
      [ADMIN, null],
      [SECOND, null],
      [ADMIN, null],
    ]);

    // 105 views by the second admin: a page of 100, then the 5 before them.
    const { rows } = await t.db.query<{ id: number }>('SELECT id FROM staff WHERE email = $1', [SECOND]);
    for (let i = 0; i < AUDIT_PAGE + 5; i++)
      await audit(t.db, rows[0].id, 'view_application', clock.now, ids.ada);
    const firstPage = await auditOf(`?staff=${SECOND}&action=view_application`);
    expect(firstPage).toHaveLength(AUDIT_PAGE);
    expect(new Set(firstPage.map((e) => e.applicant))).toEqual(new Set(['Ada Obi']));
    const older = await auditOf(`?staff=${SECOND}&action=view_application&before=${firstPage.at(-1)!.id}`);
    expect(older).toHaveLength(5);
    expect(Math.max(...older.map((e) => e.id))).toBeLessThan(firstPage.at(-1)!.id);
  });

  it('refuses an audit filter it does not know, in the catalogue’s words; a reviewer may not read it', async () => {
    const admin = await staffSignIn(t, ADMIN);
    const refused = async (query: string, field: string, message: string) => {
      const res = await as(admin).get(`${staffPaths.audit}${query}`);
      expect({ query, status: res.statusCode }).toEqual({ query, status: 400 });
      expect(json<{ data: { error: Record<string, string[]> } }>(res).data.error[field]).toEqual([message]);
    };
    await refused('?action=dance', 'action', REPORT_MESSAGES.auditAction);
    await refused('?staff=not-an-address', 'staff', REPORT_MESSAGES.auditStaff);
    await refused(`?applicant=${'a'.repeat(120)}`, 'applicant', REPORT_MESSAGES.auditApplicant);
    await refused('?before=abc', 'before', REPORT_MESSAGES.auditBefore);
    await as(admin).post(staffPaths.team, { email: READER, role: 'reviewer' });
    const reader = await staffSignIn(t, READER);
    expect((await as(reader).get(`${staffPaths.audit}?action=sign_in`)).statusCode).toBe(403);
  });
});
