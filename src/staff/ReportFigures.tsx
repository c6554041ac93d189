/** A cohort's report over the days asked for (`search`: the report's query string), each section in turn. */
import { reportRangeWords, type StaffReports } from '../../machines/rules/reports';
import { ErrorSummary } from '../components/ErrorSummary';
import { AgreementReport } from './ReportAgreement';
import { AidReport } from './ReportAid';
import { DaysReport } from './ReportDays';
import { SplitReport } from './ReportSplit';
import { ThroughputReport } from './ReportThroughput';
import { TimeReport } from './ReportTime';
import { useStaff, useStaffDates } from './StaffContext';
import { useResource } from './useResource';

export function ReportFigures({ search }: { search: string }) {
  const { api } = useStaff();
  const dates = useStaffDates();
  const { view } = useResource<StaffReports>(() =>
    api.reports(Object.fromEntries(new URLSearchParams(search))),
  );
  const report = view.data;
  if (!report) return <ErrorSummary message={view.message} errors={{}} />;
  const range = reportRangeWords(report, dates.day);
  return (
    <>
      <p className="staff-report-cohort">
        {report.cohort.name}, {range}
      </p>
      <DaysReport days={report.days} range={range} />
      <SplitReport title="By referral source" by="source" rows={report.sources} range={range} />
      <SplitReport title="By country" by="country" rows={report.countries} range={range} />
      <TimeReport time={report.timeToDecision} range={range} />
      <ThroughputReport report={report} range={range} />
      <AgreementReport agreement={report.agreement} range={range} />
      <AidReport aid={report.aid} cohort={report.cohort.name} />
    </>
  );
}
