/**
 * Scorecards and assignment (issue 24, items 2 and 3) in Chromium against the built product: two reviewers score
 * the same application blind, the admin sees both scorecards and the mean in the queue, sorts by score, assigns the
 * view round-robin after a count, a reviewer finds theirs under My queue, the lead filters by score, and the reports
 * show the two reviewers agree.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RUBRIC, SCORECARD_MESSAGES } from '../../machines/rules/scorecard';
import { E2E_ADMIN, staffPageOpener, addTeamMember } from './support/decision';
import { submittedApplicants } from './support/submittedApplicant';
import { server, serverAndBrowser } from './support/suite';

serverAndBrowser({ STAFF_EMAILS: E2E_ADMIN });
const signedIn = staffPageOpener();
const AMA = 'ama.reviewer@bootcamp.example';
const BEN = 'ben.reviewer@bootcamp.example';

/** Opens an application from the queue's search and gives it `rating` on every criterion. */
async function score(page: Page, name: string, rating: number) {
  await page.goto(`${server.url}/staff?q=Scored`);
  await page.getByRole('link', { name }).click();
  await page.getByRole('heading', { name, level: 1 }).waitFor();
  await page.getByText(SCORECARD_MESSAGES.blind).waitFor();
  for (const criterion of DEFAULT_RUBRIC)
    await page
      .getByRole('group', { name: criterion.label })
      .getByLabel(String(rating), { exact: true })
      .check();
  await page.getByRole('button', { name: 'Save my score' }).click();
  await page.getByText(SCORECARD_MESSAGES.saved).waitFor();
}

describe('scorecards and assignment', () => {
  it('two reviewers score blind, the admin sees both and sorts by the mean, then assigns round-robin', async () => {
    await submittedApplicants(server.url, ['Ada', 'Bola'], 'Scored');
    for (const email of [AMA, BEN]) {
      const added = await addTeamMember(server.url, email);
      expect(added.status).toBe(201);
    }

    const ama = await signedIn(AMA);
    await score(ama, 'Bola Scored', 4);
    // Ben has not scored: he sees nothing of Ama's until he has.
    const ben = await signedIn(BEN);
    await ben.goto(`${server.url}/staff?q=Scored`);
    await ben.getByRole('link', { name: 'Bola Scored' }).click();
    await ben.getByText(SCORECARD_MESSAGES.blind).waitFor();
    expect(await ben.getByText(AMA).count()).toBe(0);
    await score(ben, 'Bola Scored', 5);
    await ben.getByText('4.5 from 2 reviews').waitFor();
    await ben.getByText(`${AMA}: 4`).waitFor();

    // The lead sees both scorecards without scoring, and the mean in the queue, highest first.
    const admin = await signedIn(E2E_ADMIN);
    await admin.goto(`${server.url}/staff?q=Scored`);
    const table = admin.getByRole('table', { name: /match(es)? this view/ });
    await table.getByRole('link', { name: 'Bola Scored' }).waitFor();
    // The header's name ends with its sort arrow ("Score ↕").
    await table.getByRole('button', { name: /^Score/ }).click();
    await admin.waitForURL(/sort=score/);
    const firstRow = table.getByRole('row').nth(1);
    await expect.poll(() => firstRow.textContent()).toContain('Bola Scored');
    expect(await firstRow.textContent()).toContain('4.5 from 2 reviews');
    await table.getByRole('link', { name: 'Bola Scored' }).click();
    await admin.getByText(`${AMA}: 4`).waitFor();
    await admin.getByText(`${BEN}: 5`).waitFor();
    await admin.goBack();

    // Assign the view round-robin, counted first.
    await admin.getByText('Assign this view to reviewers').click();
    await admin.getByLabel(AMA, { exact: true }).check();
    await admin.getByLabel(BEN, { exact: true }).check();
    await admin.getByRole('button', { name: 'Count first' }).click();
    await admin.getByText(`2 would be assigned: ${AMA} 1, ${BEN} 1`).waitFor();
    await admin.getByRole('button', { name: 'Assign', exact: true }).click();
    await admin.getByText(`2 were assigned: ${AMA} 1, ${BEN} 1`).waitFor();

    // Ama's My queue holds the one dealt to her: the first of the view, Bola, the highest score.
    await ama.goto(`${server.url}/staff?q=Scored`);
    await ama.getByRole('link', { name: 'My queue (1)' }).click();
    await ama.waitForURL(/assignee=me/);
    const mine = ama.getByRole('table', { name: '1 application matches this view' });
    await mine.getByRole('link', { name: 'Bola Scored' }).waitFor();
    expect(await mine.getByRole('link', { name: 'Ada Scored' }).count()).toBe(0);

    // The lead filters by score from the filter bar: Bola's 4.5 is kept, the unscored Ada is not.
    await admin.goto(`${server.url}/staff?q=Scored`);
    await admin.getByRole('button', { name: 'Filters', exact: true }).click();
    await admin.getByLabel('Score at least').selectOption('4.5');
    await admin.getByRole('button', { name: 'Apply filters' }).click();
    await admin.waitForURL(/scoreMin=4\.5/);
    const scored = admin.getByRole('table', { name: '1 application matches this view' });
    await scored.getByRole('link', { name: 'Bola Scored' }).waitFor();
    await admin.getByRole('link', { name: 'Remove Score: 4.5 or more' }).waitFor();

    // The reports: the two reviewers of Bola agree (4 and 5, one point apart).
    await admin.getByRole('link', { name: 'Reports', exact: true }).click();
    const agreement = admin.getByRole('table', { name: 'Agreement between reviewers' });
    await expect
      .poll(() => agreement.getByRole('row').allTextContents())
      .toEqual([
        'MeasureFigure',
        'Applications with two or more reviews1',
        'Reviewers agree on1 (100%)',
        'Mean distance between two reviewers1 point',
      ]);
    const pairs = admin.getByRole('table', { name: /^Each pair of reviewers/ });
    expect(await pairs.getByRole('row').nth(1).textContent()).toBe(`${AMA} and ${BEN}11 point1 (100%)`);
  });
});
