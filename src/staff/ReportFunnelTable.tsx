/** Each chosen cohort's funnel side by side, from the application chart as today: a bar chart and its table. */
import type { StaffFunnel } from '../../machines/rules/staff/funnel';
import { ErrorSummary } from '../components/ErrorSummary';
import { BarFigure } from '../charts/BarFigure';
import { SERIES_COLOURS } from '../charts/colours';
import { useStaff } from './StaffContext';
import { StaffTable } from './StaffTable';
import { useResource } from './useResource';

const reachedAt = (f: StaffFunnel, state: string) => f.steps.find((s) => s.state === state)?.reached ?? 0;

/** `numbers`: the cohorts' numbers, comma-separated. */
export function ReportFunnelTable({ numbers }: { numbers: string }) {
  const { api } = useStaff();
  const { view } = useResource<StaffFunnel[]>(() =>
    Promise.all(
      numbers
        .split(',')
        .filter(Boolean)
        .map((n) => api.funnel(n)),
    ),
  );
  const funnels = view.data;
  if (!funnels) return <ErrorSummary message={view.message} errors={{}} />;
  if (funnels.length === 0) return null;
  const steps = funnels[0].steps;
  const series = funnels.map((f, i) => ({ name: f.cohort.name, colour: SERIES_COLOURS[i] }));
  const submittedStep = steps.find((s) => s.state === 'success');
  return (
    <>
      <BarFigure
        description={`The funnel of ${funnels.map((f) => f.cohort.name).join(', ')}, step by step${submittedStep ? `; reaching "${submittedStep.title}": ${funnels.map((f) => `${f.cohort.name} ${reachedAt(f, submittedStep.state)}`).join(', ')}` : ''}. The table below has every step.`}
        rows={steps.map((s) => ({ label: s.title, values: funnels.map((f) => reachedAt(f, s.state)) }))}
        series={series}
      />
      <StaffTable
        caption="Applications reaching each step, by cohort (the first steps are anonymous page views)"
        columns={['Step', ...funnels.map((f) => f.cohort.name)]}
      >
        {steps.map((s) => (
          <tr key={s.state}>
            <th scope="row">{s.title}</th>
            {funnels.map((f) => (
              <td key={f.cohort.number}>{reachedAt(f, s.state)}</td>
            ))}
          </tr>
        ))}
      </StaffTable>
    </>
  );
}
