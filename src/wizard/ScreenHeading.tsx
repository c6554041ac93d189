import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';

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
  // A dialog that closed in the same commit (a step that moved on with its confirm) is Headless UI's: it gives focus
  // back in a microtask that its effect's cleanup queues, to the last element it saw focused that is still in the
  // page (the header's link, when the opener went with the step). React runs the cleanups of a commit's effects
  // before their setups, so a microtask queued here runs after that one and puts focus back where it was before it
  // (docs/design.md §2a). The order is React's and Headless UI's, not a timer's.
  useEffect(() => {
    const before = document.activeElement;
    let live = true;
    queueMicrotask(() => {
      const now = document.activeElement;
      // A dialog open now (one that came with the screen) keeps the focus it took.
      if (!live || now === before || document.querySelector('[aria-modal="true"]')) return;
      if (before instanceof HTMLElement && before.isConnected) before.focus({ preventScroll: true });
    });
    return () => {
      live = false;
    };
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

/**
 * A part's h2 that arrives in place of what was there (the code's form after the address's, the signed-in content
 * after the code's form), focused when it arrives as a screen's h1 is (useArrivalFocus).
 */
export function ArrivingHeading({ id, children }: { id?: string; children: ReactNode }) {
  const heading = useArrivalFocus<HTMLHeadingElement>();
  return (
    <h2 className="step-heading" id={id} tabIndex={-1} ref={heading}>
      {children}
    </h2>
  );
}
