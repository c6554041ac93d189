import { usePageHeading } from './StaffContext';

export function FunnelScreen() {
  const heading = usePageHeading<HTMLHeadingElement>('Funnel');
  return (
    <h1 className="screen-title" ref={heading} tabIndex={-1}>
      Funnel
    </h1>
  );
}
