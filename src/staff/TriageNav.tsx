/**
 * Triage on an application's page: the queue's view travels in the URL (`/staff/applications/7?status=submitted`),
 * so Back keeps the filter and Previous / Next (`k` / `j`) walk the filtered list. `a`, `w` and `r` decide when the
 * page offers that decision (the page's chart asks its confirm where one is needed); `?` lists the shortcuts. After
 * a decision the next application in the view opens by itself, carrying the decision for its Undo; the next one is
 * fetched while this one is read (docs/decisions/136).
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { ReviewEventType } from '../../machines/review.machine';
import { queueViewOf } from '../../machines/rules/queueView';
import { DECIDE_KEYS, triageShortcuts } from '../../machines/rules/staff/reviewActions';
import { type StaffQueuePage } from '../../machines/rules/staff/queue';
import type { PreviousDecision } from '../../machines/staffApplication.machine';
import { AppDialog } from '../components/Dialog';
import { Button } from '../components/Button';
import { queryString } from './api';
import { prefetchApplication, provideResource } from './staffActors';
import { useStaff } from './StaffContext';

/** A key typed into a field is text, never a shortcut. */
const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * A key that is no shortcut of the page: held with a modifier, typed into a field, or pressed while a dialog is open
 * (the triage keys and the scorecard's follow the same rule).
 */
export const notAShortcut = (e: KeyboardEvent) =>
  e.ctrlKey || e.metaKey || e.altKey || typing(e.target) || !!document.querySelector('[role$="dialog"]');

export function TriageNav({
  id,
  offered,
  onDecide,
  decided,
  onStay,
}: {
  id: number;
  offered: readonly ReviewEventType[];
  onDecide: (event: ReviewEventType) => void;
  /** A decision just taken here: move on to the next application with it, or stay when there is none. */
  decided: PreviousDecision | null;
  onStay: () => void;
}) {
  const { api, me } = useStaff();
  const shortcuts = triageShortcuts(me.role);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const view = queueViewOf(params);
  const search = queryString(view);
  // The view's list from its page on: the rows around this one, up to the largest page.
  const list = useActorRef(
    useMemo(
      () => provideResource(() => api.queue({ ...queueViewOf(new URLSearchParams(search)), limit: '200' })),
      [api, search],
    ),
  );
  const rows = useSelector(list, (s) => (s.context.data as StaffQueuePage | null)?.rows ?? null);
  // The whole view's count, not the rows fetched (at most 200).
  const total = useSelector(list, (s) => (s.context.data as StaffQueuePage | null)?.total ?? null);
  const listFailed = useSelector(list, (s) => s.hasTag('failed'));
  const at = rows?.findIndex((r) => r.id === id) ?? -1;
  const previous = at > 0 ? rows?.[at - 1] : undefined;
  const next = at >= 0 ? rows?.[at + 1] : undefined;
  const [help, setHelp] = useState(false);
  const to = (target: { id: number } | undefined) => target && `/staff/applications/${target.id}${search}`;

  useEffect(() => {
    if (next) prefetchApplication(api, next.id);
  }, [api, next]);

  useEffect(() => {
    if (!decided) return;
    if (next) navigate(`/staff/applications/${next.id}${search}`, { state: { previous: decided } });
    // The last of the view (or no list to walk): the page stays and shows the decision.
    else if (rows || listFailed) onStay();
  }, [decided, next, rows, listFailed, navigate, search, onStay]);

  // Set again in each commit, not after the paint: a key pressed as the page shows acts on what it shows.
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (notAShortcut(e)) return;
      const decision: ReviewEventType | undefined = DECIDE_KEYS[e.key as keyof typeof DECIDE_KEYS];
      if (e.key === '?') setHelp(true);
      else if (e.key === 'j' && next) navigate(to(next)!);
      else if (e.key === 'k' && previous) navigate(to(previous)!);
      else if (decision && offered.includes(decision)) onDecide(decision);
      else return;
      e.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  return (
    <nav className="staff-triage" aria-label="Applications in this view">
      <Link to={{ pathname: '/staff', search }}>Back to applications</Link>
      {rows && at >= 0 && (
        <span>
          {at + 1} of {view.cursor ? rows.length : Math.max(total ?? 0, rows.length)}
          {view.cursor ? ' on this page' : ''}
        </span>
      )}
      <Button look="secondary" disabled={!previous} onClick={() => previous && navigate(to(previous)!)}>
        Previous (k)
      </Button>
      <Button look="secondary" disabled={!next} onClick={() => next && navigate(to(next)!)}>
        Next (j)
      </Button>
      <Button look="link" onClick={() => setHelp(true)}>
        Keyboard shortcuts (?)
      </Button>
      <AppDialog
        open={help}
        title="Keyboard shortcuts"
        onClose={() => setHelp(false)}
        actions={<Button onClick={() => setHelp(false)}>Close</Button>}
      >
        <dl className="staff-shortcuts">
          {shortcuts.map(([key, what]) => (
            <div key={key}>
              <dt>
                <kbd>{key}</kbd>
              </dt>
              <dd>{what}</dd>
            </div>
          ))}
        </dl>
      </AppDialog>
    </nav>
  );
}
