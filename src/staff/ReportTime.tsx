/** The time from submission to the first decision that stands (docs/decisions/063-the-funnel.md). */
import { durationWords, type StaffReports } from '../../machines/rules/reports';
import { MeasureTable } from './MeasureTable';
import { BarFigure } from '../charts/BarFigure';
import { SERIES_COLOURS } from '../charts/colours';

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
            rows={[
              ['Quickest quarter', time.p25Seconds],
              ['Median', time.medianSeconds],
              ['Three quarters', time.p75Seconds],
              ['Nine in ten', time.p90Seconds],
              ['Longest', time.maxSeconds],
            ].map(([label, seconds]) => ({ label: String(label), values: [Number(seconds ?? 0)] }))}
            series={[{ name: 'Time to decision', colour: SERIES_COLOURS[0] }]}
            format={(seconds) => durationWords(seconds)}
          />
          <MeasureTable
            caption="Time from submission to the first decision"
            figure="Time"
            rows={[
              ['Applications decided', String(time.decided)],
              ['Quickest quarter decided within', durationWords(time.p25Seconds)],
              ['Median', durationWords(time.medianSeconds)],
              ['Three quarters decided within', durationWords(time.p75Seconds)],
              ['Nine in ten decided within', durationWords(time.p90Seconds)],
              ['Longest', durationWords(time.maxSeconds)],
            ]}
          />
        </>
      )}
    </section>
  );
}
