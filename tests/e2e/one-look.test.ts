/**
 * One visual language (issue 56, item 7; decision 241) in Chromium against the built product: the landing page, the
 * wizard, a page after submission and the staff back office carry one header (brand green, the logo's mark) and one
 * button shape (the tokens' radius, height and weight), at a phone's width and a laptop's, and axe finds nothing on
 * any of them. With DESIGN_SCREENSHOTS=1 it also writes the four surfaces side by side to docs/screens/ (one picture
 * a width), the pictures docs/design.md §9 shows.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DECIDING, signInStaff } from './support/decision';
import { applicantDevice, submittedApplicant } from './support/submittedApplicant';
import { browser, expectNoAxeViolations, server, serverAndBrowser } from './support/suite';

serverAndBrowser(DECIDING);

const WIDTHS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const;
const SURFACES = ['landing', 'wizard', 'after submission', 'staff'] as const;
type Surface = (typeof SURFACES)[number];

/** What a reader sees of a surface's header and of its first button. */
interface Look {
  header: string;
  mark: string;
  button: { radius: string; minHeight: string; weight: string };
}

async function lookOf(page: Page): Promise<Look> {
  return page.evaluate(() => {
    const header = document.querySelector('header')!;
    const mark = header.querySelector('.brand-mark');
    const button = document.querySelector('main .button, main .btn, header .btn')!;
    const style = getComputedStyle(button);
    return {
      header: getComputedStyle(header).backgroundColor,
      mark: mark ? getComputedStyle(mark).backgroundColor : 'no logo',
      button: { radius: style.borderTopLeftRadius, minHeight: style.minHeight, weight: style.fontWeight },
    };
  });
}

describe('one visual language', () => {
  it('the four surfaces share one header with the logo and one button, at both widths, axe clean', async () => {
    const email = 'ngozi.one-look@example.com';
    const api = await submittedApplicant(server.url, email, { firstname: 'Ngozi', lastname: 'Okafor' });
    const shots: Record<string, Partial<Record<Surface, Buffer>>> = {};

    for (const { name, viewport } of WIDTHS) {
      const { context: applicant, page } = await applicantDevice(browser, server.url, api, viewport);
      const staff = await browser.newContext({ bypassCSP: true, viewport });
      await signInStaff(staff, server.url);
      const staffPage = await staff.newPage();
      const open: Record<Surface, () => Promise<Page>> = {
        landing: async () => {
          const landing = await (await browser.newContext({ bypassCSP: true, viewport })).newPage();
          await landing.goto(`${server.url}/`);
          await landing.getByRole('heading', { level: 1 }).first().waitFor();
          return landing;
        },
        wizard: async () => {
          const wizard = await (await browser.newContext({ bypassCSP: true, viewport })).newPage();
          await wizard.goto(`${server.url}/apply`);
          await wizard.getByRole('button', { name: 'Get Started' }).waitFor();
          return wizard;
        },
        'after submission': async () => {
          await page.goto(`${server.url}/apply/confirmation`);
          await page.locator('main h1').first().waitFor();
          await page.locator('main .button').first().waitFor();
          return page;
        },
        staff: async () => {
          await staffPage.goto(`${server.url}/staff`);
          await staffPage.getByRole('navigation', { name: 'Staff' }).waitFor();
          await staffPage.locator('main .button').first().waitFor();
          return staffPage;
        },
      };
      const looks: Partial<Record<Surface, Look>> = {};
      shots[name] = {};
      for (const surface of SURFACES) {
        const shown = await open[surface]();
        looks[surface] = await lookOf(shown);
        await expectNoAxeViolations(shown);
        shots[name][surface] = await shown.screenshot();
        if (surface === 'landing' || surface === 'wizard') await shown.context().close();
      }
      // One header, one logo, one button: every surface reads as the landing page does.
      const landing = looks.landing!;
      expect(landing.mark).not.toBe('no logo');
      for (const surface of SURFACES) expect({ surface, ...looks[surface] }).toEqual({ surface, ...landing });
      await applicant.close();
      await staff.close();
    }

    if (process.env.DESIGN_SCREENSHOTS === '1') await sideBySide(shots);
  });
});

/**
 * Each width's four screenshots in one picture, labelled and scaled down: the phone's in a row, the laptop's two by
 * two (docs/screens/surfaces-<width>.png).
 */
async function sideBySide(shots: Record<string, Partial<Record<Surface, Buffer>>>): Promise<void> {
  const out = resolve(import.meta.dirname, '../../docs/screens');
  mkdirSync(out, { recursive: true });
  for (const { name, viewport } of WIDTHS) {
    const width = name === 'phone' ? 195 : 400;
    // Four figures a row on the phone, two on the laptop; 8 px apart and around.
    const perRow = name === 'phone' ? 4 : 2;
    const context = await browser.newContext({
      viewport: { width: 16 + perRow * (width + 2) + (perRow - 1) * 8, height: 200 },
    });
    const page = await context.newPage();
    const figures = SURFACES.map(
      (surface) =>
        `<figure><img width="${width}" height="${Math.round((viewport.height * width) / viewport.width)}" src="data:image/png;base64,${shots[name][surface]!.toString('base64')}" alt=""><figcaption>${surface}</figcaption></figure>`,
    ).join('');
    await page.setContent(
      `<style>body{margin:0;padding:8px;display:flex;flex-wrap:wrap;gap:8px;font:13px system-ui;background:white}figure{margin:0}img{display:block;border:1px solid silver}figcaption{text-align:center;padding-top:4px}</style>${figures}`,
    );
    await Promise.all(
      (await page.locator('img').all()).map((img) => img.evaluate((i: HTMLImageElement) => i.decode())),
    );
    writeFileSync(resolve(out, `surfaces-${name}.png`), await page.screenshot({ fullPage: true }));
    await context.close();
  }
}
