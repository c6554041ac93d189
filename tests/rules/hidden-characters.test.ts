/** The shared rule for hidden characters and dates (decision 017), as the browser and the server both apply it. */
import { describe, expect, it } from 'vitest';
import { checkTemplate } from '../../machines/rules/mailTemplates';
import { MESSAGES } from '../../machines/rules/messages';
import { isPlainText } from '../../machines/rules/schemas';
import { validateGroup } from '../../machines/validation';
import { STAFF_TEMPLATE_MESSAGES } from '../../machines/rules/staff/templateMessages';

const HIDDEN = ['\u0000', '\u0007', '\u000b', '\u001b', '\u007f', '\u0085', '\u009f', '\ud800', '\udfff'];

describe('hidden characters', () => {
  it.each(HIDDEN.map((c) => [c.codePointAt(0)!.toString(16)]))(
    'U+%s is refused in single-line and multi-line answers alike',
    (hex) => {
      const c = String.fromCharCode(parseInt(hex, 16));
      expect(isPlainText(`Ada${c}`)).toBe(false);
      expect(isPlainText(`Ada${c}`, true)).toBe(false);
    },
  );

  it('lets multi-line answers keep tab and line breaks, and no single-line one', () => {
    // U+2028 and U+2029 are line breaks too (the line and paragraph separators): refused like CR and LF.
    for (const c of ['\t', '\n', '\r', '\u2028', '\u2029']) {
      expect(isPlainText(`one${c}two`, true)).toBe(true);
      expect(isPlainText(`one${c}two`)).toBe(false);
    }
  });

  it('asks for an email subject on one line, whatever the line break', () => {
    for (const c of ['\n', '\r', '\u2028', '\u2029'])
      expect(checkTemplate({ subject: `Hi${c}Bcc: x@example.com`, body: 'Hello' })).toEqual({
        subject: [STAFF_TEMPLATE_MESSAGES.subjectOneLine],
      });
    expect(checkTemplate({ subject: 'Hi there', body: 'Hello\u2028again' })).toEqual({});
  });

  it('accepts every letter, accent, emoji and non-breaking space people type', () => {
    for (const text of ['Chiamaka Ọlá', 'Zoë', 'Ñandú', '😀 🇳🇬', 'a\u00a0b', 'ትግርኛ', 'عربي']) {
      expect(isPlainText(text)).toBe(true);
    }
  });

  it('names the field with the catalogue words, in the browser as on the server', () => {
    const bio = validateGroup('biodata', {
      firstname: 'Ada\u0000',
      lastname: 'Obi',
      gender: 'female',
      country: 'Nigeria',
      city: 'Lagos\tIsland',
    });
    expect(bio.errors).toEqual({
      firstname: [MESSAGES.hiddenCharacters],
      city: [MESSAGES.hiddenCharacters],
    });
    const login = validateGroup('email', { email: 'ada\u0000@example.com' });
    expect(login.errors.email).toContain(MESSAGES.hiddenCharacters);
    const others = validateGroup('others', {
      key_challenge: 'First line\nsecond line\twith a tab',
      leadership_experience: 'Led\u000ba team',
      distractions: 'Phone',
      bootcamp_expectations: 'A job',
      agreement: true,
      agreement1: true,
      agreement2: true,
    });
    expect(others.errors).toEqual({ leadership_experience: [MESSAGES.hiddenCharacters] });
  });
});

describe('dates', () => {
  it.each([
    ['2027-01-05T10:00:00.000Z', true],
    ['9999-12-31T23:59:59.999Z', true],
    ['1900-01-01', true],
    ['+275760-09-13T00:00:00.000Z', false],
    ['+010000-01-01T00:00:00.000Z', false],
    ['1899-12-31T23:59:59Z', false],
    ['2027-01-05T10:00:00Z\u0000', false],
  ])('%s is a reminder date: %s', (reminderDate, ok) => {
    expect(validateGroup('reminder', { reminderDate }).ok).toBe(ok);
  });
});
