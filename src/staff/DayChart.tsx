import { INK, Legend, type Series } from './ReportCharts';

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
