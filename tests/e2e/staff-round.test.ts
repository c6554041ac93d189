/**
 * Setting up a round (docs/staff.md), in Chromium at 1280 px against the built product: the screens an admin goes
 * through (the cohorts list and the create form, a cohort's change form with its pause, the bank details and support
 * address, an application's financial aid controls) show what the guide says, and axe finds nothing on them. With
 * STAFF_SCREENSHOTS=1 it also writes each one, clipped to its region, to docs/screens/staff-*.png, the pictures the
 * guide shows.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { OPTION_FINANCIAL_AID } from '../../machines/rules/payments';
import { financialAid } from '../support/answers';
import { acceptedAndChose, BANKED, openApplicationPage, signInStaff } from './support/decision';
import { contextOpener, expectNoAxeViolations, server, serverAndBrowser } from './support/suite';

serverAndBrowser(BANKED);
const open = contextOpener({ width: 1280, height: 900 });
const WAIT = { timeout: 30_000 };
const APPLICANT = 'amara.round-e2e@example.com';
const OUT = resolve(import.meta.dirname, '../../docs/screens');
/** Each picture small enough for the guide on a slow connection (tests/docs/staffGuide.test.ts allows 200 KB). */
const MAX_BYTES = 150 * 1024;

/** Writes the region's picture to docs/screens/staff-<name>.png when STAFF_SCREENSHOTS=1. */
async function shoot(region: Locator, name: string): Promise<void> {
  if (process.env.STAFF_SCREENSHOTS !== '1') return;
  mkdirSync(OUT, { recursive: true });
  const picture = await region.screenshot({ animations: 'disabled', caret: 'hide' });
  expect(picture.byteLength, `staff-${name}.png`).toBeLessThan(MAX_BYTES);
  writeFileSync(resolve(OUT, `staff-${name}.png`), picture);
}

describe('setting up a round', () => {
  it('shows the cohorts, a cohort’s change and pause, the bank details and the aid controls', async () => {
    const { context, page } = await open();
    await signInStaff(context, server.url);

    // The cohorts: the list, and the create form filled in with the usual rule.
    await page.goto(`${server.url}/staff/cohorts`);
    const create = page.getByRole('region', { name: 'Create the next cohort' });
    await create.waitFor(WAIT);
    expect(await create.getByLabel('Name').inputValue()).toMatch(/^Cohort \d+$/);
    await expect.poll(() => page.getByRole('row').count()).toBeGreaterThan(1);
    await expectNoAxeViolations(page);
    await shoot(page.locator('main'), 'cohorts');

    // A cohort's change form and its applications' pause, close and reopen.
    const newest = await page.getByRole('row').nth(1).getByRole('rowheader').innerText();
    await page.getByRole('button', { name: `Change ${newest}` }).click();
    const change = page.getByRole('region', { name: `Change ${newest}` });
    await change.waitFor(WAIT);
    const intake = page.getByRole('region', { name: `Applications for ${newest}` });
    expect(await intake.getByRole('button', { name: 'Pause applications' }).count()).toBe(1);
    expect(await intake.getByLabel(/Reopen on/).count()).toBe(1);
    await expectNoAxeViolations(page);
    await change.scrollIntoViewIfNeeded();
    // The change form and the pause below it, in one picture.
    const both = await Promise.all([change.boundingBox(), intake.boundingBox()]);
    if (process.env.STAFF_SCREENSHOTS === '1' && both[0] && both[1]) {
      const [top, bottom] = both;
      const picture = await page.screenshot({
        fullPage: true,
        animations: 'disabled',
        caret: 'hide',
        clip: {
          x: Math.min(top.x, bottom.x) - 8,
          y: top.y + (await page.evaluate(() => window.scrollY)) - 8,
          width: Math.max(top.width, bottom.width) + 16,
          height: bottom.y + bottom.height - top.y + 16,
        },
      });
      expect(picture.byteLength).toBeLessThan(MAX_BYTES);
      mkdirSync(OUT, { recursive: true });
      writeFileSync(resolve(OUT, 'staff-cohort-change.png'), picture);
    }

    // The bank details and the support address, as the environment seeded them.
    await page.goto(`${server.url}/staff/settings`);
    await page.getByLabel('Account number').waitFor(WAIT);
    expect(await page.getByLabel('Account number').inputValue()).toBe(BANKED.BANK_ACCOUNT_NUMBER);
    expect(await page.getByLabel('Bank', { exact: true }).inputValue()).toBe(BANKED.BANK_NAME);
    await expectNoAxeViolations(page);
    await shoot(page.locator('main'), 'settings');

    // An accepted applicant who asked for aid: the record's financial aid controls.
    await acceptedAndChose(
      server.url,
      APPLICANT,
      { firstname: 'Amara', lastname: 'Nwosu' },
      OPTION_FINANCIAL_AID,
      financialAid,
    );
    await openApplicationPage(page, server.url, APPLICANT, 'Amara Nwosu');
    const aid = page.getByRole('region', { name: 'Financial aid' });
    await aid.getByText('Not decided yet.').waitFor(WAIT);
    expect(await aid.getByRole('button', { name: 'Award aid' }).count()).toBe(1);
    expect(await aid.textContent()).toContain('This applicant may be awarded up to 30% of the fee');
    await expectNoAxeViolations(page);
    await shoot(aid, 'aid');
    await context.close();
  });
});
