/**
 * Page weight per route, from the build: the JS and CSS that `/` and `/apply` load, gzipped (level 9) and Brotli
 * (quality 11). Two ways, both reported:
 * - the browser's: Chromium loads the page from the real server and, once the network is idle, the Performance API
 *   lists every script and stylesheet it fetched (for `/` that includes what the loader imports after `load`);
 * - the build's: the HTML's script/modulepreload/stylesheet tags and, recursively, the chunks' static imports.
 *   Chunks reachable only through `import()` are the lazy ones, listed separately.
 * Goals: the JS budgets of bench/support/budgets.ts, gzipped. Usage: `npm run bench:weight` (CLIENT_DIR to reuse a
 * build; otherwise it builds into a folder of its own).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { launchBrowser } from '../../tests/e2e/support/browser';
import { clientBuild } from '../support/build';
import { JS_BUDGET_KB } from '../support/budgets';
import { PREFETCH_MARK } from '../../src/app/chunks';
import { DYNAMIC_IMPORT, importClosure } from '../support/closure';
import { startProcess } from '../support/process';
import { loadAverage } from '../support/load';
import { met, now, table, writeMachineSection, writeSection } from '../support/report';

interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

const sizeCache = new Map<string, Sizes>();
function sizesOf(clientDir: string, asset: string): Sizes {
  const cached = sizeCache.get(asset);
  if (cached) return cached;
  const body = readFileSync(join(clientDir, asset));
  const sizes = {
    raw: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
    brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
  sizeCache.set(asset, sizes);
  return sizes;
}

const total = (clientDir: string, assets: string[]): Sizes =>
  assets.reduce(
    (sum, asset) => {
      const s = sizesOf(clientDir, asset);
      return { raw: sum.raw + s.raw, gzip: sum.gzip + s.gzip, brotli: sum.brotli + s.brotli };
    },
    { raw: 0, gzip: 0, brotli: 0 },
  );

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

interface Loaded {
  /** The first screen's scripts: fetched before the app began fetching the screens ahead. */
  js: string[];
  /** Fetched ahead while the browser was idle, after the first screen (the wizard's next screens). */
  ahead: string[];
  css: string[];
  transferred: number;
}

/** What Chromium fetched for a page until the network was idle, from the page's own Performance API. */
async function browserLoad(url: string): Promise<Loaded> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'networkidle' });
    // The landing page fetches its code after `load`; give late imports a moment to show up too.
    await page.waitForTimeout(1000);
    await page.waitForLoadState('networkidle');
    const { entries, aheadFrom } = await page.evaluate((mark) => {
      const ahead = performance.getEntriesByName(mark)[0]?.startTime ?? Infinity;
      return {
        entries: performance
          .getEntriesByType('resource')
          .map((e) => e as PerformanceResourceTiming)
          .map((e) => ({ name: e.name, transferSize: e.transferSize, startTime: e.startTime })),
        aheadFrom: ahead,
      };
    }, PREFETCH_MARK);
    await context.close();
    const assets = entries.map((e) => ({
      path: new URL(e.name).pathname,
      transferSize: e.transferSize,
      ahead: e.startTime >= aheadFrom,
    }));
    const scripts = assets.filter((a) => a.path.endsWith('.js'));
    const styles = assets.filter((a) => a.path.endsWith('.css'));
    const paths = (list: typeof assets) => [...new Set(list.map((a) => a.path))].sort();
    return {
      js: paths(scripts.filter((a) => !a.ahead)),
      ahead: paths(scripts.filter((a) => a.ahead)),
      css: paths(styles),
      transferred: [...scripts, ...styles]
        .filter((a) => !a.ahead)
        .reduce((sum, a) => sum + a.transferSize, 0),
    };
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  const build = clientBuild();
  const dir = mkdtempSync(join(tmpdir(), 'bench-weight-'));
  const load = loadAverage();
  const started = now();
  try {
    const { clientDir } = build;
    const server = await startProcess(
      'server/main.ts',
      { DATA_DIR: dir, DATABASE_URL: '', CLIENT_DIR: clientDir },
      join(dir, 'server.log'),
      '/healthz',
    );
    const routes = [
      { route: '/', html: 'index.html', withLoader: true },
      // Get Started prerendered; its loader imports the app after `load` (decision 085).
      { route: '/apply', html: 'apply.html', withLoader: true },
    ];
    const measured: { route: string; loaded: Loaded; closure: { js: string[]; css: string[] } }[] = [];
    try {
      for (const { route, html, withLoader } of routes)
        measured.push({
          route,
          loaded: await browserLoad(`${server.url}${route}`),
          closure: importClosure(clientDir, html, withLoader),
        });
    } finally {
      await server.stop();
    }

    const rows: string[][] = [];
    const shortfalls: string[] = [];
    for (const { route, loaded, closure } of measured) {
      const goal = JS_BUDGET_KB[route];
      const js = total(clientDir, loaded.js);
      const css = total(clientDir, loaded.css);
      const staticJs = total(clientDir, closure.js);
      const pass = js.gzip / 1024 <= goal;
      if (!pass)
        shortfalls.push(
          `\`${route}\` loads ${kb(js.gzip)} of JS gzipped, ${kb(js.gzip - goal * 1024)} over its ${goal} KB budget.`,
        );
      rows.push(
        [
          `\`${route}\` JS, fetched by the browser (${loaded.js.length} files)`,
          kb(js.gzip),
          kb(js.brotli),
          kb(js.raw),
          `≤ ${goal} KB`,
          met(pass),
        ],
        [
          `\`${route}\` JS, HTML tags + ${route === '/' ? 'all imports of its loader' : 'static imports'} (${closure.js.length} files)`,
          kb(staticJs.gzip),
          kb(staticJs.brotli),
          kb(staticJs.raw),
          '—',
          '',
        ],
        [
          `\`${route}\` CSS files (${loaded.css.length})${route === '/' ? '; its CSS is inlined in the HTML' : ''}`,
          kb(css.gzip),
          kb(css.brotli),
          kb(css.raw),
          '—',
          '',
        ],
        [`\`${route}\` JS + CSS as transferred by the server`, kb(loaded.transferred), '', '', '—', ''],
      );
      if (loaded.ahead.length) {
        const ahead = total(clientDir, loaded.ahead);
        rows.push([
          `\`${route}\` JS fetched ahead once idle, after the first screen (${loaded.ahead.length} files)`,
          kb(ahead.gzip),
          kb(ahead.brotli),
          kb(ahead.raw),
          '—',
          '',
        ]);
      }
    }
    const reachable = new Set(measured.flatMap((m) => m.closure.js));
    const lazy = readdirSync(join(clientDir, 'assets'))
      .filter((f) => f.endsWith('.js'))
      .map((f) => `/assets/${f}`)
      .filter((asset) => !reachable.has(asset))
      .filter((asset) => {
        // Only chunks someone actually imports lazily; anything else is not part of either page.
        const name = asset.slice('/assets/'.length);
        return readdirSync(join(clientDir, 'assets')).some(
          (f) =>
            f.endsWith('.js') &&
            [...readFileSync(join(clientDir, 'assets', f), 'utf8').matchAll(DYNAMIC_IMPORT)].some((m) =>
              m[1].endsWith(name),
            ),
        );
      });
    const apply = measured.find((m) => m.route === '/apply')!;
    const lazyRows = lazy
      .map((asset) => ({ asset, sizes: sizesOf(clientDir, asset) }))
      .sort((a, b) => b.sizes.gzip - a.sizes.gzip)
      .map(({ asset, sizes }) => [
        `\`${asset.replace(/-[\w-]{8}\.js$/, '.js')}\``,
        kb(sizes.gzip),
        kb(sizes.brotli),
        apply.loaded.js.includes(asset)
          ? 'with the first screen'
          : apply.loaded.ahead.includes(asset)
            ? 'ahead'
            : '',
      ]);

    const byFile = measured.flatMap(({ route, loaded }) =>
      [...loaded.js]
        .sort((a, b) => sizesOf(clientDir, b).gzip - sizesOf(clientDir, a).gzip)
        .map((asset) => [
          `\`${route}\``,
          `\`${asset.replace(/-[\w-]{8}\.js$/, '.js')}\``,
          kb(sizesOf(clientDir, asset).gzip),
        ]),
    );

    writeMachineSection();
    writeSection(
      'Page weight',
      [
        `Measured by \`npm run bench:weight\` (bench/weight/run.ts) on ${started} (load average ${load}) from a`,
        'fresh production build. "Fetched by the browser" is what Chromium downloaded from the real server until the',
        'network was idle (the Performance API, so it includes what the landing loader imports after `load` and the',
        'lazy chunks the first screen asks for), up to the moment `/apply` starts fetching the next screens ahead',
        '(once the browser is idle, or at the first key press; not at all under Save-Data): those are counted in a row',
        'of their own, outside the budget, which is what the first screen costs. The sizes are those files compressed',
        'here (gzip -9, Brotli q11).',
        "The second row of each page follows the build instead: the page's script and modulepreload tags and the",
        "static `import`s of those chunks, and the `import()`s of each page's loader; `/apply` without its lazy chunks.",
        '',
        ...table(['route', 'gzip', 'Brotli', 'raw', 'goal (JS, gzip)', ''], rows),
        '',
        shortfalls.length
          ? `**Short of the goals:** ${shortfalls.join(' ')}`
          : 'Both pages are within their JavaScript budgets.',
        '',
        'Where the JavaScript goes (fetched by the browser, gzipped):',
        '',
        ...table(['route', 'file', 'gzip'], byFile),
        '',
        'Lazy chunks (loaded by `import()` when a screen or dialog first needs them):',
        '',
        ...table(['chunk', 'gzip', 'Brotli', 'fetched on opening `/apply`'], lazyRows),
      ],
      { after: 'Landing page' },
    );
    console.log(JSON.stringify({ measured, shortfalls }, null, 1));
  } finally {
    rmSync(dir, { recursive: true, force: true });
    build.remove();
  }
}

await main();
