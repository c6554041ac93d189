import { useEffect } from 'react';

/**
 * Shown for any unknown route (docs/product.md §2.1). A plain link home: the landing page is a separate document, so a full
 * navigation to `/` is what a router link would end up doing anyway. A named section rather than <main>, so it
 * fits inside whatever landmark the app shell provides.
 */
export function NotFoundScreen() {
  useEffect(() => {
    const previous = document.title;
    document.title = 'Page not found · The Employment Bootcamp';
    return () => {
      document.title = previous;
    };
  }, []);

  return (
    <section
      className="not-found"
      aria-labelledby="not-found-title"
      style={{ maxWidth: '40rem', margin: '0 auto', padding: '4rem 1.25rem' }}
    >
      <h1 id="not-found-title" style={{ color: 'var(--color-brand, #0b3d2e)' }}>
        You are lost
      </h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <p>
        <a href="/">Go back to the home page</a>
      </p>
    </section>
  );
}

/** The not-found screen as a whole page: with its own main landmark, for routes outside any shell. */
export function NotFoundPage() {
  return (
    <main id="main">
      <NotFoundScreen />
    </main>
  );
}
