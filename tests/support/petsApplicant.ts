/**
 * The applicant and the API the throwaway pets step (tests/support/petsStep.ts) is tried with, in the chart's
 * tests and the shell's. Import it only after `machines/steps` is mocked with `withPetsStep` (a dynamic import):
 * the application rules read the list of steps when they load.
 */
import { emptyApplication } from '../../machines/applicationForm';
import { paths } from '../../machines/rules/contract';
import { NO_RETRIES } from '../../machines/rules/network';
import { screenRow } from '../../machines/screens';
import { createActor } from 'xstate';
import { createApiClient } from '../../src/api/client';
import { provideApplication } from '../../src/app/applicationActors';
import { defaultConfig } from '../../src/config';
import { employment } from './answers';

/** Where the step before the pets step is saved: employment's route. */
export const EMPLOYMENT_SAVE = paths.employment;
export const EMPLOYMENT_PATH = screenRow('employment').path;

/**
 * An applicant scored eligible, with the employment answers typed: on the employment screen, Save and continue
 * takes them to the step after it; resumed, they come back to the pets step.
 */
export const eligibleForPets = {
  started: true,
  existing: true,
  form: {
    ...emptyApplication(),
    email: 'ada@example.com',
    email_verified_at: '2026-11-20T10:00:00.000Z',
    eligibilityStatus: 'eligible' as const,
    ...employment,
  },
};

/** An API whose every save succeeds, with the posts it was sent, in order. */
export function recordingPetsApi() {
  const posts: { url: string; body: unknown }[] = [];
  const api = createApiClient({
    retryPolicy: NO_RETRIES,
    fetch: (url, init) => {
      if (init?.method === 'POST') posts.push({ url: String(url), body: JSON.parse(String(init.body)) });
      return Promise.resolve(Response.json({ message: 'Pets saved', data: null }));
    },
  });
  return { api, posts };
}

/** The app's own application chart, started for `eligibleForPets` on the recording API, reading the time from `now`. */
export function startedPetsApplicant(now: () => number) {
  const { api, posts } = recordingPetsApi();
  const actor = createActor(provideApplication(api, defaultConfig), {
    input: { persisted: eligibleForPets, now },
  }).start();
  return { api, posts, actor };
}
