import { INK, SERIES_COLOURS } from './ReportCharts';

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
