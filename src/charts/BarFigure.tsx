/**
 * Bars, one group a row and one bar a series (started and submitted; one cohort each; p50, p95 and p99): lying with
 * their labels on the left, or standing as columns with the labels along the bottom (days, time slices).
 */
import { Bar, BarChart, Cell, LabelList, XAxis, YAxis } from 'recharts';
import { INK } from './colours';
import { ChartImage, TICK, chartSize, seriesKey, seriesValues, type FigureProps } from './chartFrame';

export interface BarRow {
  label: string;
  values: readonly number[];
  /** This row's colour, for a chart of one series whose rows differ (the funnel's anonymous steps). */
  colour?: string;
}

const BAR = 14;
/**
 * A label beside a bar is cut to what fits its width at 12 px, about 7.8 px a character (220 px: 28 characters, as the
 * hand-drawn charts cut them); the table has it whole.
 */
const cutTo = (labelWidth: number) => (label: string) => {
  const characters = Math.floor(labelWidth / 7.8);
  return label.length > characters ? `${label.slice(0, characters - 1)}…` : label;
};
/** A value beside its bar stays on one line ("2.1 days"): recharts breaks text at spaces. */
const oneLine = (text: string) => text.replace(/ /g, '\u00a0');

export function BarFigure({
  description,
  rows,
  series,
  columns = false,
  format = String,
  width,
  labelWidth = 220,
}: FigureProps & {
  rows: readonly BarRow[];
  /** The room for the labels beside the bars, in pixels. */
  labelWidth?: number;
  /** Columns standing on the labels (days along the bottom) rather than bars lying beside them. */
  columns?: boolean;
}) {
  const data = rows.map((row) => ({ label: row.label, ...seriesValues(row.values) }));
  const height = columns ? 240 : 24 + rows.length * (series.length * BAR + 10);
  return (
    <ChartImage description={description} series={series}>
      <BarChart
        data={data}
        layout={columns ? 'horizontal' : 'vertical'}
        accessibilityLayer={false}
        margin={{ top: 4, right: columns ? 8 : 48, bottom: 4, left: 4 }}
        barGap={0}
        maxBarSize={columns ? 48 : undefined}
        {...chartSize(height, width)}
      >
        {columns ? (
          <>
            <XAxis dataKey="label" tick={TICK} stroke={INK} interval="preserveStartEnd" minTickGap={8} />
            <YAxis tick={TICK} stroke={INK} allowDecimals={false} width={40} tickFormatter={format} />
          </>
        ) : (
          <>
            <XAxis type="number" hide />
            <YAxis
              type="category"
              dataKey="label"
              tick={TICK}
              stroke={INK}
              width={labelWidth}
              interval={0}
              tickFormatter={cutTo(labelWidth)}
            />
          </>
        )}
        {series.map((s, j) => (
          <Bar key={s.name} dataKey={seriesKey(j)} name={s.name} fill={s.colour} isAnimationActive={false}>
            {series.length === 1 &&
              rows.some((row) => row.colour) &&
              rows.map((row) => <Cell key={row.label} fill={row.colour ?? s.colour} />)}
            {!columns && (
              <LabelList
                dataKey={seriesKey(j)}
                position="right"
                fill={INK}
                fontSize={12}
                formatter={(value) => oneLine(format(Number(value)))}
              />
            )}
          </Bar>
        ))}
      </BarChart>
    </ChartImage>
  );
}
