/** Consent recorded with its version (docs/privacy.md, decision 150): which notice an applicant agreed to, and when. */
import { describe, expect, it } from 'vitest';
import { paths } from '../../machines/rules/contract';
import { messages as F } from '../../machines/steps/communications';
import { NOTICE_SECTIONS, noticeVersion, privacyNoticeVersion } from '../../machines/rules/privacy';
import { staffPaths } from '../../machines/rules/staff/paths';
import { staffQueuePaths } from '../../machines/rules/staff/queue';
import { applicant, databases, json, staffSignIn, useTestApp } from './support';

const ADMIN = 'admin@example.com';

const AGREED_AT = new Date('2026-11-20T10:15:00Z');

/** The notice's words before an edit (one paragraph read differently): what a page loaded then agreed to. */
const earlierVersion = noticeVersion(
  NOTICE_SECTIONS.map((section, i) =>
    i === 0 ? { ...section, paragraphs: [`${section.paragraphs[0]} (earlier wording)`] } : section,
  ),
);

describe.each(databases)('consent to the privacy notice on $name', (database) => {
  const t = useTestApp(database, { config: { staffEmails: [ADMIN] } });

  const create = (version: string) => {
    const body = applicant('ada@example.com');
    return t.app.inject({
      method: 'POST',
      url: paths.create,
      payload: { ...body, communications: { ...body.communications, privacy_notice_version: version } },
    });
  };
  const stored = async () =>
    (
      await t.db.query<{ privacy_notice_version: string; privacy_consented_at: Date }>(
        'SELECT privacy_notice_version, privacy_consented_at FROM applications',
      )
    ).rows;

  it('stores the version agreed to with the time the server received it', async () => {
    t.setNow(AGREED_AT);
    expect((await create(privacyNoticeVersion())).statusCode).toBe(201);
    const rows = await stored();
    expect(rows).toHaveLength(1);
    expect(rows[0].privacy_notice_version).toBe(privacyNoticeVersion());
    expect(new Date(rows[0].privacy_consented_at).toISOString()).toBe(AGREED_AT.toISOString());
  });

  it('takes marketing consent as not given when the request leaves it out (opt-in), and as given only when ticked', async () => {
    const base = applicant('ada@example.com');
    const { communication_consent: _left, ...withoutConsent } = base.communications;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: paths.create,
          payload: { ...base, communications: withoutConsent },
        })
      ).statusCode,
    ).toBe(201);
    const ticked = applicant('bola@example.com');
    expect((await t.app.inject({ method: 'POST', url: paths.create, payload: ticked })).statusCode).toBe(201);
    const rows = (
      await t.db.query<{ email: string; communication_consent: boolean }>(
        'SELECT email, communication_consent FROM applications ORDER BY email',
      )
    ).rows;
    expect(rows).toEqual([
      { email: 'ada@example.com', communication_consent: false },
      { email: 'bola@example.com', communication_consent: true },
    ]);
  });

  it('stores no marketing consent for a row written without an answer: the column itself is opt-in', async () => {
    await t.db.query(
      `INSERT INTO applications
         (email, firstname, lastname, gender, country, city, phone, referral_source, created_at, updated_at)
       VALUES ('cara@example.com', 'Cara', 'Obi', 'female', 'Nigeria', 'Nigeria, Lagos', '+2348012345678', 'Other',
         now(), now())`,
    );
    const [row] = (
      await t.db.query<{ communication_consent: boolean }>(
        `SELECT communication_consent FROM applications WHERE email = 'cara@example.com'`,
      )
    ).rows;
    expect(row.communication_consent).toBe(false);
  });

  it('refuses an application that did not agree to the notice, in the catalogue’s words, and stores nothing', async () => {
    const res = await create('');
    expect(res.statusCode).toBe(400);
    expect(json<{ data: { error: Record<string, string[]> } }>(res).data.error).toEqual({
      privacy_consent: [F.privacy_consent],
    });
    expect(await stored()).toHaveLength(0);
  });

  it('refuses the version of words the notice no longer has: changing them made a new version', async () => {
    expect(earlierVersion).not.toBe(privacyNoticeVersion());
    const res = await create(earlierVersion);
    expect(res.statusCode).toBe(400);
    expect(json<{ data: { error: Record<string, string[]> } }>(res).data.error).toEqual({
      privacy_consent: [F.privacy_notice_version],
    });
    expect(await stored()).toHaveLength(0);
  });

  it('shows staff the version agreed to and when: on the application page and in the CSV export', async () => {
    t.setNow(AGREED_AT);
    expect((await create(privacyNoticeVersion())).statusCode).toBe(201);
    const { id } = (await t.db.query<{ id: number }>('SELECT id FROM applications')).rows[0];
    const cookie = await staffSignIn(t, ADMIN);
    const page = await t.app.inject({
      method: 'GET',
      url: staffPaths.application.replace(':id', String(id)),
      headers: { cookie },
    });
    expect(page.statusCode).toBe(200);
    expect(json<{ data: { timeline: { at: string; what: string }[] } }>(page).data.timeline).toContainEqual({
      at: AGREED_AT.toISOString(),
      what: `Agreed to privacy notice ${privacyNoticeVersion()}`,
    });
    const csv = await t.app.inject({
      method: 'GET',
      url: `${staffQueuePaths.exportCsv}?status=not_submitted`,
      headers: { cookie },
    });
    expect(csv.statusCode).toBe(200);
    const [header, row] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    const cell = (name: string) => row.split(',')[header.split(',').indexOf(name)];
    expect(cell('privacy_notice_version')).toBe(privacyNoticeVersion());
    expect(cell('privacy_consented_at')).toBe(AGREED_AT.toISOString());
  });
});
