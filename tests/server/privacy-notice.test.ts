/**
 * `/privacy` (docs/privacy.md): the prerendered notice with the controller, the contact and the retention periods
 * from the server's configuration, written once in the retention settings; and its version, a hash of its words.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NOTICE_SECTIONS,
  privacyNoticeVersion,
  RETENTION_DEFAULTS,
  noticeVersion,
} from '../../machines/rules/privacy';
import { paths, type PrivacyNoticeInfo } from '../../machines/rules/contract';
import { readEnv } from '../../server/config';
import { renderPrivacy } from '../../src/privacy/entry-server';
import { applicant, CLIENT_PAGES, databases, json, testApp, type TestApp } from './support';

describe('the privacy notice at /privacy', () => {
  const clientDir = mkdtempSync(join(tmpdir(), 'bootcamp-privacy-'));
  let t: TestApp;
  beforeAll(async () => {
    mkdirSync(join(clientDir, 'assets'));
    for (const [path, text] of Object.entries(CLIENT_PAGES)) writeFileSync(join(clientDir, path), text);
    writeFileSync(join(clientDir, 'privacy.html'), `<!doctype html><body>${renderPrivacy()}</body>`);
    const env = readEnv({
      PRIVACY_CONTROLLER_NAME: 'Bootcamp & Partners Ltd',
      SUPPORT_EMAIL: 'support@bootcamp.example',
      RETENTION_CV_DAYS: '45',
    });
    t = await testApp(databases[0], {
      clientDir,
      config: { privacy: env.privacy, retention: env.retention, settingsSeed: env.settingsSeed },
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('names the configured controller and contact and quotes the retention settings', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/privacy' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const page = res.body;
    expect(page).toContain('Bootcamp &amp; Partners Ltd decides how the data');
    // No PRIVACY_CONTACT_EMAIL: the programme's one contact address (SUPPORT_EMAIL's seed), never a made-up one.
    expect(page).toContain('Write to support@bootcamp.example');
    expect(page).toContain('your CV is deleted 45 days after your cohort starts');
    expect(page).toContain(`anonymised ${RETENTION_DEFAULTS.unsubmittedDays} days after`);
    expect(page).toContain(`kept ${RETENTION_DEFAULTS.auditDays} days`);
    expect(page).toContain('href="/your-data"');
    expect(page).toContain(privacyNoticeVersion());
    expect(page).not.toContain('%%PRIVACY_');
    // The template itself is not served under its file name.
    expect((await t.app.inject({ method: 'GET', url: '/privacy.html' })).statusCode).toBe(404);
  });

  it('tells an API client its version and address, and a create carrying that version is taken', async () => {
    const asked = await t.app.inject({ method: 'GET', url: paths.privacyNotice });
    expect(asked.statusCode).toBe(200);
    const notice = json<{ data: PrivacyNoticeInfo }>(asked).data;
    expect(notice).toEqual({ version: privacyNoticeVersion(), path: '/privacy' });
    // The address serves the notice of that version.
    const page = await t.app.inject({ method: 'GET', url: notice.path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(notice.version);
    const payload = applicant('ada.client@example.com');
    const created = await t.app.inject({
      method: 'POST',
      url: paths.create,
      payload: {
        ...payload,
        communications: { ...payload.communications, privacy_notice_version: notice.version },
      },
    });
    expect(created.statusCode).toBe(201);
  });

  it('has a version that changes with its words', () => {
    expect(privacyNoticeVersion()).toMatch(/^notice-[0-9a-f]{8}$/);
    expect(noticeVersion(NOTICE_SECTIONS)).toBe(privacyNoticeVersion());
    const changed = NOTICE_SECTIONS.map((section, i) =>
      i === 0 ? { ...section, paragraphs: [`${section.paragraphs[0]} `] } : section,
    );
    expect(noticeVersion(changed)).not.toBe(privacyNoticeVersion());
  });

  it('reads PRIVACY_CONTACT_EMAIL and PRIVACY_CONTROLLER_NAME, else the programme and its contact', () => {
    // No PRIVACY_CONTACT_EMAIL: the support address the back office has (decision 247), seeded by SUPPORT_EMAIL.
    expect(readEnv({}).privacy).toMatchObject({
      controllerName: 'The Employment Bootcamp',
      contactEmail: null,
    });
    expect(
      readEnv({ PRIVACY_CONTACT_EMAIL: 'dpo@bootcamp.example', SUPPORT_EMAIL: 'support@bootcamp.example' })
        .privacy.contactEmail,
    ).toBe('dpo@bootcamp.example');
  });
});
