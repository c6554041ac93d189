/** The queue's table: a page of applications, the sort buttons in its headers and (for admins) the ticks. */
import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { filterOf, QUEUE_SORT_COLUMNS, sortDirection, sortedBy } from '../../machines/rules/queueView';
import type { StaffQueueQuery } from '../../machines/rules/staff/queue';
import type { staffQueueMachine } from '../../machines/staffQueue.machine';
import { queryString } from './api';
import { QueueRow } from './QueueRow';

export type QueueActor = ActorRefFrom<typeof staffQueueMachine>;

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

export function QueueTable({
  queue,
  query,
  admin,
  contact,
  onView,
}: {
  queue: QueueActor;
  query: StaffQueueQuery;
  admin: boolean;
  contact: boolean;
  onView: (next: StaffQueueQuery) => void;
}) {
  const page = useSelector(queue, (s) => s.context.page);
  const selected = useSelector(queue, (s) => s.context.selected);
  const allMatching = useSelector(queue, (s) => s.context.allMatching);
  const loading = useSelector(queue, (s) => s.hasTag('loading'));
  const rows = page?.rows ?? [];
  const everyCohort = query.allCohorts === '1';
  const pageSelected = rows.length > 0 && rows.every((r) => selected.includes(r.id));

  // A column the queue sorts by: its header is a button that sorts (again, the other way).
  const sortHead = ({ sort, label }: (typeof QUEUE_SORT_COLUMNS)[number]) => {
    const dir = sortDirection(query, sort);
    return (
      <th key={sort} scope="col" aria-sort={dir ? ARIA_SORT[dir] : undefined}>
        <button type="button" className="staff-sort" onClick={() => onView(sortedBy(query, sort))}>
          {label}
        </button>
      </th>
    );
  };

  return (
    <div className="staff-table-wrap">
      <table className="staff-table" aria-busy={loading || undefined}>
        <caption>
          {page
            ? `${page.total} application${page.total === 1 ? '' : 's'} match${page.total === 1 ? 'es' : ''} this view`
            : 'Loading applications…'}
        </caption>
        <thead>
          <tr>
            {admin && (
              <th scope="col">
                <input
                  type="checkbox"
                  aria-label="Select every application on this page"
                  checked={pageSelected || allMatching}
                  onChange={() => queue.send({ type: 'TOGGLE_PAGE' })}
                />
              </th>
            )}
            {QUEUE_SORT_COLUMNS.slice(0, 1).map(sortHead)}
            {contact && <th scope="col">Email</th>}
            {everyCohort && <th scope="col">Cohort</th>}
            <th scope="col">Country</th>
            <th scope="col">Stage</th>
            {QUEUE_SORT_COLUMNS.slice(1).map(sortHead)}
            <th scope="col">Payment</th>
            <th scope="col">CV</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <QueueRow
              key={row.id}
              row={row}
              query={query}
              admin={admin}
              contact={contact}
              everyCohort={everyCohort}
              checked={allMatching || selected.includes(row.id)}
              onToggle={() => queue.send({ type: 'TOGGLE', id: row.id })}
            />
          ))}
          {page && rows.length === 0 && (
            <tr>
              <td colSpan={9 + Number(admin) + Number(contact) + Number(everyCohort)}>
                No application matches this view.
                {page.elsewhere > 0 && (
                  <>
                    {' '}
                    {page.elsewhere === 1 ? '1 matches' : `${page.elsewhere} match`} in other cohorts:{' '}
                    <Link to={{ search: queryString({ ...filterOf(query), allCohorts: '1' }) }}>
                      search all cohorts
                    </Link>
                    .
                  </>
                )}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
