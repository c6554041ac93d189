/**
 * The programme's bank details and support address as an admin sets them in the back office (docs/api.md
 * "Programme settings", decision 247): the checks of a change and the audit's before → after. Plain functions only:
 * the server and the staff screen both import this file.
 */
import { object, string } from 'yup';
import { STAFF_API } from './api';
import { EMAIL_PATTERN, isPlainText } from './fields';
import { PROGRAMME_SETTINGS_MESSAGES as M } from './messages';
import { checkAnswers, type Issue } from './yupAnswers';

/** What applicants see of the programme's account and whom they write to. */
export interface ProgrammeSettings {
  bank_name: string;
  bank_account_name: string;
  bank_account_number: string;
  support_email: string;
}

export const PROGRAMME_SETTINGS_FIELDS = [
  'bank_name',
  'bank_account_name',
  'bank_account_number',
  'support_email',
] as const satisfies readonly (keyof ProgrammeSettings)[];

export const SETTINGS_NAME_MAX = 100;
/** A Nigerian account number (NUBAN) has 10 digits. */
export const ACCOUNT_NUMBER_DIGITS = 10;

/**
 * The account number as BANK_ACCOUNT_NUMBER has always accepted it (digits, with spaces or hyphens between them),
 * now with exactly 10 digits: the number an applicant copies into their bank's transfer form.
 */
export const isAccountNumber = (value: string): boolean =>
  /^[0-9][0-9 -]*[0-9]$/.test(value) && value.replace(/[ -]/g, '').length === ACCOUNT_NUMBER_DIGITS;

const name = (required: string) =>
  string()
    .default('')
    .trim()
    .required(required)
    .test('plain', required, (value) => !value || isPlainText(value))
    .max(SETTINGS_NAME_MAX, M.tooLong(SETTINGS_NAME_MAX));

const schema = object({
  bank_name: name(M.bankName),
  bank_account_name: name(M.bankAccountName),
  bank_account_number: string()
    .default('')
    .trim()
    .required(M.bankAccountNumber)
    .test('nuban', M.bankAccountNumber, (value) => !value || isAccountNumber(value)),
  support_email: string()
    .default('')
    .trim()
    .required(M.supportEmail)
    .matches(EMAIL_PATTERN, { message: M.supportEmail, excludeEmptyString: true }),
});

/** The settings as sent (trimmed), and every problem, field by field in the form's order. */
export function checkProgrammeSettings(values: object): { value: ProgrammeSettings; issues: Issue[] } {
  return checkAnswers(schema, values);
}

/** The audit's detail of a save: each field that changed as `before → after` (empty: nothing changed). */
export function settingsChanges(before: ProgrammeSettings, after: ProgrammeSettings): Record<string, string> {
  const changes: Record<string, string> = {};
  const show = (value: string) => value || 'none';
  for (const field of PROGRAMME_SETTINGS_FIELDS)
    if (before[field] !== after[field]) changes[field] = `${show(before[field])} → ${show(after[field])}`;
  return changes;
}

/** GET: every team member; POST: admins (docs/api.md "Programme settings"). */
export const programmeSettingsPath = `${STAFF_API}/programme-settings`;

/** GET programmeSettingsPath → `{ message, data: StaffProgrammeSettings }`. */
export interface StaffProgrammeSettings extends ProgrammeSettings {
  /** The last save in the back office; null while the values are the environment's first-start seed. */
  saved: { at: string; by: string } | null;
}
