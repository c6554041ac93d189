/**
 * The charts' colours, in one place (docs/decisions/249-one-charting-library.md): the staff reports and the round
 * rehearsal's report draw with these and no other.
 */

/** Colours on white with at least 3:1 contrast, for up to four series (several cohorts side by side). */
export const SERIES_COLOURS = ['#0b3d2e', '#5b8f7c', '#8a5a00', '#5b3f8c'] as const;

/** The charts' text and axis colour. */
export const INK = '#1b1b1b';

/** The funnel's first steps, page views where no one is identified yet. */
export const ANONYMOUS_COLOUR = '#4a7a68';

/** A named series of a chart and its colour. */
export interface Series {
  name: string;
  colour: string;
}

/** The two series of the per-day and per-source charts. */
export const STARTED_SUBMITTED: readonly Series[] = [
  { name: 'Started', colour: SERIES_COLOURS[0] },
  { name: 'Submitted', colour: SERIES_COLOURS[1] },
];
