import { usePageHeading } from './StaffContext';

export function TeamScreen() {
  const heading = usePageHeading<HTMLHeadingElement>('Team');
  return (
    <h1 className="screen-title" ref={heading} tabIndex={-1}>
      Team
    </h1>
  );
}
