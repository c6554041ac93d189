/**
 * The product's logo: its mark and its name, the same in the landing page's header, the wizard's and the staff back
 * office's (docs/decisions/241-one-set-of-design-tokens.md). Drawn by CSS from the tokens (src/styles/brand.css):
 * no image to fetch.
 */
export function Brand({ href, name = 'The Employment Bootcamp' }: { href: string; name?: string }) {
  return (
    <a className="brand" href={href}>
      <span className="brand-mark" aria-hidden="true">
        T
      </span>
      <span className="brand-name">{name}</span>
    </a>
  );
}
