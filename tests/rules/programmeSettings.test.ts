import { describe, expect, it } from 'vitest';
import { PROGRAMME_SETTINGS_MESSAGES as M } from '../../machines/rules/messages';
import {
  checkProgrammeSettings,
  isAccountNumber,
  settingsChanges,
  type ProgrammeSettings,
} from '../../machines/rules/programmeSettings';

const good: ProgrammeSettings = {
  bank_name: 'First Bank',
  bank_account_name: 'The Employment Bootcamp Ltd',
  bank_account_number: '0123456789',
  support_email: 'hello@bootcamp.example',
};

const problems = (values: object) => checkProgrammeSettings(values).issues;

describe('the bank details and support address an admin sets (decision 247)', () => {
  it('takes good values, trimmed', () => {
    const { value, issues } = checkProgrammeSettings({
      ...good,
      bank_name: '  First Bank ',
      support_email: ' hello@bootcamp.example ',
    });
    expect(issues).toEqual([]);
    expect(value).toEqual(good);
  });

  it('takes an account number of 10 digits with spaces or hyphens between them, as BANK_ACCOUNT_NUMBER did', () => {
    for (const number of ['0123456789', '0123 456 789', '012-345-6789'])
      expect(isAccountNumber(number), number).toBe(true);
    for (const number of [
      '012345678',
      '01234567890',
      '0123x56789',
      ' 0123456789',
      '0123456789-',
      '+123456789',
    ])
      expect(isAccountNumber(number), number).toBe(false);
  });

  it('refuses each bad value in the catalogue’s words, field by field', () => {
    expect(problems({ ...good, support_email: 'support' })).toEqual([
      { path: 'support_email', message: M.supportEmail },
    ]);
    expect(problems({ ...good, bank_account_number: '12345' })).toEqual([
      { path: 'bank_account_number', message: M.bankAccountNumber },
    ]);
    expect(problems({ ...good, bank_name: '   ' })).toEqual([{ path: 'bank_name', message: M.bankName }]);
    expect(problems({ ...good, bank_account_name: 'The\u0007Bootcamp' })).toEqual([
      { path: 'bank_account_name', message: M.bankAccountName },
    ]);
    expect(problems({ ...good, bank_name: 'x'.repeat(101) })).toEqual([
      { path: 'bank_name', message: M.tooLong(100) },
    ]);
    expect(problems({}).map((issue) => issue.path)).toEqual([
      'bank_name',
      'bank_account_name',
      'bank_account_number',
      'support_email',
    ]);
    // A value of the wrong kind gets the field's own words, not yup's.
    expect(problems({ ...good, bank_account_number: { digits: 10 } })).toEqual([
      { path: 'bank_account_number', message: M.bankAccountNumber },
    ]);
  });

  it('says each changed field before → after, and nothing for a save that changes nothing', () => {
    expect(settingsChanges(good, good)).toEqual({});
    expect(
      settingsChanges(
        { ...good, bank_name: '', bank_account_number: '' },
        { ...good, support_email: 'help@bootcamp.example' },
      ),
    ).toEqual({
      bank_name: 'none → First Bank',
      bank_account_number: 'none → 0123456789',
      support_email: 'hello@bootcamp.example → help@bootcamp.example',
    });
  });
});
