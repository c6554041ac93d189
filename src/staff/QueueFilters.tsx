/**
 * The queue's filter form: a draft of the view, applied to the URL on submit. Its lists come from the rules. One row
 * (search, all cohorts, a "Filters" disclosure, Apply) with the active filters as removable chips below, so the table
 * starts above the fold at 1280 × 900 (docs/decisions/137).
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { REVIEW_STATUSES } from '../../machines/review.machine';
import { ELIGIBILITY_STATUSES } from '../../machines/rules/application';
import {
  checkDraft,
  cvLabel,
  QUEUE_PANEL_FILTERS,
  statusLabel,
  type QueueDayFilter,
} from '../../machines/rules/queueFilters';
import { dayPattern, formatStaffDay, parseStaffDay } from '../../machines/rules/staffDates';
import {
  PAYMENT_STATUSES,
  QUEUE_STAGE_LABELS,
  QUEUE_STAGES,
  type QueueStage,
  type QueueStatusFilter,
  type StaffQueueQuery,
} from '../../machines/rules/staff/queue';
import { QueueActiveFilters } from './QueueActiveFilters';
import { ChoiceFilter, DayFilter, TextFilter } from './QueueFilterFields';
import { QueueScoreFilters } from './QueueScoreFilters';
import { useStaffDates } from './StaffContext';

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
  const [problems, setProblems] = useState<Partial<Record<keyof StaffQueueQuery, string>>>({});
  const [open, setOpen] = useState(false);
  const active = QUEUE_PANEL_FILTERS.filter(([key]) => query[key]);
  const applyFilters = (e: FormEvent) => {
    e.preventDefault();
    // Checked by the queue's own schema, so what the server would refuse is said here, by its field.
    const checked = checkDraft(draft, (typed) => parseStaffDay(typed, locale), pattern);
    setProblems(checked.problems);
    const wrong = Object.keys(checked.problems);
    if (wrong.length) {
      if (wrong.some((key) => key !== 'q')) setOpen(true);
      // After the panel shows: a hidden field takes no focus.
      setTimeout(() => document.getElementById(`filter-${wrong[0]}`)?.focus());
    } else onApply(checked.query);
  };
  const edits = { draft, onChange: setDraft };
  const day = (name: QueueDayFilter, label: string) => (
    <DayFilter name={name} label={label} pattern={pattern} problem={problems[name]} {...edits} />
  );
  return (
    <form className="staff-filters" onSubmit={applyFilters} role="search" aria-label="Filter applications">
      <div className="staff-filters__bar">
        <TextFilter
          name="q"
          label={contact ? 'Search name, email, phone, city or source' : 'Search name, city or source'}
          type="search"
          problem={problems.q}
          {...edits}
        />
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
        {/* No status chosen shows the submitted ones (decision 060); "Not submitted" shows those still in the wizard. */}
        <ChoiceFilter
          name="status"
          label="Status"
          values={[...REVIEW_STATUSES, 'not_submitted']}
          labelOf={(s) => statusLabel(s as QueueStatusFilter)}
          any="Any submitted"
          {...edits}
        />
        <ChoiceFilter
          name="stage"
          label="Furthest stage"
          values={QUEUE_STAGES}
          labelOf={(s) => QUEUE_STAGE_LABELS[s as QueueStage]}
          {...edits}
        />
        <ChoiceFilter name="eligibility" label="Eligibility" values={ELIGIBILITY_STATUSES} {...edits} />
        <ChoiceFilter name="paymentStatus" label="Payment" values={PAYMENT_STATUSES} {...edits} />
        <ChoiceFilter name="cv" label="CV" values={['yes', 'no']} labelOf={cvLabel} {...edits} />
        <TextFilter name="country" label="Country" problem={problems.country} {...edits} />
        {day('from', 'Submitted from')}
        {day('to', 'Submitted to')}
        <QueueScoreFilters {...edits} />
      </div>
      <QueueActiveFilters query={query} active={active} />
    </form>
  );
}
