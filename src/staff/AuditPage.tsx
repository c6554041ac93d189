/** One page of the audit log, newest first, and the links to older and to the newest entries. */
import { Link } from 'react-router-dom';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_FILTERS,
  AUDIT_PAGE,
  auditDetailWords,
  type AuditQuery,
} from '../../machines/rules/reports';
import { ErrorSummary } from '../components/ErrorSummary';
import { queryString, type AuditEntry } from './api';
import { useStaff, useStaffDates } from './StaffContext';
import { StaffTable } from './StaffTable';
import { useResource } from './useResource';

export function AuditPage({ query }: { query: AuditQuery }) {
  const { api } = useStaff();
  const dates = useStaffDates();
  const search = queryString({ ...query });
  const { view } = useResource<AuditEntry[]>(() =>
    api.audit(Object.fromEntries(new URLSearchParams(search))),
  );
  const entries = view.data ?? [];
  const oldest = entries.at(-1);
  const { before: _before, ...filters } = query;
  const filtered = AUDIT_FILTERS.some((key) => query[key]);
  return (
    <>
      <ErrorSummary message={view.message} errors={view.errors} />
      <StaffTable
        busy={view.loading}
        caption={`${query.before ? 'Older entries' : `The latest ${AUDIT_PAGE} entries`}${filtered ? ' that match the filter' : ''}, newest first`}
        columns={['When (UTC)', 'Who', 'What', 'Applicant', 'Detail']}
      >
        {entries.map((e) => (
          <tr key={e.id}>
            <td>
              <time dateTime={e.at}>{dates.time(e.at)}</time>
            </td>
            <td>{e.staff}</td>
            <th scope="row">{AUDIT_ACTION_LABELS[e.action] ?? e.action}</th>
            <td>
              {e.applicationId ? (
                <Link to={`/staff/applications/${e.applicationId}`}>
                  {e.applicant ?? `Application #${e.applicationId} (erased)`}
                </Link>
              ) : (
                '—'
              )}
            </td>
            <td>{auditDetailWords(e.detail)}</td>
          </tr>
        ))}
      </StaffTable>
      {view.ready && entries.length === 0 && <p>No entry matches this filter.</p>}
      <nav className="staff-pager" aria-label="Pages">
        {query.before && <Link to={`/staff/audit${queryString(filters)}`}>Newest entries</Link>}
        {entries.length === AUDIT_PAGE && oldest && (
          <Link to={`/staff/audit${queryString({ ...filters, before: String(oldest.id) })}`}>
            Older entries
          </Link>
        )}
      </nav>
    </>
  );
}
