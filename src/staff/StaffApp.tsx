/**
 * The staff back office (/staff/*), a lazy part of the app: nothing here loads on the landing page or the wizard.
 * The session machine decides between the sign-in form and the signed-in pages.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useMemo, type ComponentType } from 'react';
import { Route, Routes, useParams } from 'react-router-dom';
import { STAFF_SCREENS, type StaffScreen } from '../../machines/rules/pages';
import { createStaffApi, type StaffApi } from './api';
import { provideSession } from './staffActors';
import { StaffContext } from './StaffContext';
import { SignInScreen } from './SignInScreen';
import { StaffHeader } from './StaffHeader';
import { QueueScreen } from './QueueScreen';
import { ApplicationScreen } from './ApplicationScreen';
import './staff.css';

/** Next and Previous change only the id: a new application is a new page, with its own machine. */
function ApplicationRoute() {
  return <ApplicationScreen key={useParams().id} />;
}

const TeamScreen = lazy(() => import('./TeamScreen').then((m) => ({ default: m.TeamScreen })));
const SelectionVideoSettingsScreen = lazy(() =>
  import('./SelectionVideoSettingsScreen').then((m) => ({ default: m.SelectionVideoSettingsScreen })),
);
const LandingWordsScreen = lazy(() =>
  import('./LandingWordsScreen').then((m) => ({ default: m.LandingWordsScreen })),
);
const CohortsScreen = lazy(() => import('./CohortsScreen').then((m) => ({ default: m.CohortsScreen })));
const SettingsScreen = lazy(() => import('./SettingsScreen').then((m) => ({ default: m.SettingsScreen })));
const AuditScreen = lazy(() => import('./AuditScreen').then((m) => ({ default: m.AuditScreen })));
const ReportsScreen = lazy(() => import('./ReportsScreen').then((m) => ({ default: m.ReportsScreen })));
const FunnelScreen = lazy(() => import('./FunnelScreen').then((m) => ({ default: m.FunnelScreen })));
const TemplatesScreen = lazy(() => import('./TemplatesScreen').then((m) => ({ default: m.TemplatesScreen })));
const CsvDecisionsScreen = lazy(() =>
  import('./CsvDecisionsScreen').then((m) => ({ default: m.CsvDecisionsScreen })),
);

/** One screen for each page of STAFF_SCREENS: the type refuses a page with no screen and a screen with no page. */
const SCREENS: Record<StaffScreen, ComponentType> = {
  team: TeamScreen,
  cohorts: CohortsScreen,
  settings: SettingsScreen,
  'selection-video': SelectionVideoSettingsScreen,
  'landing-words': LandingWordsScreen,
  audit: AuditScreen,
  funnel: FunnelScreen,
  reports: ReportsScreen,
  'decisions-csv': CsvDecisionsScreen,
  templates: TemplatesScreen,
};

export function StaffApp({ api: given }: { api?: StaffApi }) {
  const api = useMemo(() => given ?? createStaffApi(), [given]);
  const session = useActorRef(useMemo(() => provideSession(api), [api]));
  // Any call that meets a 401 ends the session here too: the sign-in form comes back.
  useEffect(() => api.onSessionLost(() => session.send({ type: 'SESSION_LOST' })), [api, session]);
  const me = useSelector(session, (s) => s.context.me);
  const signedIn = useSelector(session, (s) => s.hasTag('signedIn'));
  const checking = useSelector(session, (s) => s.hasTag('checking'));
  const env = useMemo(() => (me ? { api, me } : null), [api, me]);

  if (checking)
    return (
      <main className="staff" id="main">
        <p className="loading">Loading…</p>
      </main>
    );
  if (!signedIn || !env) return <SignInScreen session={session} />;
  return (
    <StaffContext.Provider value={env}>
      <StaffHeader session={session} />
      <main className="staff" id="main">
        <Suspense fallback={<p className="loading">Loading…</p>}>
          <Routes>
            <Route index element={<QueueScreen />} />
            <Route path="applications/:id" element={<ApplicationRoute />} />
            {STAFF_SCREENS.map((page) => {
              const Screen = SCREENS[page];
              return <Route key={page} path={page} element={<Screen />} />;
            })}
            <Route path="*" element={<p>We could not find this page.</p>} />
          </Routes>
        </Suspense>
      </main>
    </StaffContext.Provider>
  );
}
