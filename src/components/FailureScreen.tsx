import { useLayoutEffect, useRef } from 'react';
import { Brand } from './Brand';
import { Button } from './Button';

export type FailureKind = 'chunk' | 'unexpected';

/** What each failure screen says (docs/decisions/022-idempotent-replays-earn-nothing.md). */
export const FAILURE_COPY: Record<FailureKind, { title: string; lines: readonly string[] }> = {
  chunk: {
    title: 'Part of this page did not load',
    lines: [
      'This is most likely a problem with the internet connection: it dropped, or it is too slow just now.',
      'Check that you are online, then reload the page. The answers you have saved are kept.',
    ],
  },
  unexpected: {
    title: 'Unexpected Application Error!',
    lines: [
      'Something went wrong on this page. Reload it to try again; the answers you have saved are kept.',
      'If it happens again, please come back a little later.',
    ],
  },
};

export interface FailureScreenProps {
  kind: FailureKind;
  /** Reloads the page; a test gives its own. */
  onReload?: () => void;
}

/**
 * What the page shows when a part of it fails: a script chunk that did not arrive, or any other error while drawing
 * it. Its heading takes focus, so that screen-reader and keyboard users start from what happened.
 */
export function FailureScreen({ kind, onReload = () => window.location.reload() }: FailureScreenProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const { title, lines } = FAILURE_COPY[kind];

  // In the commit that shows the heading: a key pressed in that frame starts from what happened.
  useLayoutEffect(() => {
    const previous = document.title;
    document.title = `${title} – The Employment Bootcamp`;
    heading.current?.focus();
    return () => {
      document.title = previous;
    };
  }, [title]);

  return (
    <section className="failure" aria-labelledby="screen-title" data-failure={kind}>
      <h1 className="screen-title" id="screen-title" tabIndex={-1} ref={heading}>
        {title}
      </h1>
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
      <div className="actions">
        <a className="button button--secondary" href="/">
          Go to the home page
        </a>
        <Button onClick={onReload}>Reload</Button>
      </div>
    </section>
  );
}

/** The failure as a whole page, for failures outside any shell: the site header and a main landmark of its own. */
export function FailurePage(props: FailureScreenProps) {
  return (
    <>
      <header className="shell__header">
        <Brand href="/" />
      </header>
      <main id="main" className="shell">
        <div className="card">
          <FailureScreen {...props} />
        </div>
      </main>
    </>
  );
}
