/**
 * Addresses opened cold (issue 19, item 2), timed to what the person came for. Lighthouse's LCP on these pages is
 * the prerendered "Opening your application…" heading (decision 085), painted from the HTML: it says nothing of
 * when the screen itself comes. Here, on the phone profile, by the page's own clock: navigation start to the first
 * paint (the opening), and to the first animation frame in which the page's h1 is visible and is the screen's own.
 * - A returning applicant reopens their step (a bookmark, a reload, the browser restoring the tab): the phone walked
 *   to Communications once, unthrottled, and its service worker has taken over; the measured visit is the next one.
 * - A link from an email opened on a phone that has never applied (a later step becomes Get Started).
 * - Staff open `/staff`, not signed in (the sign-in form).
 * Usage: `CLIENT_DIR=dist/client RUNS=5 node --import tsx bench/responsiveness/coldScreens.ts` (prints, writes
 * nothing: the figures go into docs/performance.md by hand, with the machine's speed and load).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { MESSAGES } from '../../machines/rules/messages';
import { STAFF_PAGE } from '../../machines/rules/pages';
import { STAFF_MESSAGES } from '../../machines/rules/staff/messages';
import { launchBrowser } from '../../tests/e2e/support/browser';
import { biodata, freshEmail, getStarted } from '../../tests/e2e/support/journey';
import { startServer } from '../../tests/e2e/support/server';
import { clientBuild } from '../support/build';
import { loadAverage, loadLabel } from '../support/load';
import { median } from '../support/report';
import { benchmarkIndex, headingProbe, headingSeen } from './pageClock';
import { throttle } from './throttle';

/** Notes the first frame whose h1 is visible and is not one of the opening's words. */
const PROBE = headingProbe(
  `words && !${JSON.stringify([MESSAGES.openingApplication, STAFF_MESSAGES.opening])}.includes(words)`,
);

interface Case {
  name: string;
  path: string;
  /** The context to open it in: fresh, or one a journey has left its application and service worker in. */
  context: () => Promise<BrowserContext>;
}

interface Seen {
  firstPaint: number;
  screen: number;
  heading: string;
}

async function main(): Promise<void> {
  const build = clientBuild();
  const dir = mkdtempSync(join(tmpdir(), 'bench-cold-screens-'));
  const runs = Number(process.env.RUNS ?? 5);
  const server = await startServer({ CLIENT_DIR: build.clientDir }, dir);
  const browser = await launchBrowser();
  const viewport = { width: 360, height: 740 };
  const cases: Case[] = [
    {
      name: 'a returning applicant reopens their step',
      path: '/apply/communications',
      context: async () => {
        const context = await browser.newContext({ viewport });
        const page = await context.newPage();
        await getStarted(page, server, freshEmail('cold'));
        await biodata(page);
        await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
          timeout: 60_000,
        });
        await page.close();
        return context;
      },
    },
    {
      name: 'an email link on a phone that never applied',
      path: '/apply/selection-video',
      context: () => browser.newContext({ viewport }),
    },
    { name: 'staff, not signed in', path: STAFF_PAGE, context: () => browser.newContext({ viewport }) },
  ];
  const seen = new Map<Case, Seen[]>();
  try {
    const index = await benchmarkIndex(browser);
    console.log(
      `Chromium ${browser.version()}, Lighthouse's benchmark index of the machine ${Math.round(index)}`,
    );
    // Taken in turn, so that a change in the machine's load touches every case alike.
    for (let run = 1; run <= runs; run++) {
      for (const each of cases) {
        const load = loadLabel(loadAverage());
        const context = await each.context();
        await context.addInitScript({ content: PROBE });
        const page = await context.newPage();
        await throttle(context, page);
        const phone = await context.newCDPSession(page);
        await page.goto(`${server.url}${each.path}`, { waitUntil: 'commit' });
        const screen = await headingSeen(phone, `A screen at ${each.path}`);
        const firstPaint = await page.evaluate(
          () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
        );
        const result = { firstPaint, screen: screen.at, heading: screen.words };
        seen.set(each, [...(seen.get(each) ?? []), result]);
        console.log(
          `run ${run}/${runs} ${each.path}: opening painted ${Math.round(result.firstPaint)} ms, ` +
            `"${result.heading}" at ${Math.round(result.screen)} ms (load ${load})`,
        );
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await server.stop();
    build.remove();
  }
  for (const each of cases) {
    const all = seen.get(each) ?? [];
    const screens = all.map((s) => s.screen);
    const painted = Math.round(median(all.map((s) => s.firstPaint)));
    console.log(
      `${each.name} (${each.path} → "${all[0]?.heading}"): opening painted at ${painted} ms, ` +
        `the screen at ${Math.round(median(screens))} ms (median of ${runs}: ${screens.map(Math.round).join(', ')})`,
    );
  }
}

await main();
