/**
 * The audit log (/staff/audit, admins): who viewed, downloaded, decided or changed what, newest first, filtered by
 * team member, action and applicant, with the applicant's name; the filters and the page live in the URL
 * (docs/decisions/167-the-audit-log-filtered.md).
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_PAGE,
  auditDetailWords,
  type AuditQuery,
} from '../../machines/rules/reports';
import { ErrorSummary } from '../components/ErrorSummary';
import { queryString, type AuditEntry, type TeamMember } from './api';
import { provideResource } from './staffActors';
import { usePageHeading, useStaff, useStaffDates } from './StaffContext';
import { TableHead } from './TableHead';
import { useResourceView } from './useResourceView';

const FILTERS = ['staff', 'action', 'applicant'] as const;
type AuditFilters = Pick<AuditQuery, (typeof FILTERS)[number]>;

function AuditFilterForm({ filters }: { filters: AuditFilters }) {
  const { api } = useStaff();
  const [, setParams] = useSearchParams();
  const [draft, setDraft] = useState<AuditFilters>(filters);
  const team = useSelector(
    useActorRef(useMemo(() => provideResource(() => api.team()), [api])),
    (s) => s.context.data as TeamMember[] | null,
  );
  const apply = (e: FormEvent) => {
    e.preventDefault();
    // A new filter starts from the newest entries.
    setParams(
      Object.fromEntries(FILTERS.flatMap((key) => (draft[key]?.trim() ? [[key, draft[key].trim()]] : []))),
    );
  };
  const field = (key: keyof AuditFilters) => ({
    id: `audit-${key}`,
    value: draft[key] ?? '',
    onChange: (e: { target: { value: string } }) => setDraft({ ...draft, [key]: e.target.value }),
  });
  return (
    <form className="staff-filters__bar" role="search" aria-label="Filter the audit log" onSubmit={apply}>
      <div className="field">
        <label htmlFor="audit-staff">Team member (email)</label>
        <input className="input" type="email" list="audit-team" autoComplete="off" {...field('staff')} />
        <datalist id="audit-team">
          {(team ?? []).map((m) => (
            <option key={m.id} value={m.email} />
          ))}
        </datalist>
      </div>
      <div className="field">
        <label htmlFor="audit-action">Action</label>
        <select className="select" {...field('action')}>
          <option value="">Any</option>
          {AUDIT_ACTIONS.map((a) => (
            <option key={a} value={a}>
              {AUDIT_ACTION_LABELS[a]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="audit-applicant">Applicant (name or email)</label>
        <input className="input" type="search" {...field('applicant')} />
      </div>
      <button type="submit" className="button">
        Filter
      </button>
      <Link to="/staff/audit" className="button button--secondary">
        Clear
      </Link>
    </form>
  );
}

function AuditPage({ query }: { query: AuditQuery }) {
  const { api } = useStaff();
  const dates = useStaffDates();
  const search = queryString({ ...query });
  const actor = useActorRef(
    useMemo(
      () => provideResource(() => api.audit(Object.fromEntries(new URLSearchParams(search)))),
      [api, search],
    ),
  );
  const view = useResourceView<AuditEntry[]>(actor);
  const entries = view.data ?? [];
  const oldest = entries.at(-1);
  const { before: _before, ...filters } = query;
  const filtered = FILTERS.some((key) => query[key]);
  return (
    <>
      <ErrorSummary message={view.message} errors={view.errors} />
      <table className="staff-table" aria-busy={view.loading || undefined}>
        <caption>
          {query.before ? 'Older entries' : `The latest ${AUDIT_PAGE} entries`}
          {filtered ? ' that match the filter' : ''}, newest first
        </caption>
        <TableHead columns={['When (UTC)', 'Who', 'What', 'Applicant', 'Detail']} />
        <tbody>
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
        </tbody>
      </table>
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

export function AuditScreen() {
  const { me } = useStaff();
  const [params] = useSearchParams();
  const heading = usePageHeading<HTMLHeadingElement>('Audit log');
  if (me.role !== 'admin')
    return (
      <h1 className="screen-title" ref={heading} tabIndex={-1}>
        Audit log: only an admin can see this page
      </h1>
    );
  const query: AuditQuery = Object.fromEntries(
    [...FILTERS, 'before'].flatMap((key) => (params.get(key) ? [[key, params.get(key)]] : [])),
  );
  const search = queryString({ ...query });
  return (
    <>
      <h1 className="screen-title" ref={heading} tabIndex={-1}>
        Audit log
      </h1>
      {/* Keyed by the URL: a new filter or page is its own load, and the form shows what the URL says. */}
      <AuditFilterForm key={`form${search}`} filters={query} />
      <AuditPage key={search} query={query} />
    </>
  );
}
