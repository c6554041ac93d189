/**
 * The audit log (/staff/audit, admins): who viewed, downloaded, decided or changed what, newest first, filtered by
 * team member, action and applicant, with the applicant's name; the filters and the page live in the URL
 * (docs/decisions/062-exports.md).
 */
import { useSearchParams } from 'react-router-dom';
import { auditQueryOf } from '../../machines/rules/reports';
import { queryString } from './api';
import { AuditFilterForm } from './AuditFilterForm';
import { AuditPage } from './AuditPage';
import { usePageHeading, useStaff } from './StaffContext';

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
  const query = auditQueryOf(params);
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
