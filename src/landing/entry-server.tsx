import { renderToString } from 'react-dom/server';
import {
  COHORT_PLACEHOLDERS,
  CONTACT_EMAIL_PLACEHOLDER,
  type CohortLabels,
} from '../../machines/rules/landingCohort';
import { LandingPage } from './LandingPage';

/**
 * Renders the landing page to HTML (scripts/prerender.ts, at build time): with the cohort's and the contact
 * address's placeholders, which the server fills from the cohort open now and SUPPORT_EMAIL on every answer
 * (server/landingPage.ts); the browser hydrates it.
 */
export const render = (cohort: CohortLabels = COHORT_PLACEHOLDERS): string =>
  renderToString(<LandingPage cohort={cohort} contactEmail={CONTACT_EMAIL_PLACEHOLDER} />);
