/**
 * One applicant's data (docs/privacy.md): the applicant downloads it as one zip and erases it through their session;
 * an admin exports and erases on request, audited; a reviewer cannot. After an erasure nothing identifies them: not
 * the database (on PostgreSQL, `pg_dump` is searched), not the CV storage (local and S3), not the server's log.
 */
import { execFileSync } from 'node:child_process';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../machines/rules/contract';
import { PRIVACY_MESSAGES, privacyNoticeVersion, privacyPaths } from '../../machines/rules/privacy';
import { STAFF_MESSAGES } from '../../machines/rules/staff/messages';
import { savedViewPaths, type SavedView } from '../../machines/rules/staff/savedViews';
import { staffPaths } from '../../machines/rules/staff/paths';
import { logOptions } from '../../server/logging';
import { emailHmac } from '../../server/privacy/erase';
import { erasureKey } from '../../server/privacy/key';
import { unzip } from '../support/unzip';
import { cvStorages } from './s3Server';
import {
  cvForm,
  databases,
  decide,
  json,
  pdf,
  staffSignIn,
  testApp,
  uploadCv,
  verifiedApplicant,
  type TestApp,
} from './support';

const ADMIN = 'director@bootcamp.example';
const REVIEWER = 'reader@bootcamp.example';
const PERSON = {
  firstname: 'Ngozikaqx',
  lastname: 'Adebayoqx',
  phone: '+2348035550142',
};
/** Everyone else: names and phone of their own, so that what is searched for is the erased person's alone. */
const SOMEONE = { firstname: 'Tundeqx', lastname: 'Bakareqx', phone: '+2348035550999' };
const at = (path: string, id: number) => path.replace(':id', String(id));

const storages = cvStorages('privacy');

describe.each(databases)('an applicant’s data on $name', (database) => {
  describe.each(storages)('with CVs on $name', (where) => {
    let t: TestApp;
    let files: (t: TestApp) => Promise<number>;
    let log = '';
    beforeAll(async () => {
      const made = await where.make();
      files = made.files;
      const stream = new Writable({
        write(chunk: Buffer, _encoding, done) {
          log += chunk.toString();
          done();
        },
      });
      t = await testApp(database, {
        storage: made.storage,
        config: { staffEmails: [ADMIN] },
        logger: { ...logOptions(), level: 'trace', stream },
        checkDocumentedAnswers: true,
      });
    });
    afterAll(async () => {
      await t.close();
    });

    const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
    const post = (url: string, payload: object, cookie: string) =>
      t.app.inject({ method: 'POST', url, payload, headers: { cookie } });

    /** A submitted applicant with a CV and a mail in the outbox; their id and session cookie. */
    async function submittedWithCv(email: string, person = SOMEONE) {
      const cookie = await verifiedApplicant(t, email, person);
      expect((await uploadCv(t, cvForm(email, pdf(), 'Ngozika CV.pdf'), cookie)).statusCode).toBe(200);
      const { rows } = await t.db.query<{ id: number }>(
        `UPDATE applications SET submitted_at = $2, cohort_id = applied_cohort_id,
           other = '{"key_challenge": "Moving from Jos to Lagos"}'::jsonb
         WHERE lower(email) = $1 RETURNING id`,
        [email, t.now()],
      );
      return { id: rows[0].id, cookie };
    }

    it('downloads one zip: every answer, the timeline, the emails, the CV, and a decision only once released', async () => {
      const email = 'ngozika.download@example.com';
      const { cookie } = await submittedWithCv(email);
      await decide(t, email, 'ACCEPT', { passWindow: false });

      const held = await get(privacyPaths.download, cookie);
      expect(held.statusCode).toBe(200);
      expect(held.headers['content-type']).toBe('application/zip');
      expect(held.headers['content-disposition']).toContain('your-data.zip');
      const heldFiles = unzip(held.rawPayload);
      expect([...heldFiles.keys()].sort()).toEqual(['cv/Ngozika CV.pdf', 'your-data.html', 'your-data.json']);
      expect(heldFiles.get('cv/Ngozika CV.pdf')).toEqual(pdf());
      const data = JSON.parse(heldFiles.get('your-data.json')!.toString());
      // Beside the JSON, the same data as a page anyone can open: their answers, steps and emails in words.
      const page = heldFiles.get('your-data.html')!.toString();
      expect(page).toMatch(/^<!doctype html>/);
      for (const shown of [
        SOMEONE.firstname,
        'Moving from Jos to Lagos',
        'Submitted the application',
        'cv/Ngozika CV.pdf',
      ])
        expect(page).toContain(shown);
      expect(page).toContain('<h2>Timeline</h2>');
      expect(page).toContain('<h2>Emails</h2>');
      expect(page).not.toMatch(/<script/i);
      expect(data.answers).toMatchObject({ email, firstname: SOMEONE.firstname, lastname: SOMEONE.lastname });
      expect(data.answers.other).toMatchObject({ key_challenge: 'Moving from Jos to Lagos' });
      // The consent recorded at create: the notice's version and the server's time (decision 150).
      expect(data.privacyConsent).toMatchObject({ version: privacyNoticeVersion() });
      expect(Date.parse(data.privacyConsent.agreedAt)).toBeLessThanOrEqual(t.now().getTime());
      expect(data.timeline.map((step: { what: string }) => step.what)).toEqual(
        expect.arrayContaining([
          'Started the application',
          'Verified the email address',
          'Submitted the application',
        ]),
      );
      expect(data.emails.length).toBeGreaterThan(0);
      expect(data.emails[0].text).toMatch(/\d{6}/);
      // The acceptance is still in its undo window: the applicant is not told it yet (decision 121).
      expect(data.decision).toMatchObject({ status: 'submitted' });

      t.advance(10 * 60_000);
      const released = JSON.parse(
        unzip((await get(privacyPaths.download, cookie)).rawPayload)
          .get('your-data.json')!
          .toString(),
      );
      expect(released.decision).toMatchObject({ status: 'accepted', standing: 'accepted' });

      const signedOut = await t.app.inject({ method: 'GET', url: privacyPaths.download });
      expect(signedOut.statusCode).toBe(401);
    });

    it('erases after a confirmation: nothing identifies them, counts and the tombstone stay, the address applies again', async () => {
      const email = 'ngozika.erase@example.com';
      const other = 'someone.else@example.com';
      const { id, cookie } = await submittedWithCv(email, PERSON);
      await submittedWithCv(other);
      const staff = await staffSignIn(t, ADMIN);
      expect(
        (
          await post(
            at(staffPaths.notes, id),
            { body: `Called ${PERSON.firstname} on ${PERSON.phone}` },
            staff,
          )
        ).statusCode,
      ).toBe(201);
      await decide(t, email, 'REJECT');
      // Views saved while looking for her, and one for someone else (decision 149).
      const searches = {
        'By email': `country=Nigeria&q=${encodeURIComponent(email)}`,
        'By name': `q=${encodeURIComponent(`${PERSON.firstname} ${PERSON.lastname}`)}&sort=name`,
        'By phone': 'q=0803+555+0142',
        'Someone else': `q=${encodeURIComponent(other)}`,
      };
      for (const [name, query] of Object.entries(searches))
        expect((await post(savedViewPaths.views, { name, query }, staff)).statusCode).toBe(200);
      const filesBefore = await files(t);

      const unconfirmed = await post(privacyPaths.erase, {}, cookie);
      expect(unconfirmed.statusCode).toBe(400);
      expect(json(unconfirmed).message).toBe(PRIVACY_MESSAGES.confirmErase);
      expect(await files(t)).toBe(filesBefore);

      const erased = await post(privacyPaths.erase, { confirm: true }, cookie);
      expect(erased.statusCode).toBe(200);
      expect(json(erased).message).toBe(PRIVACY_MESSAGES.erased);
      // Signed out: the session is gone.
      expect((await get(privacyPaths.download, cookie)).statusCode).toBe(401);
      // Their CV file is gone, the other applicant's stays.
      expect(await files(t)).toBe(filesBefore - 1);

      const everything = JSON.stringify(
        await Promise.all(
          // prettier-ignore
          ['applications', 'outbox', 'sessions', 'codes', 'cvs', 'staff_notes', 'idempotency', 'code_mail_quota', 'payments', 'erasures', 'audit_log', 'review_events', 'saved_views'].map(
            async (table) => (await t.db.query(`SELECT * FROM ${table}`)).rows,
          ),
        ),
      );
      for (const personal of [email, PERSON.firstname, PERSON.lastname, PERSON.phone, '555+0142'])
        expect(everything).not.toContain(personal);
      expect(everything).toContain(other);
      // Each view stays, with its filters; only the searches that named her went.
      const views = json<{ data: SavedView[] }>(await get(savedViewPaths.views, staff)).data;
      expect(
        Object.fromEntries(
          views.map((v) => {
            const { cohort: _cohort, ...rest } = Object.fromEntries(new URLSearchParams(v.query));
            return [v.name, rest];
          }),
        ),
      ).toEqual({
        'By email': { country: 'Nigeria' },
        'By name': { sort: 'name' },
        'By phone': {},
        'Someone else': { q: other },
      });

      // The decision stays counted, anonymously; the tombstone holds a keyed hash, the date and who asked.
      const { rows } = await t.db.query<{ review_status: string; other: unknown }>(
        'SELECT review_status, other FROM applications WHERE id = $1',
        [id],
      );
      expect(rows[0]).toEqual({ review_status: 'rejected', other: null });
      // The rejection's email had not left: it never will, to an address that is gone.
      const unsent = await t.db.query(
        'SELECT id FROM review_events WHERE application_id = $1 AND email_sent_at IS NULL AND email_due_at IS NOT NULL',
        [id],
      );
      expect(unsent.rows).toEqual([]);
      const tombstones = await t.db.query('SELECT email_hmac, requested_by, staff_id FROM erasures');
      expect(tombstones.rows).toEqual([
        {
          email_hmac: emailHmac(await erasureKey(t.db, null), email),
          requested_by: 'applicant',
          staff_id: null,
        },
      ]);

      // Staff no longer find them; the address can apply again as a new applicant.
      expect((await get(at(staffPaths.application, id), staff)).statusCode).toBe(404);
      const again = await verifiedApplicant(t, email, PERSON);
      expect(again).toBeTruthy();

      if (database.name === 'postgres') {
        // What a backup would hold: the schema's dump names them nowhere once erased again.
        const fresh = await t.db.query<{ id: number }>(
          'SELECT id FROM applications WHERE lower(email) = $1',
          [email],
        );
        const admin = await staffSignIn(t, ADMIN);
        expect(
          (await post(at(privacyPaths.staffErase, fresh.rows[0].id), { confirm: true }, admin)).statusCode,
        ).toBe(200);
        const schema = (await t.db.query<{ s: string }>('SELECT current_schema() AS s')).rows[0].s;
        const dump = execFileSync('pg_dump', ['--dbname', process.env.DATABASE_URL!, '--schema', schema], {
          encoding: 'utf8',
          maxBuffer: 64 * 1024 * 1024,
        });
        expect(dump).toContain(other);
        for (const personal of [email, PERSON.firstname, PERSON.lastname, PERSON.phone])
          expect(dump.split(personal).length - 1).toBe(0);
      }
      // The log never held them.
      for (const personal of [email, PERSON.firstname, PERSON.lastname, PERSON.phone])
        expect(log).not.toContain(personal);
      expect(log).not.toBe('');
    });

    it('an admin exports and erases on request, each audited; a reviewer gets 403', async () => {
      const email = 'ngozika.staff@example.com';
      const { id } = await submittedWithCv(email);
      const admin = await staffSignIn(t, ADMIN);
      expect((await post(staffPaths.team, { email: REVIEWER, role: 'reviewer' }, admin)).statusCode).toBe(
        201,
      );
      const reviewer = await staffSignIn(t, REVIEWER);

      for (const res of [
        await get(at(privacyPaths.staffExport, id), reviewer),
        await post(at(privacyPaths.staffErase, id), { confirm: true }, reviewer),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(json(res).message).toBe(STAFF_MESSAGES.adminOnly);
      }

      const exported = await get(at(privacyPaths.staffExport, id), admin);
      expect(exported.statusCode).toBe(200);
      const data = JSON.parse(unzip(exported.rawPayload).get('your-data.json')!.toString());
      expect(data.answers.email).toBe(email);

      const erased = await post(at(privacyPaths.staffErase, id), { confirm: true }, admin);
      expect(erased.statusCode).toBe(200);
      expect(json(erased).message).toBe(PRIVACY_MESSAGES.staffErased);
      const twice = await post(at(privacyPaths.staffErase, id), { confirm: true }, admin);
      expect(twice.statusCode).toBe(409);
      expect(json(twice).message).toBe(PRIVACY_MESSAGES.alreadyErased);
      expect((await get(at(privacyPaths.staffExport, id), admin)).statusCode).toBe(404);
      expect((await post(at(privacyPaths.staffErase, 999_999), { confirm: true }, admin)).statusCode).toBe(
        404,
      );

      const audit = await t.db.query<{ action: string; application_id: number }>(
        `SELECT action, application_id FROM audit_log WHERE action LIKE '%applicant_data' AND application_id = $1 ORDER BY id`,
        [id],
      );
      expect(audit.rows).toEqual([
        { action: 'export_applicant_data', application_id: id },
        { action: 'erase_applicant_data', application_id: id },
      ]);
      const tombstone = await t.db.query('SELECT requested_by FROM erasures WHERE application_id = $1', [id]);
      expect(tombstone.rows).toEqual([{ requested_by: 'staff' }]);
      // The applicant's own routes refuse a staff cookie.
      expect((await get(privacyPaths.download, admin)).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: paths.standing })).statusCode).toBe(401);
    });
  });
});
