/**
 * The bank details and the support address set in the back office (decision 247): BANK_* and SUPPORT_EMAIL seed
 * them until an admin first saves; every team member sees them, an admin changes them, a reviewer's change is refused
 * with 403 and changes nothing; each bad value is refused in the catalogue's words and changes nothing; a save is an
 * audit entry with before → after; the pages applicants see (the confirmation page's bank transfer details, the
 * landing page's and the privacy notice's contact) follow at once, and another process serves the change within 5 s.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { CONTACT_EMAIL_PLACEHOLDER } from '../../machines/rules/landingCohort';
import { PROGRAMME_SETTINGS_MESSAGES as M } from '../../machines/rules/messages';
import {
  programmeSettingsPath,
  type ProgrammeSettings,
  type StaffProgrammeSettings,
} from '../../machines/rules/programmeSettings';
import type { AuditEntry } from '../../machines/rules/reports';
import { STAFF_MESSAGES } from '../../machines/rules/staff/messages';
import { staffPaths } from '../../machines/rules/staff/paths';
import { buildApp } from '../../server/app';
import { defaultConfig } from '../../server/config';
import { outboxMailer } from '../../server/mail/index';
import { renderPrivacy } from '../../src/privacy/entry-server';
import { withDefaults, type AppConfig } from '../../src/config';
import {
  databases,
  json,
  STAFF,
  START,
  staffRequests,
  useClock,
  useStaffTeam,
  useOtherProcesses,
  useTestApp,
} from './support';

const { lead: ADMIN, ama: AMA } = STAFF;

/** What BANK_* and SUPPORT_EMAIL held when the server first started. */
const SEED: ProgrammeSettings = {
  bank_name: 'First Bank',
  bank_account_name: 'The Employment Bootcamp Ltd',
  bank_account_number: '0123 456 789',
  support_email: 'support@bootcamp.example',
};
const CHANGED: ProgrammeSettings = {
  bank_name: 'Second Bank',
  bank_account_name: 'The Employment Bootcamp',
  bank_account_number: '9876543210',
  support_email: 'help@bootcamp.example',
};

// A built client's stand-in: the app shell with its runtime configuration, the landing page and the notice.
const clientDir = mkdtempSync(join(tmpdir(), 'bootcamp-settings-'));
mkdirSync(join(clientDir, 'assets'));
writeFileSync(
  join(clientDir, 'app.html'),
  '<!doctype html><meta name="app-config" content="{}" /><title>App shell</title><div id="root"></div>',
);
writeFileSync(join(clientDir, 'index.html'), `<!doctype html><footer>${CONTACT_EMAIL_PLACEHOLDER}</footer>`);
writeFileSync(join(clientDir, 'privacy.html'), `<!doctype html><body>${renderPrivacy()}</body>`);
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

/** The runtime configuration a page's shell carries, as the browser reads it (src/config.ts). */
async function pageConfig(app: FastifyInstance, url: string) {
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  const content = /<meta name="app-config" content="([^"]*)"/.exec(res.body)?.[1] ?? '{}';
  const unescaped = content
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
  return withDefaults(JSON.parse(unescaped) as Partial<AppConfig>);
}

describe.each(databases)('the bank details and support address on $name', (database) => {
  const clock = useClock();
  const t = useTestApp(database, {
    config: { staffEmails: [ADMIN], now: () => clock.now, settingsSeed: SEED },
    clientDir,
    checkDocumentedAnswers: true,
  });
  const team = useStaffTeam(t, ADMIN, { ama: AMA });
  const as = staffRequests(t);
  const others = useOtherProcesses();

  /** One more server process on the same database, as `main.ts` builds it, with its own environment's seed. */
  async function anotherProcess(seed: Partial<ProgrammeSettings>): Promise<FastifyInstance> {
    const app = await buildApp({
      db: t.db,
      mailer: outboxMailer(t.db, t.now),
      storageDir: t.storageDir,
      clientDir,
      config: defaultConfig({ now: t.now, staffEmails: [ADMIN], settingsSeed: seed }),
    });
    others.push(app);
    return app;
  }

  const shown = async (cookie: string) => {
    const res = await as(cookie).get(programmeSettingsPath);
    expect(res.statusCode).toBe(200);
    return json<{ data: StaffProgrammeSettings }>(res).data;
  };
  const stored = async () =>
    (
      await t.db.query(
        'SELECT bank_name, bank_account_name, bank_account_number, support_email, saved_at FROM programme_settings',
      )
    ).rows;
  const auditOf = async () => {
    const res = await as(team.admin).get(`${staffPaths.audit}?action=settings_change`);
    return json<{ data: AuditEntry[] }>(res).data;
  };

  it('starts from the environment, shows it to every team member, and the confirmation page offers that account', async () => {
    expect(await shown(team.admin)).toEqual({ ...SEED, saved: null });
    expect(await shown(team.ama)).toEqual({ ...SEED, saved: null });
    expect(await pageConfig(t.app, '/apply/confirmation')).toMatchObject({
      bankName: SEED.bank_name,
      bankAccountName: SEED.bank_account_name,
      bankAccountNumber: SEED.bank_account_number,
      supportEmail: SEED.support_email,
    });
  });

  it("an admin's change is audited before → after and every page applicants see carries it at once", async () => {
    const saved = await as(team.admin).post(programmeSettingsPath, CHANGED);
    expect(saved.statusCode).toBe(200);
    expect(json(saved).message).toBe(M.saved);
    expect(json<{ data: StaffProgrammeSettings }>(saved).data).toEqual({
      ...CHANGED,
      saved: { at: START.toISOString(), by: ADMIN },
    });
    expect(await shown(team.ama)).toMatchObject(CHANGED);

    const [entry] = await auditOf();
    expect(entry).toMatchObject({ staff: ADMIN, at: START.toISOString(), applicationId: null });
    expect(entry.detail).toEqual({
      bank_name: 'First Bank → Second Bank',
      bank_account_name: 'The Employment Bootcamp Ltd → The Employment Bootcamp',
      bank_account_number: '0123 456 789 → 9876543210',
      support_email: 'support@bootcamp.example → help@bootcamp.example',
    });

    // The confirmation page's bank transfer details and contact, and every other page's shell.
    for (const page of ['/apply/confirmation', '/apply', '/staff', '/app.html'])
      expect(await pageConfig(t.app, page)).toMatchObject({
        bankName: 'Second Bank',
        bankAccountName: 'The Employment Bootcamp',
        bankAccountNumber: '9876543210',
        supportEmail: 'help@bootcamp.example',
      });
    const landing = await t.app.inject({ method: 'GET', url: '/' });
    expect(landing.body).toContain('help@bootcamp.example');
    expect(landing.body).not.toContain('support@bootcamp.example');
    // No PRIVACY_CONTACT_EMAIL: the notice names the support address.
    const notice = await t.app.inject({ method: 'GET', url: '/privacy' });
    expect(notice.body).toContain('Write to help@bootcamp.example');

    // A save that changes nothing is no second entry.
    expect((await as(team.admin).post(programmeSettingsPath, CHANGED)).statusCode).toBe(200);
    expect(await auditOf()).toHaveLength(1);
  });

  it("a reviewer's change is refused with 403 and changes nothing", async () => {
    const before = await stored();
    const refused = await as(team.ama).post(programmeSettingsPath, CHANGED);
    expect(refused.statusCode).toBe(403);
    expect(json(refused).message).toBe(STAFF_MESSAGES.adminOnly);
    expect(await stored()).toEqual(before);
    expect(await auditOf()).toEqual([]);
    expect((await pageConfig(t.app, '/apply/confirmation')).bankAccountNumber).toBe(SEED.bank_account_number);
  });

  it.each([
    ['support_email', 'support', M.supportEmail],
    ['support_email', '', M.supportEmail],
    ['bank_account_number', '012345678', M.bankAccountNumber],
    ['bank_account_number', '01234567890', M.bankAccountNumber],
    ['bank_account_number', '0123x56789', M.bankAccountNumber],
    ['bank_name', '   ', M.bankName],
    ['bank_account_name', '', M.bankAccountName],
    ['bank_name', 'x'.repeat(101), M.tooLong(100)],
  ])('refuses %s %j in the catalogue’s words and changes nothing', async (field, value, message) => {
    const before = await stored();
    const refused = await as(team.admin).post(programmeSettingsPath, { ...CHANGED, [field]: value });
    expect(refused.statusCode).toBe(400);
    expect(json<{ data: { error: Record<string, string[]> } }>(refused).data.error).toEqual({
      [field]: [message],
    });
    expect(await stored()).toEqual(before);
    expect(await auditOf()).toEqual([]);
    expect((await pageConfig(t.app, '/apply/confirmation')).supportEmail).toBe(SEED.support_email);
  });

  it('refuses a save with every field missing, each in its own words', async () => {
    const refused = await as(team.admin).post(programmeSettingsPath, {});
    expect(refused.statusCode).toBe(400);
    expect(json<{ data: { error: Record<string, string[]> } }>(refused).data.error).toEqual({
      bank_name: [M.bankName],
      bank_account_name: [M.bankAccountName],
      bank_account_number: [M.bankAccountNumber],
      support_email: [M.supportEmail],
    });
  });

  it('another process on the same database serves a change within 5 s', async () => {
    const other = await anotherProcess(SEED);
    expect((await pageConfig(other, '/apply/confirmation')).bankAccountNumber).toBe(SEED.bank_account_number);
    expect((await as(team.admin).post(programmeSettingsPath, CHANGED)).statusCode).toBe(200);
    const saved = Date.now();
    let seen = '';
    while (Date.now() - saved < 5000) {
      seen = (await pageConfig(other, '/apply/confirmation')).bankAccountNumber;
      if (seen === CHANGED.bank_account_number) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(seen).toBe(CHANGED.bank_account_number);
    expect(Date.now() - saved).toBeLessThan(5000);
  });

  it('a new environment is taken at start until an admin saves; after that the back office wins', async () => {
    const reseeded = { ...SEED, bank_account_number: '1111111111' };
    await anotherProcess(reseeded);
    expect(await shown(team.admin)).toEqual({ ...reseeded, saved: null });

    expect((await as(team.admin).post(programmeSettingsPath, CHANGED)).statusCode).toBe(200);
    await anotherProcess({ ...SEED, support_email: 'other@bootcamp.example' });
    expect(await shown(team.admin)).toMatchObject(CHANGED);
  });
});
