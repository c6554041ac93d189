/**
 * Reports (/staff/reports, every team member): one cohort's applications per day, by referral source and by
 * country, the time to a decision, each team member's decisions, how far reviewers' scores lie apart, and the funnel
 * of several cohorts side by side (docs/decisions/063-the-funnel.md, 177-score-agreement.md). The cohort, the
 * days, the period and the cohorts compared live in the URL.
 */
import { useSearchParams } from 'react-router-dom';
import { queryString } from './api';
import { CohortPicker, useChosenCohort } from './CohortPicker';
import { ReportFigures } from './ReportFigures';
import { ReportFunnels } from './ReportFunnels';
import { ReportRangeForm } from './ReportRangeForm';
import { PageTitle } from './PageTitle';

export function ReportsScreen() {
  const cohort = useChosenCohort();
  const [params] = useSearchParams();
  const query = {
    cohort,
    from: params.get('from') ?? undefined,
    to: params.get('to') ?? undefined,
    per: params.get('per') ?? undefined,
  };
  return (
    <>
      <PageTitle title="Reports" />
      <CohortPicker />
      <ReportRangeForm key={`range${queryString(query)}`} from={query.from} to={query.to} per={query.per} />
      {/* Keyed by the query: another cohort, range or period is another load. */}
      <ReportFigures key={queryString(query)} search={queryString(query)} />
      <ReportFunnels />
    </>
  );
}
