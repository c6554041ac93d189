/**
 * The reports' charts, hand-written SVG (docs/decisions/166-staff-reports.md): no chart library in any bundle. Each
 * chart is an image with a text alternative that states its main figures; the table beside it holds every figure
 * and is what a screen reader reads.
 */
import { TableHead } from './TableHead';

/** Colours on white with at least 3:1 contrast, for up to four series (several cohorts side by side). */
export const SERIES_COLOURS = ['#0b3d2e', '#5b8f7c', '#8a5a00', '#5b3f8c'] as const;

/** A table of named figures, one measure a row: the figures of a chart that has no row per item. */
export function MeasureTable({
  caption,
  figure,
  rows,
}: {
  caption: string;
  /** The figures' column header ("Time", "Figure"). */
  figure: string;
  rows: readonly (readonly [string, string])[];
}) {
  return (
    <table className="staff-table">
      <caption>{caption}</caption>
      <TableHead columns={['Measure', figure]} />
      <tbody>
        {rows.map(([measure, value]) => (
          <tr key={measure}>
            <th scope="row">{measure}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A part of a whole as a percentage, for a table: "67%", or "—" of nothing. */
export const share = (part: number, whole: number) => (whole ? `${Math.round((part / whole) * 100)}%` : '—');

/** "Nigeria 3, Ghana 1 and 2 more": the first few figures, for a chart's text alternative. */
export const firstFew = (items: readonly [string, number][], n = 3) =>
  items
    .slice(0, n)
    .map(([label, value]) => `${label} ${value}`)
    .join(', ') + (items.length > n ? ` and ${items.length - n} more` : '');

export interface Series {
  name: string;
  colour: string;
}

const INK = '#1b1b1b';
const LABEL_WIDTH = 200;
const BAR_SPACE = 360;

function Legend({ series, y }: { series: readonly Series[]; y: number }) {
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

/** Columns per day (started and submitted side by side), the days along the bottom as the programme writes them. */
export function DayChart({
  description,
  days,
  series,
  dayLabel,
}: {
  description: string;
  days: readonly { day: string; values: readonly number[] }[];
  series: readonly Series[];
  /** A short day label in the programme's locale (`23/11`). */
  dayLabel: (day: string) => string;
}) {
  const max = Math.max(1, ...days.flatMap((d) => d.values));
  const plot = 160;
  const top = 28;
  const slot = Math.max(8, Math.min(48, Math.floor(600 / Math.max(1, days.length))));
  const column = Math.max(2, Math.floor((slot - 4) / series.length));
  // At most about twelve labels: every n-th day is named.
  const every = Math.ceil(days.length / 12);
  const width = Math.max(640, 40 + days.length * slot);
  return (
    <svg
      className="staff-chart"
      role="img"
      aria-label={description}
      viewBox={`0 0 ${width} ${top + plot + 24}`}
      width={width}
    >
      <title>{description}</title>
      <Legend series={series} y={0} />
      <line x1="36" x2={width} y1={top + plot} y2={top + plot} stroke={INK} />
      <text x="0" y={top + 10} fontSize="12" fill={INK}>
        {max}
      </text>
      {days.map((d, i) => (
        <g key={d.day} transform={`translate(${40 + i * slot} 0)`}>
          {d.values.map((value, j) => {
            const h = Math.round((value / max) * plot);
            return (
              <rect
                key={series[j]?.name ?? j}
                x={j * column}
                y={top + plot - h}
                width={column - 1}
                height={h}
                fill={series[j]?.colour ?? INK}
              />
            );
          })}
          {i % every === 0 && (
            <text x="0" y={top + plot + 16} fontSize="11" fill={INK}>
              {dayLabel(d.day)}
            </text>
          )}
        </g>
      ))}
    </svg>
  );
}

/** The spread of a duration: a line to the longest, the box from the first to the third quartile, the median. */
export function SpreadChart({
  description,
  p25,
  median,
  p75,
  p90,
  max,
}: {
  description: string;
  p25: number;
  median: number;
  p75: number;
  p90: number;
  max: number;
}) {
  const x = (seconds: number) => 20 + Math.round((seconds / Math.max(1, max)) * 600);
  return (
    <svg className="staff-chart" role="img" aria-label={description} viewBox="0 0 640 60" width="640">
      <title>{description}</title>
      <line x1={x(0)} x2={x(max)} y1="30" y2="30" stroke={INK} />
      <rect x={x(p25)} y="14" width={Math.max(2, x(p75) - x(p25))} height="32" fill={SERIES_COLOURS[1]} />
      <line x1={x(median)} x2={x(median)} y1="10" y2="50" stroke={SERIES_COLOURS[0]} strokeWidth="4" />
      <line x1={x(p90)} x2={x(p90)} y1="20" y2="40" stroke={INK} strokeDasharray="3 2" />
      <line x1={x(max)} x2={x(max)} y1="20" y2="40" stroke={INK} />
    </svg>
  );
}
