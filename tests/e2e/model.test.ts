/**
 * The application machine's generated paths replayed in Chromium against the built product (`npm start`'s server,
 * fresh PGlite, codes from /dev/mailbox.json). Each path runs in a fresh browser context; after every step the page
 * must show the model's screen, and at the end the server must hold what the model says was saved. The machine's
 * own trace (src/app/trace.ts) from every page then proves which states and transitions the browser took: the
 * suite fails naming every one that no path took, apart from the few listed below with the reason no browser can.
 */
import { describe, expect, it } from 'vitest';
import { applicationMachine, type ApplicationEvent } from '../../machines/application.machine';
import { stateIds, transitionKeys } from '../machines/support/graphReplay';
import { generatePaths, OWN_EMAIL, shortestPathTo, walk, type BrowserPath } from './support/browserModel';
import { DECIDING } from './support/decision';
import { covered, type TraceEntry } from './support/trace';
import { replayPath } from './support/wizardDriver';
import { browser, server, serverAndBrowser } from './support/suite';

const NO_OTHER_URL =
  'no URL but its own leads to this screen (a trailing slash is replaced at once), and the app sends NAVIGATE only for a URL that differs from the screen’s';

/** Transitions no real browser can take against the real server, each with the reason. */
const EXCLUDED: Record<string, string> = {
  'application NAVIGATE #0':
    'keeps Get Started for someone who has not started; every guarded URL they open is replaced by /apply, so Back or Forward never brings one',
  'application NAVIGATE #2': NO_OTHER_URL,
  'application NAVIGATE #4': NO_OTHER_URL,
  'application NAVIGATE #6':
    'keeps the code screen while the email is unproved; /apply/eligibility and later enter the history only once it is proved, and only a new email un-proves it, which pushes /apply/biodata and drops the forward history',
  'application NAVIGATE #10': NO_OTHER_URL,
  'application NAVIGATE #12':
    'keeps the open questions before submission; /apply/success enters the history only after it, and only a new email un-submits, which drops the forward history',
  'application NAVIGATE #14': NO_OTHER_URL,
  'application NAVIGATE #16': NO_OTHER_URL,
  'application NAVIGATE #18': NO_OTHER_URL,
  'application NAVIGATE #20': NO_OTHER_URL,
  'application.resume always #0':
    'the sign-in asked from the video page comes back to it only for an application submitted on another phone, and the model’s other-device applications are never submitted; tests/e2e/promises.test.ts walks it in Chromium (decision 243), and tests/ui/wizard.test.tsx on every generated path in jsdom',
  'application.verifyEmail.resending xstate.done.actor.sendCode #0':
    'the server refuses a new code for 120 s after the last one, by its own clock; a test can move only the browser’s clock, and waiting two minutes is not a test',
};

const ONLY_ACCEPTED =
  'the model’s staff accept every application it submits (support/wizardDriver.ts); the other standings are shown in Chromium by tests/e2e/decisions.test.ts and on every generated path in jsdom by tests/ui/wizard.test.tsx';

/** States no browser path reaches, each with the reason. */
const EXCLUDED_STATES: Record<string, string> = {
  'application.confirmation.standing.underReview': ONLY_ACCEPTED,
  'application.confirmation.standing.waitlisted': ONLY_ACCEPTED,
  'application.confirmation.standing.notSuccessful': ONLY_ACCEPTED,
  'application.confirmation.standing.withdrawn': ONLY_ACCEPTED,
};
for (const n of [1, 2, 3, 4])
  EXCLUDED[`application.confirmation.standing.known always #${n}`] = ONLY_ACCEPTED;
EXCLUDED['application.confirmation.standing WITHDRAWN #0'] =
  'the model’s applicant keeps the place to pay for it; tests/e2e/withdraw.test.ts withdraws in Chromium, and tests/ui/wizard.test.tsx on every generated path in jsdom (decision 250)';

const { paths, branches, vertices } = generatePaths();

/** The Back button after the code: the browser asks for the code screen again and the machine keeps eligibility. */
const toEligibility = shortestPathTo(
  'verified',
  (s) => s.matches({ eligibility: { answers: 'editing' } }) && s.context.form.email === OWN_EMAIL,
);
const backAfterVerifying: BrowserPath = walk('the Back button from eligibility to the code screen', [
  ...toEligibility.steps.map((s) => s.event),
  { type: 'NAVIGATE', path: '/apply/verify-email', via: 'back' } as ApplicationEvent,
]);

const traces: TraceEntry[][] = [];
const runId = Date.now().toString(36);

// A 12-second clip whose quiz comes at 2 s: the whole video plays within the test.
serverAndBrowser({ ...DECIDING, QUIZ_TIME: '2' });

describe(`the application machine's paths in Chromium (${vertices} vertices)`, () => {
  const all = [...paths, ...branches, backAfterVerifying];

  it.each(all.map((path, index) => [path.name.slice(0, 140), path, index] as const))(
    '%s',
    async (_name, path, index) => {
      const { trace } = await replayPath({ server, browser, runId }, path, index);
      traces.push(trace);
      expect(trace.length).toBeGreaterThan(0);
    },
  );

  it('took every state and every transition of the machine, bar the ones no browser can take', () => {
    expect(traces.length, 'every path ran').toBe(all.length);
    const { states, transitions } = covered(traces.flat());
    expect(stateIds(applicationMachine).filter((id) => !states.has(id) && !(id in EXCLUDED_STATES))).toEqual(
      [],
    );
    expect(Object.keys(EXCLUDED_STATES).filter((id) => states.has(id))).toEqual([]);
    const keys = transitionKeys(applicationMachine);
    expect(
      Object.keys(EXCLUDED).filter((k) => !keys.includes(k)),
      'exclusions name real transitions',
    ).toEqual([]);
    expect(
      keys.filter((k) => !transitions.has(k) && !(k in EXCLUDED)),
      'transitions no path took',
    ).toEqual([]);
    // An exclusion that a path did take is wrong about the browser: it must go.
    expect(Object.keys(EXCLUDED).filter((k) => transitions.has(k))).toEqual([]);
  });
});
