/**
 * Finding applications and the small fixes (issue 24, items 6 and 9) in Chromium against the built product, as an
 * admin and as a reviewer. The queue opens on submitted applications. Search finds by city and by referral source,
 * also across cohorts when asked. The status and stage filters share no label. Headers never break inside a word,
 * date filters use the programme's locale, and the application page speaks about the applicant. With an undo window
 * of 0 s, no Undo is offered, and the bulk confirm button names what will happen. A reviewer searches the same way
 * but is offered no decision. axe finds nothing on the filtered queue.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { REFERRAL_FRIEND } from '../../machines/rules/options';
import { dayPattern } from '../../machines/rules/staffDates';
import { DECIDING, E2E_ADMIN, staffPageOpener, addTeamMember } from './support/decision';
import { apiClient, submittedApplicant } from './support/submittedApplicant';
import { paths } from '../../machines/rules/contract';
import { applicant } from '../support/answers';
import { expectNoAxeViolations, server, serverAndBrowser } from './support/suite';

serverAndBrowser(DECIDING);
const signedIn = staffPageOpener();
const REVIEWER = 'remi.finder@bootcamp.example';
/** The caption of the queue's table, which says how many match ("2 applications match this view"). */
const caption = (page: Page) => page.locator('table.staff-table caption');

/** The words of every column header that a line break splits, found by the rectangles each word is drawn in. */
const brokenHeaderWords = (page: Page) =>
  page.locator('table.staff-table thead th').evaluateAll((headers) =>
    headers.flatMap((th) => {
      const broken: string[] = [];
      const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          if (lines.size > 1) broken.push(match[0]);
        }
      }
      return broken;
    }),
  );

describe('finding applications', () => {
  it('an admin finds by city, source and across cohorts; the queue opens on submitted ones; the fixes hold', async () => {
    await submittedApplicant(server.url, 'tobi.finder@example.com', {
      firstname: 'Tobi',
      lastname: 'Findera',
      city: 'Ibadan',
    });
    await submittedApplicant(server.url, 'kemi.finder@example.com', {
      firstname: 'Kemi',
      lastname: 'Finderb',
      communications: {
        ...applicant('x@example.com').communications,
        referral_source: REFERRAL_FRIEND,
        referral_detail: 'Adaeze Okafor',
      },
    });
    // Started, never submitted.
    await apiClient(server.url, 'nnamdi.finder@example.com').call(
      paths.create,
      applicant('nnamdi.finder@example.com', { firstname: 'Nnamdi', lastname: 'Finderc' }),
    );
    const added = await addTeamMember(server.url, REVIEWER);
    expect(added.ok).toBe(true);

    const admin = await signedIn(E2E_ADMIN);
    await admin.goto(`${server.url}/staff?q=finder`);
    // Submitted ones by default; the one still in the wizard only under "Not submitted".
    await expect.poll(() => caption(admin).textContent()).toBe('2 applications match this view');
    expect(await admin.getByRole('link', { name: /Finderc/ }).count()).toBe(0);
    await admin.goto(`${server.url}/staff?q=finder&status=not_submitted`);
    await admin.getByRole('link', { name: 'Nnamdi Finderc' }).waitFor();

    // By city, by referral source: typed in the search, kept in the URL.
    await admin.goto(`${server.url}/staff`);
    const search = admin.getByRole('searchbox', { name: /Search name/ });
    await search.fill('Ibadan');
    await admin.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(() => admin.url()).toContain('q=Ibadan');
    await expect.poll(() => caption(admin).textContent()).toBe('1 application matches this view');
    await admin.getByRole('link', { name: 'Tobi Findera' }).waitFor();
    await search.fill('recommended by a friend');
    await admin.getByLabel('Search all cohorts').check();
    await admin.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(() => admin.url()).toContain('allCohorts=1');
    await admin.getByRole('link', { name: 'Kemi Finderb' }).waitFor();
    expect(await admin.getByRole('link', { name: 'Tobi Findera' }).count()).toBe(0);
    // Across cohorts the table says which cohort each row is in.
    await admin.getByRole('columnheader', { name: 'Cohort' }).waitFor();

    // No status shares its label with a stage: the two filters' options never say the same thing.
    await admin.getByRole('button', { name: /^Filters/ }).click();
    const options = (label: string) =>
      admin
        .getByLabel(label, { exact: true })
        .locator('option')
        .evaluateAll((all) => all.map((o) => o.textContent ?? '').filter((t) => !/^Any/.test(t)));
    const statuses = await options('Status');
    const stages = await options('Furthest stage');
    expect(statuses.length).toBeGreaterThan(3);
    expect(stages.length).toBeGreaterThan(3);
    expect(statuses.filter((s) => stages.includes(s))).toEqual([]);
    // Dates in the programme's locale (en-GB by default).
    expect(dayPattern('en-GB')).toBe('DD/MM/YYYY');
    await admin.getByText('Submitted from (DD/MM/YYYY)').waitFor();
    expect(await brokenHeaderWords(admin)).toEqual([]);
    await expectNoAxeViolations(admin);

    // The application page speaks about the applicant.
    await admin.getByRole('link', { name: 'Kemi Finderb' }).click();
    await admin.getByRole('heading', { name: 'Kemi Finderb', level: 1 }).waitFor();
    await admin.getByRole('heading', { name: 'About the applicant', level: 2 }).waitFor();
    expect(await admin.getByRole('heading', { name: /About you/ }).count()).toBe(0);

    // Bulk: the confirm button says what will happen; with a 0 s undo window nothing offers an Undo.
    await admin.goto(`${server.url}/staff?q=finder`);
    await expect.poll(() => caption(admin).textContent()).toBe('2 applications match this view');
    await admin.getByLabel('Select Tobi Findera').check();
    await admin.getByLabel('Select Kemi Finderb').check();
    await admin.getByRole('button', { name: 'Waitlist selected' }).click();
    const dialog = admin.getByRole('alertdialog');
    await dialog.getByText(/2 will be waitlisted/).waitFor();
    await dialog.getByRole('button', { name: 'Waitlist 2' }).click();
    await expect
      .poll(async () => (await admin.locator('tbody').textContent())?.match(/Waitlisted/g)?.length ?? 0)
      .toBe(2);
    expect(await admin.getByRole('button', { name: /Undo/ }).count()).toBe(0);
    await admin.getByRole('link', { name: 'Tobi Findera' }).click();
    await admin.getByRole('heading', { name: 'Tobi Findera', level: 1 }).waitFor();
    await admin
      .getByText(/Waitlisted/)
      .first()
      .waitFor();
    expect(await admin.getByRole('button', { name: /Undo/ }).count()).toBe(0);

    // A reviewer finds the same way, and is offered no decision.
    const reviewer = await signedIn(REVIEWER);
    await reviewer.goto(`${server.url}/staff?q=Ibadan`);
    await reviewer.getByRole('link', { name: 'Tobi Findera' }).waitFor();
    expect(await reviewer.getByRole('group', { name: 'Decide on the selected applications' }).count()).toBe(
      0,
    );
    expect(await brokenHeaderWords(reviewer)).toEqual([]);
    await expectNoAxeViolations(reviewer);
  });
});
