import { StrictMode, type ComponentType, type ReactNode } from 'react';
import type { ApiClient } from '../api/client';
import { App } from '../App';
import { ApplicationProvider, type ApplicationActor } from './ApplicationProvider';
import { ErrorBoundary } from './ErrorBoundary';
import { HydratedContext } from './hydration';
import { OtherTabNotice } from './OtherTabNotice';

/**
 * The whole app around a router: the browser's (src/main.tsx) or, when the build prerenders Get Started
 * (src/app/entry-server.tsx), a static one. Both render this same tree, so the browser hydrates the markup.
 */
export function ApplicationRoot({
  actor,
  api,
  router: Router,
  onHydrated = null,
}: {
  actor: ApplicationActor;
  api: ApiClient;
  router: ComponentType<{ children: ReactNode }>;
  /** Hydrating the prerendered page: called once it is done (src/app/hydration.tsx). */
  onHydrated?: (() => void) | null;
}) {
  return (
    <StrictMode>
      <ErrorBoundary frame="page">
        <Router>
          <HydratedContext value={onHydrated}>
            <ApplicationProvider actor={actor}>
              <App api={api} />
              <OtherTabNotice />
            </ApplicationProvider>
          </HydratedContext>
        </Router>
      </ErrorBoundary>
    </StrictMode>
  );
}
