import type { ReactNode } from 'react';

/** The one look of a polite, non-error message (a code was sent, a change was saved): nothing when there is none. */
export function Notice({ children }: { children?: ReactNode }) {
  if (!children) return null;
  return (
    <p className="alert alert--info" role="status">
      {children}
    </p>
  );
}
