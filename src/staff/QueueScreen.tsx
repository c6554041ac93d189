/**
 * The queue (/staff): the cohort's applications in a table. The URL holds the view (filters, search, sort, page),
 * so a view can be bookmarked, shared and reloaded; machines/rules/queueView.ts reads it and the queue machine
 * loads it and runs bulk decisions. The parts are QueueFilters, QueueChips, QueueTable and QueueBulk.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { filterOf, queueViewOf } from '../../machines/rules/queueView';
import { freeSeatsNotice, SEAT_MESSAGES } from '../../machines/rules/seats';
import { seesContact } from '../../machines/rules/staff/contact';
import { staffQueuePaths, type StaffQueueQuery } from '../../machines/rules/staff/queue';
import { ErrorSummary } from '../components/ErrorSummary';
import { Notice } from '../components/Notice';
import { Button } from '../components/Button';
import { queryString } from './api';
import { CohortPicker } from './CohortPicker';
import { QueueBulkBar, QueueBulkDialog } from './QueueBulk';
import { QueueAssign } from './QueueAssign';
import { RubricEditor } from './RubricEditor';
import { InterviewSlots } from './InterviewSlots';
import { QueueMessage } from './QueueMessage';
import { QueueChips } from './QueueChips';
import { QueueFilters } from './QueueFilters';
import { QueueTable } from './QueueTable';
import { SavedViews } from './SavedViews';
import { provideQueue } from './staffActors';
import { useStaff } from './StaffContext';
import { PageTitle } from './PageTitle';

/** History state of a queue page: the cursors of the pages before it, for Previous. */
interface PageTrail {
  cursors?: string[];
}

const NONE: readonly number[] = [];

export function QueueScreen() {
  const { api, me } = useStaff();
  const admin = me.role === 'admin';
  const contact = seesContact(me.role);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const query = useMemo(() => queueViewOf(params), [params]);
  const search = queryString(query);
  const queue = useActorRef(
    useMemo(() => provideQueue(api), [api]),
    { input: { query } },
  );

  useEffect(() => {
    // The machine started with the first view; only a changed URL loads again.
    if (queryString(queue.getSnapshot().context.query) === search) return;
    queue.send({ type: 'QUERY', query: queueViewOf(new URLSearchParams(search)) });
  }, [queue, search]);

  const page = useSelector(queue, (s) => s.context.page);
  // "All matching" is the whole view, which assignment offers anyway.
  const ticked = useSelector(queue, (s) => (s.context.allMatching ? NONE : s.context.selected));
  const message = useSelector(queue, (s) => s.context.message);
  const notice = useSelector(queue, (s) => s.context.notice);
  const failed = useSelector(queue, (s) => s.hasTag('failed'));

  const go = (next: StaffQueueQuery, trail?: string[]) =>
    navigate({ search: queryString(next) }, { state: trail ? { cursors: trail } : undefined });
  const trail = (location.state as PageTrail | null)?.cursors ?? [];
  const next = () =>
    page?.nextCursor && go({ ...query, cursor: page.nextCursor }, [...trail, query.cursor ?? '']);
  const previous = () => {
    const back = trail.at(-1);
    const { cursor: _c, ...rest } = query;
    go(back ? { ...rest, cursor: back } : rest, trail.slice(0, -1));
  };
  const exportQuery = queryString(filterOf(query));
  const freeSeats = page && freeSeatsNotice(page.cohort);

  return (
    <>
      <PageTitle title="Applications">Applications{page ? `: ${page.cohort.name}` : ''}</PageTitle>
      <CohortPicker onChoose={(cohort) => go({ cohort })} />
      {page && (
        <p>
          {page.cohort.taken} of {page.cohort.seats} seats taken.
          {freeSeats && (
            <>
              {' '}
              {freeSeats}{' '}
              <Link
                to={{ search: queryString({ cohort: String(page.cohort.number), status: 'waitlisted' }) }}
              >
                {SEAT_MESSAGES.showWaitlist}
              </Link>
            </>
          )}
        </p>
      )}
      <Notice>{notice}</Notice>
      <ErrorSummary message={message} errors={{}} />

      <SavedViews query={query} />
      {/* Keyed by the URL: back, forward or a chip show their own view's values. */}
      <QueueFilters key={search} query={query} onApply={(filter) => go(filter)} contact={contact} />
      {page && <QueueChips query={query} counts={page.counts} />}

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

      {admin && page && <QueueBulkBar queue={queue} />}
      {failed && <Button onClick={() => queue.send({ type: 'RETRY' })}>Try again</Button>}
      <QueueTable queue={queue} query={query} admin={admin} contact={contact} onView={go} />

      <nav className="staff-pager" aria-label="Pages">
        <Button look="secondary" disabled={!query.cursor} onClick={previous}>
          Previous page
        </Button>
        <Button look="secondary" disabled={!page?.nextCursor} onClick={next}>
          Next page
        </Button>
      </nav>
      {/* The view's slower tools sit under the table, so the table stays above the fold (decision 060). */}
      {admin && page && <QueueAssign query={query} total={page.total} ticked={ticked} />}
      {/* Keyed by the cohort, each its own way: siblings sharing a key left a stale copy in the page. */}
      {admin && page && <RubricEditor key={`rubric ${page.cohort.number}`} cohort={page.cohort.number} />}
      {page && <InterviewSlots key={`interviews ${page.cohort.number}`} cohort={page.cohort.number} />}
      {admin && page && <QueueMessage filter={filterOf(query)} total={page.total} />}
      <QueueBulkDialog queue={queue} />
    </>
  );
}
