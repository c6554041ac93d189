/** The queue's table: a page of applications, the sort buttons in its headers and (for admins) the ticks. */
import { useSelector } from '@xstate/react';
import { Link } from 'react-router';
import type { ActorRefFrom } from 'xstate';
import {
  filterOf,
  humanize,
  QUEUE_SORT_COLUMNS,
  sortDirection,
  sortedBy,
} from '../../machines/rules/queueView';
import { QUEUE_STAGE_LABELS, type StaffQueueQuery } from '../../machines/rules/staff';
import type { staffQueueMachine } from '../../machines/staffQueue.machine';
import { queryString } from './api';
import { useStaffDates } from './StaffContext';
import { scoreWords } from './ScorecardPanel';

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
  const { day } = useStaffDates();
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
            <tr key={row.id}>
              {admin && (
                <td>
                  <input
                    type="checkbox"
                    aria-label={`Select ${row.name}`}
                    checked={allMatching || selected.includes(row.id)}
                    onChange={() => queue.send({ type: 'TOGGLE', id: row.id })}
                  />
                </td>
              )}
              <th scope="row">
                <Link to={`/staff/applications/${row.id}${queryString(query)}`}>
                  {row.name || row.email || `#${row.id}`}
                </Link>
                {/* A tag is a link to the view of every application with it (decision 181). */}
                {row.tags.map((tag) => (
                  <Link
                    key={tag}
                    className="staff-tag"
                    to={`/staff${queryString({ ...filterOf(query), tag })}`}
                    aria-label={`Tagged ${tag}: show every application with this tag`}
                  >
                    {tag}
                  </Link>
                ))}
              </th>
              {contact && <td>{row.email}</td>}
              {everyCohort && <td>{row.cohort}</td>}
              <td>{row.country}</td>
              <td>{QUEUE_STAGE_LABELS[row.stage]}</td>
              <td>{humanize(row.eligibility)}</td>
              <td>{row.statusLabel}</td>
              <td>{day(row.submittedAt)}</td>
              <td>{scoreWords(row.score, row.reviews)}</td>
              <td>
                {row.paymentOption || '—'}
                {row.paymentStatus !== 'none' ? ` (${row.paymentStatus})` : ''}
              </td>
              <td>{row.cv === 'uploaded' ? 'Uploaded' : row.cv === 'email' ? 'By email' : 'None'}</td>
            </tr>
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
