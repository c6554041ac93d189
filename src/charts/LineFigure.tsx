/** Lines over time, one a series (seats taken, emails delivered, a route's p95), the time along the bottom. */
import { Line, LineChart, XAxis, YAxis } from 'recharts';
import { INK } from './colours';
import { ChartImage, TICK, chartSize, seriesKey, seriesValues, type FigureProps } from './chartFrame';

export interface LinePoint {
  /** Where along the bottom (seconds from the start, say). */
  x: number;
  /** One value a series; null where the series has none at this point. */
  values: readonly (number | null)[];
}

export function LineFigure({
  description,
  points,
  series,
  formatX = String,
  format = String,
  width,
}: FigureProps & {
  points: readonly LinePoint[];
  /** A point's place along the bottom as the axis writes it. */
  formatX?: (x: number) => string;
}) {
  const data = points.map((point) => ({ x: point.x, ...seriesValues(point.values) }));
  return (
    <ChartImage description={description} series={series}>
      <LineChart
        data={data}
        accessibilityLayer={false}
        margin={{ top: 4, right: 16, bottom: 4, left: 4 }}
        {...chartSize(240, width)}
      >
        <XAxis
          type="number"
          dataKey="x"
          domain={['dataMin', 'dataMax']}
          tick={TICK}
          stroke={INK}
          tickFormatter={formatX}
        />
        <YAxis tick={TICK} stroke={INK} width={48} tickFormatter={format} />
        {series.map((s, j) => (
          <Line
            key={s.name}
            dataKey={seriesKey(j)}
            name={s.name}
            stroke={s.colour}
            strokeWidth={2}
            dot={false}
            connectNulls
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ChartImage>
  );
}
