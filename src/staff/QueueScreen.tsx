/**
 * The queue (/staff): the cohort's applications in a table. The URL holds the view (filters, search, sort, page),
 * so a view can be bookmarked, shared and reloaded; the queue machine loads it and runs bulk decisions.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { REVIEW_STATUSES, reviewMeta } from '../../machines/review.machine';
import {
  BULK_EVENTS,
  PAYMENT_STATUSES,
  QUEUE_STAGES,
  seesContact,
  staffQueuePaths,
  type BulkEvent,
  type QueueSort,
  type QueueStatusFilter,
  type StaffQueueQuery,
  undoWindowWords,
  STAFF_QUEUE_QUERY_NAMES,
} from '../../machines/rules/staff';
import { filterOf } from '../../machines/staffQueue.machine';
import { ConfirmDialog } from '../components/Dialog';
import { ErrorSummary } from '../components/ErrorSummary';
import { queryString } from './api';
import { CohortPicker } from './CohortPicker';
import { provideQueue } from './staffActors';
import { usePageHeading, useStaff } from './StaffContext';
import { Notice } from '../components/Notice';
import { Button } from '../components/Button';

const ELIGIBILITY = ['eligible', 'action_required', 'ineligible', 'not measured'] as const;

export const humanize = (value: string) => {
  const text = value.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

const statusLabel = (status: QueueStatusFilter) =>
  status === 'not_submitted' ? 'Not submitted' : reviewMeta(status).label;

const VERB: Record<BulkEvent, string> = { ACCEPT: 'Accept', WAITLIST: 'Waitlist', REJECT: 'Reject' };
const PAST: Record<BulkEvent, string> = { ACCEPT: 'accepted', WAITLIST: 'waitlisted', REJECT: 'rejected' };

/** The view in the URL, as the API reads it. */
const queryOf = (params: URLSearchParams): StaffQueueQuery =>
  Object.fromEntries(
    STAFF_QUEUE_QUERY_NAMES.flatMap((k) => (params.get(k) ? [[k, params.get(k) as string]] : [])),
  ) as StaffQueueQuery;

const SORTS: { sort: QueueSort; label: string }[] = [
  { sort: 'name', label: 'Name' },
  { sort: 'eligibility', label: 'Eligibility' },
  { sort: 'status', label: 'Status' },
  { sort: 'submitted', label: 'Submitted' },
];

const day = (iso: string) => (iso ? iso.slice(0, 10) : '—');

/** History state of a queue page: the cursors of the pages before it, for Previous. */
interface PageTrail {
  cursors?: string[];
}

/** The filter form: a draft of the view, applied to the URL on submit. */
function Filters({
  query,
  onApply,
  contact,
}: {
  query: StaffQueueQuery;
  onApply: (q: StaffQueueQuery) => void;
  /** Searches contact details too (`seesContact`). */
  contact: boolean;
}) {
  const [draft, setDraft] = useState(query);
  const applyFilters = (e: FormEvent) => {
    e.preventDefault();
    onApply(filterOf(draft));
  };
  const field = (key: keyof StaffQueueQuery) => ({
    id: `filter-${key}`,
    name: key,
    value: draft[key] ?? '',
    onChange: (e: { target: { value: string } }) => setDraft({ ...draft, [key]: e.target.value }),
  });
  const text = (key: keyof StaffQueueQuery, label: string, type = 'text') => (
    <div className="field">
      <label htmlFor={`filter-${key}`}>{label}</label>
      <input className="input" type={type} {...field(key)} />
    </div>
  );
  /** A select of `values` with "Any" first; `labelOf` words each value. */
  const choice = (
    key: keyof StaffQueueQuery,
    label: string,
    values: readonly string[],
    labelOf: (value: string) => string = humanize,
  ) => (
    <div className="field">
      <label htmlFor={`filter-${key}`}>{label}</label>
      <select className="select" {...field(key)}>
        <option value="">Any</option>
        {values.map((v) => (
          <option key={v} value={v}>
            {labelOf(v)}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <form className="staff-filters" onSubmit={applyFilters} role="search" aria-label="Filter applications">
      {text('q', contact ? 'Search name, email or phone' : 'Search name', 'search')}
      {choice('status', 'Status', [...REVIEW_STATUSES, 'not_submitted'], (s) =>
        statusLabel(s as QueueStatusFilter),
      )}
      {choice('stage', 'Furthest stage', QUEUE_STAGES)}
      {choice('eligibility', 'Eligibility', ELIGIBILITY)}
      {choice('paymentStatus', 'Payment', PAYMENT_STATUSES)}
      {choice('cv', 'CV', ['yes', 'no'], (v) => (v === 'yes' ? 'Uploaded or emailed' : 'None'))}
      {text('country', 'Country')}
      {text('from', 'Submitted from', 'date')}
      {text('to', 'Submitted to', 'date')}
      <div className="actions">
        <button type="submit" className="button">
          Apply filters
        </button>
        <Link to="/staff" className="button button--secondary">
          Clear
        </Link>
      </div>
    </form>
  );
}

export function QueueScreen() {
  const { api, me } = useStaff();
  const admin = me.role === 'admin';
  const contact = seesContact(me.role);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const query = useMemo(() => queryOf(params), [params]);
  const search = queryString(query);
  const queue = useActorRef(
    useMemo(() => provideQueue(api), [api]),
    { input: { query } },
  );
  const heading = usePageHeading<HTMLHeadingElement>('Applications');

  useEffect(() => {
    // The machine started with the first view; only a changed URL loads again.
    if (queryString(queue.getSnapshot().context.query) === search) return;
    queue.send({ type: 'QUERY', query: queryOf(new URLSearchParams(search)) });
  }, [queue, search]);

  const state = useSelector(queue, (s) => s);
  const { page, selected, allMatching, preview, bulkEvent, message, notice } = state.context;
  const loading = state.matches('loading');

  const go = (next: StaffQueueQuery, trail?: string[]) =>
    navigate({ search: queryString(next) }, { state: trail ? { cursors: trail } : undefined });
  const sortBy = (sort: QueueSort) => {
    const current = query.sort ?? 'submitted';
    const dir =
      current === sort ? (query.dir === 'asc' ? 'desc' : 'asc') : sort === 'submitted' ? 'desc' : 'asc';
    go({ ...filterOf(query), sort, dir });
  };
  const ariaSort = (sort: QueueSort) => {
    if ((query.sort ?? 'submitted') !== sort) return undefined;
    return (query.dir ?? (sort === 'submitted' ? 'desc' : 'asc')) === 'asc' ? 'ascending' : 'descending';
  };
  const trail = (location.state as PageTrail | null)?.cursors ?? [];
  const next = () =>
    page?.nextCursor && go({ ...query, cursor: page.nextCursor }, [...trail, query.cursor ?? '']);
  const previous = () => {
    const back = trail.at(-1);
    const { cursor: _c, ...rest } = query;
    go(back ? { ...rest, cursor: back } : rest, trail.slice(0, -1));
  };
  const [capSeats, setCapSeats] = useState(false);
  const rows = page?.rows ?? [];
  const pageSelected = rows.length > 0 && rows.every((r) => selected.includes(r.id));
  const count = allMatching ? (page?.total ?? 0) : selected.length;
  const exportQuery = queryString(filterOf(query));

  // A column the queue sorts by: its header is a button that sorts (again, the other way).
  const sortHead = ({ sort, label }: (typeof SORTS)[number]) => (
    <th key={sort} scope="col" aria-sort={ariaSort(sort)}>
      <button type="button" className="staff-sort" onClick={() => sortBy(sort)}>
        {label}
      </button>
    </th>
  );

  return (
    <>
      <h1 className="screen-title" ref={heading} tabIndex={-1}>
        Applications{page ? `: ${page.cohort.name}` : ''}
      </h1>
      <CohortPicker onChoose={(cohort) => go({ cohort })} />
      {page && (
        <p>
          {page.cohort.taken} of {page.cohort.seats} seats taken.
        </p>
      )}
      <Notice>{notice}</Notice>
      <ErrorSummary message={message} errors={{}} />

      {/* Keyed by the URL: back, forward or a chip show their own view's values. */}
      <Filters key={search} query={query} onApply={(filter) => go(filter)} contact={contact} />

      {page && (
        <ul className="staff-chips" aria-label="Applications by status">
          {Object.entries(page.counts.status).map(([status, n]) => (
            <li key={status}>
              <Link
                to={{ search: queryString({ ...filterOf(query), status }) }}
                aria-current={query.status === status ? 'true' : undefined}
              >
                {statusLabel(status as QueueStatusFilter)} ({n})
              </Link>
            </li>
          ))}
        </ul>
      )}
      {page && Object.keys(page.counts.stage).length > 0 && (
        <ul className="staff-chips" aria-label="Applications by furthest stage">
          {QUEUE_STAGES.map((stage) => (
            <li key={stage}>
              <Link
                to={{ search: queryString({ ...filterOf(query), stage }) }}
                aria-current={query.stage === stage ? 'true' : undefined}
              >
                {humanize(stage)} ({page.counts.stage[stage] ?? 0})
              </Link>
            </li>
          ))}
        </ul>
      )}

      <p className="staff-exports">
        <a href={`${staffQueuePaths.exportCsv}${exportQuery}`} download>
          Export this view as CSV
        </a>
        {admin && (
          <>
            {' · '}
            <a href={`${staffQueuePaths.cvsZip}${exportQuery}`} download>
              Download these CVs (zip)
            </a>
          </>
        )}
      </p>

      {admin && page && (
        <div className="staff-bulk" role="group" aria-label="Decide on the selected applications">
          <p aria-live="polite">
            {allMatching
              ? `All ${page.total} matching applications selected.`
              : `${selected.length} selected.`}
            {pageSelected && !allMatching && page.total > rows.length && (
              <>
                {' '}
                <Button look="link" onClick={() => queue.send({ type: 'SELECT_ALL_MATCHING' })}>
                  Select all {page.total} matching
                </Button>
              </>
            )}
            {count > 0 && (
              <>
                {' '}
                <Button look="link" onClick={() => queue.send({ type: 'CLEAR_SELECTION' })}>
                  Clear selection
                </Button>
              </>
            )}
          </p>
          {BULK_EVENTS.map((event) => (
            <Button
              look="secondary"
              key={event}
              disabled={count === 0 || !state.matches('ready')}
              onClick={() => queue.send({ type: 'BULK', event, capSeats })}
            >
              {VERB[event]} selected
            </Button>
          ))}
          <label className="staff-bulk__cap">
            <input type="checkbox" checked={capSeats} onChange={(e) => setCapSeats(e.target.checked)} /> When
            accepting, waitlist those beyond the free seats
          </label>
        </div>
      )}

      {state.matches('failed') && <Button onClick={() => queue.send({ type: 'RETRY' })}>Try again</Button>}

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
              {SORTS.slice(0, 1).map(sortHead)}
              {contact && <th scope="col">Email</th>}
              <th scope="col">Country</th>
              <th scope="col">Stage</th>
              {SORTS.slice(1).map(sortHead)}
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
                  <Link to={`/staff/applications/${row.id}`}>{row.name || row.email || `#${row.id}`}</Link>
                </th>
                {contact && <td>{row.email}</td>}
                <td>{row.country}</td>
                <td>{humanize(row.stage)}</td>
                <td>{humanize(row.eligibility)}</td>
                <td>{row.statusLabel}</td>
                <td>{day(row.submittedAt)}</td>
                <td>
                  {row.paymentOption || '—'}
                  {row.paymentStatus !== 'none' ? ` (${row.paymentStatus})` : ''}
                </td>
                <td>{row.cv === 'uploaded' ? 'Uploaded' : row.cv === 'email' ? 'By email' : 'None'}</td>
              </tr>
            ))}
            {page && rows.length === 0 && (
              <tr>
                <td colSpan={admin ? 10 : 9}>No application matches this view.</td>
              </tr>
            )}
          </tbody>
        </table>
      </div>

      <nav className="staff-pager" aria-label="Pages">
        <Button look="secondary" disabled={!query.cursor} onClick={previous}>
          Previous page
        </Button>
        <Button look="secondary" disabled={!page?.nextCursor} onClick={next}>
          Next page
        </Button>
      </nav>

      <ConfirmDialog
        open={state.matches('confirming') || state.matches('applying')}
        busy={state.hasTag('busy')}
        title={bulkEvent ? `${VERB[bulkEvent]} ${preview?.matched ?? count} applications?` : ''}
        text={
          preview && bulkEvent ? (
            <>
              <span className="staff-dialog__line">
                {Object.entries(preview.applied)
                  .map(([event, n]) => `${n ?? 0} will be ${PAST[event as BulkEvent]}`)
                  .join(', ') || 'None will change'}
                {preview.refused.length > 0 ? `; ${preview.refused.length} cannot be changed now` : ''}.{' '}
                {preview.seatsFree} seats are free.
              </span>
              {preview.preview.map((mail) => (
                <span key={mail.event} className="staff-dialog__mail">
                  <strong>
                    The email that will go (after {undoWindowWords(preview.undoSeconds * 1000)}):
                  </strong>{' '}
                  {mail.subject}
                  <span className="staff-dialog__mail-text">{mail.text}</span>
                </span>
              ))}
            </>
          ) : (
            ''
          )
        }
        confirmLabel={bulkEvent ? `${VERB[bulkEvent]} ${preview?.matched ?? count}` : 'Confirm'}
        cancelLabel="Cancel"
        onConfirm={() => queue.send({ type: 'CONFIRM' })}
        onCancel={() => queue.send({ type: 'CANCEL' })}
      />
    </>
  );
}
