import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { createActor, type InspectionEvent, type Observer } from 'xstate';
import { currentScreen, progressOf } from '../machines/application.machine';
import { createApiClient } from './api/client';
import { App } from './App';
import { ApplicationProvider } from './app/ApplicationContext';
import { ErrorBoundary } from './app/ErrorBoundary';
import { APPLICATION_SYSTEM_ID, provideApplication } from './app/applicationActors';
import { OtherTabNotice } from './app/OtherTabNotice';
import { isStale, watchOtherTabs } from './app/otherTabs';
import { captureReferral, loadPersisted, savePersisted } from './app/persistence';
import { machineTrace } from './app/trace';
import { readConfig } from './config';
import './styles/app.css';

/** The Stately inspector, in development only and on request (`?inspect` or VITE_INSPECT=1). */
async function devInspector(): Promise<Observer<InspectionEvent> | undefined> {
  if (!import.meta.env.DEV) return undefined;
  if (!new URLSearchParams(location.search).has('inspect') && import.meta.env.VITE_INSPECT !== '1')
    return undefined;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  return createBrowserInspector().inspect;
}

const api = createApiClient();
const config = readConfig();
const actor = createActor(provideApplication(api, config), {
  systemId: APPLICATION_SYSTEM_ID,
  input: {
    persisted: loadPersisted(),
    referralCode: captureReferral(location.search),
    now: Date.now,
    quizTime: config.quizTime,
  },
  // The dev inspector on request; otherwise the browser tests' trace, when a test asked for it.
  inspect: (await devInspector()) ?? machineTrace(),
});
actor.subscribe((snapshot) => {
  // Another tab changed the application: writing this tab's older copy back would mix the two.
  if (isStale()) return;
  const screen = currentScreen(snapshot);
  savePersisted(
    snapshot.context,
    screen ? { step: screen.step, percentage: progressOf(screen.step).percentage } : null,
  );
});
actor.start();
watchOtherTabs(() => actor.getSnapshot().context);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ErrorBoundary frame="page">
      <BrowserRouter>
        <ApplicationProvider actor={actor}>
          <App api={api} />
          <OtherTabNotice />
        </ApplicationProvider>
      </BrowserRouter>
    </ErrorBoundary>
  </StrictMode>,
);
