import { holdEarlyInput } from './app/earlyInput';
import './styles/app.css';

/*
 * `/apply` (apply.html): Get Started is prerendered, its CSS inlined, so the email field shows and takes typing
 * before any script. The app (React, the machine) is fetched once the page has loaded, so that on a slow connection
 * it does not compete with the first paint, and hydrates the form keeping what was typed (src/main.tsx).
 */
holdEarlyInput();
const start = () => void import('./main');

if (document.readyState === 'complete') start();
else window.addEventListener('load', start, { once: true });
