/**
 * An erasure that leaves nothing (docs/privacy.md, issue 52): three applicants who each used every feature the API
 * offers them and staff (the wizard with idempotency keys, a CV, the video quiz, an interview booking, a payment
 * choice and financial aid, a staff message, a note, a tag, a score, saved searches naming them) are erased, one by
 * each door: the applicant on "Your data", an admin on request, retention's anonymising. Afterwards every text,
 * JSON and binary column of every table is searched for their address, phone and names (on PGlite and PostgreSQL),
 * the schema's `pg_dump` too (PostgreSQL), and the data directory's files: none holds them. The audit log lists each
 * erasure, and the seat an erased acceptance held comes free (decision 149).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { SEAT_STATUSES } from '../../machines/review.machine';
import { IDEMPOTENCY_HEADER, paths, type CohortInfo } from '../../machines/rules/contract';
import { interviewPaths } from '../../machines/rules/interview';
import { OPTION_FINANCIAL_AID } from '../../machines/rules/payments';
import { PRIVACY_MESSAGES, RETENTION_DEFAULTS, privacyPaths } from '../../machines/rules/privacy';
import { AUDIT_WITHOUT_STAFF, type AuditEntry } from '../../machines/rules/reports';
import { DEFAULT_RUBRIC, scorecardPaths } from '../../machines/rules/scorecard';
import { savedViewPaths } from '../../machines/rules/staff/savedViews';
import { staffPaths } from '../../machines/rules/staff/paths';
import { staffQueuePaths, type StaffQueuePage } from '../../machines/rules/staff/queue';
import { tagsPaths } from '../../machines/rules/staff/tags';
import { COHORT_CACHE_MS, currentCohort } from '../../server/db/cohorts';
import { mailboxOf } from '../../server/mailQuota';
import { runRetention } from '../../server/privacy/retention';
import { localStorage } from '../../server/storage/index';
import { agreed, eligibility, employment, other } from '../support/answers';
import { unzip } from '../support/unzip';
import {
  cvForm,
  databases,
  decide,
  eraseOwnData,
  financialAid,
  json,
  STAFF,
  staffRequests,
  uploadCv,
  useStaffTeam,
  useTestApp,
  verifiedApplicant,
  type TestApp,
} from './support';

type Door = 'applicant' | 'admin' | 'retention';
interface Person {
  door: Door;
  email: string;
  firstname: string;
  lastname: string;
  phone: string;
}

// Names and numbers no one else has, so that any hit is theirs.
const PEOPLE: Person[] = [
  {
    door: 'applicant',
    // Written as people do: capitals, dots and a tag at Gmail, which is one mailbox (decision 012).
    email: 'Chiamaka.Door+Apply@Gmail.com',
    firstname: 'Chiamakaqz',
    lastname: 'Obiqz',
    phone: '+2348035550171',
  },
  {
    door: 'admin',
    email: 'folake.door@example.com',
    firstname: 'Folakeqz',
    lastname: 'Adeyemiqz',
    phone: '+2348035550172',
  },
  {
    door: 'retention',
    email: 'yetunde.door@example.com',
    firstname: 'Yetundeqz',
    lastname: 'Okaforqz',
    phone: '+2348035550173',
  },
];
/** Someone who stays: what the searches must still find. */
const STAYS: Person = {
  door: 'applicant',
  email: 'remains.here@example.com',
  firstname: 'Remainsqz',
  lastname: 'Hereqz',
  phone: '+2348035550174',
};

const needles = (p: Person) => [
  p.email,
  mailboxOf(p.email),
  p.firstname,
  p.lastname,
  `${p.firstname} ${p.lastname}`,
  p.phone,
];
const at = (path: string, id: number) => path.replace(':id', String(id));
let keys = 0;
const fresh = () => ({ [IDEMPOTENCY_HEADER]: `key-${++keys}` });

/** A CV whose bytes name its owner, as a real one does. */
const namedPdf = (p: Person) =>
  Buffer.concat([
    Buffer.from(`%PDF-1.7\n% ${p.firstname} ${p.lastname} ${p.email} ${p.phone}\n`),
    Buffer.alloc(1024, 0x20),
  ]);

/** Every text, JSON and binary value of every table of the schema, with where it was, that holds `needle`. */
async function foundInDatabase(t: TestApp, needle: string): Promise<string[]> {
  const { rows: columns } = await t.db.query<{ table_name: string; column_name: string; data_type: string }>(
    `SELECT c.table_name, c.column_name, c.data_type FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
        AND c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'bytea', 'ARRAY')`,
  );
  expect(columns.length).toBeGreaterThan(20);
  const found: string[] = [];
  for (const { table_name: table, column_name: column, data_type: type } of columns) {
    const value = type === 'bytea' ? `encode("${column}", 'escape')` : `"${column}"::text`;
    const { rows } = await t.db.query<{ n: number | string }>(
      `SELECT count(*) AS n FROM "${table}" WHERE strpos(lower(${value}), $1) > 0`,
      [needle.toLowerCase()],
    );
    if (Number(rows[0].n) > 0) found.push(`${table}.${column}: ${rows[0].n}`);
  }
  return found;
}

/** Every file under a directory, with its contents. */
function filesUnder(dir: string): { path: string; body: Buffer }[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [{ path, body: readFileSync(path) }];
  });
}

describe.each(databases)('an erasure on $name', (database) => {
  const t = useTestApp(database, { config: { staffEmails: [STAFF.lead] }, checkDocumentedAnswers: true });
  const team = useStaffTeam(t, STAFF.lead, { reviewer: STAFF.ama });
  const as = (cookie: string) => staffRequests(t)(cookie);
  const ok = (res: LightMyRequestResponse, what: string) =>
    expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(300);

  /** The applicant's journey through every feature, and staff's work on them; their id and session. */
  async function everything(p: Person): Promise<{ id: number; cookie: string }> {
    const cookie = await verifiedApplicant(t, p.email, {
      firstname: p.firstname,
      lastname: p.lastname,
      phone: p.phone,
    });
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, payload, headers: { cookie, ...fresh() } });
    ok(
      await post(paths.eligibility, { email: p.email, eligible: 'eligible', eligibility: eligibility() }),
      'eligibility',
    );
    ok(await uploadCv(t, cvForm(p.email, namedPdf(p), `${p.firstname} ${p.lastname} CV.pdf`), cookie), 'cv');
    ok(await post(paths.employment, { email: p.email, employment }), 'employment');
    ok(
      await post(paths.other, {
        email: p.email,
        other: { ...other, key_challenge: `I am ${p.firstname} ${p.lastname}` },
      }),
      'other',
    );
    ok(await post(paths.submit, { email: p.email, ...agreed }), 'submit');
    ok(
      await post(paths.update(p.email), {
        videoData: { videoProgress: 100, isVideoEnded: true, attemptCounter: 1 },
      }),
      'video',
    );
    const { rows } = await t.db.query<{ id: number }>(
      'SELECT id FROM applications WHERE lower(email) = lower($1)',
      [p.email],
    );
    const id = rows[0].id;
    // In review, as a reviewer's first look puts it.
    await t.db.query(`UPDATE applications SET review_status = 'in_review' WHERE id = $1`, [id]);

    // Staff: a note, a tag, a score, a message, saved searches naming them, an interview they book.
    ok(
      await as(team.admin).post(at(staffPaths.notes, id), {
        body: `Called ${p.firstname} ${p.lastname} on ${p.phone}`,
      }),
      'note',
    );
    ok(await as(team.admin).post(at(tagsPaths.tags, id), { tag: 'follow up' }), 'tag');
    ok(
      await as(team.admin).post(at(staffPaths.message, id), {
        subject: `A word for ${p.firstname}`,
        body: `{{greeting}}\n\nDear ${p.firstname} ${p.lastname}, we will call ${p.phone}.`,
      }),
      'message',
    );
    for (const [name, q] of [
      [`By email ${id}`, p.email],
      [`By name ${id}`, `${p.firstname} ${p.lastname}`],
      [`By phone ${id}`, p.phone],
    ])
      ok(
        await as(team.reviewer).post(savedViewPaths.views, {
          name,
          query: `q=${encodeURIComponent(q)}`,
        }),
        'view',
      );
    const cohort = (await currentCohort(t.db, t.now())).number;
    ok(
      await as(team.admin).put(interviewPaths.setting.replace(':number', String(cohort)), { on: true }),
      'interviews',
    );
    const slots = json<{ data: { slots: { id: number; booked: number }[] } }>(
      await as(team.admin).post(interviewPaths.slots.replace(':number', String(cohort)), {
        start: new Date(t.now().getTime() + 48 * 3_600_000 + id * 3_600_000).toISOString(),
        minutes: 30,
      }),
    ).data.slots;
    const slot = slots.find((s) => s.booked === 0)!;
    ok(await as(team.admin).post(at(staffPaths.events, id), { type: 'INVITE_TO_INTERVIEW' }), 'invite');
    ok(
      await t.app.inject({
        method: 'POST',
        url: interviewPaths.applicant,
        payload: { slot: slot.id },
        headers: { cookie },
      }),
      'booking',
    );
    // Scored after the interview, then accepted (staff's events are another test's); then the payment choice with aid.
    const ratings = Object.fromEntries(DEFAULT_RUBRIC.map((c) => [c.key, 4]));
    ok(await as(team.reviewer).put(at(scorecardPaths.scorecards, id), { ratings }), 'score');
    await t.db.query(`UPDATE applications SET review_status = 'accepted' WHERE id = $1`, [id]);
    ok(
      await post(paths.misc, {
        email: p.email,
        misc: {
          column_name: 'Financial Info',
          payment_option: OPTION_FINANCIAL_AID,
          data: { ...financialAid, additional_info: `${p.firstname}'s family, call ${p.phone}` },
        },
      }),
      'aid',
    );
    // A code asked for again, as a returning applicant does.
    ok(
      await t.app.inject({
        method: 'POST',
        url: paths.resendCode,
        payload: { email: p.email },
        headers: fresh(),
      }),
      'resend',
    );
    return { id, cookie };
  }

  it('leaves nothing of the person by any door: no row, no dump line, no file; the audit log lists each', async () => {
    const stays = await everything(STAYS);
    const done = new Map<Door, number>();
    for (const p of PEOPLE) {
      const { id, cookie } = await everything(p);
      // Before: they are everywhere, so the search below can find them.
      expect(await foundInDatabase(t, p.email)).toEqual(
        expect.arrayContaining([expect.stringMatching(/^outbox\./)]),
      );
      expect(filesUnder(t.storageDir).some((f) => f.body.includes(p.email))).toBe(true);
      if (p.door === 'applicant') {
        const res = await eraseOwnData(t, cookie);
        expect([res.statusCode, json(res).message]).toEqual([200, PRIVACY_MESSAGES.erased]);
      } else if (p.door === 'admin') {
        const res = await as(team.admin).post(at(privacyPaths.staffErase, id), { confirm: true });
        expect([res.statusCode, json(res).message]).toEqual([200, PRIVACY_MESSAGES.staffErased]);
      } else {
        // Retention anonymises what was never submitted and left for its time (decision 143): this one, made so.
        await t.db.query(`UPDATE applications SET submitted_at = NULL, updated_at = $2 WHERE id = $1`, [
          id,
          new Date(t.now().getTime() - (RETENTION_DEFAULTS.unsubmittedDays + 1) * 86_400_000),
        ]);
        const counts = await runRetention({
          db: t.db,
          storage: await localStorage(t.storageDir),
          settings: RETENTION_DEFAULTS,
          erasureKey: 'erasure-test-key',
          now: t.now,
        });
        expect(counts?.unsubmittedApplications).toBe(1);
      }
      done.set(p.door, id);
    }

    for (const p of PEOPLE)
      for (const needle of needles(p))
        expect(await foundInDatabase(t, needle), `${p.door}: ${needle}`).toEqual([]);
    // The one who stays is found as before.
    expect(await foundInDatabase(t, STAYS.email)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^applications\./)]),
    );
    expect(
      json<{ data: { applications: unknown[] } }>(
        await as(team.admin).get(at(staffPaths.application, stays.id)),
      ).data,
    ).toBeTruthy();

    // The data directory: only the one who stays has a file.
    const files = filesUnder(t.storageDir);
    expect(files.filter((f) => f.body.includes(STAYS.email))).toHaveLength(1);
    for (const p of PEOPLE)
      for (const needle of needles(p))
        expect(
          files.filter((f) => f.body.includes(needle)).map((f) => f.path),
          needle,
        ).toEqual([]);

    if (database.name === 'postgres') {
      const schema = (await t.db.query<{ s: string }>('SELECT current_schema() AS s')).rows[0].s;
      const dump = execFileSync('pg_dump', ['--dbname', process.env.DATABASE_URL!, '--schema', schema], {
        encoding: 'utf8',
        maxBuffer: 256 * 1024 * 1024,
      }).toLowerCase();
      expect(dump).toContain(STAYS.email);
      for (const p of PEOPLE)
        for (const needle of needles(p))
          expect(dump.split(needle.toLowerCase()).length - 1, `pg_dump: ${needle}`).toBe(0);
    }

    // The audit log lists every erasure, whichever door (decision 149).
    const audit = json<{ data: AuditEntry[] }>(
      await as(team.admin).get(`${staffPaths.audit}?action=erase_applicant_data`),
    ).data;
    expect(audit.map((e) => [e.applicationId, e.staff]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual([
      [done.get('applicant'), AUDIT_WITHOUT_STAFF.applicant],
      [done.get('admin'), STAFF.lead],
      [done.get('retention'), AUDIT_WITHOUT_STAFF.retention],
    ]);
  });

  it("the admin's export holds no code that signs in, and its audit entry says what left", async () => {
    const email = 'kemi.export@example.com';
    await verifiedApplicant(t, email);
    const { rows } = await t.db.query<{ id: number }>(
      'SELECT id FROM applications WHERE lower(email) = lower($1)',
      [email],
    );
    const id = rows[0].id;
    // The applicant asks for a code (a returning visit): live for its minutes.
    ok(await t.app.inject({ method: 'POST', url: paths.resendCode, payload: { email } }), 'resend');
    const live = await t.latestCode(email);

    const res = await as(team.admin).get(at(privacyPaths.staffExport, id));
    expect(res.statusCode).toBe(200);
    const data = JSON.parse(unzip(res.rawPayload).get('your-data.json')!.toString()) as {
      emails: { subject: string; text: string }[];
    };
    expect(data.emails.length).toBe(2);
    expect(data.emails.every((mail) => mail.text.includes('••••••'))).toBe(true);
    const held = JSON.stringify(data);
    expect(held).not.toContain(live);
    // A new client tries everything in the zip that looks like a code: none verifies.
    for (const candidate of new Set(held.match(/\b\d{6}\b/g) ?? [])) {
      const tried = await t.app.inject({
        method: 'POST',
        url: paths.verifyEmail,
        payload: { email, token: candidate },
      });
      expect(tried.statusCode, candidate).not.toBe(200);
    }
    // The audit entry says what left: the parts, how many emails (codes masked), payments, whether a CV.
    const audit = json<{ data: AuditEntry[] }>(
      await as(team.admin).get(`${staffPaths.audit}?action=export_applicant_data`),
    ).data;
    expect(audit.find((e) => e.applicationId === id)?.detail).toEqual({
      answers: true,
      emails: 2,
      codes_masked: true,
      payments: 0,
      decision: false,
      cv: false,
    });
    // The code was live all along: its owner still signs in with it.
    const owner = await t.app.inject({
      method: 'POST',
      url: paths.verifyEmail,
      payload: { email, token: live },
    });
    expect(owner.statusCode).toBe(200);
  });

  it("an erased acceptance's seat comes free: the queue's seats and its chips agree, Get Started opens again", async () => {
    const accepted = 'seat.holder@example.com';
    const cookie = await verifiedApplicant(t, accepted);
    await t.db.query(
      `UPDATE applications SET submitted_at = $2, cohort_id = applied_cohort_id WHERE email = $1`,
      [accepted, t.now()],
    );
    await decide(t, accepted, 'ACCEPT');
    const queue = async () => {
      const page = json<{ data: StaffQueuePage }>(await as(team.admin).get(staffQueuePaths.queue)).data;
      const chips = SEAT_STATUSES.reduce((sum, status) => sum + (page.counts.status[status] ?? 0), 0);
      return { taken: page.cohort.taken, seats: page.cohort.seats, chips, id: page.cohort.id };
    };
    const before = await queue();
    expect(before.taken).toBeGreaterThan(0);
    expect(before.chips).toBe(before.taken);
    // The cohort is full: new applicants are told they go to the next one.
    await t.db.query('UPDATE cohorts SET seats = $2 WHERE id = $1', [before.id, before.taken]);
    t.advance(COHORT_CACHE_MS + 1000);
    const full = json<{ data: CohortInfo[] }>(await t.app.inject({ method: 'GET', url: paths.currentCohort }))
      .data[0];
    expect(full.full).toBeDefined();

    const erased = await eraseOwnData(t, cookie);
    expect(erased.statusCode).toBe(200);
    const after = await queue();
    expect(after).toEqual({
      ...before,
      seats: before.taken,
      taken: before.taken - 1,
      chips: before.taken - 1,
    });
    t.advance(COHORT_CACHE_MS + 1000);
    const open = json<{ data: CohortInfo[] }>(await t.app.inject({ method: 'GET', url: paths.currentCohort }))
      .data[0];
    expect(open.full).toBeUndefined();
    expect(open.number).toBe(full.full!.number);
  });
});
