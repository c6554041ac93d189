import { startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { createActor, waitFor, type InspectionEvent, type Observer } from 'xstate';
import { currentScreen, progressOf, screenStateOf } from '../machines/application.machine';
import { createApiClient } from './api/client';
import { provideApplication } from './app/applicationActors';
import { sendFunnelBeacons } from './app/funnelBeacons';
import { ApplicationRoot } from './app/ApplicationRoot';
import {
  answeringEarlyPress,
  earlyPressHeld,
  HELD_LOOKUP_WAIT_MS,
  releaseEarlyInput,
  takeEarlyLookup,
  typedBeforeReload,
} from './app/earlyInput';
import { takeAskedEarly } from './app/askedEarly';
import { isStale, watchOtherTabs } from './app/otherTabs';
import { captureReferral, loadPersisted, savePersisted } from './app/persistence';
import { fetchScreensAhead } from './app/screensAhead';
import { registerServiceWorker } from './app/serviceWorker';
import { machineTrace } from './app/trace';
import { nextTask } from './app/nextTask';
import { readConfig } from './config';
import { paths } from '../machines/rules';

/** The Stately inspector, in development only and on request (`?inspect` or VITE_INSPECT=1). */
async function devInspector(): Promise<Observer<InspectionEvent> | undefined> {
  if (!import.meta.env.DEV) return undefined;
  if (!new URLSearchParams(location.search).has('inspect') && import.meta.env.VITE_INSPECT !== '1')
    return undefined;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  return createBrowserInspector().inspect;
}

/**
 * The browser's history, each entry committed as it comes: react-router would otherwise move in a transition, and a
 * Back pressed before the last push had committed left the committed address as it was, so the machine never heard
 * it (the screen stayed on Employment at /apply/eligibility).
 */
const AppRouter = ({ children }: { children?: ReactNode }) => (
  <BrowserRouter useTransitions={false}>{children}</BrowserRouter>
);

const root = document.getElementById('root')!;
// apply.html holds Get Started prerendered (src/app/entry-server.tsx): the app hydrates it below, or answers the press
// it held (docs/performance.md (former decision 211)).
const email = root.querySelector<HTMLInputElement>('input[name="email"]');
const api = createApiClient();
let tookOver = () => {};
// When the app has taken the prerendered page over: by hydrating Get Started, by answering the press it held, or by
// rendering another screen over it.
const takenOver = new Promise<void>((resolve) => (tookOver = resolve));
// Until then the screen must stay as prerendered (cohort still loading): the cohort is fetched now and shown once the
// app has taken over. A press held before the app came started its lookup and the cohort's then (the page's lines):
// the machine reads those answers.
const apiOverPrerendered: typeof api = {
  ...api,
  lookup: (address) => api.lookup(address, takeEarlyLookup(address)),
  currentCohort: () => {
    const answer = api.currentCohort(takeAskedEarly(paths.currentCohort));
    return takenOver.then(() => answer);
  },
};
const config = readConfig();
const actor = createActor(provideApplication(email ? apiOverPrerendered : api, config), {
  input: {
    persisted: loadPersisted(),
    referralCode: captureReferral(location.search),
    now: Date.now,
    quizTime: config.quizTime,
  },
  // The dev inspector on request; otherwise the browser tests' trace, when a test asked for it.
  inspect: (await devInspector()) ?? machineTrace(),
});
// The app's own start a part a task too, as its modules were (docs/performance.md (former decision 190)): the machine built with its effects;
// started; told the address; rendered.
await nextTask();
actor.subscribe((snapshot) => {
  // Another tab changed the application: writing this tab's older copy back would mix the two.
  if (isStale()) return;
  const screen = currentScreen(snapshot);
  savePersisted(
    snapshot.context,
    screen ? { step: screen.step, percentage: progressOf(screen.step).percentage } : null,
  );
});
// The funnel's anonymous counts of the steps before an application exists (src/app/funnelBeacons.ts).
sendFunnelBeacons(actor);
actor.start();
watchOtherTabs(() => actor.getSnapshot().context);

/** The typed email, written into the machine when it differs (what the person typed before the app took over wins). */
function keepTyped(input: HTMLInputElement): void {
  if (input.value !== actor.getSnapshot().context.form.email)
    actor.send({ type: 'FIELD.CHANGE', field: 'email', value: input.value });
}

/** The app rendered over what the page painted, which stays until this commit replaces it. */
function renderAfresh(): void {
  createRoot(root).render(<ApplicationRoot actor={actor} api={api} router={AppRouter} />);
}

/**
 * Get Started hydrated: the prerendered markup becomes the app's. A press while it hydrates is still held by the
 * page's lines, and answered once hydration is done.
 */
function hydrateGetStarted(input: HTMLInputElement): void {
  let once = false;
  const done = () => {
    if (once) return;
    once = true;
    tookOver();
    keepTyped(input); // typed while the app hydrated
    if (releaseEarlyInput()) actor.send({ type: 'SAVE' });
  };
  // In a transition React hydrates in slices, yielding to the browser between them, not in one long task
  // (docs/decisions/223-react-and-the-named-packages.md).
  startTransition(() => {
    hydrateRoot(root, <ApplicationRoot actor={actor} api={api} router={AppRouter} onHydrated={done} />);
  });
}

/**
 * Get Started was pressed before the app came: the screen it shows is about to go, so it is not hydrated
 * (hydrating it is work on a slow phone's main thread for a screen nobody will use). The machine answers the press first,
 * with the Bio Data chunk and the lookup the page's lines started, and the app renders its answer in place of the
 * held page, the button busy until then (docs/performance.md (former decision 211)).
 */
async function answerHeldPress(input: HTMLInputElement): Promise<void> {
  answeringEarlyPress();
  const nextScreen = fetchScreensAhead();
  tookOver();
  await nextScreen;
  keepTyped(input); // typed while the chunk came
  actor.send({ type: 'SAVE' });
  // A lookup still under way after HELD_LOOKUP_WAIT_MS is waited for on the app's own busy Get Started.
  await waitFor(actor, (snapshot) => !snapshot.hasTag('busy'), { timeout: HELD_LOOKUP_WAIT_MS }).catch(
    () => undefined,
  );
  // The machine moved on by itself: a new history entry, as the router pushes one (Back returns to Get Started). The
  // router is not there yet: it reads the address when it first renders.
  const path = currentScreen(actor.getSnapshot())?.path;
  if (path && path !== location.pathname) history.pushState(null, '', path + location.search);
  releaseEarlyInput();
  renderAfresh();
}

await nextTask();

// The machine starts on the prerendered screen: it hears the address now, not from the router's first effect, so
// that its first render is that markup.
if (email) actor.send({ type: 'NAVIGATE', path: location.pathname });
if (email && screenStateOf(actor.getSnapshot()) === 'getStarted') {
  // The field keeps what was typed before the scripts came; untouched, it shows the email this browser saved.
  if (!email.value) email.value = typedBeforeReload();
  if (email.value) keepTyped(email);
  else email.value = actor.getSnapshot().context.form.email;
  await nextTask();
  if (earlyPressHeld()) await answerHeldPress(email);
  else hydrateGetStarted(email);
} else {
  // Any other address (a reload on a later step), or this browser is elsewhere in its application.
  releaseEarlyInput();
  tookOver();
  // What the page painted first (the prerendered opening, or Get Started) stays until the app's first commit replaces
  // it.
  renderAfresh();
}

// A returning applicant's phone keeps the app's scripts (decision 168).
registerServiceWorker();
