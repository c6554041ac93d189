import { renderToString } from 'react-dom/server';
import { LandingPage } from './LandingPage';

/** Renders the landing page to HTML at build time (scripts/prerender.ts); the browser hydrates it. */
export const render = (): string => renderToString(<LandingPage />);
