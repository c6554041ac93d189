/**
 * Sign out after submission, in Chromium against the built product: the session cookie goes, the server no longer
 * answers the owner's application to it, this browser forgets the application, and the page is the start again.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyApplication } from '../../machines/rules/application';
import {
  fromSavedApplication,
  paths,
  SESSION_COOKIE,
  type SavedApplication,
} from '../../machines/rules/contract';
import {
  APPROACH_TO_NEW_TASKS,
  EDUCATION_FOCUS,
  EMPLOYMENT_UNEMPLOYED,
  FEEDBACK_HANDLING,
  HIGHEST_QUALIFICATIONS,
  OPENNESS_TO_TOOLS,
  UNEMPLOYMENT_DURATIONS,
  WORK_DISRUPTION_FEELINGS,
  WORK_EXPERIENCE_YEARS,
} from '../../machines/rules/options';
import { KEYS } from '../../src/app/persistence';
import { axeViolations, describeViolations, launchBrowser } from './support/browser';
import { latestCode, startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** A submitted application made through the API; returns the session cookie a correct code gave. */
async function submitted(email: string): Promise<string> {
  let cookie = '';
  const call = async (path: string, body: object | FormData) => {
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }),
        origin: server.url,
      },
      body: body instanceof FormData ? body : JSON.stringify(body),
    });
    const session = response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    if (session) cookie = session.split(';')[0];
    expect(response.ok, `${path}: ${response.status} ${await response.clone().text()}`).toBe(true);
  };
  await call(paths.create, {
    firstname: 'Ada',
    middlename: '',
    lastname: 'Obi',
    gender: 'female',
    country: 'Nigeria',
    city: 'Lagos',
    email,
    phone: '+2348031234567',
    whatsapp_phone: '',
    referred_by: '',
    communications: { referral_source: 'On social media', referral_detail: '', communication_consent: 'Yes' },
  });
  await call(paths.verifyEmail, { email, token: await latestCode(server.url, email) });
  await call(paths.eligibility, {
    email,
    eligible: 'eligible',
    eligibility: {
      openness_to_tools: OPENNESS_TO_TOOLS[0].value,
      work_disruption_feelings: WORK_DISRUPTION_FEELINGS[0].value,
      feedback_handling: FEEDBACK_HANDLING[0].value,
      approach_to_new_tasks: APPROACH_TO_NEW_TASKS[0].value,
      education_focus: EDUCATION_FOCUS[0].value,
      highest_qualification: HIGHEST_QUALIFICATIONS[1].value,
    },
  });
  const cv = new FormData();
  cv.append('email', email);
  cv.append('cv', new Blob([PDF], { type: 'application/pdf' }), 'ada-cv.pdf');
  await call(paths.uploadCv, cv);
  await call(paths.employment, {
    email,
    employment: {
      employment_status: EMPLOYMENT_UNEMPLOYED,
      unemployment_duration: UNEMPLOYMENT_DURATIONS[0].value,
      work_experience_years: WORK_EXPERIENCE_YEARS[1].value,
      service_completion_date: '',
      reason_for_leaving: '',
      exit_timeline: '',
      job_urgency: 8,
    },
  });
  await call(paths.other, {
    email,
    other: {
      key_challenge: 'Staying consistent on my own.',
      leadership_experience: 'I led my final-year project team.',
      distractions: 'I plan my day.',
      bootcamp_expectations: 'A job I am proud of.',
    },
  });
  await call(paths.submit, { email, agreement: true, agreement1: true, agreement2: true });
  return cookie;
}

const lookup = async (email: string, cookie: string) =>
  (await (await fetch(`${server.url}${paths.lookup(email)}`, { headers: { cookie } })).json()) as {
    data: (SavedApplication | { exists: true })[];
  };

describe('sign out after submission', () => {
  it('ends the session, forgets the application in this browser and shows the start', async () => {
    const email = `ada.signout.${Date.now()}@example.com`;
    const cookie = await submitted(email);
    const owned = await lookup(email, cookie);
    expect((owned.data[0] as SavedApplication).firstname).toBe('Ada');

    const context = await browser.newContext({ bypassCSP: true, viewport: { width: 360, height: 800 } });
    await context.addCookies([
      {
        name: SESSION_COOKIE,
        value: cookie.slice(SESSION_COOKIE.length + 1),
        url: server.url,
        httpOnly: true,
        sameSite: 'Lax',
      },
    ]);
    const page = await context.newPage();
    // The app's saved state, as the wizard leaves it after submitting.
    await page.goto(`${server.url}/robots.txt`);
    await page.evaluate(
      (items) => items.forEach(([key, value]) => localStorage.setItem(key, JSON.stringify(value))),
      [
        [KEYS.form, fromSavedApplication(owned.data[0] as SavedApplication, emptyApplication())],
        [KEYS.started, true],
        [KEYS.existing, true],
        [KEYS.submitted, true],
      ] as [string, unknown][],
    );
    await page.goto(`${server.url}/apply/success`);
    await page
      .getByRole('heading', { level: 1, name: 'Well done for submitting your application' })
      .waitFor();
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);

    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/apply');
    await page.getByRole('heading', { level: 1, name: 'Get Started' }).waitFor();
    // The cookie is gone from the browser, and the old one no longer proves anything to the server.
    expect((await context.cookies()).filter((c) => c.name === SESSION_COOKIE)).toEqual([]);
    expect((await lookup(email, cookie)).data[0]).toEqual({
      exists: true,
      stage: 'submitted',
      email_verified: true,
    });
    // Nothing of the application is left in this browser.
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
    expect(stored).not.toContain(email);
    expect(stored).not.toContain('Obi');
    // The screens after submission are closed to this browser now.
    await page.goto(`${server.url}/apply/success`);
    await page.waitForURL((url) => url.pathname === '/apply');
    await page.getByRole('heading', { level: 1, name: 'Get Started' }).waitFor();
    await context.close();
  });
});
