import { usePageHeading } from './StaffContext';

export function AuditScreen() {
  const heading = usePageHeading<HTMLHeadingElement>('Audit');
  return (
    <h1 className="screen-title" ref={heading} tabIndex={-1}>
      Audit
    </h1>
  );
}
