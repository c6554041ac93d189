/**
 * Writes the landing page's markup into dist/client/index.html at build time, so that the first HTML response
 * already holds the hero's words; src/landing/main.tsx then hydrates it. The same for `/apply`
 * (dist/client/apply.html): Get Started's markup, hydrated by src/main.tsx. And `/privacy` (dist/client/privacy.html),
 * the notice, a page without script. Where the live cohort's number and dates
 * go, the markup holds placeholders (machines/rules/landingCohort.ts) that the server fills on every answer
 * (server/landingPage.ts): the build never fixes a cohort. Run after `vite build` and
 * `vite build --ssr --outDir dist/ssr` (vite.config.ts names the entries). Optional arguments: the client and SSR output
 * folders (default dist/client and dist/ssr), so that a benchmark can build into a folder of its own.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { TYPED_EMAIL_KEY } from '../src/app/earlyInput';

const root = resolve(import.meta.dirname, '..');
const clientDir = resolve(root, process.argv[2] ?? 'dist/client');
const ssrDir = resolve(root, process.argv[3] ?? 'dist/ssr');

/** The page's stylesheets written into it: small, and a render-blocking round trip less on a slow connection. */
const inlineCss = (html: string) =>
  html.replace(
    /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g,
    (_tag, href: string) => `<style>${readFileSync(resolve(clientDir, `.${href}`), 'utf8').trim()}</style>`,
  );

/*
 * The page's entry module, started by a few lines written into the page once it has loaded and its largest paint has
 * been shown, instead of by a <script src> that the browser fetches and runs before the first paint: the words on
 * screen wait for nothing but the HTML (docs/decisions/097-entry-started-after-the-first-paint.md). The server
 * allows exactly these inline lines by their hash in its Content-Security-Policy (server/inlineScripts.ts). With
 * `holdSubmit`, a press of the prerendered form's button before the app has come is held, and the email typed is
 * kept for the tab; src/app/earlyInput.ts ends both and reads what they kept.
 */
function startAfterLargestPaint(html: string, holdSubmit: boolean): string {
  const entry = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/;
  const src = html.match(entry)?.[1];
  if (!src) throw new Error('no entry <script type="module"> to start after the first paint');
  const hold = holdSubmit
    ? 'var e=(window.tebcEarly={held:false,stop:function(){removeEventListener("submit",h,true);' +
      'removeEventListener("input",k,true)}});function h(v){v.preventDefault();e.held=true}' +
      `function k(v){var f=v.target;if(f&&f.name==="email")try{sessionStorage.setItem(${JSON.stringify(TYPED_EMAIL_KEY)},f.value)}catch(x){}}` +
      'addEventListener("submit",h,true);addEventListener("input",k,true);'
    : '';
  // Once the largest paint has been shown, as the browser reports it: a request started before that moment counts in
  // the page's LCP under Lighthouse, and a task after the next frame (requestAnimationFrame, setTimeout) came a few
  // milliseconds early on one load in three (docs/performance.md). Where the browser reports no LCP, the next frame;
  // a tab hidden before its first paint reports none at all, so two seconds after load the app starts anyway.
  const start =
    `function s(){var d=0;function g(){if(!d){d=1;setTimeout(function(){import(${JSON.stringify(src)})})}}` +
    'var P=window.PerformanceObserver,t=(P&&P.supportedEntryTypes)||[];' +
    'if(t.indexOf("largest-contentful-paint")<0){requestAnimationFrame(g);return}' +
    'new P(g).observe({type:"largest-contentful-paint",buffered:true});setTimeout(g,2000)}' +
    'document.readyState==="complete"?s():addEventListener("load",s,{once:true});';
  return html
    .replace(entry, '')
    .replace('</body>', `<script>(function(){${hold}${start}})()</script></body>`);
}

/** `start`: the page's script starts after the first paint (holding an early submit or not); `none`: it has none. */
function prerender(file: string, marker: string, markup: string, start: 'hold' | 'plain' | 'none'): void {
  const page = resolve(clientDir, file);
  const html = readFileSync(page, 'utf8');
  if (!html.includes(marker)) throw new Error(`${page} has no ${marker}: was it prerendered already?`);
  const filled = inlineCss(html).replace(marker, markup);
  writeFileSync(page, start === 'none' ? filled : startAfterLargestPaint(filled, start === 'hold'));
  console.log(`prerendered ${file}`);
}

const ssr = async <T>(name: string) => (await import(pathToFileURL(resolve(ssrDir, `${name}.js`)).href)) as T;

const { render } = await ssr<{ render: () => string }>('entry-server');
prerender('index.html', '<!--landing-prerender-->', render(), 'plain');
const { renderGetStarted } = await ssr<{ renderGetStarted: () => string }>('apply-server');
prerender('apply.html', '<!--apply-prerender-->', renderGetStarted(), 'hold');
// `/privacy`: the notice with placeholders where the controller and the retention periods go (server/privacyPage.ts).
const { renderPrivacy } = await ssr<{ renderPrivacy: () => string }>('privacy-server');
prerender('privacy.html', '<!--privacy-prerender-->', renderPrivacy(), 'none');
