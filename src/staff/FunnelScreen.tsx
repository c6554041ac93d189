/** The funnel (/staff/funnel): how many reached each step of the application, as bars and as a table. */
import { submissionWords } from '../../machines/rules/funnel';
import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import type { StaffFunnel } from '../../machines/rules/staff/funnel';
import { BarFigure } from '../charts/BarFigure';
import { ANONYMOUS_COLOUR, SERIES_COLOURS } from '../charts/colours';
import { ErrorSummary } from '../components/ErrorSummary';
import { CohortPicker, useChosenCohort } from './CohortPicker';
import { provideResource } from './staffActors';
import { useStaff } from './StaffContext';
import { PageTitle } from './PageTitle';
import { TableHead } from './TableHead';
import { useResourceView } from './useResourceView';

const percent = (share: number | null) => (share === null ? '—' : `${Math.round(share * 100)}%`);
const duration = (seconds: number | null) =>
  seconds === null
    ? '—'
    : seconds < 3600
      ? `${Math.round(seconds / 60)} min`
      : `${(seconds / 3600).toFixed(1)} h`;

export function FunnelScreen() {
  const cohort = useChosenCohort();
  return (
    <>
      <PageTitle title="Funnel" />
      <CohortPicker />
      {/* Keyed by the cohort: another cohort is another load. */}
      <FunnelFigures key={cohort ?? ''} cohort={cohort} />
    </>
  );
}

function FunnelFigures({ cohort }: { cohort: string | undefined }) {
  const { api } = useStaff();
  const actor = useActorRef(useMemo(() => provideResource(() => api.funnel(cohort)), [api, cohort]));
  const view = useResourceView<StaffFunnel>(actor);
  const funnel = view.data;
  return (
    <>
      <ErrorSummary message={view.message} errors={{}} />
      {funnel && (
        <>
          <h2>{funnel.cohort.name}</h2>
          <p>{submissionWords(funnel.submissions)}</p>
          <BarFigure
            description="Bars: applications reaching each step (the table below has the figures)"
            rows={funnel.steps.map((s) => ({
              label: s.title,
              values: [s.reached],
              colour: s.anonymous ? ANONYMOUS_COLOUR : undefined,
            }))}
            series={[{ name: 'Reached', colour: SERIES_COLOURS[0] }]}
          />
          <table className="staff-table">
            <caption>Applications reaching each step</caption>
            <TableHead
              columns={[
                'Step',
                'Reached',
                'Dropped since the step before',
                'Median time from the step before',
              ]}
            />
            <tbody>
              {funnel.steps.map((s) => (
                <tr key={s.state}>
                  <th scope="row">
                    {s.title}
                    {s.anonymous ? ' (page views, no one identified)' : ''}
                  </th>
                  <td>{s.reached}</td>
                  <td>{percent(s.dropOff)}</td>
                  <td>{duration(s.medianSeconds)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {funnel.quizVersions.length > 0 && (
            <table className="staff-table">
              <caption>
                The selection video and quiz by version: who started each, and who watched it to the end
              </caption>
              <TableHead columns={['Version', 'Started', 'Watched to the end']} />
              <tbody>
                {funnel.quizVersions.map((v) => (
                  <tr key={v.version}>
                    <th scope="row">Version {v.version}</th>
                    <td>{v.started}</td>
                    <td>{v.watched}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {funnel.validationErrors.length > 0 && (
            <table className="staff-table">
              <caption>The answers the server refused most often</caption>
              <TableHead columns={['Step', 'Field', 'Message shown', 'Times']} />
              <tbody>
                {funnel.validationErrors.map((v) => (
                  <tr key={`${v.route} ${v.field} ${v.message}`}>
                    <td>{v.route}</td>
                    <th scope="row">{v.field}</th>
                    <td>{v.message}</td>
                    <td>{v.count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </>
  );
}
