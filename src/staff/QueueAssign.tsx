/**
 * Assignment on the queue (admins, docs/decisions/163-scorecards-blind-and-a-second-review.md): the view's applications, its first
 * few, or the rows ticked, to the team members chosen, round-robin when several. "Count first" asks the server's dry
 * run how many each would get; "Assign" does it.
 */
import { useState } from 'react';
import { filterOf } from '../../machines/rules/queueView';
import type {
  StaffAssignRequest,
  StaffAssignResult,
  StaffQueueQuery,
} from '../../machines/rules/staff/queue';
import { BusyButton } from '../components/BusyButton';
import { Button } from '../components/Button';
import { ErrorSummary } from '../components/ErrorSummary';
import { Notice } from '../components/Notice';
import type { TeamMember } from './api';
import { useStaff } from './StaffContext';
import { useResource } from './useResource';

/** "4 would be assigned: ama@… 2, ben@… 2 (1 changes hands)". */
export function assignWords(result: StaffAssignResult): string {
  const each = result.perReviewer.map((r) => `${r.email} ${r.count}`).join(', ');
  const moved = result.reassigned > 0 ? ` (${result.reassigned} change hands)` : '';
  return `${result.matched} ${result.dryRun ? 'would be' : 'were'} assigned: ${each}${moved}`;
}

type Taken = 'view' | 'first' | 'ticked';

export function QueueAssign({
  query,
  total,
  ticked,
}: {
  query: StaffQueueQuery;
  /** How many applications the view holds. */
  total: number;
  /** The rows ticked on the queue (none when nothing is ticked). */
  ticked: readonly number[];
}) {
  const { api } = useStaff();
  const { actor, view } = useResource<TeamMember[], StaffAssignRequest>(
    () => api.team(),
    async (request) => assignWords(await api.assign(request)),
  );
  const team = view.data ?? [];
  const { errors, message, notice } = view;
  const [chosen, setChosen] = useState<number[]>([]);
  const [taken, setTaken] = useState<Taken>('view');
  const [count, setCount] = useState('');
  const busy = view.busy;
  // Ticked rows untick (a new view): back to the whole view.
  const what: Taken = taken === 'ticked' && ticked.length === 0 ? 'view' : taken;
  const send = (dryRun: boolean) => {
    const which =
      what === 'ticked'
        ? { ids: [...ticked] }
        : what === 'first'
          ? { filter: filterOf(query), count: Number(count.trim() || NaN) }
          : { filter: filterOf(query) };
    actor.send({ type: 'SAVE', request: { reviewers: chosen, dryRun, ...which } });
  };
  const choice = (value: Taken, label: string) => (
    <label className="choice">
      <input type="radio" name="assign-what" checked={what === value} onChange={() => setTaken(value)} />
      <span>{label}</span>
    </label>
  );
  return (
    <details className="staff-assign">
      <summary>Assign this view to reviewers</summary>
      <ErrorSummary message={message} errors={errors} />
      <Notice>{notice}</Notice>
      <fieldset>
        <legend>Which applications</legend>
        {choice('view', `The whole view (${total})`)}
        {choice('first', 'The first of the view, in its order:')}
        <label className="staff-assign-count">
          <span>How many</span>
          <input
            type="text"
            inputMode="numeric"
            name="count"
            value={count}
            onChange={(e) => {
              setCount(e.target.value);
              setTaken('first');
            }}
          />
        </label>
        {ticked.length > 0 && choice('ticked', `The ${ticked.length} ticked`)}
      </fieldset>
      <fieldset>
        <legend>Team members (several: round-robin, in the view’s order)</legend>
        {team.map((m) => (
          <label key={m.id} className="choice">
            <input
              type="checkbox"
              checked={chosen.includes(m.id)}
              onChange={(e) =>
                setChosen((now) => (e.target.checked ? [...now, m.id] : now.filter((id) => id !== m.id)))
              }
            />
            <span>{m.email}</span>
          </label>
        ))}
      </fieldset>
      <Button look="secondary" disabled={busy} onClick={() => send(true)}>
        Count first
      </Button>{' '}
      <BusyButton type="button" busy={busy} onClick={() => send(false)}>
        Assign
      </BusyButton>
    </details>
  );
}
