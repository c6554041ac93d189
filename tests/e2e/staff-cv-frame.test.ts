/**
 * The CV shown inline on the staff application page, once asked (src/staff/ApplicationCv.tsx), in Chromium: the staff page
 * may frame the CV route and the frame shows it (no X-Frame-Options or frame-ancestors refusal, no error page); a
 * page on another origin that frames the same URL, with the same staff cookie, is refused.
 *
 * The headless shell these tests bring has no PDF viewer (Debian's Chromium has one): a PDF in a frame becomes a download, and a download is never checked against
 * the framing headers. So the route's real answer (status, every header, the body) is handed to the frame as plain
 * text, which Chromium renders as a document and checks against those same headers, as it checks a PDF in a
 * browser with its viewer.
 */
import { createServer, type Server } from 'node:http';
import type { BrowserContext, Frame, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { paths } from '../../machines/rules/contract';
import { STAFF_COOKIE } from '../../machines/rules/staff/session';
import { staffPaths } from '../../machines/rules/staff/paths';
import { staffQueuePaths, type StaffQueuePage } from '../../machines/rules/staff/queue';
import { freePort, latestCode } from './support/server';
import { submittedApplicant } from './support/submittedApplicant';
import { browser, server, serverAndBrowser } from './support/suite';

const ADMIN = 'director@bootcamp.example';
const APPLICANT = 'amara.cv-frame-e2e@example.com';

serverAndBrowser({ STAFF_EMAILS: ADMIN });

const elsewhere: Server[] = [];
const contexts: BrowserContext[] = [];
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
  await Promise.all(elsewhere.map((s) => new Promise((done) => s.close(done))));
});

/** A one-page PDF with a line of text, its cross-reference table at the right offsets. */
function onePagePdf(text: string): Buffer {
  const stream = `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A staff session for ADMIN, signed in through the API, as a cookie in a fresh context (CSP enforced). */
async function staffContext(): Promise<BrowserContext> {
  const post = (path: string, body: object) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify(body),
    });
  expect((await post(staffPaths.signIn, { email: ADMIN })).status).toBe(200);
  const verified = await post(staffPaths.verify, {
    email: ADMIN,
    token: await latestCode(server.url, ADMIN),
  });
  const value = verified.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${STAFF_COOKIE}=`))!
    .split(';')[0]
    .slice(STAFF_COOKIE.length + 1);
  // No bypassCSP: the frame's refusals are what is tested.
  const context = await browser.newContext();
  context.setDefaultTimeout(15_000);
  contexts.push(context);
  await context.addCookies([{ name: STAFF_COOKIE, value, url: server.url }]);
  return context;
}

interface Framing {
  /** Chromium's console lines about a refused frame. */
  refusals: string[];
  /** The CV route's requests that failed, with Chromium's reason. */
  failures: string[];
  /** The CV route's real answers: status, type, the body's first bytes. */
  answers: { status: number; type: string; start: string }[];
}

/** Watches `page` for the CV at `cvPath`, handing its real answer to the frame as text (see the file's comment). */
async function watchCv(page: Page, cvPath: string): Promise<Framing> {
  const framing: Framing = { refusals: [], failures: [], answers: [] };
  page.on('console', (message) => {
    if (/frame-ancestors|X-Frame-Options|Refused to (display|frame)/i.test(message.text()))
      framing.refusals.push(message.text());
  });
  page.on('requestfailed', (request) => {
    if (new URL(request.url()).pathname === cvPath) framing.failures.push(request.failure()?.errorText ?? '');
  });
  await page.route(`**${cvPath}`, async (route) => {
    const response = await route.fetch();
    const body = await response.body();
    framing.answers.push({
      status: response.status(),
      type: response.headers()['content-type'],
      start: body.subarray(0, 8).toString('latin1'),
    });
    await route.fulfill({
      response,
      body,
      headers: { ...response.headers(), 'content-type': 'text/plain; charset=utf-8' },
    });
  });
  return framing;
}

/** The frame once it has loaded something: the CV, or Chromium's error page. */
async function loadedFrame(page: Page): Promise<Frame> {
  const framed = () =>
    page.frames().find((f) => f !== page.mainFrame() && f.url() !== '' && f.url() !== 'about:blank');
  await expect.poll(framed).toBeTruthy();
  const frame = framed()!;
  await frame.waitForLoadState('load');
  return frame;
}

describe('the inline CV on the staff application page', () => {
  it('shows the PDF in its frame on the staff page, and is refused in a frame on another origin', async () => {
    const api = await submittedApplicant(server.url, APPLICANT, { firstname: 'Amara', lastname: 'Nwosu' });
    const cv = new FormData();
    cv.append('email', APPLICANT);
    cv.append(
      'cv',
      new Blob([new Uint8Array(onePagePdf('Amara Nwosu, curriculum vitae'))], { type: 'application/pdf' }),
      'cv.pdf',
    );
    await api.call(paths.uploadCv, cv);
    const context = await staffContext();
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const queue = (await (
      await fetch(`${server.url}${staffQueuePaths.queue}?q=amara`, { headers: { cookie } })
    ).json()) as { data: StaffQueuePage };
    const id = queue.data.rows.find((row) => row.email === APPLICANT)!.id;
    const cvPath = staffPaths.cv.replace(':id', String(id));

    // The staff page frames the CV: the frame holds the document, no refusal, no error page.
    const staffPage = await context.newPage();
    const onStaffPage = await watchCv(staffPage, cvPath);
    await staffPage.goto(`${server.url}/staff/applications/${id}`);
    await staffPage.getByRole('heading', { name: 'Amara Nwosu', level: 1 }).waitFor();
    await staffPage.getByRole('button', { name: 'Show the CV on this page' }).click();
    expect(await staffPage.locator('iframe[title^="CV"]').getAttribute('src')).toBe(cvPath);
    const shown = await loadedFrame(staffPage);
    expect({
      url: shown.url(),
      text: (await shown.evaluate(() => document.body.textContent ?? '')).slice(0, 8),
      refusals: onStaffPage.refusals,
      failures: onStaffPage.failures,
      answers: onStaffPage.answers,
    }).toEqual({
      url: `${server.url}${cvPath}`,
      text: '%PDF-1.4',
      refusals: [],
      failures: [],
      answers: [{ status: 200, type: 'application/pdf', start: '%PDF-1.4' }],
    });

    // Another origin (the same host on another port, so the staff cookie goes along) frames the same URL.
    const port = await freePort();
    const other = createServer((_request, response) => {
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.end(`<!doctype html><title>Elsewhere</title><iframe src="${server.url}${cvPath}"></iframe>`);
    });
    elsewhere.push(other);
    await new Promise<void>((done) => other.listen(port, '127.0.0.1', done));
    const otherPage = await context.newPage();
    const onOtherPage = await watchCv(otherPage, cvPath);
    await otherPage.goto(`http://127.0.0.1:${port}/`);
    const refused = await loadedFrame(otherPage);
    // The CV was answered (the cookie went along), and Chromium refused to show it there.
    expect(onOtherPage.answers).toEqual([{ status: 200, type: 'application/pdf', start: '%PDF-1.4' }]);
    expect(refused.url()).toBe('chrome-error://chromewebdata/');
    expect(onOtherPage.failures).toEqual(['net::ERR_BLOCKED_BY_RESPONSE']);
    expect(onOtherPage.refusals.join('\n')).toMatch(/frame-ancestors 'self'/);
  });
});
