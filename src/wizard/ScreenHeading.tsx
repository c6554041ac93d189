import { useLayoutEffect, useRef, type ReactNode } from 'react';

const isFormControl = (element: Element | null) =>
  element instanceof HTMLInputElement ||
  element instanceof HTMLTextAreaElement ||
  element instanceof HTMLSelectElement;

/**
 * A screen's heading takes focus when it arrives, so that keyboard and screen-reader users start from the top and
 * hear where they are. It is the heading that asks, once it is in the page: the shell cannot, because a screen
 * loaded on demand is not there yet when the step changes (the shell shows 'Loading…' while its chunk arrives), and
 * the eligibility result replaces the form within one screen. Someone already typing in the prerendered form when
 * the app takes over keeps their place.
 */
export function useArrivalFocus<T extends HTMLElement>() {
  const heading = useRef<T>(null);
  // In the commit that shows the heading, not after the paint: a key pressed in that frame already starts from it.
  useLayoutEffect(() => {
    if (isFormControl(document.activeElement)) return;
    heading.current?.focus({ preventScroll: false });
  }, []);
  return heading;
}

/** The screen's one h1, focused when it arrives (useArrivalFocus). */
export function ScreenHeading({ children }: { children: ReactNode }) {
  const heading = useArrivalFocus<HTMLHeadingElement>();
  return (
    <h1 className="screen-title" id="screen-title" tabIndex={-1} ref={heading}>
      {children}
    </h1>
  );
}
