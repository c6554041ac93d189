/** Decisions that stand per team member and per day or week (docs/decisions/063-the-funnel.md). */
import {
  decisionsByStaff,
  firstFew,
  type ReportPeriod,
  type StaffReports,
} from '../../machines/rules/reports';
import { BarFigure } from '../charts/BarFigure';
import { SERIES_COLOURS } from '../charts/colours';
import { useStaffDates } from './StaffContext';
import { StaffTable } from './StaffTable';

const PERIOD_COLUMN: Record<ReportPeriod, string> = { day: 'Day', week: 'Week starting' };

/** `range` is the days in words ("from 1 Nov 2026 to today"). */
export function ThroughputReport({ report, range }: { report: StaffReports; range: string }) {
  const dates = useStaffDates();
  const { throughput } = report;
  const totals = decisionsByStaff(throughput);
  return (
    <section aria-labelledby="report-throughput">
      <h2 id="report-throughput">Decisions per team member</h2>
      {throughput.length === 0 ? (
        <p>No decision was made {range}.</p>
      ) : (
        <>
          <BarFigure
            description={`Decisions per team member ${range}: ${firstFew(totals, 5)}. The table below has each ${report.per}.`}
            rows={totals.map(([staff, n]) => ({ label: staff, values: [n] }))}
            series={[{ name: 'Decisions', colour: SERIES_COLOURS[0] }]}
          />
          <StaffTable
            caption={`Decisions that stand (accept, waitlist, reject) per team member and ${report.per}`}
            columns={[PERIOD_COLUMN[report.per], 'Team member', 'Decisions']}
          >
            {throughput.map((t) => (
              <tr key={`${t.period} ${t.staff}`}>
                <td>
                  <time dateTime={t.period}>{dates.day(t.period)}</time>
                </td>
                <th scope="row">{t.staff}</th>
                <td>{t.decisions}</td>
              </tr>
            ))}
          </StaffTable>
        </>
      )}
    </section>
  );
}
