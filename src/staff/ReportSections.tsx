/**
 * The sections of a cohort's report (/staff/reports), each a chart with its table: applications per day, by
 * source or country, time to decision, and decisions per team member (docs/decisions/166-staff-reports.md).
 * `range` is the days in words ("from 1 Nov 2026 to today").
 */
import type { ReportPeriod, StaffReports } from '../../machines/rules/reports';
import {
  BarChart,
  DayChart,
  firstFew,
  MeasureTable,
  SERIES_COLOURS,
  share,
  SpreadChart,
} from './ReportCharts';
import { useStaffDates } from './StaffContext';
import { TableHead } from './TableHead';

const STARTED_SUBMITTED = [
  { name: 'Started', colour: SERIES_COLOURS[0] },
  { name: 'Submitted', colour: SERIES_COLOURS[1] },
];

/** A duration in the unit a person would say: minutes, hours, then days. */
export function durationWords(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  if (seconds < 2 * 86_400) return `${(seconds / 3600).toFixed(1)} h`;
  return `${(seconds / 86_400).toFixed(1)} days`;
}

const notGiven = (value: string) => value || 'Not given';

export function DaysReport({ days, range }: { days: StaffReports['days']; range: string }) {
  const dates = useStaffDates();
  const shortDay = (day: string) =>
    new Intl.DateTimeFormat(dates.locale, { day: '2-digit', month: '2-digit', timeZone: 'UTC' }).format(
      new Date(`${day}T00:00:00Z`),
    );
  const busiest = days.reduce<(typeof days)[number] | undefined>(
    (a, d) => (!a || d.started > a.started ? d : a),
    undefined,
  );
  return (
    <section aria-labelledby="report-days">
      <h2 id="report-days">Applications per day</h2>
      {days.length === 0 ? (
        <p>No application was started or submitted {range}.</p>
      ) : (
        <>
          <DayChart
            description={`Applications per day ${range}, ${days.length} days from ${dates.day(days[0].day)} to ${dates.day(days.at(-1)!.day)}: ${days.reduce((n, d) => n + d.started, 0)} started and ${days.reduce((n, d) => n + d.submitted, 0)} submitted; the most started on one day: ${busiest?.started ?? 0} on ${busiest ? dates.day(busiest.day) : '—'}. The table below has every day.`}
            days={days.map((d) => ({ day: d.day, values: [d.started, d.submitted] }))}
            series={STARTED_SUBMITTED}
            dayLabel={shortDay}
          />
          <table className="staff-table">
            <caption>Applications started and submitted per day (UTC)</caption>
            <TableHead columns={['Day', 'Started', 'Submitted']} />
            <tbody>
              {days.map((d) => (
                <tr key={d.day}>
                  <th scope="row">
                    <time dateTime={d.day}>{dates.day(d.day)}</time>
                  </th>
                  <td>{d.started}</td>
                  <td>{d.submitted}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}

type SplitRows = StaffReports['sources'] | StaffReports['countries'];

export function SplitReport({
  title,
  by: key,
  rows,
  range,
}: {
  title: string;
  by: 'source' | 'country';
  rows: SplitRows;
  range: string;
}) {
  const labelled = rows.map((r) => ({
    label: notGiven('source' in r ? r.source : r.country),
    started: r.started,
    submitted: r.submitted,
  }));
  return (
    <section aria-labelledby={`report-${key}`}>
      <h2 id={`report-${key}`}>{title}</h2>
      {labelled.length === 0 ? (
        <p>No application started {range}.</p>
      ) : (
        <>
          <BarChart
            description={`${title}, applications started ${range}: ${firstFew(labelled.map((r) => [r.label, r.started]))}. The table below has every figure.`}
            rows={labelled.map((r) => ({ label: r.label, values: [r.started, r.submitted] }))}
            series={STARTED_SUBMITTED}
          />
          <table className="staff-table">
            <caption>
              {title}: applications started {range}, and how many of them are submitted
            </caption>
            <TableHead
              columns={[
                key === 'source' ? 'Referral source' : 'Country',
                'Started',
                'Submitted',
                'Share submitted',
              ]}
            />
            <tbody>
              {labelled.map((r) => (
                <tr key={r.label}>
                  <th scope="row">{r.label}</th>
                  <td>{r.started}</td>
                  <td>{r.submitted}</td>
                  <td>{share(r.submitted, r.started)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}

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
          <SpreadChart
            description={`Time to decision for ${time.decided} applications: median ${durationWords(time.medianSeconds)}, half of them between ${durationWords(time.p25Seconds)} and ${durationWords(time.p75Seconds)}, the longest ${durationWords(time.maxSeconds)}.`}
            p25={time.p25Seconds ?? 0}
            median={time.medianSeconds ?? 0}
            p75={time.p75Seconds ?? 0}
            p90={time.p90Seconds ?? 0}
            max={time.maxSeconds ?? 0}
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

export function ThroughputReport({ report, range }: { report: StaffReports; range: string }) {
  const dates = useStaffDates();
  const { throughput } = report;
  const perWord: Record<ReportPeriod, string> = { day: 'Day', week: 'Week starting' };
  const byStaff = new Map<string, number>();
  for (const t of throughput) byStaff.set(t.staff, (byStaff.get(t.staff) ?? 0) + t.decisions);
  const totals = [...byStaff];
  return (
    <section aria-labelledby="report-throughput">
      <h2 id="report-throughput">Decisions per team member</h2>
      {throughput.length === 0 ? (
        <p>No decision was made {range}.</p>
      ) : (
        <>
          <BarChart
            description={`Decisions per team member ${range}: ${firstFew(totals, 5)}. The table below has each ${report.per}.`}
            rows={totals.map(([staff, n]) => ({ label: staff, values: [n] }))}
            series={[{ name: 'Decisions', colour: SERIES_COLOURS[0] }]}
          />
          <table className="staff-table">
            <caption>
              Decisions that stand (accept, waitlist, reject) per team member and {report.per}
            </caption>
            <TableHead columns={[perWord[report.per], 'Team member', 'Decisions']} />
            <tbody>
              {throughput.map((t) => (
                <tr key={`${t.period} ${t.staff}`}>
                  <td>
                    <time dateTime={t.period}>{dates.day(t.period)}</time>
                  </td>
                  <th scope="row">{t.staff}</th>
                  <td>{t.decisions}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
