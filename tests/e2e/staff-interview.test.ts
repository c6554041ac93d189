/**
 * The interview stage (issue 24, item 8; docs/decisions/175-the-interview-stage.md) in Chromium against the built
 * product. An admin switches interviews on for the cohort on the queue page, picks a day on the calendar and a time,
 * and offers a slot; invites a submitted applicant from their application page, whose invitation email links to the
 * interview page. The applicant, on a phone in Nigeria, opens that link cold, signs in with the emailed code, reads the
 * free time in Lagos time with the zone named (decision 240), books it, and both they and the admin get an email with
 * the .ics: the applicant's says the Lagos time and names the zone, the admin's says UTC. The admin's application page says the interview is booked. A
 * reviewer is offered no control to add slots, and the server refuses them one. axe finds nothing on either page.
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import {
  INTERVIEW_MESSAGES,
  INTERVIEW_PAGE,
  interviewPaths,
  slotWords,
} from '../../machines/rules/interview';
import { staffQueuePaths, type StaffQueuePage } from '../../machines/rules/staff/queue';
import { DECIDING, E2E_ADMIN, staffPageOpener, staffCookie, addTeamMember } from './support/decision';
import { latestCode, type MailboxEntry } from './support/server';
import { submittedApplicant } from './support/submittedApplicant';
import { browser, expectNoAxeViolations, server, serverAndBrowser } from './support/suite';

serverAndBrowser(DECIDING);
const signedIn = staffPageOpener();
const REVIEWER = 'rita.interviews@bootcamp.example';
const EMAIL = 'chidi.interview-e2e@example.com';
const NAME = { firstname: 'Chidiqz', lastname: 'Interviewqz' };
/** Mail leaves through the outbox's worker; other suites share this machine's two cores. */

const mailbox = async () => (await (await fetch(`${server.url}/dev/mailbox.json`)).json()) as MailboxEntry[];
const mailsTo = async (to: string) =>
  (await mailbox()).filter((m) => m.to.toLowerCase().includes(to.toLowerCase()));

describe('the interview stage', () => {
  it('an admin offers a slot and invites; the applicant books it from the email; both get the .ics', async () => {
    await submittedApplicant(server.url, EMAIL, NAME);
    const adminCookie = await staffCookie(server.url);
    const added = await addTeamMember(server.url, REVIEWER);
    expect(added.ok).toBe(true);

    // 1. The admin switches interviews on and offers a slot tomorrow at 14:30 UTC, on the queue page.
    const admin = await signedIn(E2E_ADMIN);
    await admin.goto(`${server.url}/staff`);
    await admin.getByText('Interviews of this cohort (off)').click();
    await admin.getByRole('button', { name: 'Switch interviews on' }).click();
    await admin.getByText(`${INTERVIEW_MESSAGES.switchedOn}.`).waitFor();
    await admin.getByText('Interviews of this cohort (on)').waitFor();
    const tomorrow = new Date(Date.now() + 86_400_000);
    const dayLabel = tomorrow.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
    // At a month's end tomorrow is on the calendar's next page.
    if (tomorrow.getMonth() !== new Date().getMonth())
      await admin.locator('.react-calendar__navigation__next-button').click();
    await admin.locator(`.react-calendar__tile:has(abbr[aria-label="${dayLabel}"])`).click();
    await admin.getByText(/^Chosen day: /).waitFor();
    await admin.getByLabel('Time (HH:mm, UTC)').fill('14:30');
    await admin.getByRole('button', { name: 'Add the slot' }).click();
    await admin.getByText(INTERVIEW_MESSAGES.slotAdded).waitFor();
    const day = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}`;
    const when = slotWords(`${day}T14:30:00.000Z`, 30, 'en-GB');
    const slotLine = admin.locator('.staff-interviews__slots li');
    await expect.poll(() => slotLine.textContent()).toContain(when);
    expect(await slotLine.textContent()).toContain('(free)');
    await expectNoAxeViolations(admin);

    // 2. The admin invites the applicant from their application page.
    const queue = await fetch(`${server.url}${staffQueuePaths.queue}?q=${encodeURIComponent(EMAIL)}`, {
      headers: { cookie: adminCookie },
    });
    const id = ((await queue.json()) as { data: StaffQueuePage }).data.rows.find(
      (r) => r.email === EMAIL,
    )?.id;
    expect(id).toBeGreaterThan(0);
    await admin.goto(`${server.url}/staff/applications/${id}`);
    await admin.getByRole('heading', { name: `${NAME.firstname} ${NAME.lastname}`, level: 1 }).waitFor();
    await admin.getByRole('button', { name: 'Start review' }).click();
    await admin.getByRole('button', { name: 'Invite to interview' }).click();
    await admin.getByText('No interview booked.').waitFor();
    let invitation: MailboxEntry | undefined;
    await expect
      .poll(async () => {
        invitation = (await mailsTo(EMAIL)).find((m) => m.text.includes(INTERVIEW_PAGE));
        return invitation !== undefined;
      })
      .toBe(true);
    const link = invitation!.text.match(/https?:\/\/[^\s<>")]+\/apply\/interview\b/)?.[0];
    expect(link).toBeDefined();

    // 3. The applicant, whose phone is set to Lagos, opens the link cold, signs in with the emailed code and books the
    // free time, written in Lagos time (an hour ahead of UTC) with the zone named.
    const phone = await browser.newContext({
      bypassCSP: true,
      viewport: { width: 390, height: 844 },
      timezoneId: 'Africa/Lagos',
    });
    phone.setDefaultTimeout(10_000);
    onTestFinished(() => phone.close());
    const applicant = await phone.newPage();
    await applicant.goto(new URL(new URL(link!).pathname, server.url).href);
    await applicant.getByRole('heading', { name: 'Book your interview', level: 1 }).waitFor();
    // The product's header with its logo, and the page's heading focused on arrival.
    expect(await applicant.locator('header .brand-mark').count()).toBe(1);
    expect(await applicant.evaluate(() => document.activeElement?.textContent)).toBe('Book your interview');
    await applicant.getByLabel('Email address').fill(EMAIL);
    const codesBefore = (await mailsTo(EMAIL)).length;
    await applicant.getByRole('button', { name: 'Email me a code' }).click();
    await applicant.getByLabel('Code').waitFor();
    await expect.poll(async () => (await mailsTo(EMAIL)).length).toBeGreaterThan(codesBefore);
    await applicant.getByLabel('Code').fill(await latestCode(server.url, EMAIL));
    await applicant.getByRole('button', { name: 'Continue' }).click();
    await applicant.getByRole('heading', { name: INTERVIEW_MESSAGES.chooseSlot }).waitFor();
    const lagos = slotWords(`${day}T14:30:00.000Z`, 30, 'en-GB', 'Africa/Lagos');
    expect(lagos).toMatch(/, 15:30–16:00 Lagos time \(West Africa Time\)$/);
    await applicant
      .getByText('Times are in Lagos time (West Africa Time), the time zone of this device.')
      .waitFor();
    expect(await applicant.getByRole('button', { name: `Book ${when}` }).count()).toBe(0);
    // The times are the product's buttons, in a list without bullets.
    expect(
      await applicant.locator('.slot-list').evaluate((list) => getComputedStyle(list).listStyleType),
    ).toBe('none');
    await expectNoAxeViolations(applicant);
    await applicant.getByRole('button', { name: `Book ${lagos}` }).click();
    await applicant.getByText(INTERVIEW_MESSAGES.booked(lagos)).waitFor();
    await expectNoAxeViolations(applicant);

    const withIcs = async (to: string) =>
      (await mailsTo(to)).find((m) => m.attachments?.some((a) => a.filename.endsWith('.ics')));
    for (const to of [EMAIL, E2E_ADMIN]) {
      await expect.poll(async () => (await withIcs(to)) !== undefined).toBe(true);
      const ics = (await withIcs(to))!.attachments!.find((a) => a.filename.endsWith('.ics'))!;
      expect(ics.content).toContain('BEGIN:VCALENDAR');
    }
    // The applicant's email says the time as their page did, naming the zone; the admin's says UTC.
    const toApplicant = (await withIcs(EMAIL))!;
    expect(toApplicant.subject).toBe(`Your interview is booked: ${lagos}`);
    expect(toApplicant.text).toContain(lagos);
    expect((await withIcs(E2E_ADMIN))!.text).toContain(when);

    // 4. The admin's application page says the interview is booked, and when.
    await admin.reload();
    await admin.getByText(INTERVIEW_MESSAGES.bookedAt(when)).waitFor();

    // 5. A reviewer sees the slot but no control to add one, and the server refuses them one.
    const reviewer = await signedIn(REVIEWER);
    await reviewer.goto(`${server.url}/staff`);
    await reviewer.getByText('Interviews of this cohort (on)').click();
    await reviewer.locator('.staff-interviews__slots li').getByText(when).waitFor();
    for (const name of ['Add the slot', 'Switch interviews off'])
      expect(await reviewer.getByRole('button', { name }).count()).toBe(0);
    expect(await reviewer.getByLabel('Time (HH:mm, UTC)').count()).toBe(0);
    const seen = await reviewer.context().request.get(`${server.url}${staffQueuePaths.queue}`);
    const cohort = ((await seen.json()) as { data: StaffQueuePage }).data.cohort.number;
    const refused = await reviewer
      .context()
      .request.post(`${server.url}${interviewPaths.slots.replace(':number', String(cohort))}`, {
        data: { start: new Date(Date.now() + 2 * 86_400_000).toISOString(), minutes: 30 },
        headers: { origin: server.url },
      });
    expect(refused.status()).toBe(403);
  });
});
