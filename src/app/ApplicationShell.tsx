import { Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { currentScreen, progressOf, screenStateOf } from '../../machines/application.machine';
import { SCREEN_TABLE, screenRow } from '../../machines/screens';
import { preloadConfirmDialog } from '../wizard/StepForm';
import { NotFoundPage } from '../components/NotFoundScreen';
import { SignOut } from '../components/SignOut';
import { useApplication } from './ApplicationProvider';
import { ErrorBoundary } from './ErrorBoundary';
import { HydrationProbe } from './hydration';
import { PREFETCH_MARK } from './chunks';
import { OfflineNotice } from '../components/OfflineNotice';
import { preloadable } from './preloadable';
import { SCREENS } from './screens';
import { isMachinePath, useRouteSync } from './useRouteSync';
import { SiteHeader } from '../components/SiteHeader';

export const FORM_TITLE = 'The Employment Bootcamp application form';

const AidReceivedDialog = preloadable(() =>
  import('../financial-aid/AidReceivedDialog').then((m) => m.AidReceivedDialog),
);

// The screens fetched ahead (their rows say so), once the browser is idle: see below.
const AHEAD = SCREEN_TABLE.filter((row) => row.prefetch).map((row) => SCREENS[row.screen]);

/** Runs `task` when the browser is idle (a timer where requestIdleCallback is missing: Safari); returns a cancel. */
function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: 5000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, 1000);
  return () => clearTimeout(id);
}

export function ApplicationShell() {
  useRouteSync();
  const location = useLocation();
  const screen = useApplication(currentScreen);
  const state = useApplication(screenStateOf);
  const aidSubmitted = (location.state as { financialAid?: boolean } | null)?.financialAid === true;

  useEffect(() => {
    // The wizard's other screens are fetched once the browser is idle after the first paint, or at the first key
    // press or tap if that comes sooner, so that the next step is there when Get Started answers. A browser asking
    // to save data (Save-Data) gets them at the first key press or tap only: someone who only looks pays nothing.
    // The mark lets bench/weight tell the first screen's code from what is fetched ahead.
    // One screen a task: each import() also adds its chunks' preload links and evaluates the screen, and seven at
    // once were one long task on a slow phone (docs/performance.md).
    const tasks = [...AHEAD.map((screen) => () => screen.preload?.()), () => preloadConfirmDialog()];
    let started = false;
    let cancel = () => {};
    const next = () => {
      const task = tasks.shift();
      if (!task) return;
      void task();
      cancel = whenIdle(next);
    };
    const ahead = () => {
      if (started) return;
      started = true;
      performance.mark?.(PREFETCH_MARK);
      next();
    };
    const saveData = (navigator as { connection?: { saveData?: boolean } }).connection?.saveData === true;
    if (!saveData) cancel = whenIdle(ahead);
    // Not focusin: the shell itself moves focus to each screen's heading.
    const events = ['keydown', 'pointerdown'] as const;
    events.forEach((type) => window.addEventListener(type, ahead, { once: true, passive: true }));
    return () => {
      cancel();
      events.forEach((type) => window.removeEventListener(type, ahead));
    };
  }, []);

  // Each screen's heading takes focus itself when it arrives (useArrivalFocus in src/wizard/ScreenHeading.tsx).
  useEffect(() => {
    if (screen) document.title = `${screen.title} – ${FORM_TITLE}`;
  }, [screen]);

  if (!isMachinePath(location.pathname)) return <NotFoundPage />;
  const row = state ? screenRow(state) : undefined;
  const Screen = row ? SCREENS[row.screen] : undefined;
  const showProgress = screen && row?.wizard;
  const progress = screen ? progressOf(screen.step) : null;

  return (
    <>
      <SiteHeader />
      <main id="main" className="shell">
        <p className="shell__title">{FORM_TITLE}</p>
        {showProgress && progress && (
          <div className="progress">
            <div
              className="progress__bar"
              role="progressbar"
              aria-label="Application progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(progress.percentage)}
              aria-valuetext={progress.counter}
            >
              <div className="progress__fill" style={{ width: `${progress.percentage}%` }} />
            </div>
            <p className="progress__text" data-testid="step-counter">
              {progress.counter}
            </p>
          </div>
        )}
        <OfflineNotice />
        {/*
          A new screen starts afresh, and one that fails says so inside the shell. 'Sign out' waits with the screen:
          shown under 'Loading…', it was pushed down the page when a lazily loaded screen came (decision 097).
        */}
        <Suspense key={state} fallback={<p className="loading">Loading…</p>}>
          {/* The screens after submission are made of cards of their own. */}
          <div className={showProgress || state === 'success' ? 'card' : undefined}>
            <ErrorBoundary frame="section">
              {Screen && <Screen />}
              <HydrationProbe />
            </ErrorBoundary>
          </div>
          <SignOut />
        </Suspense>
      </main>
      {aidSubmitted && (
        <Suspense>
          <AidReceivedDialog />
        </Suspense>
      )}
    </>
  );
}
