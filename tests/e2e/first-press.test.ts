/**
 * `/apply`'s first press (issue 19, item 1; docs/performance.md (former decisions 140 and 194)): the scripts the press needs come in one wave of a
 * few chunks with the app, Bio Data's among them, after the largest paint or at the first tap (docs/performance.md (former decision 197)); the
 * page's styles are in it already (docs/performance.md (former decision 195)), and Bio Data follows the press without "Loading…" (docs/performance.md (former decision 196)). Timings are the bench's (bench/responsiveness/firstPress.ts);
 * this checks the order a person's phone would see. Reads the built app in dist/ (`npm run build`).
 */
import { createServer, request as forwardTo, type Server } from 'node:http';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { paths } from '../../machines/rules/contract';
import { APP_ENTRY, readViteManifest } from '../../scripts/viteManifest';
import { browser, server, serverAndBrowser } from './support/suite';

serverAndBrowser();

/**
 * A slow connection in front of the server that delivers `/apply`'s page in two parts, `pause` ms apart: everything
 * up to the end of the form first, the rest after. Every other request goes through as it is.
 */
async function pageInTwoParts(
  target: string,
  pause: number,
): Promise<{ url: string; close: () => Promise<void> }> {
  const upstream = new URL(target);
  const proxy: Server = createServer((asked, answer) => {
    const forward = forwardTo(
      {
        hostname: upstream.hostname,
        port: upstream.port,
        path: asked.url,
        method: asked.method,
        // The proxy's own host stays: the server checks a write's origin against it.
        headers: { ...asked.headers, 'accept-encoding': 'identity' },
      },
      (reply) => {
        const html = String(reply.headers['content-type']).startsWith('text/html');
        if (asked.url !== '/apply' || !html) {
          answer.writeHead(reply.statusCode ?? 502, reply.headers);
          reply.pipe(answer);
          return;
        }
        const parts: Buffer[] = [];
        reply.on('data', (part: Buffer) => parts.push(part));
        reply.on('end', () => {
          const page = Buffer.concat(parts).toString('utf8');
          const cut = page.indexOf('</form>') + '</form>'.length;
          const headers = { ...reply.headers };
          delete headers['content-length'];
          answer.writeHead(reply.statusCode ?? 200, headers);
          answer.write(page.slice(0, cut));
          setTimeout(() => answer.end(page.slice(cut)), pause);
        });
      },
    );
    asked.pipe(forward);
  });
  await new Promise<void>((listening) => proxy.listen(0, '127.0.0.1', listening));
  const { port } = proxy.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((closed) => proxy.close(() => closed())),
  };
}

describe('/apply first press', () => {
  it('asks for the Bio Data screen and the whole app together, before the app has asked the server anything', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    const order: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (/^\/assets\/.+\.js$|^\/api\//.test(path)) order.push(path.replace(/-[\w-]{8}\.js$/, '.js'));
    });
    await page.goto(`${server.url}/apply`, { waitUntil: 'load' });
    await page.getByText(/Applications are open for/).waitFor();
    const firstApiCall = order.findIndex((path) => path.startsWith('/api/'));
    expect(firstApiCall).toBeGreaterThan(0);
    const beforeTheApp = order.slice(0, firstApiCall);
    expect(beforeTheApp).toContain('/assets/BiodataScreen.js');
    // The machine, the app's shell and their libraries, in the few chunks of docs/performance.md (former decision 194).
    expect(beforeTheApp).toContain('/assets/wizard.js');
    expect(beforeTheApp).toContain('/assets/wizard-libs.js');
    // Few requests: on a 150 ms link, over HTTP/1.1's six connections, each six more cost a round trip.
    expect(beforeTheApp.length).toBeLessThanOrEqual(16);
    // The link tags are the page's own: none named in the HTML (nothing before the first paint, decision 085).
    const html = await (await fetch(`${server.url}/apply`)).text();
    expect(html).not.toMatch(/<link rel="modulepreload"/);
    await page.close();
  });

  it('starts the lookup and the cohort at a press made before the app has come, and asks the server once for each', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    const manifest = readViteManifest(resolve(import.meta.dirname, '../../dist/client'));
    const appMain = `/${manifest[APP_ENTRY]!.file}`;
    // A slow network for scripts: every one arrives 3 s late, so the press comes long before the app.
    await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
      await new Promise((done) => setTimeout(done, 3_000));
      return route.continue();
    });
    const lookups: number[] = [];
    const cohorts: number[] = [];
    let appArrived: number | undefined;
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith(paths.lookup(''))) lookups.push(Date.now());
      if (path === paths.currentCohort) cohorts.push(Date.now());
    });
    page.on('requestfinished', (request) => {
      if (new URL(request.url()).pathname === appMain) appArrived ??= Date.now();
    });
    await page.goto(`${server.url}/apply`, { waitUntil: 'load' });
    await page.getByLabel('Email address').fill(`  Early.${Date.now()}@Example.com `);
    await page.getByRole('button', { name: 'Get Started' }).click();
    await page.getByRole('heading', { level: 1, name: 'Bio Data' }).waitFor({ timeout: 60_000 });
    expect(lookups).toHaveLength(1);
    expect(appArrived).toBeDefined();
    expect(lookups[0]).toBeLessThan(appArrived!);
    expect(cohorts).toHaveLength(1);
    expect(cohorts[0]).toBeLessThan(appArrived!);
    await page.close();
  });

  it('a press before the app came: no stylesheet asked for, and Bio Data follows Get Started without "Loading…"', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    // Notes every wait behind the shell's fallback, from the first paint on: "Loading…", or the opening the app shows
    // until its first screen has come (decision 224).
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { waited: string[] }).waited = seen;
      new MutationObserver(() => {
        const fallback =
          document.querySelector('#root h1.opening') ??
          [...document.querySelectorAll('#root p.loading')].find((p) => p.textContent === 'Loading…');
        if (fallback) seen.push(document.querySelector('[data-testid="step-counter"]')?.textContent ?? '');
      }).observe(document, { childList: true, subtree: true });
    });
    await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
      await new Promise((done) => setTimeout(done, 3_000));
      return route.continue();
    });
    const styles: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') styles.push(new URL(request.url()).pathname);
    });
    await page.goto(`${server.url}/apply`, { waitUntil: 'load' });
    await page.getByLabel('Email address').fill(`styles.${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Get Started' }).click();
    await page.getByRole('heading', { level: 1, name: 'Bio Data' }).waitFor({ timeout: 60_000 });
    expect(styles).toEqual([]);
    await expect(page.evaluate(() => (window as unknown as { waited: string[] }).waited)).resolves.toEqual(
      [],
    );
    // The page still wears its styles: the button is the site's, not the browser's grey default.
    const background = await page
      .getByRole('button', { name: 'Save and continue' })
      .evaluate((b) => getComputedStyle(b).backgroundColor);
    expect(background).not.toBe('rgb(239, 239, 239)');
    await page.close();
  });

  it('asks for the app at the first tap when the browser reports no largest paint, as after an input', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    await page.addInitScript(() => {
      // Chromium reports no LCP once the person has tapped; and the page's two-second fallback never comes here.
      const observe = PerformanceObserver.prototype.observe;
      PerformanceObserver.prototype.observe = function (options?: PerformanceObserverInit) {
        if (options?.type === 'largest-contentful-paint') return;
        observe.call(this, options);
      };
      const later = window.setTimeout;
      window.setTimeout = ((handler: TimerHandler, ms?: number, ...rest: unknown[]) =>
        (ms ?? 0) >= 2_000 ? 0 : later(handler, ms, ...rest)) as typeof window.setTimeout;
    });
    await page.goto(`${server.url}/apply`, { waitUntil: 'load' });
    const entry = page.waitForRequest(/\/assets\/apply-[^/]+\.js$/, { timeout: 20_000 });
    await page.getByLabel('Email address').click();
    await entry;
    await page.getByLabel('Email address').fill(`tap.${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Get Started' }).click();
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 60_000 })
      .toBe('Bio Data');
    await page.close();
  });

  it('holds a press made while the form is shown but the rest of the page has not come', async () => {
    const slow = await pageInTwoParts(server.url, 3_000);
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    const addresses: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) addresses.push(frame.url());
    });
    try {
      await page.goto(`${slow.url}/apply`, { waitUntil: 'commit' });
      const field = page.getByLabel('Email address');
      await field.fill(`half.${Date.now()}@example.com`);
      await page.getByRole('button', { name: 'Get Started' }).click();
      // Taken at once, while the end of the page is still on its way: the button says it is working.
      await expect(page.getByRole('button', { name: 'Get Started' }).getAttribute('aria-busy')).resolves.toBe(
        'true',
      );
      await page.getByRole('heading', { level: 1, name: 'Bio Data' }).waitFor({ timeout: 60_000 });
      // Never the browser's own submission, which puts the email in the address and starts the page again.
      expect(addresses.filter((address) => address.includes('email='))).toEqual([]);
    } finally {
      await page.close();
      await slow.close();
    }
  });
});
