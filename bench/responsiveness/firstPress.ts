/**
 * The first press on `/apply` (issue 19, item 1): a fresh phone (new context, nothing cached) on the phone profile
 * opens `/apply`, taps the email field as soon as it shows, types an email and presses Get Started at once (the
 * browser's own input events, docs/performance.md (former decision 198)). Measured by the page's
 * own clock, from navigation start to the first animation frame in which Bio Data's h1 is visible; with the request
 * waterfall of the median run (scripts and API calls: start and end, ms from navigation start).
 * With `REPEAT=n`, a returning applicant instead: each run's phone has opened `/apply` n times before (unthrottled),
 * its service worker has taken over after the first (decision 168), and each later one ran the app from its precache;
 * the measured visit is the next one, on the phone profile. `REPEAT=1` is the second visit, the first whose scripts
 * come from the phone; `REPEAT=2` the third, the first that can find the code V8 cached on the second.
 * Usage: `CLIENT_DIR=dist/client RUNS=5 [REPEAT=1] [COMPARE=other/client,…] node --import tsx
 * bench/responsiveness/firstPress.ts` (prints, writes nothing: the figures go into docs/performance.md by hand, with the
 * machine's load). COMPARE's builds, each served by a server of its own, are pressed in turn with this one, run by run.
 */
import type { Browser, CDPSession } from 'playwright-core';
import { resolve } from 'node:path';
import { chromePath, launchBrowser } from '../../tests/e2e/support/browser';
import { clientBuild } from '../support/build';
import { loadAverage, loadLabel } from '../support/load';
import { startServer, type RunningServer } from '../../tests/e2e/support/server';
import { median } from '../support/report';
import { askUntil, benchmarkIndex, headingProbe, headingSeen } from './pageClock';
import { throttle } from './throttle';

/** Notes, from the first script on, the first frame in which Bio Data's h1 is visible. */
const PROBE = headingProbe(`words === 'Bio Data'`);

/** Where the email field is, once it shows (null before): read by the DevTools protocol. */
const FIELD = `(() => {
  const field = document.querySelector('#root input[name="email"]');
  if (!field || !field.checkVisibility()) return null;
  const r = field.getBoundingClientRect();
  return JSON.stringify([r.x + r.width / 2, r.y + r.height / 2]);
})()`;

/**
 * Where Get Started is once the email is typed. On a 360×740 phone the privacy line puts it below the fold, and a
 * person scrolls to it: a tap at a point off the screen reaches nothing.
 */
const BUTTON = `(() => {
  const button = document.querySelector('#root button[type="submit"]');
  if (!button) return null;
  button.scrollIntoView({ block: 'nearest' });
  const r = button.getBoundingClientRect();
  return JSON.stringify([r.x + r.width / 2, r.y + r.height / 2]);
})()`;

/**
 * A person's first press: a tap on the field as soon as it shows, the email typed, a tap on Get Started. Sent as the
 * browser's own input (the DevTools protocol), not with Playwright's locators: those inject a script of their own
 * into the page and wait for stable frames, so on the 4× slower CPU they pressed up to a second after the field
 * showed (docs/performance.md (former decision 198)).
 */
async function pressAsSoonAsShown(phone: CDPSession, email: string): Promise<void> {
  const spot = async (expression: string, what: string) =>
    JSON.parse(await askUntil<string>(phone, expression, 16, what)) as [number, number];
  const tap = async ([x, y]: [number, number]) => {
    for (const type of ['mousePressed', 'mouseReleased'] as const)
      await phone.send('Input.dispatchMouseEvent', { type, x, y, button: 'left', clickCount: 1 });
  };
  await tap(await spot(FIELD, 'The email field'));
  await phone.send('Input.insertText', { text: email });
  await tap(await spot(BUTTON, 'Get Started'));
}

interface Run {
  ms: number;
  waterfall: string[];
}

/** One press, by a fresh phone (or a returning one, `earlierVisits`) on `url`'s `/apply`. */
async function pressOnce(browser: Browser, url: string, earlierVisits: number, label: string): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  await context.addInitScript({ content: PROBE });
  try {
    for (let visit = 0; visit < earlierVisits; visit++) {
      const earlier = await context.newPage();
      await earlier.goto(`${url}/apply`);
      await earlier.getByText(/Applications are open for/).waitFor({ timeout: 60_000 });
      await earlier.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
        timeout: 60_000,
      });
      // A moment on the page, as a person stays: what the browser does after the load (its code cache among it)
      // is done before the page closes.
      await earlier.waitForTimeout(2_000);
      await earlier.close();
    }
    const page = await context.newPage();
    await throttle(context, page);
    const phone = await context.newCDPSession(page);
    await page.goto(`${url}/apply`, { waitUntil: 'commit' });
    await pressAsSoonAsShown(phone, `first.${Date.now()}.${label}@example.com`);
    const seen = await headingSeen(phone, 'Bio Data').catch(async (error: Error) => {
      // What the person saw instead, and what was asked of the server: a run that never got there says why.
      const shown = (await page.locator('body').innerText()).slice(0, 400);
      const asked = await page.evaluate(() =>
        performance.getEntriesByType('resource').map((r) => new URL(r.name).pathname),
      );
      throw new Error(`${error.message}\nThe page showed: ${shown}\nRequests: ${asked.join(' ')}`);
    });
    const waterfall = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((r) => /\.js$|\/api\//.test(r.name))
        .map((r) => {
          const entry = r as PerformanceResourceTiming;
          const name = new URL(entry.name).pathname.replace(/-[\w-]{8}\.js$/, '.js');
          return `${Math.round(entry.startTime)}–${Math.round(entry.responseEnd)} ms ${name}`;
        }),
    );
    return { ms: seen.at, waterfall };
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const build = clientBuild();
  // Other builds measured in the same run, a press on each in turn, so that the machine's drift touches them alike.
  const compared = (process.env.COMPARE ?? '').split(',').filter(Boolean);
  const runs = Number(process.env.RUNS ?? 5);
  const earlierVisits = Number(process.env.REPEAT ?? 0);
  const builds = [build.clientDir, ...compared.map((dir) => resolve(dir))];
  const servers: RunningServer[] = [];
  const browser = await launchBrowser();
  const results = builds.map((): Run[] => []);
  try {
    // The e2e tests' server (two minutes to start: the machine is shared), one for each build.
    for (const clientDir of builds) servers.push(await startServer({ CLIENT_DIR: clientDir }));
    const index = await benchmarkIndex(browser);
    console.log(
      `Chromium ${browser.version()} (${await chromePath()}), Lighthouse's benchmark index of the machine ${Math.round(index)}`,
    );
    for (let run = 1; run <= runs; run++)
      for (const [which, server] of servers.entries()) {
        const load = loadLabel(loadAverage());
        const result = await pressOnce(browser, server.url, earlierVisits, `${run}.${which}`);
        results[which]!.push(result);
        console.log(`${builds[which]} run ${run}/${runs}: ${Math.round(result.ms)} ms (load ${load})`);
      }
  } finally {
    await browser.close();
    for (const server of servers) await server.stop();
    build.remove();
  }
  for (const [which, clientDir] of builds.entries()) {
    const times = results[which]!.map((r) => r.ms);
    const middle = median(times);
    console.log(
      `${clientDir}: median ${Math.round(middle)} ms of ${runs}: ${times.map(Math.round).join(', ')}`,
    );
    const typical = results[which]!.reduce((a, b) =>
      Math.abs(b.ms - middle) < Math.abs(a.ms - middle) ? b : a,
    );
    console.log(`waterfall of the run nearest the median (${Math.round(typical.ms)} ms):`);
    for (const line of typical.waterfall) console.log(`  ${line}`);
  }
}

await main();
