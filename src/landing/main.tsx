import { captureReferral } from '../app/persistence';
import '../styles/tokens.css';
import '../styles/brand.css';
import './landing.css';

// `?ref=` on the landing page is kept for the application, which Apply Now opens (in a new tab, same storage).
captureReferral(location.search);

/*
 * The page is already readable from the prerendered HTML, and its links (Apply Now, the anchors) work without
 * script. The renderer and the page's components, most of the JavaScript, are fetched once the page has loaded, so
 * that on a slow connection they do not compete with the HTML, the CSS and the first paint for bandwidth.
 */
const hydrate = () => void import('./hydrate');

if (document.readyState === 'complete') hydrate();
else window.addEventListener('load', hydrate, { once: true });
