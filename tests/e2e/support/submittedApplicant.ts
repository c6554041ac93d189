/**
 * An applicant who has submitted, made through the API the way the wizard makes it (the wizard itself is proven by
 * wizard.test.ts), and a browser of theirs: their session cookie and the local storage the app writes
 * (src/app/persistence.ts). Tests of what comes after submission start here.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { emptyApplication } from '../../../machines/applicationForm';
import { fromSavedApplication, type SavedApplication } from '../../../machines/savedApplication';
import { paths, SESSION_COOKIE } from '../../../machines/rules/contract';
import { type CreatePayload } from '../../../machines/steps/communications';
import { KEYS } from '../../../src/app/persistence';
import { agreed, applicant, eligibility, employment, other, TINY_PDF } from '../../support/answers';
import { latestCode } from './server';

/** The API as the applicant's browser uses it (same origin), with their session cookie once they have one. */
export function apiClient(base: string, email: string) {
  let cookie = '';
  const call = async (path: string, body?: object | FormData) => {
    const response = await fetch(`${base}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: {
        origin: base,
        ...(cookie ? { cookie } : {}),
        ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
      },
      body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
    });
    const session = response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    if (session) cookie = session.split(';')[0];
    const answer = (await response.json()) as { message: string; data: unknown };
    if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(answer)}`);
    return answer;
  };
  return {
    call,
    /** The session token alone, as a browser cookie's value. */
    session: () => cookie.slice(SESSION_COOKIE.length + 1),
    saved: async () => ((await call(paths.lookup(email))).data as SavedApplication[])[0],
  };
}

export type ApplicantApi = ReturnType<typeof apiClient>;

/** A complete, submitted application with a PDF CV; `overrides` change the first form (a name, say). */
export async function submittedApplicant(
  base: string,
  email: string,
  overrides: Partial<CreatePayload> = {},
): Promise<ApplicantApi> {
  const api = apiClient(base, email);
  await api.call(paths.create, applicant(email, overrides));
  await api.call(paths.verifyEmail, { email, token: await latestCode(base, email) });
  await api.call(paths.eligibility, { email, eligible: 'eligible', eligibility: eligibility() });
  const cv = new FormData();
  cv.append('email', email);
  cv.append('cv', new Blob([TINY_PDF], { type: 'application/pdf' }), 'cv.pdf');
  await api.call(paths.uploadCv, cv);
  await api.call(paths.employment, { email, employment });
  await api.call(paths.other, { email, other });
  await api.call(paths.submit, { email, ...agreed });
  return api;
}

/** A submitted application for each first name, at `firstname.lastname@example.com`, one after the other (each
 * run of the wizard's calls sends its own code). */
export async function submittedApplicants(base: string, firstnames: readonly string[], lastname: string) {
  for (const firstname of firstnames)
    await submittedApplicant(base, `${firstname.toLowerCase()}.${lastname.toLowerCase()}@example.com`, {
      firstname,
      lastname,
    });
}

/**
 * A browser (a device) of that applicant: a new context with their session cookie and what the app keeps in local
 * storage, on a page of the site from which the test goes where it needs.
 */
export async function applicantDevice(
  browser: Browser,
  base: string,
  api: ApplicantApi,
  viewport = { width: 1280, height: 800 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ bypassCSP: true, viewport });
  await context.addCookies([
    { name: SESSION_COOKIE, value: api.session(), url: base, httpOnly: true, sameSite: 'Lax' },
  ]);
  const page = await context.newPage();
  const saved = await api.saved();
  // Local storage belongs to the origin: set it from a page of the site, before the app first loads.
  await page.goto(`${base}/robots.txt`);
  await page.evaluate(
    (items) => items.forEach(([key, value]) => localStorage.setItem(key, JSON.stringify(value))),
    [
      [KEYS.form, fromSavedApplication(saved, emptyApplication())],
      [KEYS.started, true],
      [KEYS.existing, true],
      [KEYS.submitted, true],
    ] as [string, unknown][],
  );
  return { context, page };
}
