/**
 * Lighthouse on the pages applicants open, served the way `npm start` serves them: mobile preset, default simulated
 * throttling (slow 4G, 4× CPU slowdown). Every figure is read beside a bare page (one heading, no script, no CSS)
 * served from this machine in the same run, so LCP reads as a ratio to what the machine and the throttling allow.
 *
 * - `/` (the landing page), `/apply` (Get Started, where every Apply Now lands), the bare page and `/` without its
 *   script (docs/performance.md (former decision 216)): RUNS rounds (3), taken in turn
 *   (bare, `/`, `/` without its script, `/apply`) so that a change in the machine's load touches them all alike;
 *   medians.
 * - Every wizard screen and the selection video: SCREEN_RUNS runs each (1). A journey through the wizard (driven
 *   over the same Chromium's debugging port) records this browser's saved application at each screen; before the
 *   screen is measured its storage is put back and the HTTP cache emptied, and Lighthouse keeps the storage
 *   (`disableStorageReset`) so that the deep link opens that screen, as a reload on it would.
 *
 * Written to the "Pages under Lighthouse" section of docs/performance.md, with the load average of each run; a run
 * on a busy machine is flagged (bench/support/report.ts). Chromium is found as the tests find it
 * (tests/e2e/support/browser.ts), launched here with a debugging port. Usage: `npm run bench:landing`
 * (`-- --quick`: one round, not written). It builds into a folder of its own unless CLIENT_DIR names a build.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { chromium, type Page } from 'playwright-core';
import { CHROME_FLAGS, chromePath } from '../../tests/e2e/support/browser';
import * as walk from '../../tests/e2e/support/journey';
import { freePort, startServer } from '../../tests/e2e/support/server';
import { clientBuild } from '../support/build';
import { JS_BUDGET_KB } from '../support/budgets';
import { importClosure } from '../support/closure';
import { busyWarning, loadAverage, loadLabel } from '../support/load';
import {
  median,
  met,
  now,
  performanceDoc,
  quick,
  root,
  table,
  writeMachineSection,
  writeSection,
} from '../support/report';

const RUNS = quick ? 1 : Number(process.env.RUNS ?? 3);
/** Runs per other address (medians); SCREEN_RUNS=0 measures only the bare page, `/` and `/apply`. */
const SCREEN_RUNS = quick ? 1 : Number(process.env.SCREEN_RUNS ?? 3);
const goals = { performance: 98, lcpRatio: 1.3, tbtMs: 50, cls: 0.02, accessibility: 100 };
/** Every other address opened cold (issue 19, item 2): the app's prerendered opening (decision 085). */
const coldGoals = { performance: 95, lcpRatio: 1.5, cls: 0.02 };

const HISTORY = join(root, 'bench/history/lighthouse.json');
/** The name of `/` measured without its script (withoutScripts, below). */
const NO_SCRIPT = '`/` without its script';

interface PageVerdict {
  performance: number;
  lcpRatio: number;
  tbtMs: number;
  cls: number;
}

interface HistoryEntry {
  started: string;
  rounds: number;
  busy: boolean;
  /** The tools that measured it: TBT under Lighthouse 12.8 and 13.5 are not the same figure (docs/performance.md). */
  tools?: string;
  /**
   * Lighthouse's benchmark index of the machine, the median of the run's: the same build reads differently on a faster
   * or slower machine, and the 4× slowdown is of this machine's speed.
   */
  benchmarkIndex?: number;
  pages: Record<'/' | '/apply', PageVerdict>;
}

const readHistory = (): HistoryEntry[] =>
  existsSync(HISTORY) ? (JSON.parse(readFileSync(HISTORY, 'utf8')) as HistoryEntry[]) : [];

const BARE_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<title>Bare page</title></head><body><h1>The Employment Bootcamp</h1></body></html>';

interface Run {
  page: string;
  load: string;
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  jsTransferKb: number;
  jsGzipKb: number;
  /** The page's own scripts (bench/support/closure.ts), without later screens' chunks fetched ahead. */
  jsOwnGzipKb: number;
  lcpElement: string;
  /** Lighthouse's measure of this machine's speed (`environment.benchmarkIndex`): higher is faster. */
  benchmarkIndex: number;
}

async function launchChromium(): Promise<{ port: number; stop: () => void }> {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'bench-chromium-'));
  const child = spawn(
    await chromePath(),
    [`--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, ...CHROME_FLAGS, 'about:blank'],
    { stdio: 'ignore' },
  );
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    stop: () => {
      child.kill('SIGKILL');
      // Chromium may still be writing its profile for a moment after the kill.
      setTimeout(() => rmSync(profile, { recursive: true, force: true, maxRetries: 5 }), 500).unref();
    },
  };
}

/**
 * `/` as the build makes it but with no script: its inline lines and its modulepreload links taken out of a copy of
 * the build, served by a server of its own. Beside `/` it says how much of the page's blocking time is its document
 * (parse, style, layout, paint) and how much is its script; beside the bare page, what the document costs.
 */
function withoutScripts(clientDir: string): { clientDir: string; remove: () => void } {
  const scratch = mkdtempSync(join(tmpdir(), 'bench-no-script-'));
  const copy = join(scratch, 'client');
  cpSync(clientDir, copy, { recursive: true });
  // The server renders the landing page's published words with the SSR build beside the client's (decision 246): a
  // link, whose real path finds the project's packages.
  symlinkSync(resolve(clientDir, '..', 'ssr'), join(scratch, 'ssr'));
  const page = join(copy, 'index.html');
  const html = readFileSync(page, 'utf8')
    .replace(/<script\b[\s\S]*?<\/script>/g, '')
    .replace(/<link rel="modulepreload"[^>]*>/g, '');
  if (/<script\b/.test(html)) throw new Error('index.html still names a script');
  writeFileSync(page, html);
  return { clientDir: copy, remove: () => rmSync(scratch, { recursive: true, force: true }) };
}

/** The bare page: what this machine, this Chromium and the throttling give for one heading and nothing else. */
async function startBarePage(): Promise<{ url: string; stop: () => Promise<void> }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
    response.end(BARE_HTML);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The gzipped size of every script the page loaded: the budget is stated gzipped, whatever the server sends. */
async function gzippedKb(urls: string[]): Promise<number> {
  let bytes = 0;
  for (const url of urls)
    bytes += gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer()), { level: 9 }).length;
  return bytes / 1024;
}

/** The LCP element's HTML, as Lighthouse names it. */
function lcpElementOf(details: unknown): string {
  const stack = [details];
  while (stack.length) {
    const item = stack.pop();
    if (!item || typeof item !== 'object') continue;
    // Lighthouse 12 wraps the element (`{ node: { snippet } }`); 13's insight lists it (`{ type: 'node', snippet }`).
    const { node, type, snippet } = item as { node?: { snippet?: string }; type?: string; snippet?: string };
    const html = node?.snippet ?? (type === 'node' ? snippet : undefined);
    if (html) return html.replace(/\s+/g, ' ').slice(0, 90);
    stack.push(...Object.values(item as Record<string, unknown>));
  }
  return '';
}

async function measure(
  page: string,
  url: string,
  port: number,
  keepStorage: boolean,
  own?: string[],
): Promise<Run | undefined> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const load = loadAverage();
    const answer = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      disableStorageReset: keepStorage,
    });
    if (!answer) throw new Error('lighthouse returned nothing');
    const { lhr } = answer;
    if (lhr.runtimeError || lhr.categories.performance.score === null) {
      console.warn(`${page}: run failed, retrying: ${lhr.runtimeError?.message ?? 'no performance score'}`);
      continue;
    }
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    const requests = (
      lhr.audits['network-requests'].details as {
        items: { url: string; resourceType?: string; transferSize?: number }[];
      }
    ).items;
    const scripts = requests.filter((r) => r.resourceType === 'Script');
    const run: Run = {
      page,
      load,
      performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
      fcpMs: audit('first-contentful-paint'),
      lcpMs: audit('largest-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      benchmarkIndex: lhr.environment.benchmarkIndex,
      cls: audit('cumulative-layout-shift'),
      speedIndexMs: audit('speed-index'),
      jsTransferKb: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024,
      jsGzipKb: await gzippedKb(scripts.map((r) => r.url)),
      jsOwnGzipKb: await gzippedKb(
        scripts.map((r) => r.url).filter((u) => !own || own.includes(new URL(u).pathname)),
      ),
      // Lighthouse 13 names the element in its LCP breakdown insight; 12 had an audit of its own.
      lcpElement: lcpElementOf(
        (lhr.audits['lcp-breakdown-insight'] ?? lhr.audits['largest-contentful-paint-element'])?.details,
      ),
    };
    console.log(
      `${page}: perf ${run.performance}, LCP ${Math.round(run.lcpMs)} ms (${run.lcpElement}), TBT ${Math.round(run.tbtMs)} ms, load ${load}`,
    );
    return run;
  }
  return undefined;
}

/**
 * One application through the wizard in the measuring Chromium, walked by the e2e suite's journey steps
 * (tests/e2e/support/journey.ts); at each screen, this browser's saved application (local storage) is kept, keyed
 * by the screen's path. The server's session cookie stays in the browser.
 */
async function journey(page: Page, baseUrl: string): Promise<Map<string, string>> {
  const server = { url: baseUrl };
  const saved = new Map<string, string>();
  const keep = async () =>
    saved.set(
      new URL(page.url()).pathname,
      await page.evaluate(() => JSON.stringify(Object.entries(localStorage))),
    );
  const email = walk.freshEmail('bench.lighthouse');
  await walk.getStarted(page, server, email);
  await keep();
  await walk.biodata(page);
  await keep();
  await walk.communications(page);
  await keep();
  await walk.verify(page, server, email);
  await walk.onScreen(page, '/apply/eligibility', 'Eligibility');
  await keep();
  await walk.eligibility(page);
  await keep();
  await walk.employment(page);
  await keep();
  await walk.other(page);
  await keep();
  await walk.click(page, 'Continue to Video');
  await walk.onScreen(page, '/apply/selection-video', 'Info Video');
  await keep();
  // The other addresses an email or a bookmark opens, with the storage this applicant's phone has by then; staff's
  // page is opened by someone not signed in, which is what a cold /staff is.
  const last = saved.get('/apply/selection-video')!;
  for (const path of ['/apply/confirmation', '/financial-aid-application', '/staff']) saved.set(path, last);
  return saved;
}

async function main(): Promise<void> {
  const build = clientBuild();
  const server = await startServer({ CLIENT_DIR: build.clientDir });
  const scriptless = withoutScripts(build.clientDir);
  const documentOnly = await startServer({ CLIENT_DIR: scriptless.clientDir });
  const bare = await startBarePage();
  const browser = await launchChromium();
  const runs: Run[] = [];
  const started = now();
  try {
    const pages: [string, string, string[] | undefined][] = [
      ['bare page', bare.url, undefined],
      ['/', `${server.url}/`, importClosure(build.clientDir, 'index.html', true).js],
      [NO_SCRIPT, `${documentOnly.url}/`, []],
      ['/apply', `${server.url}/apply`, importClosure(build.clientDir, 'apply.html', true).js],
    ];
    for (let round = 0; round < RUNS; round++)
      for (const [name, url, own] of pages) {
        const run = await measure(name, url, browser.port, false, own);
        if (run) runs.push(run);
      }

    const driver = SCREEN_RUNS > 0 ? await chromium.connectOverCDP(`http://127.0.0.1:${browser.port}`) : null;
    if (driver)
      try {
        const context = driver.contexts()[0];
        const page = await context.newPage();
        await page.setViewportSize({ width: 360, height: 740 });
        const saved = await journey(page, server.url);
        await page.goto(`${server.url}/robots.txt`);
        const cdp = await context.newCDPSession(page);
        for (const [path, storage] of saved)
          for (let i = 0; i < SCREEN_RUNS; i++) {
            // This browser's application as it was on that screen; the cache emptied, as on a first visit.
            await page.evaluate((entries) => {
              localStorage.clear();
              for (const [key, value] of JSON.parse(entries) as [string, string][])
                localStorage.setItem(key, value);
            }, storage);
            await cdp.send('Network.clearBrowserCache');
            const run = await measure(path, `${server.url}${path}`, browser.port, true);
            if (run) runs.push(run);
          }
        await page.close();
      } finally {
        await driver.close().catch(() => undefined);
      }
  } finally {
    browser.stop();
    await bare.stop();
    await server.stop();
    await documentOnly.stop();
    scriptless.remove();
    build.remove();
  }
  if (quick) {
    console.log('--quick: docs/performance.md left as it was');
    return;
  }
  await report(runs, started);
}

async function report(runs: Run[], started: string): Promise<void> {
  const of = (page: string) => runs.filter((r) => r.page === page);
  const m = (page: string, key: keyof Run) => median(of(page).map((r) => Number(r[key])));
  const bareLcp = m('bare page', 'lcpMs');
  const ratio = (page: string) => m(page, 'lcpMs') / bareLcp;
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const chromiumVersion = spawnSync(await chromePath(), ['--version'], { encoding: 'utf8' }).stdout.trim();
  const hostIndex = Math.round(median(runs.map((r) => r.benchmarkIndex)));

  const goalRows = ['/', '/apply'].flatMap((page) => [
    [
      `\`${page}\` performance score`,
      `${m(page, 'performance')}`,
      `≥ ${goals.performance}`,
      met(m(page, 'performance') >= goals.performance),
    ],
    [
      `\`${page}\` LCP ÷ bare page`,
      `${ratio(page).toFixed(2)}× (${s(m(page, 'lcpMs'))} ÷ ${s(bareLcp)})`,
      `≤ ${goals.lcpRatio}×`,
      met(ratio(page) <= goals.lcpRatio),
    ],
    [
      `\`${page}\` Total Blocking Time`,
      `${Math.round(m(page, 'tbtMs'))} ms`,
      `≤ ${goals.tbtMs} ms`,
      met(m(page, 'tbtMs') <= goals.tbtMs),
    ],
    [
      `\`${page}\` Cumulative Layout Shift`,
      m(page, 'cls').toFixed(3),
      `≤ ${goals.cls}`,
      met(m(page, 'cls') <= goals.cls),
    ],
    [
      `\`${page}\` JavaScript of the page, gzipped (with later screens fetched ahead: ${m(page, 'jsGzipKb').toFixed(1)} KB)`,
      `${m(page, 'jsOwnGzipKb').toFixed(1)} KB`,
      `≤ ${JS_BUDGET_KB[page]} KB`,
      met(m(page, 'jsOwnGzipKb') <= JS_BUDGET_KB[page]),
    ],
    [
      `\`${page}\` accessibility score`,
      `${m(page, 'accessibility')}`,
      `${goals.accessibility}`,
      met(m(page, 'accessibility') >= goals.accessibility),
    ],
  ]);

  const pages = [...new Set(runs.map((r) => r.page))];
  const cold = pages.filter((page) => !['bare page', '/', NO_SCRIPT, '/apply'].includes(page));
  if (cold.length) {
    const lowest = Math.min(...cold.map((page) => m(page, 'performance')));
    const highest = Math.max(...cold.map(ratio));
    const shift = Math.max(...cold.map((page) => m(page, 'cls')));
    goalRows.push(
      [
        `every other address opened cold (${cold.length}): lowest performance score`,
        `${lowest}`,
        `≥ ${coldGoals.performance}`,
        met(lowest >= coldGoals.performance),
      ],
      [
        'every other address: highest LCP ÷ bare page',
        `${highest.toFixed(2)}×`,
        `≤ ${coldGoals.lcpRatio}×`,
        met(highest <= coldGoals.lcpRatio),
      ],
      [
        'every other address: highest Cumulative Layout Shift',
        shift.toFixed(3),
        `≤ ${coldGoals.cls}`,
        met(shift <= coldGoals.cls),
      ],
    );
  }
  const pageRows = pages.map((page) => [
    page === 'bare page' || page === NO_SCRIPT ? page : `\`${page}\``,
    `${of(page).length}`,
    `${m(page, 'performance')}`,
    s(m(page, 'fcpMs')),
    s(m(page, 'lcpMs')),
    page === 'bare page' ? '1.00×' : `${ratio(page).toFixed(2)}×`,
    `${Math.round(m(page, 'tbtMs'))} ms`,
    m(page, 'cls').toFixed(3),
    `${m(page, 'jsGzipKb').toFixed(1)} KB`,
    `\`${of(page).at(-1)?.lcpElement.replace(/\|/g, '\\|') ?? ''}\``,
  ]);

  // This invocation's verdicts join those of the earlier ones (bench/history/lighthouse.json, committed), so the
  // section shows whether the goals hold from one `npm run bench` to the next, not only in one lucky run.
  const verdict = (page: string) => ({
    performance: m(page, 'performance'),
    lcpRatio: Number(ratio(page).toFixed(2)),
    tbtMs: Math.round(m(page, 'tbtMs')),
    cls: Number(m(page, 'cls').toFixed(3)),
  });
  const history: HistoryEntry[] = [
    ...readHistory(),
    {
      started,
      rounds: RUNS,
      busy: runs.some((r) => busyWarning([r.load]).length > 0),
      tools: `Lighthouse ${lighthouseVersion()}, ${chromiumVersion}`,
      benchmarkIndex: hostIndex,
      pages: { '/': verdict('/'), '/apply': verdict('/apply') },
    },
  ].slice(-10);
  mkdirSync(dirname(HISTORY), { recursive: true });
  writeFileSync(HISTORY, `${JSON.stringify(history, null, 2)}\n`);
  const holds = (v: PageVerdict) =>
    v.performance >= goals.performance &&
    v.lcpRatio <= goals.lcpRatio &&
    v.tbtMs <= goals.tbtMs &&
    v.cls <= goals.cls;
  const historyRows = history.map((h) => [
    h.started +
      (h.busy ? ' (busy)' : '') +
      ` (${h.tools ?? 'Lighthouse 12.8.2, Chromium 153'}` +
      (h.benchmarkIndex ? `; benchmark index ${h.benchmarkIndex})` : ')'),
    ...(['/', '/apply'] as const).map((page) => {
      const v = h.pages[page];
      return `${v.performance} · ${v.lcpRatio.toFixed(2)}× · ${v.tbtMs} ms · ${v.cls.toFixed(3)} · ${met(holds(v))}`;
    }),
  ]);

  writeMachineSection();
  dropSection('Landing page'); // this benchmark's section before it measured more than `/`
  writeSection(
    'Pages under Lighthouse',
    [
      ...busyWarning(runs.map((r) => r.load)),
      `Measured by \`npm run bench:landing\` (bench/landing/run.ts) on ${started}: the built app served by`,
      `\`server/main.ts\` on 127.0.0.1, Lighthouse ${lighthouseVersion()} (run by Node ${process.version}) with its mobile preset and simulated throttling`,
      `(slow 4G: 150 ms round trip, 1.6 Mbps down; 4× CPU slowdown), ${chromiumVersion}. The bare page is one heading`,
      'and nothing else, served from this machine in the same run: LCP ÷ bare page says how close a page comes to what',
      `the machine and the throttling allow. \`/\`, \`/apply\` and the bare page: medians of ${RUNS} rounds taken in turn;`,
      ...(SCREEN_RUNS > 0
        ? [
            `each other address: medians of ${SCREEN_RUNS} run(s), opened by its address with the storage a journey left on it`,
            '(`/staff` by someone not signed in).',
          ]
        : ['the other addresses were not measured in this run (`SCREEN_RUNS=0`).']),
      `Lighthouse's benchmark index of this machine (the median of the runs; higher is faster): ${hostIndex}. The 4× slowdown`,
      'is of this machine: the same build reads faster on a faster one.',
      '',
      ...table(['measure', 'median', 'goal', ''], goalRows),
      '',
      'Every page (medians; the LCP element as Lighthouse names it, from the last run):',
      '',
      ...table(
        ['page', 'runs', 'perf', 'FCP', 'LCP', 'LCP ÷ bare', 'TBT', 'CLS', 'JS gz', 'LCP element'],
        pageRows,
      ),
      '',
      'How: `/` and `/apply` are prerendered at build time (scripts/prerender.ts) with their CSS inlined, so the first',
      'response paints the page; a few inline lines (allowed by hash in the CSP) import their code once the page has',
      'loaded and painted (decision 085). React hydrates `/apply` in a transition (decision 223), and `/` in islands: the',
      'header and the hero at once, the other interactive sections as they come near the screen (decision 018).',
      "`/`'s sections below the hero are laid out as they come near the screen (`content-visibility`). The row",
      `${NO_SCRIPT} is the same page with its inline lines and modulepreload links taken out (served by a server of its`,
      'own, in the same rounds): what its document costs alone, without any script. `/apply` is Get',
      "Started: its field takes typing before any script (decision 085). Every other address is the app's shell",
      "prerendered with the page's frame and a heading that says it is opening, its CSS inlined, the app started the",
      'same way and replacing it with the screen this person may see (decision 085). The budgets count the',
      "page's own scripts (its HTML's, their static imports and its loader's imports: bench/support/closure.ts); the",
      "table's JS column counts every script loaded during the run,",
      "with the later screens' chunks `/apply` fetches once the browser is idle. Sizes gzipped at level 9 (the server",
      'sends Brotli or gzip copies made at build time).',
      '',
      'Each `npm run bench:landing` (also inside `npm run bench`), newest last: medians of its rounds for `/` and',
      '`/apply` as performance · LCP ÷ bare page · TBT · CLS, and whether all four goals were met',
      '(bench/history/lighthouse.json keeps them):',
      '',
      ...table(['run', '`/`', '`/apply`'], historyRows),
      '',
      'Before this work (issue 14, three runs, same preset): `/` 100, LCP 1,062 ms = 1.41× the bare page, TBT 26 ms;',
      '`/apply` 91–94, LCP 2,473–2,536 ms ≈ 3.3×, TBT 133–220 ms; `/apply/selection-video` 90–91, LCP ≈ 3.6×.',
      '',
      'Every run, with the load average (1, 5, 15 minutes) when it started:',
      '',
      ...table(
        ['page', 'perf', 'a11y', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'JS gz KB', 'load'],
        runs.map((r) => [
          r.page,
          `${r.performance}`,
          `${r.accessibility}`,
          `${Math.round(r.fcpMs)}`,
          `${Math.round(r.lcpMs)}`,
          `${Math.round(r.tbtMs)}`,
          r.cls.toFixed(3),
          r.jsGzipKb.toFixed(1),
          loadLabel(r.load),
        ]),
      ),
    ],
    { after: 'Machine' },
  );
  writeFileSync(join(tmpdir(), 'pages-lighthouse.json'), JSON.stringify(runs, null, 2));
  console.log(pageRows.map((r) => r.join(' | ')).join('\n'));
}

/** Removes a `## ` section from docs/performance.md, if it is there. */
function dropSection(title: string): void {
  const current = readFileSync(performanceDoc, 'utf8');
  const start = current.search(new RegExp(`^## ${title}$`, 'm'));
  if (start === -1) return;
  const rest = current.slice(start + 3);
  const next = rest.search(/^## /m);
  writeFileSync(performanceDoc, current.slice(0, start) + (next === -1 ? '' : rest.slice(next)));
}

function lighthouseVersion(): string {
  return (
    JSON.parse(readFileSync(join(root, 'node_modules/lighthouse/package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
}

await main();
