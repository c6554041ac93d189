/** The time from submission to the first decision that stands (docs/decisions/063-the-funnel.md). */
import { durationWords, type StaffReports } from '../../machines/rules/reports';
import { MeasureTable } from './MeasureTable';
import { BarFigure } from '../charts/BarFigure';
import { SERIES_COLOURS } from '../charts/colours';

/** The figures the bars and the table both show, in one order: the bar's label, then the table's row. */
const QUANTILES = [
  { key: 'p25Seconds', bar: 'Quickest quarter', row: 'Quickest quarter decided within' },
  { key: 'medianSeconds', bar: 'Median', row: 'Median' },
  { key: 'p75Seconds', bar: 'Three quarters', row: 'Three quarters decided within' },
  { key: 'p90Seconds', bar: 'Nine in ten', row: 'Nine in ten decided within' },
  { key: 'maxSeconds', bar: 'Longest', row: 'Longest' },
] as const satisfies readonly { key: keyof StaffReports['timeToDecision']; bar: string; row: string }[];

/** `range` is the days in words ("from 1 Nov 2026 to today"). */
export function TimeReport({ time, range }: { time: StaffReports['timeToDecision']; range: string }) {
  return (
    <section aria-labelledby="report-time">
      <h2 id="report-time">Time to decision</h2>
      <p>
        From submission to the first decision that stands (an undone one does not count), for decisions made{' '}
        {range}.
      </p>
      {time.decided === 0 ? (
        <p>No application was decided {range}.</p>
      ) : (
        <>
          <BarFigure
            description={`Time to decision for ${time.decided} applications: median ${durationWords(time.medianSeconds)}, half of them between ${durationWords(time.p25Seconds)} and ${durationWords(time.p75Seconds)}, the longest ${durationWords(time.maxSeconds)}.`}
            rows={QUANTILES.map(({ key, bar }) => ({ label: bar, values: [time[key] ?? 0] }))}
            series={[{ name: 'Time to decision', colour: SERIES_COLOURS[0] }]}
            format={(seconds) => durationWords(seconds)}
          />
          <MeasureTable
            caption="Time from submission to the first decision"
            figure="Time"
            rows={[
              ['Applications decided', String(time.decided)],
              ...QUANTILES.map(({ key, row }): [string, string] => [row, durationWords(time[key])]),
            ]}
          />
        </>
      )}
    </section>
  );
}
