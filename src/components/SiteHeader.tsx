/** The skip link and the site's header, the same on every page of the app: the wizard and the financial-aid flow. */
export function SiteHeader() {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="shell__header">
        <a href="/">The Employment Bootcamp</a>
      </header>
    </>
  );
}
