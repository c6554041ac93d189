import { Brand } from './Brand';

/**
 * The skip link and the site's header with the product's logo, the same on every page of the app: the wizard, the
 * pages after submission, financial aid, Your data and the interview page.
 */
export function SiteHeader() {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="shell__header">
        <Brand href="/" />
      </header>
    </>
  );
}
