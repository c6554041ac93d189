/** The queue's filter form: a draft of the view, applied to the URL on submit. Its lists come from the rules. */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { REVIEW_STATUSES, reviewMeta } from '../../machines/review.machine';
import { ELIGIBILITY_STATUSES } from '../../machines/rules/application';
import { filterOf, humanize } from '../../machines/rules/queueView';
import {
  PAYMENT_STATUSES,
  QUEUE_STAGES,
  type QueueStatusFilter,
  type StaffQueueQuery,
} from '../../machines/rules/staff';

/** A review status (or "not submitted yet") as staff read it. */
export const statusLabel = (status: QueueStatusFilter) =>
  status === 'not_submitted' ? 'Not submitted' : reviewMeta(status).label;

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
  const [draft, setDraft] = useState(query);
  const applyFilters = (e: FormEvent) => {
    e.preventDefault();
    onApply(filterOf(draft));
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
  /** A select of `values` with "Any" first; `labelOf` words each value. */
  const choice = (
    key: keyof StaffQueueQuery,
    label: string,
    values: readonly string[],
    labelOf: (value: string) => string = humanize,
  ) => (
    <div className="field">
      <label htmlFor={`filter-${key}`}>{label}</label>
      <select className="select" {...field(key)}>
        <option value="">Any</option>
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
      {text('q', contact ? 'Search name, email or phone' : 'Search name', 'search')}
      {choice('status', 'Status', [...REVIEW_STATUSES, 'not_submitted'], (s) =>
        statusLabel(s as QueueStatusFilter),
      )}
      {choice('stage', 'Furthest stage', QUEUE_STAGES)}
      {choice('eligibility', 'Eligibility', ELIGIBILITY_STATUSES)}
      {choice('paymentStatus', 'Payment', PAYMENT_STATUSES)}
      {choice('cv', 'CV', ['yes', 'no'], (v) => (v === 'yes' ? 'Uploaded or emailed' : 'None'))}
      {text('country', 'Country')}
      {text('from', 'Submitted from', 'date')}
      {text('to', 'Submitted to', 'date')}
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
