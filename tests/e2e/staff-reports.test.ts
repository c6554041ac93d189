/**
 * Reports and the filtered audit log (issue 24, item 7) in Chromium against the built product: two applicants submit
 * today and an admin accepts one; the Reports screen shows today's figures in the programme's date format, each chart
 * with its text alternative and its table; the audit log filtered by the applicant's name names them and keeps the
 * filter in the URL. axe finds nothing on either page.
 */
import { describe, expect, it } from 'vitest';
import { formatStaffDay } from '../../machines/rules/staffDates';
import { DECIDING, E2E_ADMIN, decide, signInStaff } from './support/decision';
import { submittedApplicant } from './support/submittedApplicant';
import { contextOpener, expectNoAxeViolations, server, serverAndBrowser } from './support/suite';

serverAndBrowser(DECIDING);
const open = contextOpener({ width: 1280, height: 900 });

describe('staff reports', () => {
  it('shows today’s applications, the decision and its maker as charts and tables; the audit log names the applicant', async () => {
    await submittedApplicant(server.url, 'funmi.reports@example.com', {
      firstname: 'Funmi',
      lastname: 'Reportsby',
    });
    await submittedApplicant(server.url, 'gozie.reports@example.com', {
      firstname: 'Gozie',
      lastname: 'Tallyman',
    });
    await decide(server.url, 'funmi.reports@example.com', 'ACCEPT');

    const { context, page } = await open();
    await signInStaff(context, server.url);
    await page.goto(`${server.url}/staff`);
    await page.getByRole('link', { name: 'Reports', exact: true }).click();
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();

    const today = formatStaffDay(new Date().toISOString(), 'en-GB');
    const days = page.getByRole('table', { name: 'Applications started and submitted per day (UTC)' });
    await expect.poll(() => days.getByRole('row', { name: new RegExp(`^${today} 2 2$`) }).count()).toBe(1);
    const dayChart = page.getByRole('img', { name: /^Applications per day/ });
    expect(await dayChart.getAttribute('aria-label')).toContain('2 started and 2 submitted');

    const time = page.getByRole('table', { name: 'Time from submission to the first decision' });
    expect(await time.getByRole('row', { name: /Applications decided/ }).textContent()).toBe(
      'Applications decided1',
    );
    const throughput = page.getByRole('table', { name: /per team member and day/ });
    expect(await throughput.getByRole('row', { name: new RegExp(E2E_ADMIN) }).textContent()).toBe(
      `${today}${E2E_ADMIN}1`,
    );
    expect(
      await page.getByRole('img', { name: /^Decisions per team member/ }).getAttribute('aria-label'),
    ).toContain(`${E2E_ADMIN} 1`);
    await page.getByRole('table', { name: /by cohort/ }).waitFor();
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.getByLabel('Applicant (name or email)').fill('reportsby');
    await page.getByLabel('Action').selectOption('review_event');
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect.poll(() => page.url()).toContain('applicant=reportsby');
    const log = page.getByRole('table', { name: /that match the filter/ });
    await log.getByRole('link', { name: 'Funmi Reportsby' }).first().waitFor();
    expect(await log.getByRole('link', { name: /Tallyman/ }).count()).toBe(0);
    await expectNoAxeViolations(page);
  });
});
