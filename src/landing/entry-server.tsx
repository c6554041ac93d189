import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import {
  COHORT_PLACEHOLDERS,
  CONTACT_EMAIL_PLACEHOLDER,
  type CohortLabels,
} from '../../machines/rules/landingCohort';
import type { LandingWords, RenderedLandingWords } from '../../machines/rules/landingWords';
import { LandingPage } from './LandingPage';
import { Faq } from './sections/Faq';
import { KeyInformation } from './sections/KeyInformation';
import { CohortContext } from './useCohort';
import { LandingWordsContext, WordsLeftOutContext } from './useLandingWords';

/**
 * Renders the landing page to HTML (scripts/prerender.ts, at build time): with the cohort's and the contact
 * address's placeholders, which the server fills from the cohort open now and SUPPORT_EMAIL on every answer
 * (server/landingPage.ts); the browser hydrates it. With `leaveWordsOut` (the build), the FAQ and the key
 * information cards are placeholders too: the server renders them from the published words (`renderLandingWords`).
 */
export const render = (
  cohort: CohortLabels = COHORT_PLACEHOLDERS,
  { leaveWordsOut = false }: { leaveWordsOut?: boolean } = {},
): string =>
  renderToString(
    <WordsLeftOutContext value={leaveWordsOut}>
      <LandingPage cohort={cohort} contactEmail={CONTACT_EMAIL_PLACEHOLDER} />
    </WordsLeftOutContext>,
  );

/**
 * The FAQ's and the key information cards' markup from `words`, quoting `cohort`: what the islands hold in a full
 * render, so the browser hydrates it as its own (decision 246). The server calls it from the SSR build
 * (dist/ssr/entry-server.js) when the published words or the cohort change.
 */
export function renderLandingWords(words: LandingWords, cohort: CohortLabels): RenderedLandingWords {
  const part = (Part: ComponentType) =>
    renderToString(
      <CohortContext value={cohort}>
        <LandingWordsContext value={words}>
          <Part />
        </LandingWordsContext>
      </CohortContext>,
    );
  return { faq: part(Faq), keyInformation: part(KeyInformation) };
}
