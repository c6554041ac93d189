/** The queue's active panel filters as chips below the filter bar, each with a link that removes it. */
import { Link } from 'react-router-dom';
import { filterOf } from '../../machines/rules/queueView';
import { filterValueWords, type QUEUE_PANEL_FILTERS } from '../../machines/rules/queueFilters';
import type { StaffQueueQuery } from '../../machines/rules/staff/queue';
import { formatStaffDay } from '../../machines/rules/staffDates';
import { queryString } from './api';
import { useStaffDates } from './StaffContext';

export function QueueActiveFilters({
  query,
  active,
}: {
  query: StaffQueueQuery;
  active: readonly (typeof QUEUE_PANEL_FILTERS)[number][];
}) {
  const { locale } = useStaffDates();
  if (!active.length) return null;
  return (
    <ul className="staff-chips staff-filters__active" aria-label="Active filters">
      {active.map(([key, label]) => {
        const words = `${label}: ${filterValueWords(key, query[key] ?? '', (day) => formatStaffDay(day, locale))}`;
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
  );
}
