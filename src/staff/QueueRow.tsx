import { Link } from 'react-router-dom';
import { filterOf, humanize } from '../../machines/rules/queueView';
import {
  QUEUE_STAGE_LABELS,
  type StaffQueueQuery,
  type StaffQueueRow,
} from '../../machines/rules/staff/queue';
import { queryString } from './api';
import { scoreWords } from './ScorecardPanel';
import { useStaffDates } from './StaffContext';

/** One application in the queue's table: its name (a link to its page) and tags, and a column each for the rest. */
export function QueueRow({
  row,
  query,
  admin,
  contact,
  everyCohort,
  checked,
  onToggle,
}: {
  row: StaffQueueRow;
  query: StaffQueueQuery;
  /** An admin ticks rows for a bulk decision. */
  admin: boolean;
  /** The role sees contact details: the email column. */
  contact: boolean;
  /** The view spans every cohort: the cohort column. */
  everyCohort: boolean;
  checked: boolean;
  onToggle: () => void;
}) {
  const { day } = useStaffDates();
  return (
    <tr>
      {admin && (
        <td>
          <input type="checkbox" aria-label={`Select ${row.name}`} checked={checked} onChange={onToggle} />
        </td>
      )}
      <th scope="row">
        <Link to={`/staff/applications/${row.id}${queryString(query)}`}>
          {row.name || row.email || `#${row.id}`}
        </Link>
        {/* A tag is a link to the view of every application with it (decision 060). */}
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
  );
}
