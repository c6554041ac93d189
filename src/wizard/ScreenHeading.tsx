import type { ReactNode } from 'react';

/** The screen's one h1. The shell moves focus here when the screen changes, so screen readers hear where they are. */
export function ScreenHeading({ children }: { children: ReactNode }) {
  return (
    <h1 className="screen-title" id="screen-title" tabIndex={-1}>
      {children}
    </h1>
  );
}
