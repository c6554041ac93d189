/**
 * The staff back office in Chromium against the built product: an admin signs in with the emailed code (keyboard
 * only), finds the applicant who just submitted, opens the CV and accepts (keyboard only); a reviewer sees no
 * decide button and the API refuses them; the audit log holds the decision; axe finds nothing on each staff page;
 * nothing of /staff loads on / or /apply.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { STAFF_COOKIE } from '../../machines/rules/staff/session';
import { STAFF_MESSAGES } from '../../machines/rules/staff/messages';
import { staffPaths } from '../../machines/rules/staff/paths';
import { staffQueuePaths, type StaffQueuePage } from '../../machines/rules/staff/queue';
import { scorecardPaths } from '../../machines/rules/scorecard';
import { scorecardsShown } from './support/decision';
import { latestCode } from './support/server';
import { submittedApplicant } from './support/submittedApplicant';
import { browser, expectNoAxeViolations, server, serverAndBrowser } from './support/suite';

const ADMIN = 'director@bootcamp.example';
const REVIEWER = 'reviewer@bootcamp.example';
const APPLICANT = 'zainab.staff-e2e@example.com';

serverAndBrowser({ STAFF_EMAILS: ADMIN });

/** Presses Tab until the focused element matches, as a keyboard user would; fails after `max` presses. */
async function tabTo(
  page: Page,
  matches: (el: { tag: string; text: string; name: string }) => boolean,
  max = 80,
) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const el = await page.evaluate(() => {
      const a = document.activeElement as HTMLElement | null;
      return {
        tag: a?.tagName.toLowerCase() ?? '',
        text: a?.textContent?.trim() ?? '',
        name: a?.getAttribute('name') ?? '',
      };
    });
    if (matches(el)) return;
  }
  throw new Error('the keyboard never reached the element');
}

/** Signs in on /staff with the keyboard alone: the email, Enter, the code from the outbox, Enter. */
async function signInByKeyboard(page: Page, email: string) {
  const response = await page.goto(`${server.url}/staff`);
  expect(response?.status()).toBe(200);
  await page.getByRole('heading', { name: 'Staff sign in' }).waitFor();
  await tabTo(page, (el) => el.name === 'email');
  await page.keyboard.type(email);
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
  await tabTo(page, (el) => el.name === 'token');
  await page.keyboard.type(await latestCode(server.url, email));
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
}

const cookieOf = async (page: Page) =>
  (await page.context().cookies())
    .filter((c) => c.name === STAFF_COOKIE)
    .map((c) => `${c.name}=${c.value}`)[0];

describe('staff back office', () => {
  it('an admin signs in, accepts the new applicant; a reviewer cannot decide; the audit log lists it', async () => {
    await submittedApplicant(server.url, APPLICANT, { firstname: 'Zainab', lastname: 'Okafor' });

    // Admin: sign-in by keyboard, axe on the sign-in form first.
    // bypassCSP only lets axe-core's script in, as in the other browser tests.
    const admin = await browser.newPage({ bypassCSP: true });
    await admin.goto(`${server.url}/staff`);
    await admin.getByRole('heading', { name: 'Staff sign in' }).waitFor();
    await expectNoAxeViolations(admin);
    await signInByKeyboard(admin, ADMIN);

    // The queue lists the applicant who just submitted.
    const table = admin.getByRole('table', { name: /match(es)? this view/ });
    await table.getByRole('link', { name: 'Zainab Okafor' }).waitFor();
    await expectNoAxeViolations(admin);
    // Sorting by name is a button in the header, and the header says how it is sorted.
    await admin.getByRole('button', { name: 'Name' }).click();
    await expect.poll(() => admin.url()).toContain('sort=name');
    await expect
      .poll(() =>
        admin.locator('th', { has: admin.getByRole('button', { name: 'Name' }) }).getAttribute('aria-sort'),
      )
      .toBe('ascending');
    // The search narrows the view, and the URL holds it.
    await admin.getByLabel('Search name, email, phone, city or source').fill('nobody-matches');
    await admin.getByRole('button', { name: 'Apply filters' }).click();
    await admin.getByText('No application matches this view.').waitFor();
    await admin.getByLabel('Search name, email, phone, city or source').fill('zainab');
    await admin.getByRole('button', { name: 'Apply filters' }).click();
    // The scorecards come after the page (held back here a second and a half, as on a slow link): they grow the page
    // below the CV, so what the reviewer is reading and about to press does not move.
    const scorecards = `**${scorecardPaths.scorecards.replace(':id', '*')}`;
    await admin.route(scorecards, async (route) => {
      await new Promise((later) => setTimeout(later, 1_500));
      await route.continue();
    });
    await table.getByRole('link', { name: 'Zainab Okafor' }).click();
    await admin.getByRole('heading', { name: 'Zainab Okafor', level: 1 }).waitFor();
    const showCv = admin.getByRole('button', { name: 'Show the CV on this page' });
    const before = await showCv.boundingBox();
    await scorecardsShown(admin);
    expect(await showCv.boundingBox()).toEqual(before);
    await admin.unroute(scorecards);

    // The applicant's page: the CV is shown when asked, and it is the PDF that was uploaded.
    await showCv.click();
    const frame = admin.locator('iframe[title^="CV"]');
    await frame.waitFor();
    const cvPath = await frame.getAttribute('src');
    const cv = await admin.evaluate(async (path) => {
      const r = await fetch(path!);
      return { status: r.status, type: r.headers.get('content-type'), start: (await r.text()).slice(0, 8) };
    }, cvPath);
    expect(cv).toEqual({ status: 200, type: 'application/pdf', start: '%PDF-1.4' });
    await admin.getByText('Result: Eligible').waitFor();
    await expectNoAxeViolations(admin);

    // Accept with the keyboard alone.
    await tabTo(admin, (el) => el.tag === 'button' && el.text === 'Accept');
    await admin.keyboard.press('Enter');
    await admin.getByText('Status: Accepted').first().waitFor();
    await admin.getByRole('button', { name: 'Undo the decision' }).waitFor();
    expect(await admin.getByRole('button', { name: 'Accept' }).count()).toBe(0);

    const applicationPath = new URL(admin.url()).pathname;
    const adminCookie = await cookieOf(admin);

    // The admin adds a reviewer on the team screen.
    await admin.getByRole('link', { name: 'Team' }).click();
    await admin.getByRole('heading', { name: 'Team', level: 1 }).waitFor();
    await admin.getByLabel('Email address').fill(REVIEWER);
    await admin.getByLabel('Role').selectOption('reviewer');
    await admin.getByRole('button', { name: 'Add to the team' }).click();
    await admin.getByRole('rowheader', { name: REVIEWER }).waitFor();
    await expectNoAxeViolations(admin);

    // The reviewer: no decide button on the same page, and the API answers them 403.
    const reviewerContext = await browser.newContext({ bypassCSP: true });
    const reviewer = await reviewerContext.newPage();
    await signInByKeyboard(reviewer, REVIEWER);
    await reviewer.goto(`${server.url}${applicationPath}`);
    await reviewer.getByRole('heading', { name: 'Zainab Okafor', level: 1 }).waitFor();
    await reviewer.getByText('Status: Accepted').first().waitFor();
    for (const name of ['Accept', 'Waitlist', 'Reject', 'Undo the decision'])
      expect(await reviewer.getByRole('button', { name }).count()).toBe(0);
    await expectNoAxeViolations(reviewer);
    const id = applicationPath.split('/').pop()!;
    const refused = await fetch(`${server.url}${staffPaths.events.replace(':id', id)}`, {
      method: 'POST',
      headers: {
        cookie: (await cookieOf(reviewer))!,
        'content-type': 'application/json',
        origin: server.url,
      },
      body: JSON.stringify({ type: 'REJECT' }),
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(STAFF_MESSAGES.adminOnly);
    await reviewerContext.close();

    // The audit log holds the acceptance, by the admin.
    const audit = (await (
      await fetch(`${server.url}${staffPaths.audit}`, { headers: { cookie: adminCookie! } })
    ).json()) as {
      data: { staff: string; action: string; applicationId: number | null; detail: { event?: string } }[];
    };
    expect(
      audit.data.some(
        (e) =>
          e.action === 'review_event' &&
          e.detail.event === 'ACCEPT' &&
          e.staff === ADMIN &&
          e.applicationId === Number(id),
      ),
    ).toBe(true);

    // The audit screen shows it too, in the staff's words; the funnel screen is axe clean.
    await admin.getByRole('link', { name: 'Audit log' }).click();
    const auditTable = admin.getByRole('table', { name: /newest first/ });
    await auditTable
      .getByRole('row', { name: /Changed a review.*Accept: Submitted → Accepted/ })
      .first()
      .waitFor();
    await expectNoAxeViolations(admin);
    await admin.getByRole('link', { name: 'Funnel' }).click();
    await admin.getByRole('table', { name: 'Applications reaching each step' }).waitFor();
    await expectNoAxeViolations(admin);

    // Sign out: the sign-in form again, and the session is gone on the server.
    await admin.getByRole('button', { name: 'Sign out' }).click();
    await admin.getByText(STAFF_MESSAGES.signedOut).waitFor();
    const after = await fetch(`${server.url}${staffPaths.me}`, { headers: { cookie: adminCookie! } });
    expect(after.status).toBe(401);
    await admin.close();
  });

  it('an admin decides from a CSV file: the dry run shows counts and refused rows, nothing changes until applied', async () => {
    const waitlisted = 'kofi.csv-e2e@example.com';
    await submittedApplicant(server.url, waitlisted, { firstname: 'Kofi', lastname: 'Mensah' });
    const admin = await browser.newPage({ bypassCSP: true });
    await signInByKeyboard(admin, ADMIN);
    await admin.getByRole('link', { name: 'Decisions from CSV' }).click();
    await admin.getByRole('heading', { name: 'Decisions from a CSV file', level: 1 }).waitFor();
    await expectNoAxeViolations(admin);
    await admin.getByLabel('CSV file').setInputFiles({
      name: 'decisions.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        `email,decision\n${waitlisted},waitlist\nnobody@example.com,accept\n${waitlisted},reject\n`,
      ),
    });
    await tabTo(admin, (el) => el.tag === 'button' && el.text === 'Preview');
    await admin.keyboard.press('Enter');
    await admin.getByRole('heading', { name: /Preview of decisions\.csv/ }).waitFor();
    await admin.getByText('1 of 3 rows can be applied: 1 waitlisted').waitFor();
    const refused = admin.getByRole('table', { name: /Rows that will not be applied \(2\)/ });
    await refused
      .getByRole('row', { name: /nobody@example\.com.*No submitted application has this email/ })
      .waitFor();
    await refused.getByRole('row', { name: /already on line 2/ }).waitFor();
    await expectNoAxeViolations(admin);
    const cookie = (await cookieOf(admin))!;
    const statusOf = async () => {
      const res = await fetch(`${server.url}${staffQueuePaths.queue}?q=${encodeURIComponent(waitlisted)}`, {
        headers: { cookie },
      });
      return ((await res.json()) as { data: StaffQueuePage }).data.rows[0].status;
    };
    expect(await statusOf()).toBe('submitted');

    await tabTo(admin, (el) => el.tag === 'button' && el.text === 'Apply 1 decisions');
    await admin.keyboard.press('Enter');
    await admin.getByText(/Done: 1 waitlisted\./).waitFor();
    expect(await statusOf()).toBe('waitlisted');
    await expectNoAxeViolations(admin);
    await admin.close();
  });

  it('nothing of /staff loads on / or /apply', async () => {
    const page = await browser.newPage();
    for (const path of ['/', '/apply']) {
      await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
      const scripts = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((e) => e.name)
          .filter((n) => /\.(js|css)$/.test(n)),
      );
      expect(scripts.length).toBeGreaterThan(0);
      expect(
        scripts.filter((n) => /staff/i.test(n)),
        path,
      ).toEqual([]);
    }
    await page.close();
  });
});
