/**
 * The report's charts (docs/decisions/249-one-charting-library.md): the staff reports' own chart components
 * (src/charts/), drawn from the report's tables; rehearsal/staticHtml.ts renders them to static SVG. Each chart's
 * table stays beside it as its text alternative. Imported only once jsdom's globals are set (recharts reads them as it
 * loads).
 */
import type { ReactElement } from 'react';
import { firstFew } from '../machines/rules/reports';
import { BarFigure } from '../src/charts/BarFigure';
import { SERIES_COLOURS } from '../src/charts/colours';
import { LineFigure } from '../src/charts/LineFigure';
import { latencyRoutes, type Report, type Row } from './report';

/** The report's charts are drawn this wide; the page lets them shrink to a narrow window. */
const WIDTH = 720;
/** Room for a route beside its bars ("POST /bootcamp/application/eligibility"). */
const LABEL_WIDTH = 320;

const value = (v: Row[string] | undefined) => (v === undefined || v === '' ? null : Number(v));

/** Columns of `rows` drawn as series, in the shared colours. */
const seriesOf = (columns: readonly string[]) =>
  columns.map((name, i) => ({ name, colour: SERIES_COLOURS[i % SERIES_COLOURS.length] }));

/** A route as a bar's label: without the prefix every route shares. */
const shortRoute = (label: string) => label.replace(' /api/v1/', ' /');

/** Bars of `columns` for each row, labelled by `label`. */
function bars(title: string, rows: Row[], label: string, columns: string[], standing = false): ReactElement {
  const labelOf = (row: Row) => shortRoute(String(row[label]));
  return (
    <BarFigure
      width={WIDTH}
      labelWidth={LABEL_WIDTH}
      columns={standing}
      description={`${title}: ${firstFew(rows.map((r) => [labelOf(r), value(r[columns[0]]) ?? 0]))} (${columns[0]}). The table below has every figure.`}
      rows={rows.map((r) => ({ label: labelOf(r), values: columns.map((c) => value(r[c]) ?? 0) }))}
      series={seriesOf(columns)}
    />
  );
}

/** Lines of `columns` over the seconds from the start. */
function lines(title: string, rows: Row[], columns: string[]): ReactElement {
  const x = 's from start';
  const peaks = columns.map((c) => {
    const top = rows.reduce<Row | undefined>(
      (best, r) => ((value(r[c]) ?? -Infinity) > (value(best?.[c]) ?? -Infinity) ? r : best),
      undefined,
    );
    return top ? `${c} at most ${top[c]} (at ${top[x]} s)` : `${c} not known`;
  });
  return (
    <LineFigure
      width={WIDTH}
      description={`${title}, ${rows[0]?.[x] ?? 0} to ${rows.at(-1)?.[x] ?? 0} s from the start: ${peaks.join('; ')}. The table below has every figure.`}
      points={rows.map((r) => ({ x: Number(r[x]), values: columns.map((c) => value(r[c])) }))}
      series={seriesOf(columns)}
      formatX={(s) => `${s} s`}
    />
  );
}

/** Each chart of the report, by the name of the table it stands beside; a table with no rows has none. */
export function reportCharts(report: Report): Record<string, ReactElement> {
  const overTime = report.processesOverTime;
  // The seats of the cohort the team decides (the table also has the others' first samples).
  const { cohort } = report.options as { cohort?: number };
  const drawn: [string, Row[], (rows: Row[]) => ReactElement][] = [
    [
      'arrivals',
      report.arrivals,
      (rows) =>
        bars(
          'Arrivals per time slice',
          rows,
          'slice',
          ['arrived on the curve', 'walk began (after the concurrency limit)'],
          true,
        ),
    ],
    ['funnel', report.funnel, (rows) => bars('The funnel', rows, 'step', ['applicants'])],
    [
      'seats',
      cohort === undefined ? report.seats : report.seats.filter((r) => r.cohort === cohort),
      (rows) =>
        lines(`Seats over time${cohort === undefined ? '' : ` in cohort ${cohort}`}`, rows, [
          'taken',
          'seats',
        ]),
    ],
    [
      'reviewers',
      report.reviewers,
      (rows) =>
        bars('Decisions per reviewer', rows, 'reviewer', ['accepted', 'waitlisted', 'not successful']),
    ],
    ['mail', report.mail, (rows) => lines('Emails queued and delivered', rows, ['queued', 'delivered'])],
    [
      'routes',
      report.routes,
      (rows) => bars('Latency per route (ms)', rows, 'route', ['p50 ms', 'p95 ms', 'p99 ms']),
    ],
    ...latencyRoutes(report).map((route): [string, Row[], (rows: Row[]) => ReactElement] => [
      `latency ${route}`,
      report.latency.filter((r) => r.route === route),
      (rows) => lines(`Latency of ${route} over time (ms)`, rows, ['p50 ms', 'p95 ms', 'p99 ms']),
    ]),
    ['errors', report.errors, (rows) => bars('Answers other than 2xx', rows, 'answer', ['count'])],
    ['outbox', overTime, (rows) => lines('The outbox’s depth', rows, ['outbox messages'])],
    ['cpu', overTime, (rows) => lines('CPU per process', rows, ['server CPU %', 'rehearsal CPU %'])],
    ['memory', overTime, (rows) => lines('Memory per process', rows, ['server RSS MB', 'rehearsal RSS MB'])],
  ];
  return Object.fromEntries(
    drawn.filter(([, rows]) => rows.length > 0).map(([name, rows, draw]) => [name, draw(rows)]),
  );
}
