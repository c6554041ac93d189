/**
 * The funnel across cohorts on the Reports screen: the cohorts compared come from the URL's `compare` (cohort
 * numbers), else the newest few; a form of checkboxes changes them.
 */
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { comparedCohorts } from '../../machines/rules/reports';
import type { StaffCohortOption } from '../../machines/rules/staff/queue';
import { ReportFunnelTable } from './ReportFunnelTable';
import { SERIES_COLOURS } from '../charts/colours';
import { useStaff } from './StaffContext';
import { useResource } from './useResource';

/** As many cohorts as the chart has colours. */
const MAX_COMPARED = SERIES_COLOURS.length;

export function ReportFunnels() {
  const { api } = useStaff();
  const [params, setParams] = useSearchParams();
  const cohorts = useResource<StaffCohortOption[]>(() => api.cohorts()).view.data;
  const chosen = cohorts ? comparedCohorts(cohorts, params.get('compare') ?? '', MAX_COMPARED) : [];
  const [draft, setDraft] = useState<string[] | null>(null);
  const ticked = draft ?? chosen.map((c) => String(c.number));
  const compare = (e: FormEvent) => {
    e.preventDefault();
    const next = new URLSearchParams(params);
    next.set('compare', ticked.join(','));
    setDraft(null);
    setParams(next);
  };
  if (!cohorts) return null;
  return (
    <section aria-labelledby="report-funnels">
      <h2 id="report-funnels">Funnel across cohorts</h2>
      {cohorts.length > 1 && (
        <form onSubmit={compare} aria-label="Cohorts compared">
          <fieldset className="staff-report-cohorts">
            <legend>Cohorts to compare (up to {MAX_COMPARED})</legend>
            {cohorts.map((c) => {
              const value = String(c.number);
              const on = ticked.includes(value);
              return (
                <label key={value} className="checkbox">
                  <input
                    type="checkbox"
                    checked={on}
                    disabled={!on && ticked.length >= MAX_COMPARED}
                    onChange={() => setDraft(on ? ticked.filter((n) => n !== value) : [...ticked, value])}
                  />{' '}
                  {c.name}
                </label>
              );
            })}
          </fieldset>
          <button type="submit" className="button button--secondary" disabled={ticked.length === 0}>
            Compare these cohorts
          </button>
        </form>
      )}
      <ReportFunnelTable
        key={chosen.map((c) => c.number).join(',')}
        numbers={chosen.map((c) => c.number).join(',')}
      />
    </section>
  );
}
