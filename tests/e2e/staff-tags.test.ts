/**
 * Tags and saved views (issue 24, item 6; decision 060) in Chromium against the built product: an admin
 * tags an application on its page, filters the queue by the tag's chip, saves that view under a name, reloads and
 * opens it from its link to find the tagged application only, the queue's first row still above the fold at
 * 1280 × 900 and axe clean; a reviewer does not see the admin's view.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { STAFF_MESSAGES } from '../../machines/rules/staff/messages';
import { E2E_ADMIN, staffPageOpener, addTeamMember } from './support/decision';
import { submittedApplicants } from './support/submittedApplicant';
import { expectNoAxeViolations, server, serverAndBrowser } from './support/suite';

serverAndBrowser({ STAFF_EMAILS: E2E_ADMIN });
const signedIn = staffPageOpener();
const REVIEWER = 'ife.reviewer@bootcamp.example';

const queueTable = (page: Page) => page.getByRole('table', { name: /match(es)? this view/ });
const savedViews = (page: Page) => page.getByRole('region', { name: 'Saved views:' });
/** The applicants' names the queue's table lists. */
const namesListed = async (page: Page) =>
  (await queueTable(page).getByRole('link').allTextContents()).filter((text) => text.endsWith(' Tagsview'));

describe('tags and saved views', () => {
  it('an admin tags, filters by the chip, saves the view and opens it again; a reviewer does not see it', async () => {
    await submittedApplicants(server.url, ['Ada', 'Bola'], 'Tagsview');
    const added = await addTeamMember(server.url, REVIEWER);
    expect(added.status).toBe(201);

    // The admin tags Ada on her page.
    const admin = await signedIn(E2E_ADMIN);
    await admin.goto(`${server.url}/staff?q=Tagsview`);
    await queueTable(admin).getByRole('link', { name: 'Ada Tagsview' }).click();
    await admin.getByRole('heading', { name: 'Ada Tagsview', level: 1 }).waitFor();
    await admin.getByLabel('Add a tag').fill('Call back');
    await admin.getByRole('button', { name: 'Add tag' }).click();
    await admin.getByText('Tag added').waitFor();

    // Back in the queue, her row's chip filters the view by the tag.
    await admin.goBack();
    await admin.getByRole('link', { name: 'Tagged call back: show every application with this tag' }).click();
    await admin.waitForURL(/tag=call/);
    await expect.poll(() => namesListed(admin)).toEqual(['Ada Tagsview']);

    // The view saved under a name.
    const views = savedViews(admin);
    await views.getByText('Save or delete views').click();
    await views.getByLabel(/Name this view/).fill('Call backs');
    await views.getByRole('button', { name: 'Save this view' }).click();
    await views.getByText(STAFF_MESSAGES.viewSaved).waitFor();

    // Another day: the queue's default view, reloaded, offers the saved view as a real link.
    await admin.goto(`${server.url}/staff`);
    await admin.reload();
    const link = savedViews(admin).getByRole('link', { name: 'Call backs' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toMatch(/^\/staff\?cohort=\d+&q=Tagsview&tag=call\+back$/);
    // Both applications before the saved view is opened.
    await expect.poll(() => namesListed(admin)).toContain('Bola Tagsview');
    await link.click();
    await admin.waitForURL(/tag=call/);
    await expect.poll(() => namesListed(admin)).toEqual(['Ada Tagsview']);

    // The saved views take one line: the first row stays above the fold, and the page is axe clean.
    const firstRow = queueTable(admin).getByRole('link', { name: 'Ada Tagsview' });
    const box = await firstRow.boundingBox();
    expect(await admin.evaluate(() => window.scrollY)).toBe(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(900);
    await expectNoAxeViolations(admin);

    // A reviewer has views of their own, none of the admin's.
    const reviewer = await signedIn(REVIEWER);
    await reviewer.goto(`${server.url}/staff`);
    await savedViews(reviewer).getByText('none yet').waitFor();
    expect(await savedViews(reviewer).getByRole('link', { name: 'Call backs' }).count()).toBe(0);
  });
});
