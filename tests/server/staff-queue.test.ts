/**
 * The staff queue, bulk decisions, CSV decisions, exports and the funnel: what an admin and a reviewer see and can
 * do.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { ROUTES, applicationMachine, type ScreenMeta } from '../../machines/application.machine';
import { nextReviewStatus, REVIEW_STATUSES, reviewMeta } from '../../machines/review.machine';
import { paths } from '../../machines/rules/contract';
import { STAFF_MESSAGES } from '../../machines/rules/staff/messages';
import { STAFF_QUEUE_MESSAGES, staffQueuePaths, type StaffQueuePage } from '../../machines/rules/staff/queue';
import { staffPaths } from '../../machines/rules/staff/paths';
import { BULK_EVENTS, type StaffBulkResult } from '../../machines/rules/staff/bulk';
import { type StaffCsvResult } from '../../machines/rules/staff/csv';
import { type StaffFunnel } from '../../machines/rules/staff/funnel';
import { currentCohort } from '../../server/db/cohorts';
import { outboxMailer } from '../../server/mail/index';
import { decisionMailer } from '../../server/review/decisionMail';
import { faker } from '@faker-js/faker';
import { seed } from '../../scripts/seed';
import {
  databases,
  json,
  staffRequests,
  staffSignIn,
  START,
  useClock,
  useStaffApp,
  verifiedApplicant,
} from './support';

const ADMIN = 'director@bootcamp.example';
const REVIEWER = 'reader@bootcamp.example';
/** Submitted or not: the queue's default is submitted applications only. */
const EVERY_STATUS = `status=not_submitted,${REVIEW_STATUSES.join(',')}`;

interface AppSeed {
  email: string;
  firstname?: string;
  lastname?: string;
  phone?: string;
  country?: string;
  source?: string;
  submitted?: Date | null;
  status?: string | null;
  eligibility?: string | null;
  verified?: boolean;
  employment?: boolean;
  video?: boolean;
  payment?: string;
  cvByEmail?: boolean;
}

describe.each(databases)('staff queue, bulk, exports and funnel on $name', (database) => {
  let cohortId: number;
  let cohortNumber: number;
  const clock = useClock();
  const t = useStaffApp(database, ADMIN, clock);

  beforeEach(async () => {
    const cohort = await currentCohort(t.db, START);
    cohortId = cohort.id;
    cohortNumber = cohort.number;
  });

  const signIn = (email: string) => staffSignIn(t, email);
  const reviewer = async (admin: string) => {
    await as(admin).post(staffPaths.team, { email: REVIEWER, role: 'reviewer' });
    return signIn(REVIEWER);
  };
  const as = staffRequests(t);
  /** Adds "Cohort N" (N the current number plus `offset`) starting on `start`; returns its id. */
  const addCohort = async (offset: number, start: string, deadline: string) => {
    const number = cohortNumber + offset;
    const { rows } = await t.db.query<{ id: number }>(
      `INSERT INTO cohorts (number, name, start_date, application_deadline, seats)
       VALUES ($1, $2, $3, $4, 30) RETURNING id`,
      [number, `Cohort ${number}`, start, deadline],
    );
    return rows[0].id;
  };
  /** The decision emails' sender, with the clock moved past the undo window. */
  const pastUndoWindow = () => {
    const mailer = decisionMailer({
      db: t.db,
      mailer: outboxMailer(t.db),
      config: { now: () => clock.now, publicUrl: 'http://localhost:3000' },
    });
    clock.now = new Date(clock.now.getTime() + 6 * 60_000);
    return mailer;
  };
  const page = (res: LightMyRequestResponse) => json<{ data: StaffQueuePage }>(res).data;

  async function insert(seeds: AppSeed[]): Promise<number[]> {
    const ids: number[] = [];
    for (const [i, s] of seeds.entries()) {
      const created = new Date(START.getTime() - (seeds.length - i) * 60_000);
      const { rows } = await t.db.query<{ id: number }>(
        `INSERT INTO applications (email, firstname, lastname, gender, country, city, phone, referral_source,
           applied_cohort_id, cohort_id, email_verified_at, eligibility, eligibility_status, employment, video,
           payment_option, cv_sent_by_email, submitted_at, review_status, created_at, updated_at)
         VALUES ($1, $2, $3, 'female', $4, 'Lagos', $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $18)
         RETURNING id`,
        [
          s.email,
          s.firstname ?? 'Ada',
          s.lastname ?? `Obi${i}`,
          s.country ?? 'Nigeria',
          s.phone ?? `+234 803 000 ${String(1000 + i)}`,
          s.source ?? 'On social media',
          cohortId,
          s.submitted === null ? null : cohortId,
          s.verified === false ? null : created,
          s.eligibility === null ? null : JSON.stringify({ education_focus: '=HYPERLINK("x")' }),
          s.eligibility ?? 'eligible',
          s.employment === false ? null : JSON.stringify({ employment_status: 'Unemployed' }),
          s.video ? JSON.stringify({ videoProgress: 100, isVideoEnded: true, attemptCounter: 1 }) : null,
          s.payment ?? '',
          s.cvByEmail ?? false,
          s.submitted === undefined ? new Date(START.getTime() - (seeds.length - i) * 1000) : s.submitted,
          s.status ?? null,
          created,
        ],
      );
      ids.push(rows[0].id);
    }
    return ids;
  }
  const many = (n: number, prefix = 'p', extra: Partial<AppSeed> = {}) =>
    insert(Array.from({ length: n }, (_, i) => ({ email: `${prefix}${i}@example.com`, ...extra })));

  it('needs a staff session, answers no-store, and refuses a filter value it does not know', async () => {
    expect((await t.app.inject({ method: 'GET', url: staffQueuePaths.queue })).statusCode).toBe(401);
    const applicant = await verifiedApplicant(t, 'ada@example.com');
    expect((await as(applicant).get(staffQueuePaths.queue)).statusCode).toBe(401);
    expect((await as(applicant).get(staffQueuePaths.funnel)).statusCode).toBe(401);
    expect((await as(applicant).get(staffQueuePaths.exportCsv)).statusCode).toBe(401);

    const admin = await signIn(ADMIN);
    const ok = await as(admin).get(staffQueuePaths.queue);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toContain('no-store');
    for (const [query, field] of [
      ['status=maybe', 'status'],
      ['stage=created,flying', 'stage'],
      ['from=2026-02-30', 'from'],
      ['sort=age', 'sort'],
      ['limit=500', 'limit'],
      ['cursor=bm90LWEtY3Vyc29y', 'cursor'],
      [`cursor=${Buffer.from(JSON.stringify(['not a date', 1])).toString('base64url')}`, 'cursor'],
      [
        `sort=status&cursor=${Buffer.from(JSON.stringify(['2026-11-23T10:00:00.000Z', 1])).toString('base64url')}`,
        'cursor',
      ],
      ['q=' + 'x'.repeat(120), 'q'],
      ['cohort=99999', 'cohort'],
    ]) {
      const res = await as(admin).get(`${staffQueuePaths.queue}?${query}`);
      expect({ query, status: res.statusCode }).toEqual({ query, status: field === 'cohort' ? 404 : 400 });
      expect(Object.keys(json<{ data: { error: object } }>(res).data.error)).toEqual([field]);
    }
  });

  it('filters by status, stage, country, source, dates, CV and search, with the counts for the chips', async () => {
    const admin = await signIn(ADMIN);
    await insert([
      { email: 'ada@example.com', firstname: 'Ada', lastname: 'Obi', status: 'accepted', cvByEmail: true },
      { email: 'bola@example.com', firstname: 'Bola', lastname: 'Ade', status: 'rejected', country: 'Ghana' },
      { email: 'chidi@example.com', firstname: 'Chidi', lastname: 'Eze', phone: '+234 809 555 1234' },
      { email: 'dayo@example.com', firstname: 'Dayo', submitted: null, employment: false, eligibility: null },
      {
        email: 'efe@example.com',
        firstname: 'Efe',
        submitted: null,
        verified: false,
        employment: false,
        eligibility: null,
      },
      { email: 'femi@example.com', firstname: 'Femi', video: true, source: 'Through an organisation' },
    ]);
    const all = page(await as(admin).get(staffQueuePaths.queue));
    // By default the queue shows the 4 submitted; the chips still count the 2 in the wizard.
    expect(all.total).toBe(4);
    expect(all.cohort).toMatchObject({ id: cohortId, number: cohortNumber, taken: 1 });
    expect(all.counts.status).toMatchObject({ accepted: 1, rejected: 1, submitted: 2, not_submitted: 2 });
    expect(all.counts.stage).toMatchObject({
      created: 1,
      eligibility: 0,
      verified: 1,
      submitted: 3,
      video_watched: 1,
    });

    const names = async (query: string) =>
      page(await as(admin).get(`${staffQueuePaths.queue}?${query}`)).rows.map((r) => r.name.split(' ')[0]);
    await expectFound(names, {
      'status=accepted,rejected&sort=name': ['Bola', 'Ada'],
      'stage=created,verified&sort=name&dir=desc': ['Efe', 'Dayo'],
      'country=Ghana': ['Bola'],
      [`source=${encodeURIComponent('Through an organisation')}`]: ['Femi'],
      'cv=yes': ['Ada'],
      'q=chi': ['Chidi'],
      'q=BOLA%40example': ['Bola'],
      'q=555%201234': ['Chidi'],
      'q=ada%20obi': ['Ada'],
      'q=%25': [],
      'from=2026-11-24': [],
    });
    expect((await names('from=2026-11-23&to=2026-11-23')).length).toBe(4);

    // The chips count every other filter: with status=accepted, the status chips still show the rest.
    const chips = page(await as(admin).get(`${staffQueuePaths.queue}?status=accepted&country=Nigeria`));
    expect(chips.total).toBe(1);
    expect(chips.counts.status).toMatchObject({ accepted: 1, rejected: 0, submitted: 2 });
  });

  it('finds by city and referral source, across every cohort when asked, and says when other cohorts match', async () => {
    const admin = await signIn(ADMIN);
    const otherCohort = await addCohort(60, '2030-01-01', '2029-12-01');
    const [ada, , , moved] = await insert([
      { email: 'ada@example.com', firstname: 'Ada', source: 'Through an organisation' },
      { email: 'bola@example.com', firstname: 'Bola' },
      { email: 'dayo@example.com', firstname: 'Dayo', submitted: null },
      { email: 'zara@example.com', firstname: 'Zara' },
    ]);
    await t.db.query('UPDATE applications SET city = $2 WHERE id = $1', [ada, 'Port Harcourt']);
    await t.db.query('UPDATE applications SET cohort_id = $2, applied_cohort_id = $2 WHERE id = $1', [
      moved,
      otherCohort,
    ]);
    const view = async (query: string) => page(await as(admin).get(`${staffQueuePaths.queue}?${query}`));
    const names = async (query: string) => (await view(query)).rows.map((r) => r.name.split(' ')[0]);

    // Submitted only by default; the chip for the ones still in the wizard is there.
    expect(await names('sort=name')).toEqual(['Ada', 'Bola']);
    expect((await view('')).counts.status.not_submitted).toBe(1);
    expect(await names('status=not_submitted')).toEqual(['Dayo']);
    // A city's or a source's word, from its start; a reviewer searches them too.
    await expectFound(names, {
      'q=harcourt': ['Ada'],
      'q=port': ['Ada'],
      'q=organisation': ['Ada'],
      'q=lagos&sort=name': ['Bola'],
      'q=arcourt': [],
    });
    expect(
      page(await as(await reviewer(admin)).get(`${staffQueuePaths.queue}?q=organisation`)).rows.map(
        (r) => r.city,
      ),
    ).toEqual(['Port Harcourt']);

    // Zara moved to the next cohort: none here, a hint that one matches elsewhere, and all cohorts find her.
    const here = await view('q=zara');
    expect({ total: here.total, elsewhere: here.elsewhere }).toEqual({ total: 0, elsewhere: 1 });
    const everywhere = await view('q=zara&allCohorts=1');
    expect(everywhere.rows.map((r) => [r.name, r.cohort])).toEqual([
      ['Zara Obi3', `Cohort ${cohortNumber + 60}`],
    ]);
    expect(everywhere.elsewhere).toBe(0);
    expect((await as(admin).get(`${staffQueuePaths.queue}?allCohorts=yes`)).statusCode).toBe(400);
  });

  it('pages by cursor through every row once, in order, for each sort', async () => {
    const admin = await signIn(ADMIN);
    await insert(
      Array.from({ length: 23 }, (_, i) => ({
        email: `n${i}@example.com`,
        lastname: ['Obi', 'Ade', 'Eze'][i % 3],
        firstname: `F${i % 5}`,
        status: [null, 'accepted', 'rejected', 'waitlisted'][i % 4],
        eligibility: ['eligible', 'ineligible'][i % 2],
        submitted: i % 6 === 0 ? null : new Date(START.getTime() - (i % 4) * 3600_000),
      })),
    );
    for (const sort of ['submitted', 'created', 'name', 'eligibility', 'status']) {
      for (const dir of ['asc', 'desc']) {
        const seen: number[] = [];
        let cursor: string | null = null;
        let pages = 0;
        do {
          const query: string = `${EVERY_STATUS}&sort=${sort}&dir=${dir}&limit=5${cursor ? `&cursor=${cursor}` : ''}`;
          const p = page(await as(admin).get(`${staffQueuePaths.queue}?${query}`));
          seen.push(...p.rows.map((r) => r.id));
          cursor = p.nextCursor;
          pages += 1;
        } while (cursor && pages < 10);
        expect({ sort, dir, count: seen.length, unique: new Set(seen).size }).toEqual({
          sort,
          dir,
          count: 23,
          unique: 23,
        });
        const once = page(
          await as(admin).get(`${staffQueuePaths.queue}?${EVERY_STATUS}&sort=${sort}&dir=${dir}&limit=200`),
        );
        expect(once.rows.map((r) => r.id)).toEqual(seen);
      }
    }
  });

  it('bulk: a dry run previews the count and the email and changes nothing; a reviewer may not', async () => {
    const admin = await signIn(ADMIN);
    const ids = await many(4);
    await t.db.query("UPDATE applications SET review_status = 'rejected' WHERE id = $1", [ids[3]]);
    const dry = await as(admin).post(staffQueuePaths.bulk, { event: 'ACCEPT', ids, dryRun: true });
    expect(dry.statusCode).toBe(200);
    const result = json<{ data: StaffBulkResult }>(dry).data;
    expect(result).toMatchObject({ dryRun: true, matched: 4, applied: { ACCEPT: 3 } });
    expect(result.refused).toEqual([
      { id: ids[3], reason: STAFF_MESSAGES.notAllowedNow('Not successful', 'ACCEPT') },
    ]);
    expect(result.preview[0]).toMatchObject({ event: 'ACCEPT', to: 'p0@example.com' });
    expect(result.preview[0].subject).toContain('You are accepted');
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM review_events');
    expect(rows[0].n).toBe(0);

    const readerCookie = await reviewer(admin);
    const refused = await as(readerCookie).post(staffQueuePaths.bulk, { event: 'ACCEPT', ids });
    expect(refused.statusCode).toBe(403);
    const bad = await as(admin).post(staffQueuePaths.bulk, { event: 'UNDO', ids });
    expect(json(bad).message).toBe(STAFF_QUEUE_MESSAGES.bulkEvent);
  });

  it('bulk accept by filter holds the seat cap in the sort order, waitlists the rest, and emails each once', async () => {
    const admin = await signIn(ADMIN);
    await t.db.query('UPDATE cohorts SET seats = 4 WHERE id = $1', [cohortId]);
    await insert([{ email: 'taken@example.com', status: 'paid' }]);
    const ids = await insert(
      ['e', 'a', 'd', 'b', 'c', 'f'].map((l) => ({ email: `${l}@example.com`, lastname: l.toUpperCase() })),
    );
    const filter = { sort: 'name', dir: 'asc', status: 'submitted' };
    const res = await as(admin).post(staffQueuePaths.bulk, { event: 'ACCEPT', filter, capSeats: true });
    const result = json<{ data: StaffBulkResult }>(res).data;
    expect(result).toMatchObject({
      matched: 6,
      applied: { ACCEPT: 3, WAITLIST: 3 },
      refused: [],
      seatsFree: 3,
    });
    const { rows } = await t.db.query<{ lastname: string; review_status: string }>(
      'SELECT lastname, review_status FROM applications WHERE id = ANY($1) ORDER BY lastname',
      [ids],
    );
    expect(rows.map((r) => `${r.lastname}:${r.review_status}`)).toEqual([
      'A:accepted',
      'B:accepted',
      'C:accepted',
      'D:waitlisted',
      'E:waitlisted',
      'F:waitlisted',
    ]);
    // Without capSeats a full cohort accepts no one more, and says why.
    const [late] = await insert([{ email: 'g@example.com', lastname: 'G' }]);
    const more = await as(admin).post(staffQueuePaths.bulk, { event: 'ACCEPT', ids: [late] });
    expect(json<{ data: StaffBulkResult }>(more).data.refused).toEqual([
      { id: late, reason: STAFF_QUEUE_MESSAGES.seatsFull },
    ]);
    // The queue counts the waitlist a freed seat can be offered to: waitlisted, submitted, not erased.
    await t.db.query("UPDATE applications SET erased_at = now() WHERE lastname = 'F'");
    expect(page(await as(admin).get(staffQueuePaths.queue)).cohort).toMatchObject({
      seats: 4,
      taken: 4,
      waitlisted: 2,
    });

    const audit = await t.db.query<{ detail: { accepted: number } | string }>(
      "SELECT detail FROM audit_log WHERE action = 'bulk'",
    );
    expect(audit.rows.length).toBe(2);

    const mailer = pastUndoWindow();
    expect(await mailer.sendDue()).toBe(6);
    expect(await mailer.sendDue()).toBe(0);
    const decisions = (await t.mails()).filter((m) => /^[a-f]@example\.com$/.test(m.to));
    expect(decisions.length).toBe(6);
    expect(
      decisions
        .filter((m) => m.subject.includes('waitlist'))
        .map((m) => m.to)
        .sort(),
    ).toEqual(['d@example.com', 'e@example.com', 'f@example.com']);
  });

  it('bulk changes exactly what the review chart allows, from every status, and reports the rest', async () => {
    const admin = await signIn(ADMIN);
    const ids = await insert(REVIEW_STATUSES.map((status) => ({ email: `${status}@example.com` })));
    for (const event of BULK_EVENTS) {
      await t.db.query('DELETE FROM review_events');
      for (const [i, status] of REVIEW_STATUSES.entries())
        await t.db.query('UPDATE applications SET review_status = $2 WHERE id = $1', [ids[i], status]);
      const res = await as(admin).post(staffQueuePaths.bulk, { event, ids });
      const result = json<{ data: StaffBulkResult }>(res).data;
      const { rows } = await t.db.query<{ id: number; review_status: string }>(
        'SELECT id, review_status FROM applications WHERE id = ANY($1)',
        [ids],
      );
      for (const [i, status] of REVIEW_STATUSES.entries()) {
        const next = nextReviewStatus(status, { type: event });
        const stored = rows.find((r) => r.id === ids[i])?.review_status;
        const refusal = result.refused.find((r) => r.id === ids[i]);
        expect({ status, event, stored, refusal: refusal?.reason }).toEqual({
          status,
          event,
          stored: next ?? status,
          refusal: next === null ? STAFF_MESSAGES.notAllowedNow(reviewMeta(status).label, event) : undefined,
        });
      }
    }
  });

  it('bulk rejects 1000 applications in one request, each once', async () => {
    const admin = await signIn(ADMIN);
    const ids = await insert(
      Array.from({ length: 1000 }, (_, i) => ({
        email: `k${i}@example.com`,
        status: i < 10 ? 'withdrawn' : null,
      })),
    );
    const started = Date.now();
    const res = await as(admin).post(staffQueuePaths.bulk, {
      event: 'REJECT',
      ids: [...ids, ...ids.slice(0, 5)],
    });
    const seconds = (Date.now() - started) / 1000;
    const result = json<{ data: StaffBulkResult }>(res).data;
    expect(result.applied).toEqual({ REJECT: 990 });
    expect(result.refused.length).toBe(10);
    const { rows } = await t.db.query<{ n: number; apps: number }>(
      "SELECT count(*)::int AS n, count(DISTINCT application_id)::int AS apps FROM review_events WHERE event = 'REJECT'",
    );
    expect(rows[0]).toEqual({ n: 990, apps: 990 });
    console.info(`bulk reject of 1000 on ${database.name}: ${seconds.toFixed(2)} s`);
  }, 60_000);

  it('decisions from a CSV: a dry run sorts the rows, then the allowed ones are applied', async () => {
    const admin = await signIn(ADMIN);
    await insert([
      { email: 'ada@example.com' },
      { email: 'bola@example.com', status: 'rejected' },
      { email: 'chidi@example.com' },
    ]);
    const csv =
      '\uFEFFemail,decision\nADA@example.com,accept\nbola@example.com,accept\nnobody@example.com,reject\nchidi@example.com,maybe\n';
    const dry = await as(admin).post(`${staffQueuePaths.bulkCsv}?dryRun=1`, csv, {
      'content-type': 'text/csv',
    });
    expect(dry.statusCode).toBe(200);
    const preview = json<{ data: StaffCsvResult }>(dry).data;
    expect(preview.rows.map((r) => [r.line, r.outcome])).toEqual([
      [2, 'ok'],
      [3, 'refused'],
      [4, 'unknown'],
      [5, 'invalid'],
    ]);
    const unchanged = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM review_events');
    expect(unchanged.rows[0].n).toBe(0);

    const applied = await as(admin).post(staffQueuePaths.bulkCsv, csv, { 'content-type': 'text/csv' });
    expect(json<{ data: StaffCsvResult }>(applied).data.applied).toEqual({ ACCEPT: 1 });
    const { rows } = await t.db.query<{ review_status: string | null }>(
      "SELECT review_status FROM applications WHERE email = 'ada@example.com'",
    );
    expect(rows[0].review_status).toBe('accepted');
    const json400 = await as(admin).post(staffQueuePaths.bulkCsv, { rows: [] });
    expect(json400.statusCode).toBe(415);
  });

  it('a CSV dry run refuses duplicates, other cohorts and seats past the cap; applying sends each email once', async () => {
    const admin = await signIn(ADMIN);
    await t.db.query('UPDATE cohorts SET seats = 1 WHERE id = $1', [cohortId]);
    const otherCohort = await addCohort(50, '2020-01-01', '2019-12-01');
    const ids = await insert([
      { email: 'ada@example.com' },
      { email: 'bola@example.com' },
      { email: 'chidi@example.com' },
      { email: 'dayo@example.com' },
    ]);
    await t.db.query('UPDATE applications SET cohort_id = $2 WHERE id = $1', [ids[3], otherCohort]);
    const csv = [
      'email,decision',
      'ada@example.com,accept',
      'bola@example.com,Accept',
      'ada@example.com,reject',
      'chidi@example.com,waitlist',
      'dayo@example.com,reject',
    ].join('\r\n');
    const post = (dry: boolean) =>
      as(admin).post(`${staffQueuePaths.bulkCsv}?cohort=${cohortNumber}${dry ? '&dryRun=1' : ''}`, csv, {
        'content-type': 'text/csv',
      });
    const dry = json<{ data: StaffCsvResult }>(await post(true)).data;
    expect(dry.cohort.number).toBe(cohortNumber);
    expect(dry.rows.map((r) => [r.line, r.outcome, r.reason])).toEqual([
      [2, 'ok', undefined],
      [3, 'refused', STAFF_QUEUE_MESSAGES.seatsFull],
      [4, 'invalid', STAFF_QUEUE_MESSAGES.csvDuplicate(2)],
      [5, 'ok', undefined],
      [6, 'refused', STAFF_QUEUE_MESSAGES.csvOtherCohort(`Cohort ${cohortNumber + 50}`)],
    ]);
    expect(dry.applied).toEqual({ ACCEPT: 1, WAITLIST: 1 });
    const before = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM applications WHERE review_status IS NOT NULL',
    );
    expect(before.rows[0].n).toBe(0);

    const done = json<{ data: StaffCsvResult }>(await post(false)).data;
    expect(done.applied).toEqual({ ACCEPT: 1, WAITLIST: 1 });
    const { rows } = await t.db.query<{ email: string; review_status: string | null }>(
      'SELECT email, review_status FROM applications WHERE id = ANY($1) ORDER BY email',
      [ids],
    );
    expect(rows.map((r) => `${r.email}:${r.review_status}`)).toEqual([
      'ada@example.com:accepted',
      'bola@example.com:null',
      'chidi@example.com:waitlisted',
      'dayo@example.com:null',
    ]);
    // The same file again changes nothing more: both rows are now refused by the chart.
    const again = json<{ data: StaffCsvResult }>(await post(false)).data;
    expect(again.applied).toEqual({});

    const mailer = pastUndoWindow();
    expect(await mailer.sendDue()).toBe(2);
    expect(await mailer.sendDue()).toBe(0);
    const sent = (await t.mails()).filter((m) => m.to.endsWith('@example.com')).map((m) => m.to);
    expect(sent.sort()).toEqual(['ada@example.com', 'chidi@example.com']);
  });

  it('a CSV that cannot be read, is empty or names no cohort we have is a 400 or 404 that changes nothing', async () => {
    const admin = await signIn(ADMIN);
    await insert([{ email: 'ada@example.com' }]);
    const send = (body: string, query = '') =>
      as(admin).post(`${staffQueuePaths.bulkCsv}${query}`, body, { 'content-type': 'text/csv' });
    const unreadable = await send('email,decision\n"ada@example.com,accept\n');
    expect(unreadable.statusCode).toBe(400);
    expect(json<{ message: string }>(unreadable).message).toBe(STAFF_QUEUE_MESSAGES.csvRow);
    const empty = await send('email,decision\n\n');
    expect(empty.statusCode).toBe(400);
    expect(json<{ message: string }>(empty).message).toBe(STAFF_QUEUE_MESSAGES.csvEmpty);
    const tooBig = await send(Array.from({ length: 5001 }, (_, i) => `p${i}@example.com,accept`).join('\n'));
    expect(json<{ message: string }>(tooBig).message).toBe(STAFF_QUEUE_MESSAGES.csvTooBig(5000));
    const noCohort = await send('ada@example.com,accept', '?cohort=9999');
    expect(noCohort.statusCode).toBe(404);
    const reviewerCookie = await reviewer(admin);
    const byReviewer = await as(reviewerCookie).post(staffQueuePaths.bulkCsv, 'ada@example.com,accept', {
      'content-type': 'text/csv',
    });
    expect(byReviewer.statusCode).toBe(403);
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM review_events');
    expect(rows[0].n).toBe(0);
  });

  it('lists the cohorts newest first and marks the one applications go to now', async () => {
    const admin = await signIn(ADMIN);
    await addCohort(-100, '2020-01-01', '2019-12-01');
    const res = await as(admin).get(staffQueuePaths.cohorts);
    const list = json<{ data: { number: number; name: string; current: boolean }[] }>(res).data;
    expect(list.filter((c) => c.current).map((c) => c.number)).toEqual([cohortNumber]);
    expect(list.map((c) => c.number)).toEqual([...list.map((c) => c.number)].sort((a, b) => b - a));
    expect(list.some((c) => c.number === cohortNumber - 100)).toBe(true);
    const applicant = await verifiedApplicant(t, 'zed@example.com');
    expect((await as(applicant).get(staffQueuePaths.cohorts)).statusCode).toBe(401);
  });

  it("exports the filter as CSV with a BOM; email and phone only in an admin's export; formulas neutralised", async () => {
    const admin = await signIn(ADMIN);
    await insert([
      { email: 'ada@example.com', firstname: 'Adaèze', status: 'accepted' },
      { email: 'bola@example.com', firstname: '=cmd|calc', status: 'rejected' },
      { email: 'chidi@example.com', status: 'rejected' },
    ]);
    const res = await as(admin).get(`${staffQueuePaths.exportCsv}?status=rejected`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines.length).toBe(3);
    expect(lines[0]).toContain('email');
    expect(lines[0]).toContain('education_focus');
    expect(res.body).toContain('bola@example.com');
    expect(res.body).toContain("'=cmd|calc");
    expect(res.body).toContain(`"'=HYPERLINK(""x"")"`);
    expect(res.body).not.toContain('ada@example.com');

    const everyone = await as(admin).get(staffQueuePaths.exportCsv);
    expect(everyone.body).toContain('Adaèze');
    const searched = await as(admin).get(`${staffQueuePaths.exportCsv}?q=bola`);
    expect(searched.body).toContain('bola@example.com');

    const readerCookie = await reviewer(admin);
    const limited = await as(readerCookie).get(`${staffQueuePaths.exportCsv}?status=rejected`);
    expect(limited.statusCode).toBe(200);
    expect(limited.body).not.toContain('@example.com');
    expect(limited.body).not.toContain('+234');
    expect(limited.body.split('\n')[0]).not.toContain('email');
    const audit = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'export'",
    );
    expect(audit.rows[0].n).toBe(4);
    // The audit log says a search was made, not what was searched for.
    const details = await t.db.query<{ detail: unknown }>(
      "SELECT detail FROM audit_log WHERE action = 'export'",
    );
    expect(JSON.stringify(details.rows)).not.toContain('bola');
    expect(JSON.stringify(details.rows)).toContain('"search":true');
  });

  it("zips the filter's CVs from storage for an admin, and only for an admin", async () => {
    const admin = await signIn(ADMIN);
    const ids = await insert([
      { email: 'ada@example.com', lastname: 'Obi' },
      { email: 'bola@example.com', lastname: 'Ade' },
    ]);
    writeFileSync(join(t.storageDir, 'stored-cv-1'), '%PDF-1.7 ada');
    await t.db.query(
      "INSERT INTO cvs (application_id, stored_name, original_name, kind, size, created_at) VALUES ($1, 'stored-cv-1', 'cv.pdf', 'pdf', 12, $2)",
      [ids[0], START],
    );
    const res = await as(admin).get(staffQueuePaths.cvsZip);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(res.rawPayload.includes(Buffer.from(`${ids[0]}-Obi.pdf`))).toBe(true);
    expect(res.rawPayload.includes(Buffer.from('%PDF-1.7 ada'))).toBe(true);
    expect(res.rawPayload.includes(Buffer.from(`${ids[1]}-Ade`))).toBe(false);
    const readerCookie = await reviewer(admin);
    expect((await as(readerCookie).get(staffQueuePaths.cvsZip)).statusCode).toBe(403);
  });

  it('contact details follow one rule: an admin sees them in the queue, on the page, in the CSV and the zip; a reviewer nowhere', async () => {
    const admin = await signIn(ADMIN);
    const [id] = await insert([{ email: 'ada@example.com', lastname: 'Obi', phone: '+2348030001000' }]);
    await t.db.query("UPDATE applications SET whatsapp_phone = '+2348030002000' WHERE id = $1", [id]);
    writeFileSync(join(t.storageDir, 'stored-cv-1'), '%PDF-1.7 ada');
    await t.db.query(
      "INSERT INTO cvs (application_id, stored_name, original_name, kind, size, created_at) VALUES ($1, 'stored-cv-1', 'cv.pdf', 'pdf', 12, $2)",
      [id, START],
    );
    const reader = await reviewer(admin);
    const CONTACT = /ada@example\.com|\+?234\s?803/;

    // The queue: the rows, and a search by email or by phone digits.
    const adminQueue = json<{ data: StaffQueuePage }>(await as(admin).get(staffQueuePaths.queue)).data;
    expect(adminQueue.rows[0]).toMatchObject({ email: 'ada@example.com', phone: '+2348030001000' });
    const readerQueue = await as(reader).get(staffQueuePaths.queue);
    expect(json<{ data: StaffQueuePage }>(readerQueue).data.rows[0]).not.toHaveProperty('email');
    expect(json<{ data: StaffQueuePage }>(readerQueue).data.rows[0]).not.toHaveProperty('phone');
    expect(readerQueue.body).not.toMatch(CONTACT);
    for (const q of ['ada@example.com', '0001000']) {
      const url = `${staffQueuePaths.queue}?q=${encodeURIComponent(q)}`;
      expect(json<{ data: StaffQueuePage }>(await as(admin).get(url)).data.total, q).toBe(1);
      expect(json<{ data: StaffQueuePage }>(await as(reader).get(url)).data.total, q).toBe(0);
    }
    expect(
      json<{ data: StaffQueuePage }>(await as(reader).get(`${staffQueuePaths.queue}?q=obi`)).data.total,
    ).toBe(1);

    // The application's page.
    const page = (cookie: string) => as(cookie).get(staffPaths.application.replace(':id', String(id)));
    const adminAnswers = json<{ data: { answers: Record<string, unknown> } }>(await page(admin)).data.answers;
    expect(adminAnswers).toMatchObject({
      email: 'ada@example.com',
      phone: '+2348030001000',
      whatsapp_phone: '+2348030002000',
    });
    const readerPage = await page(reader);
    expect(readerPage.statusCode).toBe(200);
    const readerAnswers = json<{ data: { answers: Record<string, unknown> } }>(readerPage).data.answers;
    for (const field of ['email', 'phone', 'whatsapp_phone']) expect(readerAnswers).not.toHaveProperty(field);
    expect(readerAnswers).toMatchObject({ firstname: 'Ada', lastname: 'Obi' });
    expect(readerPage.body).not.toMatch(CONTACT);

    // The CSV export.
    const adminCsv = await as(admin).get(staffQueuePaths.exportCsv);
    expect(adminCsv.body.replace(/^\uFEFF/, '').split('\n')[0]).toMatch(/,email,phone,whatsapp_phone,/);
    expect(adminCsv.body).toMatch(CONTACT);
    const readerCsv = await as(reader).get(staffQueuePaths.exportCsv);
    expect(readerCsv.statusCode).toBe(200);
    expect(readerCsv.body.split('\n')[0]).not.toMatch(/email|phone/);
    expect(readerCsv.body).not.toMatch(CONTACT);

    // The CVs' zip: an admin's only (the CVs themselves are full of contact details).
    expect((await as(admin).get(staffQueuePaths.cvsZip)).statusCode).toBe(200);
    const readerZip = await as(reader).get(staffQueuePaths.cvsZip);
    expect(readerZip.statusCode).toBe(403);
    expect(json(readerZip).message).toBe(STAFF_MESSAGES.adminOnly);
  });

  it("the funnel follows the application chart's screens, counts anonymous steps and refused saves", async () => {
    const admin = await signIn(ADMIN);
    await insert([
      { email: 'a@example.com', status: 'accepted', video: true, payment: 'Pay in full (15% off)' },
      { email: 'b@example.com' },
      { email: 'c@example.com', submitted: null, employment: false, eligibility: null },
      { email: 'd@example.com', submitted: null, employment: false, eligibility: null, verified: false },
    ]);
    for (const step of ['getStarted', 'getStarted', 'biodata']) {
      const beacon = await t.app.inject({ method: 'POST', url: '/api/v1/funnel/step', payload: { step } });
      expect(beacon.statusCode).toBe(204);
      expect(beacon.headers['set-cookie']).toBeUndefined();
    }
    const badBeacon = await t.app.inject({
      method: 'POST',
      url: '/api/v1/funnel/step',
      payload: { step: 'success' },
    });
    expect(badBeacon.statusCode).toBe(400);

    // A refused save is counted by route, field and message.
    const cookie = await verifiedApplicant(t, 'e@example.com');
    const refused = await t.app.inject({
      method: 'POST',
      url: paths.eligibility,
      payload: { email: 'e@example.com' },
      headers: { cookie },
    });
    expect(refused.statusCode).toBe(400);

    const res = await as(admin).get(`${staffQueuePaths.funnel}?cohort=${cohortNumber}`);
    expect(res.statusCode).toBe(200);
    const data = json<{ data: StaffFunnel }>(res).data;
    const screens = ROUTES.map((r) => (applicationMachine.states[r.state].config.meta as ScreenMeta).title);
    const titles = data.steps.map((s) => s.title);
    expect(screens.filter((s) => titles.includes(s))).toEqual(titles.filter((s) => screens.includes(s)));
    const reached = Object.fromEntries(data.steps.map((s) => [s.state, s.reached]));
    expect(reached).toMatchObject({
      getStarted: 2,
      biodata: 1,
      verifyEmail: 5,
      eligibility: 4,
      success: 2,
      confirmation: 1,
      payment_chosen: 1,
      paid: 0,
    });
    expect(data.steps.find((s) => s.state === 'biodata')?.dropOff).toBe(0.5);
    expect(data.decisions).toMatchObject({ accepted: 1, submitted: 1 });
    expect(data.paymentOptions).toEqual({ 'Pay in full (15% off)': 1 });
    expect(data.validationErrors.length).toBeGreaterThan(0);
    expect(data.validationErrors[0]).toMatchObject({ route: paths.eligibility, count: 1 });
    expect(JSON.stringify(data.validationErrors)).not.toContain('e@example.com');
  });

  it('the seed fills every stage and review status, and the queue and funnel read it', async () => {
    faker.seed(7);
    expect(await seed(t.db, 400, t.storageDir, START)).toBe(400);
    const admin = await signIn(ADMIN);
    const all = page(await as(admin).get(`${staffQueuePaths.queue}?${EVERY_STATUS}&limit=1`));
    expect(all.total).toBe(400);
    // The seed's cohorts have the interview stage off (decision 175), and it writes no scorecards, so no reviews
    // disagree (decision 163): no application is in those, and all others are.
    const unseeded = ['interview_invited', 'interview_booked', 'reviews_disagree'];
    for (const [status, n] of Object.entries(all.counts.status))
      expect({ status, some: n > 0 }).toEqual({ status, some: !unseeded.includes(status) });
    for (const [stage, n] of Object.entries(all.counts.stage))
      expect({ stage, some: n > 0 }).toEqual({ stage, some: true });
    const funnelData = json<{ data: StaffFunnel }>(await as(admin).get(staffQueuePaths.funnel)).data;
    expect(funnelData.steps.every((s) => s.reached > 0)).toBe(true);
    expect(funnelData.steps.find((s) => s.state === 'other')?.medianSeconds).toBeGreaterThan(0);

    // Each step's median is the mean of the two middle durations (one when their count is odd), to the second.
    const durations = async (at: string, before: string) => {
      const { rows } = await t.db.query<{ s: number }>(
        `SELECT extract(epoch FROM ${at} - ${before})::float8 AS s FROM applications
         WHERE COALESCE(cohort_id, applied_cohort_id) = $1 AND ${at} IS NOT NULL AND ${before} IS NOT NULL`,
        [funnelData.cohort.id],
      );
      return rows.map((r) => Number(r.s)).sort((a, b) => a - b);
    };
    const median = (v: number[]) =>
      (v[Math.floor((v.length - 1) / 2)]! + v[Math.ceil((v.length - 1) / 2)]!) / 2;
    for (const [state, at, before] of [
      ['eligibility', 'email_verified_at', 'created_at'],
      ['employment', 'eligibility_saved_at', 'email_verified_at'],
      ['other', 'employment_saved_at', 'eligibility_saved_at'],
      ['success', 'submitted_at', 'employment_saved_at'],
    ] as const) {
      const expected = median(await durations(at, before));
      const shown = funnelData.steps.find((s) => s.state === state)?.medianSeconds;
      expect({ state, off: Math.abs((shown ?? NaN) - expected) <= 1 }).toEqual({ state, off: true });
    }
  });
});

/** Each query of the queue finds exactly these first names, in this order (the query is named in a failure). */
async function expectFound(
  names: (query: string) => Promise<string[]>,
  found: Record<string, string[]>,
): Promise<void> {
  for (const [query, want] of Object.entries(found)) expect(await names(query), query).toEqual(want);
}
