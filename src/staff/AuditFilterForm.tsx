/** The audit log's filters (docs/decisions/062-exports.md): team member, action and applicant. */
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  auditFilterParams,
  type AuditFilters,
} from '../../machines/rules/reports';
import type { TeamMember } from './api';
import { useStaff } from './StaffContext';
import { useResource } from './useResource';

export function AuditFilterForm({ filters }: { filters: AuditFilters }) {
  const { api } = useStaff();
  const [, setParams] = useSearchParams();
  const [draft, setDraft] = useState<AuditFilters>(filters);
  const team = useResource<TeamMember[]>(() => api.team()).view.data;
  const apply = (e: FormEvent) => {
    e.preventDefault();
    setParams(auditFilterParams(draft));
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
