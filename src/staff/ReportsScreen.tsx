/**
 * Reports (/staff/reports, every team member): one cohort's applications per day, by referral source and by
 * country, the time to a decision, each team member's decisions, how far reviewers' scores lie apart, and the funnel
 * of several cohorts side by side (docs/decisions/166-staff-reports.md, 177-score-agreement.md). The cohort, the
 * days, the period and the cohorts compared live in the URL.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { REPORT_PERIODS, type StaffReports } from '../../machines/rules/reports';
import { STAFF_QUEUE_MESSAGES, type StaffCohortOption, type StaffFunnel } from '../../machines/rules/staff';
import { dayPattern, formatStaffDay, parseStaffDay } from '../../machines/rules/staffDates';
import { ErrorSummary } from '../components/ErrorSummary';
import { queryString } from './api';
import { CohortPicker, useChosenCohort } from './CohortPicker';
import { AgreementReport } from './ReportAgreement';
import { DaysReport, SplitReport, ThroughputReport, TimeReport } from './ReportSections';
import { BarChart, SERIES_COLOURS } from './ReportCharts';
import { provideResource } from './staffActors';
import { usePageHeading, useStaff, useStaffDates } from './StaffContext';
import { TableHead } from './TableHead';
import { useResourceView } from './useResourceView';

const MAX_COMPARED = SERIES_COLOURS.length;

export function ReportsScreen() {
  const heading = usePageHeading<HTMLHeadingElement>('Reports');
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
      <h1 className="screen-title" ref={heading} tabIndex={-1}>
        Reports
      </h1>
      <CohortPicker />
      <RangeForm key={`range${queryString(query)}`} from={query.from} to={query.to} per={query.per} />
      {/* Keyed by the query: another cohort, range or period is another load. */}
      <ReportFigures key={queryString(query)} search={queryString(query)} />
      <FunnelComparison />
    </>
  );
}

/** The days (typed the programme's way, kept as YYYY-MM-DD in the URL) and the throughput's period. */
function RangeForm({ from, to, per }: { from?: string; to?: string; per?: string }) {
  const { locale } = useStaffDates();
  const pattern = dayPattern(locale);
  const [params, setParams] = useSearchParams();
  const [draft, setDraft] = useState({
    from: from ? formatStaffDay(from, locale) : '',
    to: to ? formatStaffDay(to, locale) : '',
    per: per ?? 'day',
  });
  const [wrong, setWrong] = useState<('from' | 'to')[]>([]);
  const apply = (e: FormEvent) => {
    e.preventDefault();
    const days = {
      from: draft.from ? parseStaffDay(draft.from, locale) : '',
      to: draft.to ? parseStaffDay(draft.to, locale) : '',
    };
    const refused = (['from', 'to'] as const).filter((key) => days[key] === null);
    setWrong(refused);
    if (refused.length) return void document.getElementById(`report-${refused[0]}`)?.focus();
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries({ ...days, per: draft.per === 'day' ? '' : draft.per }))
      if (value) next.set(key, value);
      else next.delete(key);
    setParams(next);
  };
  const dayField = (key: 'from' | 'to', label: string) => (
    <div className={wrong.includes(key) ? 'field field--error' : 'field'}>
      <label htmlFor={`report-${key}`}>
        {label} <span className="hint-inline">({pattern})</span>
      </label>
      <input
        id={`report-${key}`}
        className="input"
        inputMode="numeric"
        value={draft[key]}
        aria-invalid={wrong.includes(key) || undefined}
        aria-describedby={wrong.includes(key) ? `report-${key}-error` : undefined}
        onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
      />
      {wrong.includes(key) && (
        <p className="field-error" id={`report-${key}-error`}>
          <span className="visually-hidden">Error: </span>
          {STAFF_QUEUE_MESSAGES.dateAs(pattern)}
        </p>
      )}
    </div>
  );
  return (
    <form className="staff-filters__bar staff-report-range" onSubmit={apply} aria-label="Days shown">
      {dayField('from', 'From')}
      {dayField('to', 'To')}
      <div className="field">
        <label htmlFor="report-per">Decisions per</label>
        <select
          id="report-per"
          className="select"
          value={draft.per}
          onChange={(e) => setDraft({ ...draft, per: e.target.value })}
        >
          {REPORT_PERIODS.map((p) => (
            <option key={p} value={p}>
              {p === 'day' ? 'Day' : 'Week'}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button button--secondary">
        Show these days
      </button>
    </form>
  );
}

function ReportFigures({ search }: { search: string }) {
  const { api } = useStaff();
  const dates = useStaffDates();
  const actor = useActorRef(
    useMemo(
      () => provideResource(() => api.reports(Object.fromEntries(new URLSearchParams(search)))),
      [api, search],
    ),
  );
  const view = useResourceView<StaffReports>(actor);
  const report = view.data;
  if (!report) return <ErrorSummary message={view.message} errors={{}} />;
  const range =
    report.from || report.to
      ? `from ${report.from ? dates.day(report.from) : 'the start'} to ${report.to ? dates.day(report.to) : 'today'}`
      : 'since the cohort opened';
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
    </>
  );
}

/** The cohorts compared: from the URL's `compare` (cohort numbers), else the newest few. */
function FunnelComparison() {
  const { api } = useStaff();
  const [params, setParams] = useSearchParams();
  const actor = useActorRef(useMemo(() => provideResource(() => api.cohorts()), [api]));
  const cohorts = useSelector(actor, (s) => s.context.data as StaffCohortOption[] | null);
  const asked = (params.get('compare') ?? '').split(',').filter((n) => /^\d+$/.test(n));
  const chosen = cohorts
    ? (asked.length ? cohorts.filter((c) => asked.includes(String(c.number))) : cohorts).slice(
        0,
        MAX_COMPARED,
      )
    : [];
  const [draft, setDraft] = useState<string[] | null>(null);
  const ticked = draft ?? chosen.map((c) => String(c.number));
  const compare = (e: FormEvent) => {
    e.preventDefault();
    const next = new URLSearchParams(params);
    next.set('compare', ticked.join(','));
    setDraft(null);
    setParams(next);
  };
  if (!cohorts) return null;
  return (
    <section aria-labelledby="report-funnels">
      <h2 id="report-funnels">Funnel across cohorts</h2>
      {cohorts.length > 1 && (
        <form onSubmit={compare} aria-label="Cohorts compared">
          <fieldset className="staff-report-cohorts">
            <legend>Cohorts to compare (up to {MAX_COMPARED})</legend>
            {cohorts.map((c) => {
              const value = String(c.number);
              const on = ticked.includes(value);
              return (
                <label key={value} className="checkbox">
                  <input
                    type="checkbox"
                    checked={on}
                    disabled={!on && ticked.length >= MAX_COMPARED}
                    onChange={() => setDraft(on ? ticked.filter((n) => n !== value) : [...ticked, value])}
                  />{' '}
                  {c.name}
                </label>
              );
            })}
          </fieldset>
          <button type="submit" className="button button--secondary" disabled={ticked.length === 0}>
            Compare these cohorts
          </button>
        </form>
      )}
      <FunnelTable
        key={chosen.map((c) => c.number).join(',')}
        numbers={chosen.map((c) => c.number).join(',')}
      />
    </section>
  );
}

/** Each chosen cohort's funnel (`numbers`: their numbers, comma-separated), from the application chart as today. */
function FunnelTable({ numbers }: { numbers: string }) {
  const { api } = useStaff();
  const actor = useActorRef(
    useMemo(
      () =>
        provideResource(() =>
          Promise.all(
            numbers
              .split(',')
              .filter(Boolean)
              .map((n) => api.funnel(n)),
          ),
        ),
      [api, numbers],
    ),
  );
  const view = useResourceView<StaffFunnel[]>(actor);
  const funnels = view.data;
  if (!funnels) return <ErrorSummary message={view.message} errors={{}} />;
  if (funnels.length === 0) return null;
  const steps = funnels[0].steps;
  const series = funnels.map((f, i) => ({ name: f.cohort.name, colour: SERIES_COLOURS[i] }));
  const reachedAt = (f: StaffFunnel, state: string) => f.steps.find((s) => s.state === state)?.reached ?? 0;
  const submittedStep = steps.find((s) => s.state === 'success');
  return (
    <>
      <BarChart
        description={`The funnel of ${funnels.map((f) => f.cohort.name).join(', ')}, step by step${submittedStep ? `; reaching "${submittedStep.title}": ${funnels.map((f) => `${f.cohort.name} ${reachedAt(f, submittedStep.state)}`).join(', ')}` : ''}. The table below has every step.`}
        rows={steps.map((s) => ({ label: s.title, values: funnels.map((f) => reachedAt(f, s.state)) }))}
        series={series}
      />
      <table className="staff-table">
        <caption>
          Applications reaching each step, by cohort (the first steps are anonymous page views)
        </caption>
        <TableHead columns={['Step', ...funnels.map((f) => f.cohort.name)]} />
        <tbody>
          {steps.map((s) => (
            <tr key={s.state}>
              <th scope="row">{s.title}</th>
              {funnels.map((f) => (
                <td key={f.cohort.number}>{reachedAt(f, s.state)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
