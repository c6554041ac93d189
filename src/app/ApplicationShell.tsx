import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { currentScreen, progressOf, type ScreenState } from '../../machines/application.machine';
import { BiodataScreen } from '../screens/BiodataScreen';
import { CommunicationsScreen } from '../screens/CommunicationsScreen';
import { EligibilityScreen } from '../screens/EligibilityScreen';
import { EmploymentScreen } from '../screens/EmploymentScreen';
import { GetStartedScreen } from '../screens/GetStartedScreen';
import { NotFoundPage } from '../screens/NotFoundScreen';
import { OtherScreen } from '../screens/OtherScreen';
import { SuccessScreen } from '../screens/SuccessScreen';
import { VerifyEmailScreen } from '../screens/VerifyEmailScreen';
import { AppDialog } from '../components/Dialog';
import { useApplication } from './ApplicationContext';
import { FailedRoute } from './FailedRoute';
import { isMachinePath, useRouteSync } from './useRouteSync';

export const FORM_TITLE = 'The Employment Bootcamp application form';

const SelectionVideoRoute = lazy(() =>
  import('./postSubmissionRoutes').then((m) => ({ default: m.SelectionVideoRoute })),
);
const ConfirmationRoute = lazy(() =>
  import('./postSubmissionRoutes').then((m) => ({ default: m.ConfirmationRoute })),
);

const SCREENS: Record<ScreenState, ComponentType> = {
  getStarted: GetStartedScreen,
  biodata: BiodataScreen,
  communications: CommunicationsScreen,
  verifyEmail: VerifyEmailScreen,
  eligibility: EligibilityScreen,
  employment: EmploymentScreen,
  other: OtherScreen,
  success: SuccessScreen,
  selectionVideo: SelectionVideoRoute,
  confirmation: ConfirmationRoute,
  failed: FailedRoute,
};

/** The wizard steps carry the progress bar; the screens after submission do not. */
const WIZARD_STEPS: readonly ScreenState[] = [
  'getStarted',
  'biodata',
  'communications',
  'verifyEmail',
  'eligibility',
  'employment',
  'other',
];

export function ApplicationShell() {
  useRouteSync();
  const location = useLocation();
  const screen = useApplication(currentScreen);
  const state = useApplication(
    (s) => (typeof s.value === 'string' ? s.value : Object.keys(s.value)[0]) as ScreenState,
  );
  const navigate = useNavigate();
  const aidSubmitted = (location.state as { financialAid?: boolean } | null)?.financialAid === true;

  useEffect(() => {
    if (!screen) return;
    document.title = `${screen.title} – ${FORM_TITLE}`;
    // A new screen: move focus to its heading so that keyboard and screen-reader users start from the top.
    document.getElementById('screen-title')?.focus({ preventScroll: false });
  }, [screen]);

  if (!isMachinePath(location.pathname)) return <NotFoundPage />;
  const Screen = SCREENS[state] as ComponentType | undefined;
  const showProgress = screen && WIZARD_STEPS.includes(state);
  const progress = screen ? progressOf(screen.step) : null;

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="shell__header">
        <a href="/">The Employment Bootcamp</a>
      </header>
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
        {/* The screens after submission are made of cards of their own. */}
        <div className={showProgress || state === 'success' ? 'card' : undefined}>
          <Suspense fallback={<p className="loading">Loading…</p>}>{Screen && <Screen />}</Suspense>
        </div>
      </main>
      <AppDialog
        open={aidSubmitted}
        title="Financial aid application received"
        description="Thank you. We will review your financial aid application and write to you by email."
        onClose={() => navigate('/', { replace: true })}
        actions={
          <a className="button" href="/">
            Go to the home page
          </a>
        }
      />
    </>
  );
}
