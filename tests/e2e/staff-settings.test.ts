/**
 * The bank details and the support address set in the back office (issue 53 item 6, decision 247) in Chromium
 * against the built product: an admin's bad account number is refused in the catalogue's words; the admin then
 * changes the account number and the support address, and an accepted applicant's bank transfer details show the
 * new number and address at once. A reviewer sees the values and no control. axe finds nothing on any of them.
 */
import { describe, expect, it } from 'vitest';
import { PROGRAMME_SETTINGS_MESSAGES as M } from '../../machines/rules/messages';
import { OPTION_FULL_PAYMENT } from '../../machines/rules/payments';
import { addTeamMember, BANKED, signInStaff, openStaffSection, decidedApplicant } from './support/decision';
import { acceptedOnPhone, choose, paymentDetails } from './support/paymentChoice';
import { browser, contextOpener, expectNoAxeViolations, server, serverAndBrowser } from './support/suite';

// The environment's account is the first-start seed; no location look-up (the options follow the form's country).
serverAndBrowser({ ...BANKED, SUPPORT_EMAIL: 'hello@bootcamp.example' });
const open = contextOpener({ width: 1280, height: 900 });
const WAIT = { timeout: 30_000 };
const APPLICANT = 'ngozi.settings-e2e@example.com';
const REVIEWER = 'reader.settings@bootcamp.example';

describe('bank details and support address in the back office', () => {
  it("an admin changes the account number and support address; an accepted applicant's transfer details show them", async () => {
    const applicant = await decidedApplicant(server.url, APPLICANT, 'ACCEPT', {
      firstname: 'Ngozi',
      lastname: 'Eze',
    });

    const { context, page } = await open();
    await openStaffSection({ context, page }, server.url, 'Bank and support', 'Bank and support');
    const number = page.getByLabel('Account number');
    await number.waitFor(WAIT);
    // The environment's values, until someone saves here.
    expect(await number.inputValue()).toBe(BANKED.BANK_ACCOUNT_NUMBER);
    expect(await page.getByLabel('Support address').inputValue()).toBe('hello@bootcamp.example');
    await page.getByText('no one has changed them here yet').waitFor(WAIT);
    await expectNoAxeViolations(page);

    // A number that is not 10 digits: refused in the catalogue's words, nothing saved.
    await number.fill('12345');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByText(M.bankAccountNumber).count(), WAIT).toBeGreaterThan(0);
    await expectNoAxeViolations(page);

    await number.fill('0987654321');
    await page.getByLabel('Support address').fill('help@bootcamp.example');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(M.saved).waitFor(WAIT);
    await page.getByText(/Last changed by admissions@bootcamp\.example/).waitFor(WAIT);
    await expectNoAxeViolations(page);
    await context.close();

    // The accepted applicant's bank transfer details: the new number and address.
    const device = await acceptedOnPhone(browser, server.url, applicant);
    const phone = device.page;
    await choose(phone, OPTION_FULL_PAYMENT);
    const details = await paymentDetails(phone);
    expect(await details.locator('.payment-details__number').textContent()).toBe('0987654321');
    expect(await details.getByText(BANKED.BANK_NAME).count()).toBe(1);
    expect(await details.getByRole('link', { name: 'help@bootcamp.example' }).count()).toBe(1);
    expect(await details.getByText('hello@bootcamp.example').count()).toBe(0);
    await expectNoAxeViolations(phone);
    await device.context.close();
  });

  it('a reviewer sees the bank details and support address and no control to change them', async () => {
    expect((await addTeamMember(server.url, REVIEWER)).status).toBe(201);
    const { context, page } = await open();
    await signInStaff(context, server.url, REVIEWER);
    await page.goto(`${server.url}/staff/settings`);
    await page.getByText('Only an admin can change them.').waitFor(WAIT);
    expect(await page.getByText(BANKED.BANK_NAME).count()).toBe(1);
    expect(await page.getByRole('textbox').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    await expectNoAxeViolations(page);
    await context.close();
  });
});
