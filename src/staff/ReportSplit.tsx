/** Applications started and submitted by referral source or by country (docs/decisions/063-the-funnel.md). */
import { firstFew, share, type StaffReports } from '../../machines/rules/reports';
import { BarFigure } from '../charts/BarFigure';
import { STARTED_SUBMITTED } from '../charts/colours';
import { StaffTable } from './StaffTable';

type SplitRows = StaffReports['sources'] | StaffReports['countries'];

const notGiven = (value: string) => value || 'Not given';

/** `range` is the days in words ("from 1 Nov 2026 to today"). */
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
          <BarFigure
            description={`${title}, applications started ${range}: ${firstFew(labelled.map((r) => [r.label, r.started]))}. The table below has every figure.`}
            rows={labelled.map((r) => ({ label: r.label, values: [r.started, r.submitted] }))}
            series={STARTED_SUBMITTED}
          />
          <StaffTable
            caption={`${title}: applications started ${range}, and how many of them are submitted`}
            columns={[
              key === 'source' ? 'Referral source' : 'Country',
              'Started',
              'Submitted',
              'Share submitted',
            ]}
          >
            {labelled.map((r) => (
              <tr key={r.label}>
                <th scope="row">{r.label}</th>
                <td>{r.started}</td>
                <td>{r.submitted}</td>
                <td>{share(r.submitted, r.started)}</td>
              </tr>
            ))}
          </StaffTable>
        </>
      )}
    </section>
  );
}
