import { Suspense, useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { currentScreen, progressOf, screenStateOf } from '../../machines/application.machine';
import { screenRow } from '../../machines/screens';
import { NotFoundPage } from '../components/NotFoundScreen';
import { setPageTitle } from '../components/ErrorSummary';
import { SignOut } from '../components/SignOut';
import { useApplication, useApplicationActor } from './ApplicationProvider';
import { ErrorBoundary } from './ErrorBoundary';
import { Committed } from '../components/Committed';
import { HydrationProbe } from './hydration';
import { OfflineNotice } from '../components/OfflineNotice';
import { preloadable } from './preloadable';
import { SCREENS } from './screens';
import { useScreensAhead } from './screensAhead';
import { isMachinePath, useRouteSync } from './useRouteSync';
import { SiteHeader } from '../components/SiteHeader';
import { readConfig } from '../config';
import { Opening, SELECTION_VIDEO_PATH } from './Opening';

export const FORM_TITLE = 'The Employment Bootcamp application form';

const AidReceivedDialog = preloadable(() =>
  import('../financial-aid/AidReceivedDialog').then((m) => m.AidReceivedDialog),
);

export function ApplicationShell() {
  useRouteSync();
  const location = useLocation();
  const screen = useApplication(currentScreen);
  const state = useApplication(screenStateOf);
  // Until the first screen has come, the page stays as it opened (the opening, and on the video's page its poster):
  // "Loading…" in its place took the page's largest paint away and painted it again later (decision 224).
  const [screenShown, setScreenShown] = useState(false);
  const showScreen = useCallback(() => setScreenShown(true), []);
  // A sign-in counts no steps of an application (decision 227).
  const signingIn = useApplication((s) => s.context.signingIn);
  const aidSubmitted = (location.state as { financialAid?: boolean } | null)?.financialAid === true;
  useScreensAhead(useApplicationActor());

  // Each screen's heading takes focus itself when it arrives (useArrivalFocus in src/wizard/ScreenHeading.tsx).
  useEffect(() => {
    if (screen) setPageTitle(`${screen.title} – ${FORM_TITLE}`);
  }, [screen]);

  if (!isMachinePath(location.pathname)) return <NotFoundPage />;
  const row = state ? screenRow(state) : undefined;
  const Screen = row ? SCREENS[row.screen] : undefined;
  const wizardCard = screen && row?.wizard;
  const showProgress = wizardCard && !signingIn;
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
          shown under 'Loading…', it was pushed down the page when a lazily loaded screen came (decision 085).
        */}
        <Suspense
          key={state}
          fallback={
            screenShown ? (
              <p className="loading">Loading…</p>
            ) : (
              <Opening
                poster={
                  location.pathname === SELECTION_VIDEO_PATH ? readConfig().selectionVideoPoster : undefined
                }
              />
            )
          }
        >
          {/* The screens after submission are made of cards of their own. */}
          <div className={wizardCard || state === 'success' ? 'card' : undefined}>
            <ErrorBoundary frame="section">
              {Screen && <Screen />}
              {Screen && !screenShown && <Committed onCommit={showScreen} />}
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
