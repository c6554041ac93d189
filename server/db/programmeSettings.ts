/**
 * The programme's bank details and support address: one row, set by an admin in the back office
 * (server/staff/settingsRoutes.ts, decision 247). BANK_NAME, BANK_ACCOUNT_NAME, BANK_ACCOUNT_NUMBER and SUPPORT_EMAIL
 * are its seed: they fill the row at start until an admin first saves it, and are never read again after that.
 * Every process keeps the row for SETTINGS_CACHE_MS, as it keeps the current cohort (decision 235), so a change
 * through one process is served by the others within that.
 */
import type { ProgrammeSettings } from '../../machines/rules/programmeSettings';
import { DEFAULT_CONTACT_EMAIL } from '../../machines/rules/pages';
import type { Queryable } from './index';
import { first, qb, run } from './query';

/** How long a process keeps the settings before reading them again: another process's save shows within this. */
export const SETTINGS_CACHE_MS = 2_000;

/** Today's defaults without a seed: no account (the pages say transfers are not set up) and the one contact address. */
export const UNSET_SETTINGS: ProgrammeSettings = {
  bank_name: '',
  bank_account_name: '',
  bank_account_number: '',
  support_email: DEFAULT_CONTACT_EMAIL,
};

export interface StoredSettings extends ProgrammeSettings {
  /** The last save in the back office, with who made it; null while the row is the seed. */
  saved: { at: Date; by: string } | null;
}

/**
 * Writes the environment's values at start while no admin has saved the settings; after the first save the back
 * office's win and the environment is not read (decision 247). Two processes starting at once write the same row.
 */
export async function seedSettings(db: Queryable, seed: Partial<ProgrammeSettings>): Promise<void> {
  const values = { ...UNSET_SETTINGS, ...seed };
  await run(
    db,
    qb
      .insertInto('programme_settings')
      .values({ id: 1, ...values })
      .onConflict((conflict) =>
        conflict.column('id').doUpdateSet(values).where('programme_settings.saved_at', 'is', null),
      ),
  );
}

const settingsRow = qb
  .selectFrom('programme_settings')
  .leftJoin('staff', 'staff.id', 'programme_settings.saved_by')
  .select([
    'bank_name',
    'bank_account_name',
    'bank_account_number',
    'support_email',
    'saved_at',
    'staff.email as saved_by_email',
  ])
  .where('programme_settings.id', '=', 1);

export async function readSettings(db: Queryable): Promise<StoredSettings> {
  const row = await first(db, settingsRow);
  if (!row) return { ...UNSET_SETTINGS, saved: null };
  const { saved_at, saved_by_email, ...settings } = row;
  return { ...settings, saved: saved_at ? { at: saved_at, by: saved_by_email ?? '' } : null };
}

/** The row locked for the rest of `tx`: two admins' saves follow each other, each audited against the one before. */
export async function lockSettings(tx: Queryable): Promise<StoredSettings> {
  await run(tx, qb.selectFrom('programme_settings').select('id').where('id', '=', 1).forUpdate());
  return readSettings(tx);
}

export async function saveSettings(
  tx: Queryable,
  settings: ProgrammeSettings,
  staffId: number,
  now: Date,
): Promise<void> {
  const values = { ...settings, saved_by: staffId, saved_at: now };
  await run(
    tx,
    qb
      .insertInto('programme_settings')
      .values({ id: 1, ...values })
      .onConflict((conflict) => conflict.column('id').doUpdateSet(values)),
  );
}

export interface SettingsCache {
  /** The settings, from memory when read less than SETTINGS_CACHE_MS ago. */
  get(): Promise<ProgrammeSettings>;
  /** Drops what is kept: the next ask reads the database (after an admin's save). */
  forget(): void;
}

/** Concurrent misses share one read; a failed read is not kept. */
export function settingsCache(db: Queryable, now: () => Date, ttlMs = SETTINGS_CACHE_MS): SettingsCache {
  let cached: { until: number; real: number; value: Promise<ProgrammeSettings> } | undefined;
  return {
    get: () => {
      const at = now().getTime();
      // Kept by the process's own clock too: a test's frozen clock must not keep a value for ever.
      const real = Date.now();
      if (cached && at < cached.until && real < cached.real) return cached.value;
      const entry = {
        until: at + ttlMs,
        real: real + ttlMs,
        value: readSettings(db).then(({ saved: _saved, ...settings }) => settings),
      };
      cached = entry;
      entry.value.catch(() => {
        if (cached === entry) cached = undefined;
      });
      return entry.value;
    },
    forget: () => (cached = undefined),
  };
}

/** The settings under the names the browser's runtime configuration gives them (src/config.ts `AppConfig`). */
export const browserSettings = (settings: ProgrammeSettings) => ({
  supportEmail: settings.support_email,
  bankName: settings.bank_name,
  bankAccountName: settings.bank_account_name,
  bankAccountNumber: settings.bank_account_number,
});
