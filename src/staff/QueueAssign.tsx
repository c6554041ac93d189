/**
 * Assignment on the queue (admins, docs/decisions/164-assignment-round-robin.md): the view's applications to the
 * team members ticked, round-robin when several. "Count first" asks the server's dry run how many each would get;
 * "Assign" does it.
 */
import { useState } from 'react';
import { filterOf } from '../../machines/rules/queueView';
import type { StaffAssignResult, StaffQueueQuery } from '../../machines/rules/staff';
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

export function QueueAssign({ query }: { query: StaffQueueQuery }) {
  const { api } = useStaff();
  const { actor, view } = useResource<
    TeamMember[],
    { reviewers: number[]; dryRun: boolean; filter: StaffQueueQuery }
  >(
    () => api.team(),
    async (request) => assignWords(await api.assign(request)),
  );
  const team = view.data ?? [];
  const { errors, message, notice } = view;
  const [chosen, setChosen] = useState<number[]>([]);
  const busy = view.busy;
  const send = (dryRun: boolean) =>
    actor.send({ type: 'SAVE', request: { reviewers: chosen, dryRun, filter: filterOf(query) } });
  return (
    <details className="staff-assign">
      <summary>Assign this view to reviewers</summary>
      <ErrorSummary message={message} errors={errors} />
      <Notice>{notice}</Notice>
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
