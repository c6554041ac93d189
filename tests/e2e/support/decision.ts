/**
 * Staff decisions in end-to-end tests, made the way staff make them: an admin signs in with the emailed code and
 * sends the event through the staff API (the review chart, the event row, the decision email). Servers started
 * with `DECIDING` let the applicant see a decision, and its email leave, at once (DECISION_UNDO_SECONDS=0) instead
 * of after 5 minutes.
 */
import { paths } from '../../../machines/rules/contract';
import { STAFF_COOKIE } from '../../../machines/rules/staff/session';
import { staffPaths } from '../../../machines/rules/staff/paths';
import { staffQueuePaths, type StaffQueuePage } from '../../../machines/rules/staff/queue';
import { isReviewStatus, reviewMeta } from '../../../machines/review.machine';
import { expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { latestCode, type MailboxEntry } from './server';
import { submittedApplicant, type ApplicantApi } from './submittedApplicant';
import { contextOpener, server } from './suite';
import type { CreatePayload } from '../../../machines/steps/communications';

export const E2E_ADMIN = 'admissions@bootcamp.example';
/** The environment of a server whose staff can decide and whose decisions reach the applicant at once. */
export const DECIDING = {
  STAFF_EMAILS: E2E_ADMIN,
  DECISION_UNDO_SECONDS: '0',
  // The decision emails' worker polls this often (it shares the reminders' interval).
  REMINDER_POLL_MS: '300',
} as const;

/** A deciding server with the programme's bank account, and no location look-up: the payment options follow the form. */
export const BANKED = {
  ...DECIDING,
  GEO_FIXED_COUNTRY: '',
  GEO_API_URL: '',
  BANK_NAME: 'Example Bank',
  BANK_ACCOUNT_NAME: 'The Employment Bootcamp Ltd',
  BANK_ACCOUNT_NUMBER: '1234567890',
} as const;

const sessions = new Map<string, string>();
const DECIDED = { ACCEPT: 'accepted', WAITLIST: 'waitlisted', REJECT: 'rejected' } as const;

/**
 * A signed-in staff session of `email` on `base`: E2E_ADMIN (the server must name it in STAFF_EMAILS), or a team
 * member an admin added.
 */
export async function staffCookie(base: string, email = E2E_ADMIN): Promise<string> {
  const key = `${base} ${email}`;
  const known = sessions.get(key);
  if (known) return known;
  const post = (path: string, body: object) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify(body),
    });
  const asked = await post(staffPaths.signIn, { email });
  if (!asked.ok) throw new Error(`staff sign-in: ${asked.status} ${await asked.text()}`);
  const verified = await post(staffPaths.verify, {
    email,
    token: await latestCode(base, email),
  });
  const cookie = verified.headers.getSetCookie().find((c) => c.startsWith(`${STAFF_COOKIE}=`));
  if (!verified.ok || !cookie) throw new Error(`staff verify: ${verified.status} ${await verified.text()}`);
  sessions.set(key, cookie.split(';')[0]);
  return sessions.get(key)!;
}

/** Signs a browser context in as `email` on `base`: the staff session's cookie, as the sign-in would set it. */
export async function signInStaff(context: BrowserContext, base: string, email = E2E_ADMIN): Promise<void> {
  const cookie = await staffCookie(base, email);
  await context.addCookies([{ name: STAFF_COOKIE, value: cookie.slice(STAFF_COOKIE.length + 1), url: base }]);
}

/**
 * Opens staff pages for the file that calls it while it is being loaded: each call answers the page of a fresh
 * context at 1280 × 900 (closed after the file, as contextOpener's are) signed in as `email` on the file's server.
 */
export function staffPageOpener(): (email?: string) => Promise<Page> {
  const open = contextOpener();
  return async (email = E2E_ADMIN) => {
    const { context, page } = await open();
    await signInStaff(context, server.url, email);
    return page;
  };
}

/** E2E_ADMIN adds `email` to the team as `role`, through the team API as the team screen does; the server's answer. */
export async function addTeamMember(base: string, email: string, role: 'reviewer' | 'admin' = 'reviewer') {
  return fetch(`${base}${staffPaths.team}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, cookie: await staffCookie(base) },
    body: JSON.stringify({ email, role }),
  });
}

/** The staff queue's row of the application of `email`, as E2E_ADMIN's search for the address finds it. */
async function queueRow(base: string, email: string): Promise<StaffQueuePage['rows'][number]> {
  const queue = await fetch(`${base}${staffQueuePaths.queue}?q=${encodeURIComponent(email)}`, {
    headers: { cookie: await staffCookie(base) },
  });
  const page = ((await queue.json()) as { data: StaffQueuePage }).data;
  const row = page.rows.find((r) => r.email?.toLowerCase() === email.toLowerCase());
  if (!row) throw new Error(`the staff queue does not list ${email}`);
  return row;
}

/** Opens the staff page of the application of `email` in `page` (signed in) and waits for `name` to head it. */
export async function openApplicationPage(
  page: Page,
  base: string,
  email: string,
  name: string,
): Promise<void> {
  await page.goto(`${base}/staff/applications/${(await queueRow(base, email)).id}`);
  await page.getByRole('heading', { name, level: 1 }).waitFor({ timeout: 30_000 });
}

/** A fresh context of `browser` signed in as E2E_ADMIN, on the staff page of the application of `email`; its page. */
export async function adminOnApplication(
  browser: Browser,
  base: string,
  email: string,
  name: string,
): Promise<Page> {
  const context = await browser.newContext({ bypassCSP: true });
  await signInStaff(context, base);
  const page = await context.newPage();
  await openApplicationPage(page, base, email, name);
  return page;
}

/** An admin accepts, waitlists or rejects the submitted application of `email`, through the staff API. */
export async function decide(
  base: string,
  email: string,
  event: 'ACCEPT' | 'WAITLIST' | 'REJECT' = 'ACCEPT',
): Promise<void> {
  const cookie = await staffCookie(base);
  const row = await queueRow(base, email);
  // Already decided so, or past it (accepted, then paid on a second device): nothing to do.
  if (isReviewStatus(row.status) && reviewMeta(row.status).standing === reviewMeta(DECIDED[event]).standing)
    return;
  const decided = await fetch(`${base}${staffPaths.events.replace(':id', String(row.id))}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ type: event }),
  });
  if (!decided.ok) throw new Error(`${event} ${email}: ${decided.status} ${await decided.text()}`);
}

/** The decision email sent to `to` once its window is over (the outbox's worker polls; this waits for it). */
export async function decisionEmail(base: string, to: string, subject: RegExp, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = (await (await fetch(`${base}/dev/mailbox.json`)).json()) as MailboxEntry[];
    const mail = mails.find((m) => m.to.toLowerCase().includes(to.toLowerCase()) && subject.test(m.subject));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no decision email for ${to}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The subject of each decision's email (server/mail/templates.ts). */
const DECISION_SUBJECT = {
  ACCEPT: /accepted/i,
  WAITLIST: /waitlist/i,
  REJECT: /^Your application to/,
} as const;

/** An applicant who has submitted and been decided by an admin, once the decision's email has left. */
export async function decidedApplicant(
  base: string,
  email: string,
  event: 'ACCEPT' | 'WAITLIST' | 'REJECT' = 'ACCEPT',
  overrides: Partial<CreatePayload> = {},
): Promise<ApplicantApi> {
  const applicant = await submittedApplicant(base, email, overrides);
  await decide(base, email, event);
  await decisionEmail(base, email, DECISION_SUBJECT[event]);
  return applicant;
}

/**
 * An applicant accepted as decidedApplicant makes them, who has then chosen `option` on their confirmation page
 * (with `data`, the aid form, when the option is financial aid), through the API as the page sends it.
 */
export async function acceptedAndChose(
  base: string,
  email: string,
  overrides: Partial<CreatePayload>,
  option: string,
  data?: object,
): Promise<ApplicantApi> {
  const applicant = await decidedApplicant(base, email, 'ACCEPT', overrides);
  await applicant.call(paths.misc, {
    email,
    misc: { column_name: 'Financial Info', payment_option: option, ...(data ? { data } : {}) },
  });
  return applicant;
}

/** An application's staff page once its scorecards, which it asks for after the page has come, are shown. */
export async function scorecardsShown(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^(Save|Update) my score$/ }).waitFor();
}

/**
 * Opens a back-office section as a person does: signed in as E2E_ADMIN, `/staff`, then its link in the Staff
 * navigation. With `heading`, also waits for the focus to reach the section's heading, as each new screen moves it.
 */
export async function openStaffSection(
  { context, page }: { context: BrowserContext; page: Page },
  base: string,
  link: string,
  heading?: string,
): Promise<void> {
  await signInStaff(context, base);
  await page.goto(`${base}/staff`);
  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: link }).click();
  if (heading !== undefined)
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(heading);
}
