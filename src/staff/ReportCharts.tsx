/**
 * The reports' charts, hand-written SVG (docs/decisions/063-the-funnel.md): no chart library in any bundle. Each
 * chart is an image with a text alternative that states its main figures; the table beside it holds every figure
 * and is what a screen reader reads. This file holds what they share and the bar chart.
 */

/** Colours on white with at least 3:1 contrast, for up to four series (several cohorts side by side). */
export const SERIES_COLOURS = ['#0b3d2e', '#5b8f7c', '#8a5a00', '#5b3f8c'] as const;

export interface Series {
  name: string;
  colour: string;
}

/** The charts' text and axis colour. */
export const INK = '#1b1b1b';
const LABEL_WIDTH = 200;
const BAR_SPACE = 360;

/** Which colour is which series, along the top of a chart. */
export function Legend({ series, y }: { series: readonly Series[]; y: number }) {
  return (
    <g transform={`translate(0 ${y})`}>
      {series.map((s, i) => (
        <g key={s.name} transform={`translate(${i * 160} 0)`}>
          <rect width="12" height="12" fill={s.colour} />
          <text x="18" y="11" fontSize="12" fill={INK}>
            {s.name.slice(0, 22)}
          </text>
        </g>
      ))}
    </g>
  );
}

/**
 * Horizontal bars, one group a row and one bar a series (started and submitted; one cohort each). `description` is
 * the chart's text alternative.
 */
export function BarChart({
  description,
  rows,
  series,
}: {
  description: string;
  rows: readonly { label: string; values: readonly number[] }[];
  series: readonly Series[];
}) {
  const max = Math.max(1, ...rows.flatMap((r) => r.values));
  const bar = 14;
  const group = series.length * bar + 10;
  const legend = series.length > 1 ? 24 : 0;
  const height = legend + rows.length * group;
  return (
    <svg
      className="staff-chart"
      role="img"
      aria-label={description}
      viewBox={`0 0 640 ${height}`}
      width="640"
    >
      <title>{description}</title>
      {legend > 0 && <Legend series={series} y={0} />}
      {rows.map((row, i) => (
        <g key={row.label} transform={`translate(0 ${legend + i * group})`}>
          <text x="0" y={bar} fontSize="13" fill={INK}>
            {row.label.slice(0, 28)}
          </text>
          {row.values.map((value, j) => {
            const width = Math.round((value / max) * BAR_SPACE);
            return (
              <g key={series[j]?.name ?? j} transform={`translate(0 ${j * bar})`}>
                <rect x={LABEL_WIDTH} y="2" width={width} height={bar - 2} fill={series[j]?.colour ?? INK} />
                <text x={LABEL_WIDTH + width + 6} y={bar - 1} fontSize="12" fill={INK}>
                  {value}
                </text>
              </g>
            );
          })}
        </g>
      ))}
    </svg>
  );
}

/** The two series of the per-day and per-source charts. */
export const STARTED_SUBMITTED = [
  { name: 'Started', colour: SERIES_COLOURS[0] },
  { name: 'Submitted', colour: SERIES_COLOURS[1] },
];
