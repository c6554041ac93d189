/**
 * Wizard responsiveness: in Chromium against the built product and the real server on loopback, the time from a
 * click on 'Yes, continue' to the next thing the applicant sees (the next screen's h1, or the h2 of the dialog or
 * verdict that answers the save), along the e2e journey (tests/e2e/support/journey.ts). The clock is the page's own:
 * the click's event.timeStamp to the animation frame in which the answer is in the DOM and visible (polled with
 * requestAnimationFrame from the click on), so the test process's own delays are not counted. The other forward
 * steps (Get Started, Save and continue, Verify email, Proceed) are measured the same way and listed beside.
 *
 * Two profiles: no throttling (RUNS journeys, 6), and a mid-range phone on a slow network (THROTTLED_RUNS, 2),
 * throttled through the DevTools protocol: 150 ms round trip, 1.6 Mbps down, 750 Kbps up, 4× CPU slowdown.
 * Goals: p95 ≤ 150 ms for 'Yes, continue' without throttling; on the phone profile p95 ≤ 400 ms for 'Yes, continue'
 * and ≤ 500 ms for Get Started → Bio Data. Get Started is pressed once the app runs and the network is quiet (the
 * screens fetched ahead while idle): a person typing an email takes longer than that.
 * Usage: `npm run bench:responsiveness` (`-- --quick`: one journey each, not written).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../../tests/e2e/support/browser';
import {
  biodata,
  communications,
  eligibility,
  employment,
  getStarted,
  verify,
  type Press,
} from '../../tests/e2e/support/journey';
import { clientBuild } from '../support/build';
import { throttle } from './throttle';
import { startProcess } from '../support/process';
import { busyWarning, loadAverage, loadLabel } from '../support/load';
import {
  median,
  met,
  now,
  percentile,
  quick,
  table,
  writeMachineSection,
  writeSection,
} from '../support/report';

interface Profile {
  name: string;
  runs: number;
  throttled: boolean;
  /** p95 of 'Yes, continue'. */
  confirmGoalMs: number;
  /** The slowest Get Started → Bio Data, when the profile has a goal for it. */
  getStartedGoalMs?: number;
}

const PROFILES: Profile[] = [
  {
    name: 'no throttling',
    runs: quick ? 1 : Number(process.env.RUNS ?? 6),
    throttled: false,
    confirmGoalMs: 150,
  },
  {
    name: 'phone profile',
    runs: quick ? 1 : Number(process.env.THROTTLED_RUNS ?? 2),
    throttled: true,
    confirmGoalMs: 400,
    getStartedGoalMs: 500,
  },
];

/**
 * Installed in every page before its scripts: `__benchArm(button, answer)` starts a measure that begins at the next
 * click on that button and ends at the first frame where `answer` is visible as the h1 or inside an open dialog.
 * Plain JavaScript in a string, so that no compiler helper leaks into the page.
 */
const PROBE = `
window.__benchArm = (buttonText, answer) => {
  window.__benchResult = new Promise((resolve) => {
    const visible = (el) => el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
    const answered = () =>
      [...document.querySelectorAll('h1, h2')].some((h) => h.textContent.trim() === answer && visible(h));
    const onClick = (event) => {
      const button = event.target instanceof Element ? event.target.closest('button') : null;
      if (!button || button.textContent.trim() !== buttonText) return;
      window.removeEventListener('click', onClick, true);
      const clicked = performance.now();
      // The input's own time includes any wait before the page handled it; trust it only if it is on our clock.
      const start = Math.abs(clicked - event.timeStamp) < 1000 ? Math.min(event.timeStamp, clicked) : clicked;
      const giveUp = start + 15000;
      const frame = () => {
        const t = performance.now();
        if (answered()) resolve(t - start);
        else if (t > giveUp) resolve(-1);
        else requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    };
    window.addEventListener('click', onClick, true);
  });
};
`;

interface Sample {
  profile: string;
  step: string;
  button: string;
  ms: number;
}

/** Clicks `button` and returns the page's own measure of how long `answer` took to show. */
async function timedClick(
  page: Page,
  button: string,
  answer: string,
  samples: Omit<Sample, 'profile'>[],
  step: string,
) {
  await page.evaluate(`window.__benchArm(${JSON.stringify(button)}, ${JSON.stringify(answer)})`);
  await page.getByRole('button', { name: button, exact: true }).click();
  const ms = Number(await page.evaluate('window.__benchResult'));
  if (ms < 0) throw new Error(`'${answer}' did not show after '${button}' on ${step}`);
  samples.push({ step, button, ms });
}

/** The label each measured press is listed under, by what answers it. */
const STEPS: Record<string, string> = {
  'Bio Data': 'Get Started → Bio Data',
  Communications: 'Bio Data → Communications',
  'Check your email': 'Communications: create + code email',
  Eligibility: 'Verify email → Eligibility',
  'Congratulations, you are eligible...': 'Eligibility: save + verdict',
  Employment: 'Eligible → Employment',
  'Getting to know you': 'Employment: save → Other',
};

/** The e2e journey (tests/e2e/support/journey.ts) up to the open questions, each forward press timed. */
async function journey(
  page: Page,
  baseUrl: string,
  email: string,
  samples: Omit<Sample, 'profile'>[],
): Promise<void> {
  const press: Press = async (page, button, answer) => {
    if (button === 'Get Started') {
      // The app runs (the cohort line is its work) and the screens it fetches ahead while idle have arrived.
      await page.getByText(/Applications are open for/).waitFor({ timeout: 60_000 });
      await page.waitForLoadState('networkidle');
    }
    await timedClick(page, button, answer, samples, STEPS[answer] ?? `${button} → ${answer}`);
  };
  const server = { url: baseUrl };
  await getStarted(page, server, email, press);
  await biodata(page, press);
  await communications(page, press);
  await verify(page, server, email, press);
  await eligibility(page, press);
  await employment(page, press);
}

async function main(): Promise<void> {
  const build = clientBuild();
  const dir = mkdtempSync(join(tmpdir(), 'bench-responsiveness-'));
  const started = now();
  const loads: Record<string, string[]> = {};
  const samples: Sample[] = [];
  try {
    const server = await startProcess(
      'server/main.ts',
      { DATA_DIR: dir, DATABASE_URL: '', CLIENT_DIR: build.clientDir },
      join(dir, 'server.log'),
      '/healthz',
    );
    const browser = await launchBrowser();
    try {
      for (const profile of PROFILES) {
        loads[profile.name] = [];
        for (let run = 1; run <= profile.runs; run++) {
          loads[profile.name].push(loadAverage());
          const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
          await context.addInitScript({ content: PROBE });
          const page = await context.newPage();
          if (profile.throttled) await throttle(context, page);
          const own: Omit<Sample, 'profile'>[] = [];
          await journey(page, server.url, `bench.${Date.now()}.${run}@example.com`, own);
          await context.close();
          samples.push(...own.map((s) => ({ ...s, profile: profile.name })));
          console.log(
            `${profile.name}: run ${run}/${profile.runs}`,
            own.map((s) => `${s.step}: ${Math.round(s.ms)} ms`).join(', '),
          );
        }
      }
    } finally {
      await browser.close();
      await server.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    build.remove();
  }
  if (quick) {
    console.log('--quick: docs/performance.md left as it was');
    return;
  }

  const ms = (n: number) => `${Math.round(n)} ms`;
  const goalRows: string[][] = [];
  const sections: string[] = [];
  for (const profile of PROFILES) {
    const own = samples.filter((s) => s.profile === profile.name);
    const confirm = own.filter((s) => s.button === 'Yes, continue').map((s) => s.ms);
    const p95 = percentile(confirm, 95);
    goalRows.push([
      `${profile.name}: 'Yes, continue' → next view (${confirm.length} clicks)`,
      ms(median(confirm)),
      ms(p95),
      `p95 ≤ ${profile.confirmGoalMs} ms`,
      met(p95 <= profile.confirmGoalMs),
    ]);
    if (profile.getStartedGoalMs !== undefined) {
      const getStarted = own.filter((s) => s.step === 'Get Started → Bio Data').map((s) => s.ms);
      const slowest = Math.max(...getStarted);
      goalRows.push([
        `${profile.name}: Get Started → Bio Data (${getStarted.length} clicks)`,
        ms(median(getStarted)),
        ms(percentile(getStarted, 95)),
        `slowest ≤ ${profile.getStartedGoalMs} ms`,
        met(slowest <= profile.getStartedGoalMs),
      ]);
    }
    const steps = [...new Set(own.map((s) => s.step))];
    sections.push(
      '',
      `Every step, ${profile.name} (${profile.runs} journeys; load average at the start of each:`,
      `${loads[profile.name].map(loadLabel).join('; ')}):`,
      '',
      ...table(
        ['click — step', 'median', 'p95', 'max'],
        steps.map((step) => {
          const values = own.filter((s) => s.step === step).map((s) => s.ms);
          const button = own.find((s) => s.step === step)!.button;
          return [
            `'${button}' — ${step}`,
            ms(median(values)),
            ms(percentile(values, 95)),
            ms(Math.max(...values)),
          ];
        }),
      ),
    );
  }

  writeMachineSection();
  writeSection('Application wizard', [
    ...busyWarning(Object.values(loads).flat()),
    `Measured by \`npm run bench:responsiveness\` (bench/responsiveness/run.ts) on ${started}: whole journeys in headless`,
    'Chromium (360×740) against a fresh production build served by `server/main.ts` on PGlite over loopback, in two',
    'profiles: no throttling, and a phone on a slow network (DevTools protocol: 150 ms round trip, 1.6 Mbps down,',
    '750 Kbps up, 4× CPU slowdown). Each time runs in the page, from the click event to the first animation frame in',
    "which the next screen's h1 (or the h2 of the dialog or verdict that answers the save) is in the DOM and visible;",
    'polling each frame makes it accurate to about one frame (16 ms; 64 ms of CPU at 4× slowdown). Get Started is',
    'pressed once the app runs and the network is quiet: the next screens are fetched while the browser is idle after',
    'the first paint, and a person typing an email takes longer than that.',
    '',
    ...table(['measure', 'median', 'p95', 'goal', ''], goalRows),
    ...sections,
  ]);
  console.log(JSON.stringify(goalRows));
}

await main();
