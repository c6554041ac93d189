/**
 * The landing page names the cohort the server calls current, on a 390 px phone, in the first HTML and after
 * hydration, and the wizard names the same one. (The switch to the next cohort when a deadline passes is in
 * tests/server/landing.test.ts, where the server's clock can move.)
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { paths, type CohortInfo } from '../../machines/rules/contract';
import { cohortLabels, type CohortLabels } from '../../machines/rules/landingCohort';
import { screenshot } from './support/browser';
import { islands } from '../../src/landing/islands';
import { hydrateEveryIsland } from './support/landing';
import { browser, server, serverAndBrowser } from './support/suite';
import { feeFacts } from '../../machines/rules/payments';

serverAndBrowser();
let current: CohortInfo;
let cohort: CohortLabels;

beforeAll(async () => {
  current = ((await (await fetch(`${server.url}${paths.currentCohort}`)).json()) as { data: CohortInfo[] })
    .data[0];
  cohort = cohortLabels({
    number: current.number,
    startDate: current.start_date,
    applicationDeadline: current.application_deadline,
    fees: feeFacts(current.fees),
  });
});

/** The sentences that quote the cohort, as a visitor reads them. */
const quoted = () => [
  `Cohort ${cohort.number} · starts ${cohort.start}`,
  `Cohort ${cohort.number} starts ${cohort.start}`,
  `Applications close ${cohort.deadline}`,
];

describe('the live cohort on the landing page (390 px)', () => {
  it('is in the first HTML, compressed or not, and no fixed cohort is', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const response = await fetch(`${server.url}/`, { headers: { 'accept-encoding': encoding } });
      expect(response.status).toBe(200);
      const text = (await response.text()).replace(/<!-- -->/g, '');
      for (const sentence of quoted()) expect(text).toContain(sentence);
      expect(text).not.toContain('%%COHORT');
      expect(text).not.toContain('10 March 2025');
    }
  });

  it('stays the same text once hydrated, with no hydration error, and the wizard names the same cohort', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
    // Every island hydrated (each as it comes near the screen), the sliders then knowing the viewport's width.
    await expect(hydrateEveryIsland(page)).resolves.toEqual(Object.keys(islands));
    await expect(page.locator('.slider-track:not([data-per-view])').count()).resolves.toBe(0);
    const text = await page.locator('body').innerText();
    expect(text).toContain(`Cohort ${cohort.number} · starts ${cohort.start}`);
    expect(await page.locator('.keyinfo-lead').first().textContent()).toBe(
      `Cohort ${cohort.number} starts ${cohort.start}`,
    );
    // Sections below the hero are laid out as they come near the screen (content-visibility, decision 085): read
    // each as a reader scrolling to it sees it.
    const expectShown = async (selector: string, text: string) => {
      await page.locator(selector).scrollIntoViewIfNeeded();
      await expect.poll(() => page.locator(selector).innerText()).toContain(text);
    };
    await expectShown('#gant', `Applications close ${cohort.deadline}`);
    await expectShown('#whatsItGonnaBe', `Cohort ${cohort.number} starts ${cohort.start}.`);
    await page.getByRole('button', { name: 'When does the next cohort start?' }).click();
    await expectShown('#faq', `Cohort ${cohort.number} starts on ${cohort.start}`);
    await expect(page.locator('meta[name="description"]').getAttribute('content')).resolves.toContain(
      `Cohort ${cohort.number} starts ${cohort.start}.`,
    );
    expect(errors).toEqual([]);
    await screenshot(page, 'live-cohort-390');

    await page.goto(`${server.url}/apply`);
    await page.getByText(`Applications are open for ${current.name}.`).waitFor();
    expect(current.name).toBe(`Cohort ${cohort.number}`);
    await context.close();
  });
});
