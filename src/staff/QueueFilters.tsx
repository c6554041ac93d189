/** The queue's filter form: a draft of the view, applied to the URL on submit. Its lists come from the rules. */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { REVIEW_STATUSES, reviewMeta } from '../../machines/review.machine';
import { ELIGIBILITY_STATUSES } from '../../machines/rules/application';
import { filterOf, humanize } from '../../machines/rules/queueView';
import { dayPattern, formatStaffDay, parseStaffDay } from '../../machines/rules/staffDates';
import {
  PAYMENT_STATUSES,
  QUEUE_STAGE_LABELS,
  QUEUE_STAGES,
  STAFF_QUEUE_MESSAGES,
  type QueueStage,
  type QueueStatusFilter,
  type StaffQueueQuery,
} from '../../machines/rules/staff';
import { useStaffDates } from './StaffContext';

/** A review status (or "not submitted yet") as staff read it. */
export const statusLabel = (status: QueueStatusFilter) =>
  status === 'not_submitted' ? 'Not submitted' : reviewMeta(status).label;

const DAY_FIELDS = ['from', 'to'] as const;
type DayField = (typeof DAY_FIELDS)[number];

export function QueueFilters({
  query,
  onApply,
  contact,
}: {
  query: StaffQueueQuery;
  onApply: (q: StaffQueueQuery) => void;
  /** Searches contact details too (`seesContact`). */
  contact: boolean;
}) {
  const { locale } = useStaffDates();
  const pattern = dayPattern(locale);
  // The date fields hold what was typed, the programme's way; the URL holds YYYY-MM-DD.
  const [draft, setDraft] = useState<StaffQueueQuery>(() => ({
    ...query,
    from: query.from && formatStaffDay(query.from, locale),
    to: query.to && formatStaffDay(query.to, locale),
  }));
  const [wrongDays, setWrongDays] = useState<DayField[]>([]);
  const applyFilters = (e: FormEvent) => {
    e.preventDefault();
    const days = DAY_FIELDS.map(
      (key) => [key, draft[key] ? parseStaffDay(draft[key], locale) : undefined] as const,
    );
    const wrong = days.flatMap(([key, value]) => (value === null ? [key] : []));
    setWrongDays(wrong);
    if (wrong.length) document.getElementById(`filter-${wrong[0]}`)?.focus();
    else onApply(filterOf({ ...draft, ...Object.fromEntries(days) }));
  };
  const field = (key: keyof StaffQueueQuery) => ({
    id: `filter-${key}`,
    name: key,
    value: draft[key] ?? '',
    onChange: (e: { target: { value: string } }) => setDraft({ ...draft, [key]: e.target.value }),
  });
  const text = (key: keyof StaffQueueQuery, label: string, type = 'text') => (
    <div className="field">
      <label htmlFor={`filter-${key}`}>{label}</label>
      <input className="input" type={type} {...field(key)} />
    </div>
  );
  /** A day typed the programme's way: the browser's date input would write it the browser's way. */
  const dayField = (key: DayField, label: string) => {
    const wrong = wrongDays.includes(key);
    return (
      <div className={wrong ? 'field field--error' : 'field'}>
        <label htmlFor={`filter-${key}`}>
          {label} <span className="hint-inline">({pattern})</span>
        </label>
        <input
          className="input"
          inputMode="numeric"
          aria-invalid={wrong || undefined}
          aria-describedby={wrong ? `filter-${key}-error` : undefined}
          {...field(key)}
        />
        {wrong && (
          <p className="field-error" id={`filter-${key}-error`}>
            <span className="visually-hidden">Error: </span>
            {STAFF_QUEUE_MESSAGES.dateAs(pattern)}
          </p>
        )}
      </div>
    );
  };
  /** A select of `values` with "Any" first; `labelOf` words each value. */
  const choice = (
    key: keyof StaffQueueQuery,
    label: string,
    values: readonly string[],
    labelOf: (value: string) => string = humanize,
    any = 'Any',
  ) => (
    <div className="field">
      <label htmlFor={`filter-${key}`}>{label}</label>
      <select className="select" {...field(key)}>
        <option value="">{any}</option>
        {values.map((v) => (
          <option key={v} value={v}>
            {labelOf(v)}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <form className="staff-filters" onSubmit={applyFilters} role="search" aria-label="Filter applications">
      {text(
        'q',
        contact ? 'Search name, email, phone, city or source' : 'Search name, city or source',
        'search',
      )}
      <div className="field staff-filters__all">
        <label className="checkbox">
          <input
            type="checkbox"
            name="allCohorts"
            checked={draft.allCohorts === '1'}
            onChange={(e) => setDraft({ ...draft, allCohorts: e.target.checked ? '1' : undefined })}
          />{' '}
          Search all cohorts
        </label>
      </div>
      {/* No status chosen shows the submitted ones (decision 134); "Not submitted" shows those still in the wizard. */}
      {choice(
        'status',
        'Status',
        [...REVIEW_STATUSES, 'not_submitted'],
        (s) => statusLabel(s as QueueStatusFilter),
        'Any submitted',
      )}
      {choice('stage', 'Furthest stage', QUEUE_STAGES, (s) => QUEUE_STAGE_LABELS[s as QueueStage])}
      {choice('eligibility', 'Eligibility', ELIGIBILITY_STATUSES)}
      {choice('paymentStatus', 'Payment', PAYMENT_STATUSES)}
      {choice('cv', 'CV', ['yes', 'no'], (v) => (v === 'yes' ? 'Uploaded or emailed' : 'None'))}
      {text('country', 'Country')}
      {dayField('from', 'Submitted from')}
      {dayField('to', 'Submitted to')}
      <div className="actions">
        <button type="submit" className="button">
          Apply filters
        </button>
        <Link to="/staff" className="button button--secondary">
          Clear
        </Link>
      </div>
    </form>
  );
}
