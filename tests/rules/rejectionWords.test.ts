/**
 * Issue 56, item 8: the "not successful" email and page give no false reason. The fee is asked for only after an
 * acceptance, so it cannot be why an application was not successful; financial aid is still offered for next time.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_TEMPLATES, SAMPLE_VALUES, fillTemplate } from '../../machines/rules/mailTemplates';
import { STANDING_MESSAGES } from '../../machines/rules/standing';

const FEE_AS_REASON = /fee (was|is) what held you back|because of the fee|could not (pay|afford)/i;

describe('the rejection does not suggest the fee was the reason', () => {
  it.each([
    ['the email', fillTemplate(DEFAULT_TEMPLATES.rejected, SAMPLE_VALUES).text],
    ['the confirmation page', STANDING_MESSAGES.not_successful.next],
  ])('%s says the fee played no part, and still offers financial aid for next time', (_where, words) => {
    expect(words).not.toMatch(FEE_AS_REASON);
    expect(words).toContain('The fee played no part in this decision');
    expect(words).toMatch(/financial aid/i);
  });
});
