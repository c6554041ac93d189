/**
 * The queue's filter form: a draft of the view, applied to the URL on submit. Its lists come from the rules. One row
 * (search, all cohorts, a "Filters" disclosure, Apply) with the active filters as removable chips below, so the table
 * starts above the fold at 1280 × 900 (docs/decisions/137).
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { REVIEW_STATUSES, reviewMeta } from '../../machines/review.machine';
import { ELIGIBILITY_STATUSES } from '../../machines/rules/application';
import { filterOf, humanize, reviewCountWords } from '../../machines/rules/queueView';
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
import { queryString } from './api';
import { QueueScoreFilters } from './QueueScoreFilters';
import { useStaffDates } from './StaffContext';

/** A review status (or "not submitted yet") as staff read it. */
export const statusLabel = (status: QueueStatusFilter) =>
  status === 'not_submitted' ? 'Not submitted' : reviewMeta(status).label;

const DAY_FIELDS = ['from', 'to'] as const;

/** The filters behind the disclosure, with how their chip names them. */
const PANEL_FILTERS = [
  ['status', 'Status'],
  ['stage', 'Furthest stage'],
  ['eligibility', 'Eligibility'],
  ['paymentStatus', 'Payment'],
  ['cv', 'CV'],
  ['country', 'Country'],
  ['from', 'Submitted from'],
  ['to', 'Submitted to'],
  ['scoreMin', 'Score'],
  ['reviews', 'Reviews'],
] as const satisfies readonly (readonly [keyof StaffQueueQuery, string])[];
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
  const [open, setOpen] = useState(false);
  const active = PANEL_FILTERS.filter(([key]) => query[key]);
  /** A chip's words for an active filter's value, as its field words it. */
  const valueWords = (key: (typeof PANEL_FILTERS)[number][0], value: string) =>
    key === 'status'
      ? statusLabel(value as QueueStatusFilter)
      : key === 'stage'
        ? QUEUE_STAGE_LABELS[value as QueueStage]
        : key === 'cv'
          ? value === 'yes'
            ? 'Uploaded or emailed'
            : 'None'
          : key === 'from' || key === 'to'
            ? formatStaffDay(value, locale)
            : key === 'country'
              ? value
              : key === 'scoreMin'
                ? `${value} or more`
                : key === 'reviews'
                  ? reviewCountWords(value)
                  : humanize(value);
  const applyFilters = (e: FormEvent) => {
    e.preventDefault();
    const days = DAY_FIELDS.map(
      (key) => [key, draft[key] ? parseStaffDay(draft[key], locale) : undefined] as const,
    );
    const wrong = days.flatMap(([key, value]) => (value === null ? [key] : []));
    setWrongDays(wrong);
    if (wrong.length) {
      setOpen(true);
      // After the panel shows: a hidden field takes no focus.
      setTimeout(() => document.getElementById(`filter-${wrong[0]}`)?.focus());
    } else onApply(filterOf({ ...draft, ...Object.fromEntries(days) }));
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
      <div className="staff-filters__bar">
        {text(
          'q',
          contact ? 'Search name, email, phone, city or source' : 'Search name, city or source',
          'search',
        )}
        <label className="checkbox staff-filters__all">
          <input
            type="checkbox"
            name="allCohorts"
            checked={draft.allCohorts === '1'}
            onChange={(e) => setDraft({ ...draft, allCohorts: e.target.checked ? '1' : undefined })}
          />{' '}
          Search all cohorts
        </label>
        <button
          type="button"
          className="button button--secondary"
          aria-expanded={open}
          aria-controls="staff-filters-more"
          onClick={() => setOpen(!open)}
        >
          Filters{active.length ? ` (${active.length})` : ''}
        </button>
        <button type="submit" className="button">
          Apply filters
        </button>
        <Link to="/staff" className="button button--secondary">
          Clear
        </Link>
      </div>
      <div id="staff-filters-more" className="staff-filters__more" hidden={!open}>
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
        <QueueScoreFilters draft={draft} onChange={setDraft} />
      </div>
      {active.length > 0 && (
        <ul className="staff-chips staff-filters__active" aria-label="Active filters">
          {active.map(([key, label]) => {
            const words = `${label}: ${valueWords(key, query[key] ?? '')}`;
            const { [key]: _removed, ...rest } = filterOf(query);
            return (
              <li key={key}>
                {words}{' '}
                <Link to={{ search: queryString(rest) }} aria-label={`Remove ${words}`}>
                  ×
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </form>
  );
}
