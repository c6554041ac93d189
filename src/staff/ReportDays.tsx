/** Applications started and submitted per day, for a cohort's report (docs/decisions/063-the-funnel.md). */
import { busiestDay, type StaffReports } from '../../machines/rules/reports';
import { BarFigure } from '../charts/BarFigure';
import { STARTED_SUBMITTED } from '../charts/colours';
import { useStaffDates } from './StaffContext';
import { StaffTable } from './StaffTable';

/** `range` is the days in words ("from 1 Nov 2026 to today"). */
export function DaysReport({ days, range }: { days: StaffReports['days']; range: string }) {
  const dates = useStaffDates();
  const shortDay = (day: string) =>
    new Intl.DateTimeFormat(dates.locale, { day: '2-digit', month: '2-digit', timeZone: 'UTC' }).format(
      new Date(`${day}T00:00:00Z`),
    );
  const busiest = busiestDay(days);
  return (
    <section aria-labelledby="report-days">
      <h2 id="report-days">Applications per day</h2>
      {days.length === 0 ? (
        <p>No application was started or submitted {range}.</p>
      ) : (
        <>
          <BarFigure
            columns
            description={`Applications per day ${range}, ${days.length} days from ${dates.day(days[0].day)} to ${dates.day(days.at(-1)!.day)}: ${days.reduce((n, d) => n + d.started, 0)} started and ${days.reduce((n, d) => n + d.submitted, 0)} submitted; the most started on one day: ${busiest?.started ?? 0} on ${busiest ? dates.day(busiest.day) : '—'}. The table below has every day.`}
            rows={days.map((d) => ({ label: shortDay(d.day), values: [d.started, d.submitted] }))}
            series={STARTED_SUBMITTED}
          />
          <StaffTable
            caption="Applications started and submitted per day (UTC)"
            columns={['Day', 'Started', 'Submitted']}
          >
            {days.map((d) => (
              <tr key={d.day}>
                <th scope="row">
                  <time dateTime={d.day}>{dates.day(d.day)}</time>
                </th>
                <td>{d.started}</td>
                <td>{d.submitted}</td>
              </tr>
            ))}
          </StaffTable>
        </>
      )}
    </section>
  );
}
