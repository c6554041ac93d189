/**
 * Cohorts set in the back office (issue 53 item 1, decision 235) in Chromium against the built product: an admin
 * creates the next cohort from the automatic rule's suggestion, with 40 seats, a fee of N80,000 and applications
 * closing in 10 days, and pauses the cohort open now; a new visitor's `/apply` names the new cohort, says in one
 * sentence that the other is paused and states the new cohort's fee, and `/` states that fee (decision 244), while an applicant accepted into the cohort before the change still sees and pays its fee. A
 * reviewer sees the list and no control.
 */
import { describe, expect, it } from 'vitest';
import { OPTION_FULL_PAYMENT } from '../../machines/rules/payments';
import { applyingNotice } from '../../machines/rules/seats';
import { STANDARD_FEES } from '../../machines/rules/payments';
import { addTeamMember, DECIDING, decide, signInStaff, openStaffSection } from './support/decision';
import { acceptedOnPhone, choose, expectSandboxCheckout } from './support/paymentChoice';
import { submittedApplicant } from './support/submittedApplicant';
import { browser, contextOpener, expectNoAxeViolations, server, serverAndBrowser } from './support/suite';

// No location look-up: the options follow the form's country (Nigeria). No provider: the sandbox checkout.
serverAndBrowser({ ...DECIDING, GEO_FIXED_COUNTRY: '', GEO_API_URL: '', BANK_ACCOUNT_NUMBER: '' });
const open = contextOpener({ width: 1280, height: 900 });
const WAIT = { timeout: 30_000 };
const REVIEWER = 'reader.cohorts@bootcamp.example';
const ACCEPTED = 'ada.before.the.change@example.com';

describe('cohorts in the back office', () => {
  it('an admin creates the next cohort and pauses the current one; a new visitor applies for the new one', async () => {
    // Accepted into the cohort open now, before any change.
    const accepted = await submittedApplicant(server.url, ACCEPTED);
    await decide(server.url, ACCEPTED, 'ACCEPT');
    const { context, page } = await open();
    await openStaffSection({ context, page }, server.url, 'Cohorts', 'Cohorts');
    const form = page.getByRole('region', { name: 'Create the next cohort' });
    await form.waitFor(WAIT);
    // The automatic rule's next cohort is the suggestion.
    const name = await form.getByLabel('Name').inputValue();
    const start = await form.getByLabel('Start date').inputValue();
    expect(name).toMatch(/^Cohort \d+$/);
    await form.getByLabel('Seats').fill('40');
    // Applications close in 10 days, not on the rule's suggested day.
    const deadline = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    await form.getByLabel('Application deadline').fill(deadline);
    // The fee fields are filled in with the last cohort's table; this cohort costs N80,000 (decision 244).
    expect(await form.getByLabel('Fee in Nigeria (naira)').inputValue()).toBe('60000');
    await form.getByLabel('Fee in Nigeria (naira)').fill('80000');
    await expectNoAxeViolations(page);
    await form.getByRole('button', { name: 'Create cohort' }).click();
    await page.getByText(`${name} created`).waitFor(WAIT);
    const created = page.getByRole('row', { name: new RegExp(`^${name} `) });
    await expect.poll(() => created.innerText()).toMatch(/40\s+0\s+Taking applications/);
    // The list writes days as the programme's locale does (en-GB: 16/12/2026).
    await expect.poll(() => created.innerText()).toContain(deadline.split('-').reverse().join('/'));
    await expect.poll(() => created.innerText()).toContain('N80,000 (Nigeria) or $50 (international)');

    // The cohort open now is the one before it.
    const current = `Cohort ${Number(name.replace('Cohort ', '')) - 1}`;
    await page.getByRole('button', { name: `Change ${current}` }).click();
    await page.getByRole('button', { name: 'Pause applications' }).click();
    await page.getByText(`${current}: Paused`).waitFor(WAIT);
    await expect
      .poll(() => page.getByRole('row', { name: new RegExp(`^${current} `) }).innerText())
      .toContain('Paused');
    await expectNoAxeViolations(page);

    // The audit log lists each change, with who made it and what it was before and after.
    await page.goto(`${server.url}/staff/audit`);
    const entries = page.getByRole('table');
    await entries.getByRole('rowheader', { name: 'Created a cohort' }).first().waitFor(WAIT);
    const paused = entries.getByRole('row').filter({
      has: page.getByRole('rowheader', { name: "Paused, closed or reopened a cohort's applications" }),
    });
    await expect.poll(() => paused.first().innerText()).toMatch(/open → paused/i);
    const createdEntry = entries.getByRole('row').filter({
      has: page.getByRole('rowheader', { name: 'Created a cohort' }),
    });
    await expect.poll(() => createdEntry.first().innerText()).toContain('80000');

    // A new visitor (its own context: no cache, no session) is told at once.
    const visitor = await open();
    await visitor.page.goto(`${server.url}/apply`);
    // Get Started names the new cohort, that the other is paused, and the new cohort's fee: N80,000.
    const notice = applyingNotice({
      name,
      start_date: start,
      paused: { name: current, reopens_on: null },
      fees: { ...STANDARD_FEES, fee_ngn: 80_000 },
    });
    await visitor.page.getByText(notice).waitFor(WAIT);
    expect(notice).toContain(`new applications are for ${name}`);
    expect(notice).toContain('The commitment fee is N80,000 (Nigeria) or $50 (international)');
    // The landing page states the fee of the cohort new applications go to.
    await visitor.page.goto(`${server.url}/`);
    await visitor.page.getByText('N80,000 (Nigeria) or $50 (international)').first().waitFor(WAIT);
    expect(await visitor.page.content()).not.toContain('N60,000');
    await visitor.context.close();
    await context.close();

    // The applicant accepted before the change: their cohort's fee, N60,000, less 15% for paying in full.
    const { page: phone } = await acceptedOnPhone(browser, server.url, accepted);
    expect(await choose(phone, OPTION_FULL_PAYMENT)).toBe('N51,000');
    // The details and the checkout say N51,000: the server priced the order from the applicant's cohort's table,
    // not the new cohort's.
    await expectSandboxCheckout(phone, accepted, 'N51,000', 51_000);
  });

  it('a reviewer sees the cohorts and no control to change them, and a change they send is refused', async () => {
    expect((await addTeamMember(server.url, REVIEWER)).status).toBe(201);
    const { context, page } = await open();
    await signInStaff(context, server.url, REVIEWER);
    await page.goto(`${server.url}/staff/cohorts`);
    await page.getByText('Only an admin can change them.').waitFor(WAIT);
    await expect.poll(() => page.getByRole('row').count()).toBeGreaterThan(1);
    expect(await page.getByRole('button', { name: /^Change / }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Create cohort' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Pause applications' }).count()).toBe(0);
    await expectNoAxeViolations(page);
    // A change sent by hand from the reviewer's signed-in page is refused, and nothing changes.
    const listBefore = await page.evaluate(() =>
      fetch('/api/v1/staff/cohort-settings').then((r) => r.json()),
    );
    type Listed = { number: number } & Record<string, unknown>;
    const cohort = (listBefore as { data: { cohorts: Listed[] } }).data.cohorts[0]!;
    // The form's own fields, well formed, with one more seat: only the role can refuse it.
    const fields = ['name', 'start_date', 'application_deadline', 'aid_ceiling', 'aid_awards', 'fee_ngn'];
    const more = ['fee_usd', 'full_discount', 'instalments'];
    const draft = {
      ...Object.fromEntries([...fields, ...more].map((f) => [f, String(cohort[f])])),
      seats: String(Number(cohort.seats) + 1),
    };
    const answers = await page.evaluate(
      async ({ n, body }) => {
        const post = (path: string, sent: object) =>
          fetch(path, {
            method: 'POST',
            credentials: 'same-origin',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(sent),
          }).then((r) => r.status);
        return [
          await post(`/api/v1/staff/cohort-settings/${n}/intake`, { action: 'close', reopens_on: null }),
          await post(`/api/v1/staff/cohort-settings/${n}`, body),
        ];
      },
      { n: cohort.number, body: draft },
    );
    expect(answers).toEqual([403, 403]);
    const listAfter = await page.evaluate(() => fetch('/api/v1/staff/cohort-settings').then((r) => r.json()));
    expect(listAfter).toEqual(listBefore);
    await context.close();
  });
});
