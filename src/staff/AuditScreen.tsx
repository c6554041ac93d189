/** The audit log (/staff/audit, admins): who viewed, downloaded, decided or changed what, newest first. */
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorSummary } from '../components/ErrorSummary';
import type { AuditEntry } from './api';
import { provideResource } from './staffActors';
import { usePageHeading, useStaff, useStaffDates } from './StaffContext';
import { TableHead } from './TableHead';

const ACTIONS: Record<string, string> = {
  sign_in: 'Signed in',
  view_application: 'Viewed an application',
  download_cv: 'Opened a CV',
  note: 'Added a note',
  review_event: 'Changed a review',
  team_add: 'Added a team member',
  team_remove: 'Removed a team member',
  export: 'Exported',
  bulk: 'Bulk decision',
  export_applicant_data: "Exported an applicant's data",
  erase_applicant_data: "Erased an applicant's data",
};

const detailOf = (entry: AuditEntry) =>
  entry.detail && Object.keys(entry.detail).length
    ? Object.entries(entry.detail)
        .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
        .join(', ')
    : '';

function AuditPage({ before }: { before?: string }) {
  const { api } = useStaff();
  const dates = useStaffDates();
  const heading = usePageHeading<HTMLHeadingElement>('Audit log');
  const actor = useActorRef(useMemo(() => provideResource(() => api.audit(before)), [api, before]));
  const state = useSelector(actor, (s) => s);
  const entries = (state.context.data as AuditEntry[] | null) ?? [];
  const oldest = entries.at(-1);
  return (
    <>
      <h1 className="screen-title" ref={heading} tabIndex={-1}>
        Audit log
      </h1>
      <ErrorSummary message={state.context.message} errors={{}} />
      <table className="staff-table" aria-busy={state.matches('loading') || undefined}>
        <caption>{before ? 'Older entries, newest first' : 'The latest 100 entries, newest first'}</caption>
        <TableHead columns={['When (UTC)', 'Who', 'What', 'Application', 'Detail']} />
        <tbody>
          {entries.map((e) => (
            <tr key={e.id}>
              <td>
                <time dateTime={e.at}>{dates.time(e.at)}</time>
              </td>
              <td>{e.staff}</td>
              <th scope="row">{ACTIONS[e.action] ?? e.action}</th>
              <td>
                {e.applicationId ? (
                  <Link to={`/staff/applications/${e.applicationId}`}>#{e.applicationId}</Link>
                ) : (
                  '—'
                )}
              </td>
              <td>{detailOf(e)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <nav className="staff-pager" aria-label="Pages">
        {before && <Link to="/staff/audit">Newest entries</Link>}
        {entries.length === 100 && oldest && (
          <Link to={`/staff/audit?before=${oldest.id}`}>Older entries</Link>
        )}
      </nav>
    </>
  );
}

export function AuditScreen() {
  const { me } = useStaff();
  const before = useSearchParams()[0].get('before') ?? undefined;
  const heading = usePageHeading<HTMLHeadingElement>('Audit log');
  if (me.role !== 'admin')
    return (
      <h1 className="screen-title" ref={heading} tabIndex={-1}>
        Audit log: only an admin can see this page
      </h1>
    );
  // Keyed by the page: a new `before` loads its own entries.
  return <AuditPage key={before ?? ''} before={before} />;
}
