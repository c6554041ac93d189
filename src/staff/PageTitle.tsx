import { useLayoutEffect, useRef, type ReactNode } from 'react';

/**
 * A staff page's heading, named `title` in the tab: it takes focus when the page opens (and when the title
 * changes), so a screen reader announces the new page and the keyboard starts from its top (a client-side route
 * change moves no focus by itself). `children`, when the heading says more than the title.
 */
export function PageTitle({ title, children }: { title: string; children?: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // In the commit that shows the page: a key pressed in that frame starts from its heading.
  useLayoutEffect(() => {
    document.title = `${title} – Staff – The Employment Bootcamp`;
    heading.current?.focus();
  }, [title]);
  return (
    <h1 className="screen-title" ref={heading} tabIndex={-1}>
      {children ?? title}
    </h1>
  );
}
