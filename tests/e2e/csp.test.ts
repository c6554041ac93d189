/**
 * The other browser tests bypass the CSP so that axe-core can be injected; this one does not: every page must work
 * for a real visitor under the server's Content-Security-Policy, with nothing refused and no error in the console.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { STANDING_MESSAGES } from '../../machines/rules/standing';
import { paths } from '../../machines/rules/contract';
import { STAFF_COOKIE } from '../../machines/rules/staff/session';
import { staffQueuePaths, type StaffQueuePage } from '../../machines/rules/staff/queue';
import { type StaffFunnel } from '../../machines/rules/staff/funnel';
import { E2E_ADMIN, staffCookie } from './support/decision';
import { submittedApplicant } from './support/submittedApplicant';
import { browser, server, serverAndBrowser } from './support/suite';

// A staff admin, so the staff pages can be opened signed in too.
serverAndBrowser({ STAFF_EMAILS: E2E_ADMIN });

describe('the pages under the real Content-Security-Policy', () => {
  it('the server sends a CSP that allows scripts from the site only, and the inline lines of its own pages by hash', async () => {
    const csp = (await fetch(`${server.url}/apply`)).headers.get('content-security-policy') ?? '';
    // The starters of the landing page, /apply, the prerendered app shell and staff's shell, whose wave holds the
    // back office (decision 085 and docs/performance.md (former decision 209)): four hashes, and no 'unsafe-inline'.
    expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+'){4};/);
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(csp).toContain("object-src 'none'");
  });

  it.each([
    ['/', 'THE EMPLOYMENT BOOTCAMP'],
    ['/apply', 'Get Started'],
    ['/apply/selection-video', 'Info Video'],
    // A browser that proved nothing is asked to sign in (the banner is for accepted applicants only).
    ['/apply/confirmation', STANDING_MESSAGES.signedOut.title],
    ['/financial-aid-application', 'FINANCIAL AID APPLICATION'],
    ['/test/klump-payment', 'Instalment payment test'],
    ['/somewhere-else', 'You are lost'],
  ])('%s renders and runs with no refusal or console error', async (path, heading) => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('console', (m) => {
      // The unknown page's own document answers 404 on purpose, and Chromium logs that as a console error.
      const ownNotFound = path === '/somewhere-else' && /status of 404/.test(m.text());
      if ((m.type() === 'error' && !ownNotFound) || /Content Security Policy/i.test(m.text()))
        problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
    await expect.poll(() => page.locator('h1').first().textContent()).toContain(heading);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("the wizard's funnel beacon goes without cookies and is counted; the staff pages (sign-in, queue, an application, funnel, team, audit log, CSV decisions) run with no refusal or console error", async () => {
    const email = 'csp.staff@example.com';
    await submittedApplicant(server.url, email, { firstname: 'Amina', lastname: 'Bello' });
    const cookie = await staffCookie(server.url);
    const queue = await fetch(`${server.url}${staffQueuePaths.queue}?q=${encodeURIComponent(email)}`, {
      headers: { cookie },
    });
    const id = ((await queue.json()) as { data: StaffQueuePage }).data.rows[0].id;

    const watch = (page: Page) => {
      const problems: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' || /Content Security Policy/i.test(m.text())) problems.push(m.text());
      });
      page.on('pageerror', (e) => problems.push(e.message));
      return problems;
    };
    // The wizard's anonymous beacon under the CSP: no cookie goes with it, and the funnel counts it.
    const funnelOf = async () =>
      (
        (await (await fetch(`${server.url}${staffQueuePaths.funnel}`, { headers: { cookie } })).json()) as {
          data: StaffFunnel;
        }
      ).data.steps.find((st) => st.state === 'getStarted')!.reached;
    const before = await funnelOf();
    const visitor = await browser.newContext();
    await visitor.addCookies([{ name: 'unrelated', value: 'x', url: server.url }]);
    const wizard = await visitor.newPage();
    const beacon = wizard.waitForRequest((r) => r.url().endsWith(paths.funnelStep));
    await wizard.goto(`${server.url}/apply`);
    const sent = await beacon;
    expect(JSON.parse(sent.postData() ?? '{}')).toEqual({ step: 'getStarted' });
    expect((await sent.allHeaders()).cookie).toBeUndefined();
    expect((await sent.response())?.status()).toBe(204);
    await visitor.close();
    expect(await funnelOf()).toBe(before + 1);

    const signedOut = await browser.newPage();
    const signInProblems = watch(signedOut);
    await signedOut.goto(`${server.url}/staff`, { waitUntil: 'networkidle' });
    await signedOut.getByRole('heading', { name: 'Staff sign in' }).waitFor();
    // The app asks who is signed in; the answer for nobody is a 401, which Chromium logs as a console error.
    expect(signInProblems.filter((m) => !/status of 401/.test(m))).toEqual([]);
    await signedOut.close();

    const context = await browser.newContext();
    await context.addCookies([
      { name: STAFF_COOKIE, value: cookie.split('=').slice(1).join('='), url: server.url },
    ]);
    for (const [path, heading] of [
      ['/staff', 'Applications'],
      [`/staff/applications/${id}`, 'Amina Bello'],
      ['/staff/funnel', 'Funnel'],
      ['/staff/team', 'Team'],
      ['/staff/audit', 'Audit log'],
      ['/staff/decisions-csv', 'Decisions from a CSV file'],
    ]) {
      const page = await context.newPage();
      const problems = watch(page);
      await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
      await expect.poll(() => page.locator('h1').first().textContent()).toContain(heading);
      expect(problems, path).toEqual([]);
      await page.close();
    }
    await context.close();
  });
});
