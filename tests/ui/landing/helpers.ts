import { act } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { cohortLabels } from '../../../machines/rules/landingCohort';
import { CohortContext } from '../../../src/landing/useCohort';
import { feeFacts, STANDARD_FEES } from '../../../machines/rules/payments';

/** A cohort as the server would fill it in (any live cohort: the page must quote whichever it is given). */
export const sampleCohort = cohortLabels({
  number: 13,
  startDate: '2026-12-10',
  applicationDeadline: '2026-12-03',
  fees: feeFacts(STANDARD_FEES),
});

/** Renders a section inside the landing page's cohort, as LandingPage does. */
export const withCohort = ({ children }: { children: ReactNode }) =>
  createElement(CohortContext, { value: sampleCohort }, children);

/** Resizes jsdom's window the way a browser does: a new innerWidth and a resize event. */
export function setViewportWidth(width: number): void {
  act(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
    window.dispatchEvent(new Event('resize'));
  });
}

/** jsdom has no matchMedia; this one answers the reduced-motion query as the test says. */
export function stubReducedMotion(reduce: boolean): () => void {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion: reduce'),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  return () => {
    window.matchMedia = original;
  };
}
