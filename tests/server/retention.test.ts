/**
 * Retention runs by itself (docs/privacy.md, decision 143): with the server's clock moved forward, each kind goes
 * when its time has come and not a day before, with both CV storages; a dry run changes nothing; one
 * process at a time runs it; `npm run retention -- --dry-run` prints the counts per kind.
 */
import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETENTION_DEFAULTS } from '../../machines/rules/privacy';
import { RETENTION_KINDS, runRetention, type RetentionCounts } from '../../server/privacy/retention';
import { localStorage, type CvStorage } from '../../server/storage/index';
import { freshDataDir } from '../e2e/support/server';
import { cvStorages } from './s3Server';
import {
  cvForm,
  databases,
  decide,
  pdf,
  staffSignIn,
  START,
  testApp,
  uploadCv,
  verifiedApplicant,
  type TestApp,
} from './support';

const DAY = 86_400_000;
const ADMIN = 'director@bootcamp.example';

const storages = cvStorages('retention');

const none = Object.fromEntries(RETENTION_KINDS.map((kind) => [kind, 0])) as RetentionCounts;

describe.each(databases)('retention on $name', (database) => {
  describe.each(storages)('with CVs on $name', (where) => {
    let t: TestApp;
    let storage: CvStorage;
    let files: (t: TestApp) => Promise<number>;
    beforeAll(async () => {
      const made = await where.make();
      files = made.files;
      t = await testApp(database, { storage: made.storage, config: { staffEmails: [ADMIN] } });
      storage = made.storage ?? (await localStorage(t.storageDir));
    });
    afterAll(async () => {
      await t.close();
    });

    const run = (dryRun = false) =>
      runRetention(
        { db: t.db, storage, settings: RETENTION_DEFAULTS, erasureKey: 'retention-test-key', now: t.now },
        { dryRun },
      );
    const count = async (sql: string) => Number((await t.db.query<{ n: number }>(sql)).rows[0].n);

    async function withCv(email: string, submitted: boolean) {
      const cookie = await verifiedApplicant(t, email);
      expect((await uploadCv(t, cvForm(email, pdf()), cookie)).statusCode).toBe(200);
      if (submitted)
        await t.db.query(
          'UPDATE applications SET submitted_at = $2, cohort_id = applied_cohort_id WHERE lower(email) = $1',
          [email, t.now()],
        );
    }

    it('deletes each kind when its time has come, not a day before; a dry run only counts', async () => {
      // The cohort starts today; the not-accepted CV may go 90 days later, the accepted one stays.
      await withCv('rejected@example.com', true);
      await withCv('accepted@example.com', true);
      await decide(t, 'rejected@example.com', 'REJECT');
      await decide(t, 'accepted@example.com', 'ACCEPT');
      await verifiedApplicant(t, 'never.submitted@example.com', { firstname: 'Halfwayqx' });
      await staffSignIn(t, ADMIN);
      await t.db.query(
        'UPDATE cohorts SET start_date = $1::date WHERE id IN (SELECT applied_cohort_id FROM applications)',
        [START],
      );
      // Today: only what has expired already (the codes used for signing in).
      const today = await run();
      expect(today).toMatchObject({ cvs: 0, unsubmittedApplications: 0, outboxBodies: 0, auditEntries: 0 });
      expect(await files(t)).toBe(2);

      // 31 days on: the emails' bodies go, their rows stay; every code has expired, and no session yet.
      t.advance(31 * DAY);
      const mails = await count('SELECT count(*) AS n FROM outbox');
      expect(await run(true)).toMatchObject({ outboxBodies: mails, cvs: 0 });
      expect(await count(`SELECT count(*) AS n FROM outbox WHERE text_body <> ''`)).toBe(mails);
      expect(await run()).toMatchObject({ outboxBodies: mails, cvs: 0 });
      expect(await count(`SELECT count(*) AS n FROM outbox WHERE text_body <> '' OR html_body <> ''`)).toBe(
        0,
      );
      expect(await count('SELECT count(*) AS n FROM outbox')).toBe(mails);
      expect(
        await count('SELECT (SELECT count(*) FROM codes) + (SELECT count(*) FROM staff_codes) AS n'),
      ).toBe(0);
      // Sessions last 30 days: expired now, and gone.
      expect(
        await count('SELECT (SELECT count(*) FROM sessions) + (SELECT count(*) FROM staff_sessions) AS n'),
      ).toBe(0);

      // Day 89: the rejected CV is still there; day 91: gone from the table and the storage, the accepted one stays.
      t.setNow(new Date(START.getTime() + 89 * DAY));
      expect((await run())?.cvs).toBe(0);
      expect(await files(t)).toBe(2);
      t.setNow(new Date(START.getTime() + 91 * DAY));
      expect(await run(true)).toMatchObject({ cvs: 1 });
      expect(await files(t)).toBe(2);
      expect((await run())?.cvs).toBe(1);
      expect(await files(t)).toBe(1);
      expect(
        await count(
          `SELECT count(*) AS n FROM cvs v JOIN applications a ON a.id = v.application_id WHERE a.email = 'accepted@example.com'`,
        ),
      ).toBe(1);

      // Never submitted: anonymised after 180 days since it was last changed, with a tombstone.
      t.setNow(new Date(START.getTime() + 179 * DAY));
      expect((await run())?.unsubmittedApplications).toBe(0);
      t.setNow(new Date(START.getTime() + 181 * DAY));
      expect((await run())?.unsubmittedApplications).toBe(1);
      expect(await count(`SELECT count(*) AS n FROM applications WHERE email LIKE 'never.submitted%'`)).toBe(
        0,
      );
      expect(await count(`SELECT count(*) AS n FROM applications WHERE firstname = 'Halfwayqx'`)).toBe(0);
      expect(await count(`SELECT count(*) AS n FROM erasures WHERE requested_by = 'retention'`)).toBe(1);
      // The audit log lists it, with no team member (decision 149).
      expect(
        await count(
          `SELECT count(*) AS n FROM audit_log WHERE action = 'erase_applicant_data' AND staff_id IS NULL AND detail->>'by' = 'retention'`,
        ),
      ).toBe(1);
      // Submitted ones are never anonymised by time.
      expect(await count(`SELECT count(*) AS n FROM applications WHERE erased_at IS NULL`)).toBe(2);

      // The audit log: kept two years, then trimmed (the append-only rule still holds for anyone else).
      const entries = await count('SELECT count(*) AS n FROM audit_log');
      expect(entries).toBeGreaterThan(0);
      await expect(t.db.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
      t.setNow(new Date(START.getTime() + 729 * DAY));
      expect((await run())?.auditEntries).toBe(0);
      t.setNow(new Date(START.getTime() + 731 * DAY));
      expect((await run())?.auditEntries).toBe(entries - 1);
      expect(await count('SELECT count(*) AS n FROM audit_log')).toBe(1);
      // The tombstone of day 181 and its audit entry are kept as long, from their own day.
      expect(await count('SELECT count(*) AS n FROM erasures')).toBe(1);
      t.setNow(new Date(START.getTime() + (181 + 731) * DAY));
      expect((await run())?.auditEntries).toBe(2);
      expect(await count('SELECT count(*) AS n FROM erasures')).toBe(0);
      expect(await count('SELECT count(*) AS n FROM audit_log')).toBe(0);
      expect(await run()).toEqual(none);
    });

    if (database.name === 'postgres')
      it('runs in one process at a time: a run while another holds it does nothing', async () => {
        await t.db.transaction(async (tx) => {
          await tx.query('SELECT pg_advisory_xact_lock(4242143)');
          expect(await run()).toBeNull();
        });
        expect(await run()).not.toBeNull();
      });
  });
});

describe('npm run retention -- --dry-run', () => {
  it('prints what would go per kind and changes nothing', { timeout: 180_000 }, async () => {
    const dataDir = await freshDataDir();
    try {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'scripts/retention.ts', '--dry-run'],
        { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', S3_BUCKET: '' }, timeout: 170_000 },
      );
      expect(stdout).toContain('dry run');
      for (const kind of RETENTION_KINDS) expect(stdout).toMatch(new RegExp(`${kind}: 0`));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
