import { describe, expect, it } from 'vitest';
import {
  COHORT_FACTS_PLACEHOLDER,
  COHORT_PLACEHOLDERS,
  CONTACT_EMAIL_PLACEHOLDER,
  cohortLabels,
  fillCohort,
  formatDay,
} from '../../machines/rules/landingCohort';
import { feeFacts, STANDARD_FEES } from '../../machines/rules/payments';

describe('the live cohort on the landing page', () => {
  it.each([
    ['2025-03-10', '10 March 2025'],
    ['2026-12-03', '3 December 2026'],
    ['2027-01-01', '1 January 2027'],
  ])('writes %s as %s, whatever the machine’s locale or time zone', (iso, label) => {
    expect(formatDay(iso)).toBe(label);
  });

  it('fills every placeholder, in the text and as the facts the browser hydrates from', () => {
    const fees = {
      fee: 'N80,000 (Nigeria) or $70 (international)',
      full: 'Pay in full',
      instalments: 'In 4',
      aidCeiling: '20%',
    };
    const facts = { number: 14, startDate: '2027-03-10', applicationDeadline: '2027-03-03', fees };
    const template = `<meta content="Cohort ${COHORT_PLACEHOLDERS.number} starts ${COHORT_PLACEHOLDERS.start}.">
      <div id="root" data-cohort="${COHORT_FACTS_PLACEHOLDER}" data-contact="${CONTACT_EMAIL_PLACEHOLDER}">Applications close ${COHORT_PLACEHOLDERS.deadline}
      · Cohort ${COHORT_PLACEHOLDERS.number} <a href="mailto:${CONTACT_EMAIL_PLACEHOLDER}">${CONTACT_EMAIL_PLACEHOLDER}</a></div>`;
    const page = fillCohort(template, facts, 'help@bootcamp.example');
    expect(page).not.toContain('%%');
    expect(page).toContain('Cohort 14 starts 10 March 2027.');
    expect(page).toContain('Applications close 3 March 2027');
    expect(page).toContain(
      '· Cohort 14 <a href="mailto:help@bootcamp.example">help@bootcamp.example</a></div>',
    );
    expect(page).toContain('data-contact="help@bootcamp.example"');
    const written = page.match(/data-cohort="([^"]*)"/)![1];
    // Escaped for an attribute: no quote can end it early.
    expect(written).not.toContain('"');
    expect(JSON.parse(written.replace(/&quot;/g, '"'))).toEqual(facts);
    expect(cohortLabels(facts)).toEqual({
      number: '14',
      start: '10 March 2027',
      deadline: '3 March 2027',
      notice: '',
      fee: 'N80,000 (Nigeria) or $70 (international)',
      full: 'Pay in full',
      instalments: 'In 4',
      aid: '20%',
    });
  });

  it('writes the paused sentence where the notice goes, and nothing there otherwise', () => {
    const template = `<p class="hero-notice">${COHORT_PLACEHOLDERS.notice}</p><div data-cohort="${COHORT_FACTS_PLACEHOLDER}"></div>`;
    const open = {
      number: 15,
      startDate: '2027-06-10',
      applicationDeadline: '2027-06-03',
      fees: feeFacts(STANDARD_FEES),
    };
    expect(fillCohort(template, open, 'help@bootcamp.example')).toContain('<p class="hero-notice"></p>');
    const notice =
      'Applications for Cohort 14 are paused, so new applications are for Cohort 15, which starts on 10 June 2027.';
    const page = fillCohort(template, { ...open, notice }, 'help@bootcamp.example');
    expect(page).toContain(`<p class="hero-notice">${notice}</p>`);
    // The browser hydrates the same words from the facts.
    const written = page.match(/data-cohort="([^"]*)"/)![1].replace(/&quot;/g, '"');
    expect(cohortLabels(JSON.parse(written)).notice).toBe(notice);
  });
});
