import type { MouseEventHandler } from 'react';

interface Props {
  className?: string;
  onClick?: MouseEventHandler<HTMLAnchorElement>;
}

/**
 * Every Apply Now on the landing page is a plain link to /apply in a new tab: the landing page stays open, and no
 * wizard code is loaded here. The hidden words tell screen-reader users that a tab opens.
 */
export function ApplyLink({ className = 'btn btn-primary', onClick }: Props) {
  return (
    <a className={className} href="/apply" target="_blank" rel="noopener" onClick={onClick}>
      Apply Now<span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
