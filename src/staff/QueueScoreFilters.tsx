/**
 * The queue's score filters, inside the filter bar's "Filters" panel (docs/decisions/163): the lowest mean score
 * and the numbers of reviews. They edit the bar's draft; the bar puts them in the URL on Apply.
 */
import { REVIEW_COUNT_LABELS, scoreMinimums } from '../../machines/rules/queueView';
import { QUEUE_REVIEW_COUNTS, type StaffQueueQuery } from '../../machines/rules/staff/queue';

export function QueueScoreFilters({
  draft,
  onChange,
}: {
  draft: StaffQueueQuery;
  onChange: (next: StaffQueueQuery) => void;
}) {
  const reviews = draft.reviews ? draft.reviews.split(',') : [];
  const toggle = (count: string) => {
    const next = reviews.includes(count) ? reviews.filter((c) => c !== count) : [...reviews, count];
    // In the list's order, so the same choice is the same URL.
    const ordered = QUEUE_REVIEW_COUNTS.filter((c) => next.includes(c));
    onChange({ ...draft, reviews: ordered.length ? ordered.join(',') : undefined });
  };
  return (
    <>
      <div className="field">
        <label htmlFor="filter-scoreMin">Score at least</label>
        <select
          id="filter-scoreMin"
          name="scoreMin"
          className="select"
          value={draft.scoreMin ?? ''}
          onChange={(e) => onChange({ ...draft, scoreMin: e.target.value || undefined })}
        >
          <option value="">Any score</option>
          {scoreMinimums(draft.scoreMin).map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="field staff-filters__reviews">
        <legend>Reviews</legend>
        {QUEUE_REVIEW_COUNTS.map((count) => (
          <label key={count} className="checkbox">
            <input
              type="checkbox"
              name="reviews"
              value={count}
              checked={reviews.includes(count)}
              onChange={() => toggle(count)}
            />{' '}
            {REVIEW_COUNT_LABELS[count]}
          </label>
        ))}
      </fieldset>
    </>
  );
}
