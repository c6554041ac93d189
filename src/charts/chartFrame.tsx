/**
 * What every chart shares (docs/decisions/249-one-charting-library.md): its size, its ticks and legend in the ink
 * colour, and the image that carries its text alternative. The table beside each chart holds every figure and is what
 * a screen reader reads; the chart itself is for the eye, so it takes no focus and has no tooltip.
 */
import type { ReactNode } from 'react';
import { INK, type Series } from './colours';

/** The widest a chart is drawn on a staff page; narrower windows draw it at their width, fonts unscaled. */
export const MAX_WIDTH = 640;

/** Axis labels: the ink colour, at a size that stays readable on a phone. */
export const TICK = { fill: INK, fontSize: 12 } as const;

/**
 * The chart's size: a fixed `width` for a static page (the rehearsal's report, rendered once); without one, the chart
 * follows its container's width up to MAX_WIDTH and is laid out again at that width, so that a 390 px window gets
 * readable labels rather than a scaled-down picture.
 */
export function chartSize(height: number, width: number | undefined) {
  return width === undefined
    ? ({ responsive: true, style: { width: '100%', maxWidth: MAX_WIDTH, height } } as const)
    : ({ width, height } as const);
}

/**
 * The chart as one image named by its text alternative; what it draws is presentational. With more than one series,
 * a legend above it says which colour is which, in ink (text needs 4.5:1, a bar 3:1). The legend is the page's own
 * HTML rather than recharts', which measures itself in the page and so has no room in a static drawing.
 */
export function ChartImage({
  description,
  series,
  children,
}: {
  description: string;
  series: readonly Series[];
  children: ReactNode;
}) {
  return (
    <div className="chart" role="img" aria-label={description}>
      {series.length > 1 && (
        <ul style={LEGEND}>
          {series.map((s) => (
            <li key={s.name}>
              <span style={{ ...SWATCH, background: s.colour }} /> {s.name}
            </li>
          ))}
        </ul>
      )}
      {children}
    </div>
  );
}

const LEGEND = {
  listStyle: 'none',
  display: 'flex',
  flexWrap: 'wrap',
  gap: '0 1rem',
  margin: '0 0 0.25rem',
  padding: 0,
  color: INK,
  fontSize: 13,
} as const;
const SWATCH = { display: 'inline-block', width: 12, height: 12, verticalAlign: 'middle' } as const;

/** What every chart is given. */
export interface FigureProps {
  /** The chart's text alternative: its main figures, and where the table with every figure is. */
  description: string;
  series: readonly Series[];
  /** A value as the chart writes it. */
  format?: (value: number) => string;
  /** A fixed width in pixels (a static page); without it the chart follows its container (chartSize above). */
  width?: number;
}

/** Recharts' key of a series in a data row (`s0`, `s1`…). */
export function seriesKey(index: number): string {
  return `s${index}`;
}

/** One data row's values, a key a series. */
export function seriesValues(values: readonly (number | null)[]): Record<string, number | null> {
  return Object.fromEntries(values.map((value, j) => [seriesKey(j), value]));
}
