/** The queue's chips: how many applications each status and each furthest stage has, each a link to that view. */
import { Link } from 'react-router-dom';
import { filterOf } from '../../machines/rules/queueView';
import {
  QUEUE_STAGE_LABELS,
  QUEUE_STAGES,
  type QueueStatusFilter,
  type StaffQueuePage,
  type StaffQueueQuery,
} from '../../machines/rules/staff/queue';
import { queryString } from './api';
import { statusLabel } from '../../machines/rules/queueFilters';

export function QueueChips({ query, counts }: { query: StaffQueueQuery; counts: StaffQueuePage['counts'] }) {
  const chip = (name: 'status' | 'stage', value: string, label: string) => (
    <li key={value}>
      <Link
        to={{ search: queryString({ ...filterOf(query), [name]: value }) }}
        aria-current={query[name] === value ? 'true' : undefined}
      >
        {label}
      </Link>
    </li>
  );
  return (
    <>
      <ul className="staff-chips" aria-label="Applications assigned to me">
        <li>
          <Link
            to={{ search: queryString({ ...filterOf(query), assignee: 'me' }) }}
            aria-current={query.assignee === 'me' ? 'true' : undefined}
          >
            My queue ({counts.mine})
          </Link>
        </li>
      </ul>
      <ul className="staff-chips" aria-label="Applications by status">
        {Object.entries(counts.status).map(([status, n]) =>
          chip('status', status, `${statusLabel(status as QueueStatusFilter)} (${n})`),
        )}
      </ul>
      {Object.keys(counts.stage).length > 0 && (
        <ul className="staff-chips" aria-label="Applications by furthest stage">
          {QUEUE_STAGES.map((stage) =>
            chip('stage', stage, `${QUEUE_STAGE_LABELS[stage]} (${counts.stage[stage] ?? 0})`),
          )}
        </ul>
      )}
    </>
  );
}
