/**
 * The programme's bank details and support address set in the back office (docs/api.md "Programme settings",
 * decision 247): every team member sees them, admins change them. The rule is machines/rules/programmeSettings.ts;
 * a save is an audit entry with each changed field before → after, and this process's settings are dropped so
 * applicants see the change at once (the other processes within SETTINGS_CACHE_MS).
 */
import type { FastifyInstance } from 'fastify';
import { PROGRAMME_SETTINGS_MESSAGES as M } from '../../machines/rules/messages';
import {
  checkProgrammeSettings,
  programmeSettingsPath,
  settingsChanges,
  type StaffProgrammeSettings,
} from '../../machines/rules/programmeSettings';
import type { Context } from '../context';
import { lockSettings, readSettings, saveSettings, type StoredSettings } from '../db/programmeSettings';
import { refuse } from '../http';
import { closed, envelope, text } from '../routes/answers';
import { object, str } from '../routes/schemas';
import type { StaffGuard } from './staffGuard';
import { staffSchema, withRefusals } from './routeSchema';
import { audit } from './store';

const settingsAnswer = closed({
  bank_name: text,
  bank_account_name: text,
  bank_account_number: text,
  support_email: text,
  saved: { anyOf: [closed({ at: text, by: text }), { type: 'null' }] },
});
const settingsBody = object(
  {
    bank_name: str(1000),
    bank_account_name: str(1000),
    bank_account_number: str(100),
    support_email: str(1000),
  },
  // None required here: a missing one gets the rule's own words (machines/rules/programmeSettings.ts).
);

const answer = ({ saved, ...settings }: StoredSettings): StaffProgrammeSettings => ({
  ...settings,
  saved: saved ? { at: saved.at.toISOString(), by: saved.by } : null,
});

export function settingsRoutes(app: FastifyInstance, ctx: Context, staff: StaffGuard): void {
  const { db, config } = ctx;

  app.get(
    programmeSettingsPath,
    staffSchema(
      'The bank details applicants pay by transfer to and the support address every page shows',
      withRefusals(envelope('Programme settings', settingsAnswer), false),
    ),
    async (request) => {
      await staff(request);
      return { message: 'Programme settings', data: answer(await readSettings(db)) };
    },
  );

  app.post<{ Body: Record<string, unknown> }>(
    programmeSettingsPath,
    staffSchema(
      'Change the bank details and the support address (admins); applicants see them at once',
      withRefusals(envelope('Saved', settingsAnswer), true, 400),
      { body: settingsBody },
    ),
    async (request) => {
      const admin = await staff(request, 'admin');
      const { value, issues } = checkProgrammeSettings(request.body ?? {});
      if (issues.length) throw refuse(issues);
      const saved = await db.transaction(async (tx) => {
        const now = config.now();
        const before = await lockSettings(tx);
        const changes = settingsChanges(before, value);
        // A save that changes nothing is no entry, and keeps the row as it was (the seed stays the seed).
        if (!Object.keys(changes).length) return before;
        await saveSettings(tx, value, admin.id, now);
        await audit(tx, admin.id, 'settings_change', now, null, changes);
        return readSettings(tx);
      });
      ctx.settings.forget();
      return { message: M.saved, data: answer(saved) };
    },
  );
}
