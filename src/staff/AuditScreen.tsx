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
import { useStaff } from './StaffContext';
import { PageTitle } from './PageTitle';

export function AuditScreen() {
  const { me } = useStaff();
  const [params] = useSearchParams();
  if (me.role !== 'admin')
    return <PageTitle title="Audit log">Audit log: only an admin can see this page</PageTitle>;
  const query = auditQueryOf(params);
  const search = queryString({ ...query });
  return (
    <>
      <PageTitle title="Audit log" />
      {/* Keyed by the URL: a new filter or page is its own load, and the form shows what the URL says. */}
      <AuditFilterForm key={`form${search}`} filters={query} />
      <AuditPage key={search} query={query} />
    </>
  );
}
