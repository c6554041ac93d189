/**
 * Reports (/staff/reports, every team member): one cohort's applications per day, by referral source and by
 * country, the time to a decision, each team member's decisions, how far reviewers' scores lie apart, and the funnel
 * of several cohorts side by side (docs/decisions/166-staff-reports.md, 177-score-agreement.md). The cohort, the
 * days, the period and the cohorts compared live in the URL.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { REPORT_PERIODS, type ReportPeriod, type StaffReports } from '../../machines/rules/reports';
import { STAFF_QUEUE_MESSAGES, type StaffCohortOption, type StaffFunnel } from '../../machines/rules/staff';
import { dayPattern, formatStaffDay, parseStaffDay } from '../../machines/rules/staffDates';
import { ErrorSummary } from '../components/ErrorSummary';
import { queryString } from './api';
import { CohortPicker, useChosenCohort } from './CohortPicker';
import { AgreementReport } from './ReportAgreement';
import {
  BarChart,
  DayChart,
  firstFew,
  MeasureTable,
  SERIES_COLOURS,
  share,
  SpreadChart,
} from './ReportCharts';
import { provideResource } from './staffActors';
import { usePageHeading, useStaff, useStaffDates } from './StaffContext';
import { TableHead } from './TableHead';

const STARTED_SUBMITTED = [
  { name: 'Started', colour: SERIES_COLOURS[0] },
  { name: 'Submitted', colour: SERIES_COLOURS[1] },
];
const MAX_COMPARED = SERIES_COLOURS.length;

/** A duration in the unit a person would say: minutes, hours, then days. */
export function durationWords(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  if (seconds < 2 * 86_400) return `${(seconds / 3600).toFixed(1)} h`;
  return `${(seconds / 86_400).toFixed(1)} days`;
}

const notGiven = (value: string) => value || 'Not given';

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
  const state = useSelector(actor, (s) => s);
  const report = state.context.data as StaffReports | null;
  const shortDay = (day: string) =>
    new Intl.DateTimeFormat(dates.locale, { day: '2-digit', month: '2-digit', timeZone: 'UTC' }).format(
      new Date(`${day}T00:00:00Z`),
    );
  if (!report) return <ErrorSummary message={state.context.message} errors={{}} />;
  const { days, sources, countries, timeToDecision: time, throughput } = report;
  const range =
    report.from || report.to
      ? `from ${report.from ? dates.day(report.from) : 'the start'} to ${report.to ? dates.day(report.to) : 'today'}`
      : 'since the cohort opened';
  const perWord: Record<ReportPeriod, string> = { day: 'Day', week: 'Week starting' };
  const byStaff = new Map<string, number>();
  for (const t of throughput) byStaff.set(t.staff, (byStaff.get(t.staff) ?? 0) + t.decisions);
  const totals = [...byStaff];
  const busiest = days.reduce<(typeof days)[number] | undefined>(
    (a, d) => (!a || d.started > a.started ? d : a),
    undefined,
  );
  const split = (title: string, key: 'source' | 'country', rows: typeof sources | typeof countries) => {
    const labelled = rows.map((r) => ({
      label: notGiven(
        key === 'source' ? (r as (typeof sources)[number]).source : (r as (typeof countries)[number]).country,
      ),
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
  };
  return (
    <>
      <p className="staff-report-cohort">
        {report.cohort.name}, {range}
      </p>
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
      {split('By referral source', 'source', sources)}
      {split('By country', 'country', countries)}
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
  const state = useSelector(actor, (s) => s);
  const funnels = state.context.data as StaffFunnel[] | null;
  if (!funnels) return <ErrorSummary message={state.context.message} errors={{}} />;
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
