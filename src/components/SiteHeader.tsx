import type { ReactNode } from 'react';
import { Brand } from './Brand';

/**
 * The skip link and the site's header with the product's logo, the same on every page of the app: the wizard, the
 * pages after submission, financial aid, Your data and the interview page. The staff area's pages give their own
 * home and name, and the signed-in ones their navigation as `children`.
 */
export function SiteHeader({
  home = '/',
  name,
  className,
  children,
}: {
  home?: string;
  name?: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className={className ? `shell__header ${className}` : 'shell__header'}>
        <Brand href={home} name={name} />
        {children}
      </header>
    </>
  );
}
