/**
 * The cohort a staff page shows (queue, funnel, CSV decisions). The URL's `cohort` holds the choice, so a view can
 * be shared; without it the server answers for the cohort applications go to now.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { StaffCohortOption } from '../../machines/rules/staff/queue';
import { provideResource } from './staffActors';
import { useStaff } from './StaffContext';

/** The chosen cohort's number from the URL, or undefined for the current cohort. */
export function useChosenCohort(): string | undefined {
  const [params] = useSearchParams();
  return params.get('cohort') || undefined;
}

/**
 * A select of the cohorts and a Show button (no change on select alone: a keyboard user moving through the list is
 * not taken away). Showing another cohort keeps nothing else of the view: filters and pages belong to one cohort.
 */
export function CohortPicker({ onChoose }: { onChoose?: (cohort: string | undefined) => void }) {
  const { api } = useStaff();
  const [params, setParams] = useSearchParams();
  const actor = useActorRef(useMemo(() => provideResource(() => api.cohorts()), [api]));
  const cohorts = useSelector(actor, (s) => s.context.data as StaffCohortOption[] | null);
  const current = cohorts?.find((c) => c.current);
  const shown = params.get('cohort') ?? String(current?.number ?? '');
  const [draft, setDraft] = useState<string | null>(null);
  if (!cohorts || cohorts.length < 2) return null;
  const choose = (e: FormEvent) => {
    e.preventDefault();
    const value = draft ?? shown;
    const next = value && Number(value) !== current?.number ? value : undefined;
    setDraft(null);
    if (onChoose) onChoose(next);
    else setParams(next ? { cohort: next } : {});
  };
  return (
    <form className="staff-cohort" onSubmit={choose} aria-label="Cohort shown">
      <div className="field">
        <label htmlFor="staff-cohort">Cohort</label>
        <select
          id="staff-cohort"
          className="select"
          value={draft ?? shown}
          onChange={(e) => setDraft(e.target.value)}
        >
          {cohorts.map((c) => (
            <option key={c.number} value={String(c.number)}>
              {c.name}
              {c.current ? ' (open now)' : ''}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button button--secondary">
        Show this cohort
      </button>
    </form>
  );
}
