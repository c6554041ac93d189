import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { createActor, fromPromise } from 'xstate';
import { applicationMachine } from '../../machines/application.machine';
import type { Cohort } from '../../machines/rules';
import { createApiClient } from '../api/client';
import { ApplicationRoot } from './ApplicationRoot';
import { OpeningShell } from './OpeningShell';

/**
 * Renders `/apply` (Get Started) to HTML at build time (scripts/prerender.ts): the screen a new visitor sees first,
 * with the cohort still loading, which is also where the browser's machine starts on that address. The browser
 * hydrates this markup (src/main.tsx); nothing here is sent to the server or read from storage.
 */
/** Where every Apply Now lands: the machine's route for Get Started (machines/application.machine.ts ROUTES). */
export const GET_STARTED_PATH = '/apply';

export function renderGetStarted(): string {
  const actor = createActor(
    // The cohort is the browser's to fetch: here it stays loading, as on the first frame in the browser.
    applicationMachine.provide({ actors: { loadCohort: fromPromise<Cohort>(() => new Promise(() => {})) } }),
    { input: { now: Date.now, quizTime: 0 } },
  );
  actor.start();
  actor.send({ type: 'NAVIGATE', path: GET_STARTED_PATH });
  const Router = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={GET_STARTED_PATH}>{children}</StaticRouter>
  );
  try {
    return renderToString(<ApplicationRoot actor={actor} api={createApiClient()} router={Router} />);
  } finally {
    actor.stop();
  }
}

/**
 * An address opened cold, the applicant's or staff's: the frame and the words that it is opening (OpeningShell); the
 * selection video's with its poster.
 */
export const renderOpening = (staff: boolean, poster?: string): string =>
  renderToString(<OpeningShell staff={staff} poster={poster} />);
