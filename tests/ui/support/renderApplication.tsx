/** The whole applicant app in a test: the real routes and screens around a given application actor, in StrictMode. */
import { StrictMode, type ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { NO_RETRIES } from '../../../machines/rules';
import { createApiClient } from '../../../src/api/client';
import { App } from '../../../src/App';
import { ApplicationProvider, type ApplicationActor } from '../../../src/app/ApplicationProvider';

/** Renders the app at `path`; the API client answers through `fetch` and never retries. `probe` sits in the router. */
export function renderApplication(
  actor: ApplicationActor,
  path: string,
  fetch: () => Promise<Response>,
  probe?: ReactNode,
) {
  const api = createApiClient({ retryPolicy: NO_RETRIES, fetch });
  return render(
    <StrictMode>
      <MemoryRouter initialEntries={[path]}>
        <ApplicationProvider actor={actor}>
          <App api={api} />
        </ApplicationProvider>
        {probe}
      </MemoryRouter>
    </StrictMode>,
  );
}
