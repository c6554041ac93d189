/**
 * A page on another port of the same host (the same site, so the applicant's SameSite=Lax cookie goes with its
 * requests) tries to change a verified applicant's application in Chromium: fetch with credentials (no-cors and
 * cors), multipart and text bodies, and a real form POST. Every attempt is answered 403 and nothing changes; the
 * applicant's own requests from the site keep working.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../machines/rules/contract';
import { type SavedApplication } from '../../machines/savedApplication';
import { SERVER_MESSAGES } from '../../server/messages';
import { applicant } from '../support/answers';
import { launchBrowser } from './support/browser';
import { latestCode, startServer, type RunningServer } from './support/server';

const EMAIL = 'victim.cross-origin@example.com';
const OWN_REMINDER = '2027-03-01T09:00:00.000Z';

let server: RunningServer;
let browser: Browser;
let attacker: Server;
let attackerUrl = '';

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  // The attacker's page: blank, served from another loopback port.
  attacker = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><html lang="en"><title>Free laptops</title><h1>Free laptops</h1></html>');
  });
  await new Promise<void>((done) => attacker.listen(0, '127.0.0.1', done));
  attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((done) => attacker?.close(done));
});

/** Runs `fetch` in the page: status (0 when the browser hides it) and body text when readable. */
type Call = { path: string; json?: object; form?: Record<string, string>; pdf?: string; mode?: RequestMode };
const call = (page: Page, base: string, c: Call) =>
  page.evaluate(
    async ({ base, c }) => {
      let body: BodyInit | undefined;
      const headers: Record<string, string> = {};
      if (c.json) {
        body = JSON.stringify(c.json);
        headers['content-type'] = c.mode === 'no-cors' ? 'text/plain' : 'application/json';
      } else if (c.form) {
        const form = new FormData();
        for (const [name, value] of Object.entries(c.form)) form.append(name, value);
        if (c.pdf !== undefined)
          form.append('cv', new Blob([c.pdf], { type: 'application/pdf' }), 'replaced.pdf');
        body = form;
      }
      try {
        const res = await fetch(base + c.path, {
          method: 'POST',
          credentials: 'include',
          mode: c.mode ?? 'cors',
          headers,
          body,
        });
        return { status: res.status, text: res.type === 'opaque' ? '' : await res.text() };
      } catch {
        return { status: -1, text: '' };
      }
    },
    { base, c },
  );

describe('writes from another origin of the same site, in Chromium', () => {
  let context: BrowserContext;
  let site: Page;
  /** The server's log lines (one per answer; refusals at info) for refused writes from now on. */
  const refusalsFrom = (offset: number) =>
    server
      .output()
      .slice(offset)
      .split('\n')
      .filter((line) => line.includes('"statusCode":403'))
      .map((line) => JSON.parse(line) as { req: { method: string; url: string } });

  const saved = async (): Promise<SavedApplication> => {
    const res = await site.evaluate(
      async (url) => (await fetch(url, { credentials: 'include' })).json(),
      paths.lookup(EMAIL),
    );
    return (res as { data: SavedApplication[] }).data[0];
  };

  beforeAll(async () => {
    context = await browser.newContext();
    site = await context.newPage();
    await site.goto(`${server.url}/healthz`);
    // The victim: created, verified (the session cookie lands in this browser), a CV, a reminder, video progress.
    const created = await call(site, '', {
      path: paths.create,
      json: applicant(EMAIL, { firstname: 'Victim', lastname: 'Person' }),
    });
    expect(created.status).toBe(201);
    const token = await latestCode(server.url, EMAIL);
    expect((await call(site, '', { path: paths.verifyEmail, json: { email: EMAIL, token } })).status).toBe(
      200,
    );
    const own = [
      await call(site, '', { path: paths.uploadCv, form: { email: EMAIL }, pdf: '%PDF-1.4\nmine\n%%EOF\n' }),
      await call(site, '', { path: paths.update(EMAIL), json: { reminderDate: OWN_REMINDER } }),
      await call(site, '', {
        path: paths.update(EMAIL),
        json: { videoData: { videoProgress: 30, isVideoEnded: false, attemptCounter: 1 } },
      }),
    ];
    expect(own.map((r) => r.status)).toEqual([200, 200, 200]);
  });

  afterAll(async () => {
    await context?.close();
  });

  it('answers every attempt 403 in words and changes nothing', async () => {
    const before = await saved();
    expect(before.cv?.filename).toBeTruthy();
    expect(before.reminder_date).toBeTruthy();
    const logOffset = server.output().length;

    const evil = await context.newPage();
    await evil.goto(attackerUrl);
    const attempts: Call[] = [
      { path: paths.update(EMAIL), form: { reminderDate: '2030-01-01T00:00:00.000Z' }, mode: 'no-cors' },
      {
        path: paths.update(EMAIL),
        form: { videoData: JSON.stringify({ videoProgress: 100, isVideoEnded: true, attemptCounter: 9 }) },
        mode: 'no-cors',
      },
      { path: paths.uploadCv, form: { email: EMAIL }, pdf: '%PDF-1.4\nnot mine\n%%EOF\n', mode: 'no-cors' },
      { path: paths.uploadCv, form: { email: EMAIL }, pdf: '%PDF-1.4\nnot mine\n%%EOF\n', mode: 'cors' },
      { path: paths.update(EMAIL), form: { reminderDate: '2031-01-01T00:00:00.000Z' }, mode: 'cors' },
      {
        path: paths.other,
        json: {
          email: EMAIL,
          other: {
            key_challenge: 'x',
            leadership_experience: 'x',
            distractions: 'x',
            bootcamp_expectations: 'x',
          },
        },
        mode: 'no-cors',
      },
      {
        path: paths.submit,
        json: { email: EMAIL, agreement: true, agreement1: true, agreement2: true },
        mode: 'no-cors',
      },
    ];
    for (const attempt of attempts) await call(evil, server.url, attempt);

    // A real form, posted by the page itself: a top-level navigation to the app.
    await evil.setContent(
      `<form method="post" enctype="multipart/form-data" action="${server.url}${paths.update(EMAIL)}">
         <input name="reminderDate" value="2032-01-01T00:00:00.000Z"><button>Claim</button></form>`,
    );
    await Promise.all([evil.waitForURL(`${server.url}/**`), evil.click('button')]);
    expect(await evil.textContent('body')).toContain(SERVER_MESSAGES.crossSite);

    // The page cannot read a refused cross-origin answer; the server's log says how each one was answered.
    await expect.poll(() => refusalsFrom(logOffset).length).toBe(attempts.length + 1);
    const refused = refusalsFrom(logOffset);
    console.info(
      `cross-origin attempts in Chromium: ${attempts.length + 1} sent, ${refused.length} answered 403: ` +
        refused.map((r) => r.req.url).join(', '),
    );
    expect(refused.every((r) => r.req.method === 'POST')).toBe(true);
    expect(await saved()).toEqual(before);
    await evil.close();
  });

  it('still lets the site itself change the application', async () => {
    const res = await call(site, '', {
      path: paths.update(EMAIL),
      json: { reminderDate: '2027-04-01T09:00:00.000Z' },
    });
    expect(res.status).toBe(200);
    expect((await saved()).reminder_date).toBe('2027-04-01T09:00:00.000Z');
  });
});
