/**
 * Replays a path of the application machine in Chromium: each machine event becomes what a person does on the
 * screen (or, for an invoked actor's outcome, what the test arranges the server to answer), and after each step
 * the page must show the model's screen: URL, h1, progress bar and counter.
 */
import { privacyNoticeVersion } from '../../../machines/rules/privacy';
import { expect } from 'vitest';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { initialTransition, type AnyMachineSnapshot } from 'xstate';
import {
  applicationMachine,
  currentScreen,
  progressOf,
  screenStateOf,
  WIZARD_STEPS,
  type ApplicationMachineContext,
} from '../../../machines/application.machine';
import { API, IDEMPOTENCY_HEADER, paths } from '../../../machines/rules';
import { STANDING_MESSAGES, standingHeading } from '../../../machines/rules/standing';
import { goesToEligibilityReview } from '../../../machines/rules/eligibility';
import { screenHeading } from '../../../machines/screens';
import { standingStep } from '../../../src/after-submission/StandingScreen';
import { decide } from './decision';
import { OPTION_FULL_PAYMENT, OPTION_INSTALMENTS } from '../../../machines/rules/payments';
import { SELECTION_QUIZ } from '../../../machines/rules/quiz';
import type { RunningServer } from './server';
import { newestCode, PDF, readMailbox, shownScreen } from './screen';
import {
  OTHER_BIODATA,
  OWN_EMAIL,
  PENDING_EMAIL,
  RETURNING_EMAIL,
  serverCopy,
  taken,
  type BrowserPath,
  type ModelEvent,
} from './browserModel';
import { recordTrace, type TraceEntry } from './trace';
import { MODEL_INPUT } from '../../machines/application.model';
import { ONE_BUTTON, viewOf } from '../../support/applicationModel';

// The tests read the page and the outbox through the driver too.
export { newestCode, PDF, readMailbox, shownScreen };

type Snapshot = AnyMachineSnapshot;

/** What the page must show for a model snapshot. */
export function expectedScreen(s: Snapshot) {
  const state = screenStateOf(s)!;
  const meta = currentScreen(s as never)!;
  // Get Started opened as a sign-in is headed so, and counts no steps (decision 227).
  const signingIn = (s.context as ApplicationMachineContext).signingIn;
  const progress = WIZARD_STEPS.includes(state) && !signingIn ? progressOf(meta.step) : null;
  return {
    path: meta.path,
    // The result panel of eligibility keeps the screen's heading.
    heading:
      (state === 'confirmation' &&
        standingHeading(
          standingStep(s as never),
          (s.context as ApplicationMachineContext).standing?.cohort.name ?? '',
        )) ||
      (signingIn && state === 'getStarted' && STANDING_MESSAGES.signIn.title) ||
      screenHeading(state),
    width: progress ? `${progress.percentage}%` : null,
    counter: progress ? progress.counter : null,
  };
}

export async function expectScreenOf(page: Page, s: Snapshot, what: string): Promise<void> {
  const expected = expectedScreen(s);
  await expect.poll(() => shownScreen(page).catch(() => null), { message: what }).toEqual(expected);
}

/** The focused element: its tag and text. */
const focusedElement = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return `${element?.tagName.toLowerCase()} ${element?.textContent?.trim() ?? ''}`;
  });

/**
 * After a step that opened a new view, its h1 has focus; not behind a dialog, nor where red alerts came with the
 * view (the error summary takes focus then).
 */
export async function expectHeadingFocused(page: Page, s: Snapshot, what: string): Promise<void> {
  const { errors, errorMessage } = s.context as ApplicationMachineContext;
  if (s.hasTag('dialog') || errorMessage || Object.keys(errors).length) return;
  await expect
    .poll(() => focusedElement(page), { message: `${what}: focus` })
    .toBe(`h1 ${expectedScreen(s).heading}`);
}

/** The browser leaves these states on its own: the model's snapshot there is never on screen for long. */
export const passing = (s: Snapshot) => s.hasTag('busy');

const describe = (e: ModelEvent) =>
  e.type === 'NAVIGATE'
    ? `NAVIGATE ${e.path}`
    : e.type === 'FIELD.CHANGE'
      ? `${e.field}=${String(e.value)}`
      : e.type;

/** Events the page's machine gets from its own actors, not from the person. */
const outcomeLike = (e: ModelEvent) => e.type.startsWith('xstate.') || e.type.startsWith('UPLOAD.');

const isOutcome = (e: ModelEvent | undefined, actor: string, kind: 'done' | 'error') =>
  e?.type === `xstate.${kind}.actor.${actor}`;

const isCohortCall = (u: URL) => u.pathname === paths.currentCohort;

/** The Chromium driver's one-button events: the shared ones, and the two dialogs it answers by their button. */
const ONE_BUTTON_HERE: Partial<Record<ModelEvent['type'], string>> = {
  ...ONE_BUTTON,
  CONFIRM: 'Yes, continue',
  'DIALOG.CLOSE': 'Enter the code',
};

/** The calls that `page.route` makes fail, by the actor that makes them. */
const FAILING_CALLS: Record<string, (url: URL) => boolean> = {
  loadCohort: (u) => u.pathname === paths.currentCohort,
  lookupApplication: (u) => u.pathname.startsWith(`${API}/bootcamp/get-application/`),
  createApplication: (u) => u.pathname === paths.create,
  sendCode: (u) => u.pathname === paths.resendCode,
  saveEligibility: (u) => u.pathname === paths.eligibility,
  saveEmployment: (u) => u.pathname === paths.employment,
  submitApplication: (u) => u.pathname === paths.other,
  signOut: (u) => u.pathname === paths.signOut,
  loadStanding: (u) => u.pathname === paths.standing,
};

/**
 * The failure the server itself gives when it is busy: the rate limit's 429 with a long Retry-After, which the
 * client does not retry (a 5xx would be retried for several seconds first).
 */
export const fulfilBusy = (route: Route) =>
  route.fulfill({
    status: 429,
    headers: { 'content-type': 'application/json', 'retry-after': '60' },
    body: JSON.stringify({
      message: 'Too many requests, please try again in 60 seconds',
      data: { retryAfter: 60 },
    }),
  });

export interface Env {
  server: RunningServer;
  browser: Browser;
  /** Makes the emails of this run unique on the shared server. */
  runId: string;
}

const post = (server: RunningServer, path: string, body: unknown, cookie = '') =>
  fetch(server.url + path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [IDEMPOTENCY_HEADER]: crypto.randomUUID(),
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(body),
  });

/** Somebody's application made on another device, through the API, optionally with the email proved there. */
export async function applyElsewhere(server: RunningServer, email: string, verify: boolean): Promise<void> {
  const { referral_source, ...bio } = OTHER_BIODATA;
  const created = await post(server, paths.create, {
    ...bio,
    email,
    referred_by: '',
    communications: {
      referral_source,
      referral_detail: '',
      communication_consent: 'Yes',
      privacy_notice_version: privacyNoticeVersion(),
    },
  });
  expect(created.status, await created.clone().text()).toBe(201);
  if (!verify) return;
  const code = await newestCode(server, email);
  const verified = await post(server, paths.verifyEmail, { email, token: code });
  expect(verified.status).toBe(200);
}

/** The stored application as the browser's own session sees it. */
export async function storedApplication(server: RunningServer, context: BrowserContext, email: string) {
  const cookies = await context.cookies();
  const response = await fetch(`${server.url}${paths.lookup(email)}`, {
    headers: { cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') },
  });
  return (await response.json()) as { message: string; data: Record<string, unknown>[] };
}

export interface PathResult {
  trace: TraceEntry[];
}

/** Replays one path in a fresh browser context and checks the page after every step and the server at the end. */
export async function replayPath(env: Env, path: BrowserPath, index: number): Promise<PathResult> {
  const { server, browser } = env;
  const realEmail = (model: string) =>
    model ? `${model.split('@')[0]}.${env.runId}.${index}@example.com` : '';
  const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(10_000);
  const trace = await recordTrace(context);
  const start = initialTransition(applicationMachine, MODEL_INPUT)[0] as Snapshot;
  const usesClock = path.steps.some((s) => s.event.type === 'xstate.done.actor.otpTimer');
  // The resend countdown is two minutes: the page's clock is moved on instead of waited for.
  if (usesClock) await context.clock.install();
  const page = await context.newPage();
  const failing = new Map<string, (route: Route) => Promise<void>>();
  // Staff accept every application the model submits, through the staff API, before its browser first asks
  // where it stands (the other standings: tests/e2e/decisions.test.ts). A failing route, added later, goes first.
  let applicant = '';
  let accepted = false;
  await context.route(
    (u) => u.pathname === paths.standing,
    async (route) => {
      if (!accepted && applicant) {
        await decide(server.url, realEmail(applicant), 'ACCEPT');
        accepted = true;
      }
      await route.fallback();
    },
  );
  let cohortGate: ((route: Route) => Promise<void>) | null = null;
  const held: Route[] = [];

  const failCallsOf = async (actor: string) => {
    const handler = (route: Route) => fulfilBusy(route);
    failing.set(actor, handler);
    await context.route(FAILING_CALLS[actor], handler);
  };
  const stopFailing = async (actor: string) => {
    const handler = failing.get(actor);
    if (!handler) return;
    failing.delete(actor);
    await context.unroute(FAILING_CALLS[actor], handler);
  };

  try {
    let before: Snapshot = start;
    // The view last on screen (busy states pass without one).
    let shownView = '';
    // An outcome may come in as soon as the person's action before it: look for it from there.
    let personStart = 0;
    for (let i = 0; i < path.steps.length; i++) {
      const { event, state } = path.steps[i];
      const what = `${path.name}, step ${i + 1}: ${path.steps
        .slice(Math.max(0, i - 4), i + 1)
        .map((st) => describe(st.event))
        .join(' → ')}`;
      const stepStart = trace.length;
      if (!outcomeLike(event)) personStart = stepStart;
      // Failures the outcomes after this action need are arranged before it: one answer may trigger the next call.
      for (
        let j = i + 1;
        !outcomeLike(event) && j < path.steps.length && outcomeLike(path.steps[j].event);
        j++
      ) {
        const type = path.steps[j].event.type;
        const actor = type.slice('xstate.error.actor.'.length);
        if (type.startsWith('xstate.error.actor.') && actor in FAILING_CALLS) await failCallsOf(actor);
      }
      applicant = (before.context as ApplicationMachineContext).form.email || applicant;
      await act(event, before, state, i);
      // The machine in the page must take the event as the model does: an outcome may already have come in
      // right after the action before it.
      // Typing an answer the field already holds changes nothing, in the page or in the model's form.
      const unchanged =
        event.type === 'FIELD.CHANGE' &&
        (before.context as ApplicationMachineContext).form[event.field] === event.value;
      if (taken(before, event).transitions.length && !unchanged)
        await expect
          .poll(() => trace.slice(personStart).some((t) => t.eventType === event.type), {
            timeout: event.type === 'xstate.done.actor.videoQuiz' ? 60_000 : 10_000,
            message: `${what}: the page's machine took no ${event.type}`,
          })
          .toBe(true);
      if (event.type.startsWith('xstate.error.actor.'))
        await stopFailing(event.type.slice('xstate.error.actor.'.length));
      if (!passing(state) && !state.matches('boot')) {
        await expectScreenOf(page, state, what);
        // A failure the next step delivers may already be on the page: its red alerts have the focus then.
        const failureAhead = path.steps[i + 1]?.event.type.startsWith('xstate.error.actor.') ?? false;
        if (viewOf(state) !== shownView && !failureAhead) await expectHeadingFocused(page, state, what);
        shownView = viewOf(state);
      }
      before = state;
    }
    await expectStored(path.steps.at(-1)!.state);
  } finally {
    held.forEach((r) => void r.abort().catch(() => undefined));
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await context.close();
  }
  return { trace };

  async function act(event: ModelEvent, s: Snapshot, after: Snapshot, i: number) {
    const button = (name: string) => page.getByRole('button', { name, exact: true }).click();
    const only = ONE_BUTTON_HERE[event.type];
    if (only) return button(only);
    switch (event.type) {
      case 'NAVIGATE':
        await gateCohort(after, i);
        // The browser's Back button where the path says so; otherwise a URL typed into the address bar.
        if ('via' in event && event.via === 'back') await page.goBack();
        else await page.goto(server.url + event.path);
        return;
      case 'FIELD.CHANGE':
        return fill(event.field, event.value);
      case 'CODE.CHANGE': {
        const email = realEmail((after.context as ApplicationMachineContext).form.email);
        const verifies = path.steps.slice(i + 1).find((st) => st.event.type.includes('.actor.verifyCode'));
        const code = await newestCode(server, email);
        const right = verifies && isOutcome(verifies.event, 'verifyCode', 'done');
        const typed = right
          ? code!
          : code
            ? code.replace(/\d$/, (d) => String((Number(d) + 1) % 10))
            : '000000';
        await page.getByLabel('Enter the code').fill(typed);
        return;
      }
      case 'SAVE': {
        const label = s.matches('getStarted')
          ? s.context.signingIn
            ? 'Continue'
            : 'Get Started'
          : s.matches('verifyEmail')
            ? 'Verify email'
            : s.matches('other')
              ? 'Save & Continue'
              : 'Save and continue';
        return button(label);
      }
      case 'CANCEL':
        return button(
          s.matches({ other: 'keyInformation' })
            ? 'Edit answers'
            : s.matches({ eligibility: { cv: 'help' } })
              ? 'Cancel'
              : 'Edit',
        );
      case 'BACK':
        if (s.matches('failed'))
          return page.getByRole('link', { name: 'Back to payment options', exact: true }).click();
        return button('Back');
      case 'CV.SELECT': {
        const outcome = path.steps[i + 1]?.event.type;
        const input = page.getByLabel('Upload your CV (required)');
        if (!event.file.name.endsWith('.pdf'))
          return input.setInputFiles({
            name: 'cv.exe',
            mimeType: 'application/octet-stream',
            buffer: Buffer.from('MZ'),
          });
        // A file named .pdf that is not one: the content check refuses it.
        const buffer = outcome === 'UPLOAD.FAILED' ? Buffer.from('just some text, not a CV') : PDF;
        return input.setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer });
      }
      case 'UPLOAD.DONE':
        await page.getByText('Your CV is uploaded: cv.pdf').waitFor();
        return;
      case 'UPLOAD.FAILED':
        await page.locator('#field-cv-error').waitFor();
        return;
      case 'PAYMENT.CHOSEN':
        await choosePayment(OPTION_FULL_PAYMENT);
        await button('Later');
        return;
      case 'PAYMENT.FAILED':
        // The choice is recorded first (its dialog), then the checkout opens from the payment details.
        await choosePayment(OPTION_INSTALMENTS);
        await button('View Payment Details');
        await button('Proceed to Payment Portal');
        await button('Fail test payment');
        return;
      case 'VIDEO.SUBMITTED':
        await button('Save progress');
        await button('Yes, submit');
        await page.getByRole('heading', { name: 'Progress Saved!' }).waitFor();
        await button('OK');
        return;
      case 'REMINDER.SET':
        await page.locator('.react-calendar__navigation__next-button').click();
        await page.locator('.react-calendar__month-view__days button:not([disabled])').first().click();
        await page.locator('#reminder-time').selectOption({ index: 1 });
        await button('Set reminder');
        await page.getByText(/^We will remind you on/).waitFor();
        return;
      default:
        return outcome(event, s);
    }
  }

  async function outcome(event: ModelEvent, s: Snapshot) {
    // The browser produces the other outcomes by itself; the trace check after the step waits for them.
    if (event.type === 'xstate.done.actor.otpTimer' && usesClock) await page.clock.fastForward('04:10');
    if (event.type === 'xstate.done.actor.videoQuiz')
      await watchVideo((s.context as ApplicationMachineContext).form.isVideoEnded);
  }

  /**
   * The current cohort loads as the Get Started screen opens. When the path acts before it arrives, the test holds
   * the answer; when the path wants it to fail, the rate limit answers instead.
   */
  async function gateCohort(after: Snapshot, i: number) {
    if (cohortGate) await context.unroute(isCohortCall, cohortGate);
    cohortGate = null;
    if (!after.matches({ getStarted: 'loadingCohort' })) return;
    const next = path.steps[i + 1]?.event;
    if (isOutcome(next, 'loadCohort', 'done')) return;
    cohortGate = isOutcome(next, 'loadCohort', 'error')
      ? (route: Route) => fulfilBusy(route)
      : async (route: Route) => {
          held.push(route);
        };
    await context.route(isCohortCall, cohortGate);
  }

  async function fill(field: string, value: unknown) {
    const input = page.locator(`#field-${field}`);
    if (field === 'email') {
      const email = realEmail(String(value));
      if (value === RETURNING_EMAIL || value === PENDING_EMAIL)
        await applyElsewhere(server, email, value === RETURNING_EMAIL);
      return input.fill(email);
    }
    if (typeof value === 'boolean') return input.setChecked(value);
    const radio = page.locator(`input[type="radio"][name="${field}"][value="${String(value)}"]`);
    if (await radio.count()) return radio.check();
    if (field === 'country') {
      // Chosen with the keyboard, as the journey driver does (chooseCountry): the field keeps its focus.
      await input.fill(String(value));
      await page.getByRole('option', { name: String(value), exact: true }).waitFor();
      await input.press('Enter');
      return page.getByRole('listbox').waitFor({ state: 'hidden' });
    }
    if (field === 'exit_timeline') {
      await input.selectOption(String(value));
      return;
    }
    return input.fill(String(value));
  }

  async function choosePayment(option: string) {
    const proceed = page.getByRole('button', { name: 'Proceed to payment' });
    // The page first asks the server for a payment on record; then the banner or the cards show.
    await proceed
      .or(page.getByRole('heading', { name: 'Payment options' }))
      .first()
      .waitFor();
    if (await proceed.isVisible()) await proceed.click();
    await page.getByRole('button', { name: `Choose ${option}` }).click();
    await page.getByRole('button', { name: 'Yes proceed' }).click();
  }

  async function watchVideo(endedBefore: boolean) {
    // Watched to the end before: no quiz again, and Continue goes on at once.
    if (endedBefore) {
      await page.getByText('You have watched the whole video.').waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      return;
    }
    const video = page.locator('video');
    await video.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      // A person may pick a faster speed in the player's menu; the quiz still stops the video.
      v.playbackRate = 4;
      return v.play();
    });
    await page.getByRole('heading', { name: 'Quick quiz' }).waitFor({ timeout: 20_000 });
    for (const question of [1, 2] as const)
      await page
        .locator(`input[name="quiz-question-${question}"][value="${SELECTION_QUIZ.answers[question]}"]`)
        .check();
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.getByRole('heading', { name: 'Correct answers!' }).waitFor();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByText('You have watched the whole video.').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
  }

  /**
   * The server holds what the model says this browser saved. A path may end while its last save is still on its
   * way (it ends in a `saving` state), so the comparison is retried until that write lands or 15 s pass.
   */
  async function expectStored(last: Snapshot) {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await compareStored(last);
      } catch (error) {
        if (attempt >= 30) throw error;
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  }

  /** What the server holds for this browser, and shows to it only once the email is proved. */
  async function compareStored(last: Snapshot) {
    const c = last.context as ApplicationMachineContext;
    // A path that ends while the submission is on its way: the server's answer (submitted, or refused as incomplete)
    // is not part of the path, so the open answers and the submission are not compared.
    const inFlight = last.matches({ other: 'submitting' });
    if (!c.form.email) return;
    const email = realEmail(c.form.email);
    const stored = await storedApplication(server, context, email);
    const other = c.form.email !== OWN_EMAIL;
    // A sign-out under way ends with no session: the server then shows this browser only that the application
    // exists, never its answers.
    if (JSON.stringify(last.value).includes('"signingOut"')) {
      expect(stored.data[0], `${path.name}: signed out`).toEqual({
        exists: true,
        stage: 'submitted',
        email_verified: true,
      });
      return;
    }
    if (!other && !c.existing) {
      expect(stored.data, `${path.name}: nothing stored for ${email}`).toEqual([]);
      return;
    }
    if (!c.form.email_verified_at) {
      expect(stored.data[0], `${path.name}: a stranger sees only that it exists`).toMatchObject({
        exists: true,
      });
      return;
    }
    const expected = serverCopy(c);
    expect(stored.data[0], `${path.name}: the stored application`).toMatchObject({
      email,
      firstname: expected.firstname,
      lastname: expected.lastname,
      phone: expected.phone,
      communications: {
        referral_source: expected.communications.referral_source,
        referral_detail: expected.communications.referral_detail,
      },
      eligibility: { status: expected.eligibility.status },
      employment: {
        employment_status: expected.employment.employment_status,
        unemployment_duration: expected.employment.unemployment_duration,
        reason_for_leaving: expected.employment.reason_for_leaving,
        exit_timeline: expected.employment.exit_timeline,
        service_completion_date: expected.employment.service_completion_date,
      },
      ...(inFlight ? {} : { other: expected.other }),
    });
    // A failed instalment checkout is recorded as the instalment choice first; the model does not follow that.
    const lastPayment = path.steps.filter((st) => st.event.type.startsWith('PAYMENT.')).at(-1);
    if (lastPayment?.event.type === 'PAYMENT.CHOSEN')
      expect(stored.data[0].payment_option, `${path.name}: payment choice`).toBe(expected.payment_option);
    // A score for eligibility review submits the application on the server as it is saved (decision 008).
    const submitted = c.submitted || goesToEligibilityReview(c.form.eligibilityStatus);
    if (!inFlight) expect(Boolean(stored.data[0].submitted_at), `${path.name}: submitted`).toBe(submitted);
  }
}
