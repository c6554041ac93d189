/** The Reports screen's days (typed the programme's way, kept as YYYY-MM-DD in the URL) and the throughput's period. */
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { REPORT_PERIODS, reportRangeParams } from '../../machines/rules/reports';
import { STAFF_QUEUE_MESSAGES } from '../../machines/rules/staff/queue';
import { dayPattern, formatStaffDay } from '../../machines/rules/staffDates';
import { useStaffDates } from './StaffContext';

export function ReportRangeForm({ from, to, per }: { from?: string; to?: string; per?: string }) {
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
    const range = reportRangeParams(draft, locale);
    setWrong(range.refused);
    if (range.refused.length) return void document.getElementById(`report-${range.refused[0]}`)?.focus();
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(range.params))
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
