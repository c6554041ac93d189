/**
 * Writes the landing page's markup into dist/client/index.html at build time, so that the first HTML response
 * already holds the hero's words; src/landing/main.tsx then hydrates it. The same for `/apply`
 * (dist/client/apply.html): Get Started's markup, hydrated by src/main.tsx. And `/privacy` (dist/client/privacy.html),
 * the notice, a page without script. Where the live cohort's number and dates
 * go, the markup holds placeholders (machines/rules/landingCohort.ts) that the server fills on every answer
 * (server/landingPage.ts): the build never fixes a cohort. Nor the FAQ's and the key information cards' words: an
 * admin publishes them, and the server renders those two parts (machines/rules/landingWords.ts). Run after `vite build` and
 * `vite build --ssr --outDir dist/ssr` (vite.config.ts names the entries). Optional arguments: the client and SSR output
 * folders (default dist/client and dist/ssr), so that a benchmark can build into a folder of its own.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MESSAGES } from '../machines/rules/messages';
import { EARLY_PRESS_WAIT_MS } from '../machines/rules/network';
import { EMAIL_PATTERN } from '../machines/rules/fields';
import { paths } from '../machines/rules/contract';
import { VIDEO_POSTER_PLACEHOLDER } from '../machines/rules/pages';
import { staffPaths } from '../machines/rules/staff/paths';
import { TYPED_EMAIL_KEY } from '../src/app/earlyInput';
import type { render as renderLanding } from '../src/landing/entry-server';
import {
  APP_ENTRY,
  chunkClosure,
  FIRST_PRESS_PAGE,
  FIRST_PRESS_SCREENS,
  firstPressWave,
  readViteManifest,
  type ScriptWave,
  STAFF_ENTRY,
} from './viteManifest';

const root = resolve(import.meta.dirname, '..');
const clientDir = resolve(root, process.argv[2] ?? 'dist/client');
const ssrDir = resolve(root, process.argv[3] ?? 'dist/ssr');

/** The page's stylesheets written into it: small, and a render-blocking round trip less on a slow connection. */
const inlineCss = (html: string) =>
  html.replace(
    /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g,
    (_tag, href: string) => `<style>${readFileSync(resolve(clientDir, `.${href}`), 'utf8').trim()}</style>`,
  );

/** Where a press of Retry is remembered across the reload it makes, so that the reloaded page takes it as the press. */
const RETRY_PRESS_KEY = 'tebc:retry-press';

/*
 * `/`: a tap on one of the page's buttons (the FAQ's questions, the sliders' arrows, the hero's pause) before the part
 * it is in has hydrated is held, the button marked busy, and src/landing/hydrate.tsx replays it once that part answers
 * and marks it `data-live` (decision 018). The Menu is a <details>, which needs no script at all
 * (docs/decisions/085-apply-prerendered.md).
 */
const holdLandingTaps =
  'var q=[],e=(window.tebcEarly={held:q,stop:function(){removeEventListener("click",c,true)}});' +
  'function c(v){var b=v.target&&v.target.closest&&' +
  'v.target.closest(\'#root [data-island]:not([data-live]) button[type="button"]\');' +
  'if(b){q.push(b);b.setAttribute("aria-busy","true")}}' +
  'addEventListener("click",c,true);';

/*
 * `/apply`: a press of Get Started before the app has come is held (not the browser's own GET with the email in the
 * address) and the button shows at once that it is working; the email typed is kept for the tab, and written back
 * after a reload. When the app's scripts fail, or have not come EARLY_PRESS_WAIT_MS after the press, a line outside
 * the app's root (hydration must find its markup untouched) says the connection failed and offers Retry: a reload
 * that takes the press again. src/app/earlyInput.ts ends all this once the app is in charge; src/applyBoot.ts
 * reports a failed import through `fail`, and says through `answering` that it has come and is answering a held press
 * (no failure line from then on: docs/performance.md (former decision 211)). At the press the lines also start the lookup of the email, when the app will
 * look it up (the same rule: trimmed, 254 characters at most, EMAIL_PATTERN), and the current cohort's, and keep
 * their answers for the app (the lookup as `lookup`, taken by src/app/earlyInput.ts; the cohort by its path, as the
 * staff pages keep theirs, taken by src/app/askedEarly.ts): their round trips overlap the app's arrival instead of
 * following it (docs/performance.md (former decision 169)).
 */
/** The page's answers asked for early, kept by path for the app (src/app/askedEarly.ts). */
const ASKED = '(window.tebcAsked=window.tebcAsked||{})';

const holdGetStarted = [
  `var K=${JSON.stringify(TYPED_EMAIL_KEY)},R=${JSON.stringify(RETRY_PRESS_KEY)},failed=0,timer,box;`,
  'var e=(window.tebcEarly={held:false,stop:stop,fail:fail,answering:answering});',
  'function field(){return document.querySelector(\'#root input[name="email"]\')}',
  'function busy(on){var b=document.querySelector(\'#root button[type="submit"]\');if(!b)return;',
  'if(on){b.setAttribute("aria-busy","true");b.setAttribute("aria-disabled","true");b.setAttribute("data-held","")}',
  'else{b.removeAttribute("aria-busy");b.removeAttribute("aria-disabled");b.removeAttribute("data-held")}}',
  `var L=${JSON.stringify(paths.lookup(''))},C=${JSON.stringify(paths.currentCohort)},M=${EMAIL_PATTERN};`,
  'function get(u){var a=fetch(u,{credentials:"same-origin"});a.catch(function(){});return a}',
  `function look(){var A=${ASKED};if(!A[C])A[C]=get(C);`,
  'var f=field(),m=f?f.value.trim():"";',
  'if(m.length>254||!M.test(m))return;m=m.toLowerCase();e.lookup={email:m,answer:get(L+encodeURIComponent(m))}}',
  'function press(){e.held=true;busy(true);try{look()}catch(x){}if(failed)say();else{clearTimeout(timer);',
  `timer=setTimeout(say,${EARLY_PRESS_WAIT_MS})}}`,
  'function say(){if(box)return;busy(false);box=document.createElement("div");box.className="early-failure";',
  'box.setAttribute("role","alert");var p=document.createElement("p");',
  `p.textContent=${JSON.stringify(MESSAGES.scriptsFailed)};var r=document.createElement("button");`,
  `r.type="button";r.className="button";r.textContent=${JSON.stringify(MESSAGES.retry)};`,
  'r.onclick=function(){try{sessionStorage.setItem(R,"1")}catch(x){}location.reload()};',
  'box.appendChild(p);box.appendChild(r);document.body.appendChild(box)}',
  'function fail(){failed=1;if(e.held)say()}',
  'function answering(){clearTimeout(timer)}',
  'function stop(){removeEventListener("submit",h,true);removeEventListener("input",k,true);clearTimeout(timer);',
  'if(box)box.remove();busy(false)}',
  'function h(v){v.preventDefault();if(!e.held)press()}',
  'function k(v){var f=v.target;if(f&&f.name==="email")try{sessionStorage.setItem(K,f.value)}catch(x){}}',
  'addEventListener("submit",h,true);addEventListener("input",k,true);',
  // What needs the field waits for it: the lines run in the head, before the form is parsed.
  'function ready(){try{var f=field(),t=sessionStorage.getItem(K);if(f&&!f.value&&t)f.value=t;',
  'if(sessionStorage.getItem(R)){sessionStorage.removeItem(R);if(f&&f.value)press()}}catch(x){}}',
  'document.readyState==="loading"?addEventListener("DOMContentLoaded",ready,{once:true}):ready();',
].join('');

/**
 * A page's wave (scripts/viteManifest.ts `ScriptWave`; `ahead` is left out under Save-Data) with `answers`, API paths
 * its app reads first, asked for with the scripts and kept for the app (src/app/askedEarly.ts).
 */
interface Wave extends ScriptWave {
  answers?: string[];
}

/** How many modulepreload links the page's lines add in one task (below). */
const PRELOAD_BATCH = 6;

/*
 * The page's entry module, started by a few lines written into the page once it has loaded and its largest paint has
 * been shown, instead of by a <script src> that the browser fetches and runs before the first paint: the words on
 * screen wait for nothing but the HTML (docs/decisions/085-apply-prerendered.md). The server
 * allows exactly these inline lines by their hash in its Content-Security-Policy (server/inlineScripts.ts). `hold`
 * is what the page holds until its script has come (above).
 */
function startAfterLargestPaint(
  html: string,
  hold: string,
  preload: Wave = { app: [], ahead: [] },
  entrySrc?: string,
): string {
  // The page's module scripts: one entry, or (app.html, whose entry the build shares with `/apply`'s import of the
  // app) one tag for each of its chunks, the entry started by `entrySrc`.
  const scripts = /\s*<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/g;
  const src = entrySrc ?? [...html.matchAll(scripts)][0]?.[1];
  if (!src) throw new Error('no entry <script type="module"> to start after the first paint');
  // With the entry, one <link rel="modulepreload"> for each script the first press needs: the browser fetches them
  // together instead of discovering them import by import. What is ahead (`/apply`'s Bio Data, the back office on
  // the staff pages, with its stylesheets as `preload`, docs/performance.md (former decision 209)) is left to its later fetch when the browser asks
  // to save data (docs/performance.md (former decision 098)). Each link costs about 1 ms of a phone's main thread (2-5 ms
  // at 4x slowdown): the first PRELOAD_BATCH go in with the entry, the rest a batch a task, so that the links are
  // not one long task (docs/performance.md (former decision 140)); the build keeps them few (docs/performance.md (former decision 194)).
  // The answers are asked for first: each is small, and the app waits for it once its scripts have run.
  const answers = preload.answers?.length
    ? `var A=${ASKED};${JSON.stringify(preload.answers)}.forEach(function(u){` +
      'var r=fetch(u,{credentials:"same-origin"});r.catch(function(){});A[u]=r});'
    : '';
  const wave =
    answers +
    (preload.app.length + preload.ahead.length === 0
      ? ''
      : `var a=${JSON.stringify(preload.app)},b=${JSON.stringify(preload.ahead)},c=navigator.connection;` +
        'if(!(c&&c.saveData))a=a.concat(b);function w(){a.splice(0,' +
        String(PRELOAD_BATCH) +
        ').forEach(function(u){var l=document.createElement("link");' +
        'if(/\\.css$/.test(u)){l.rel="preload";l.as="style"}else l.rel="modulepreload";' +
        'l.href=u;document.head.appendChild(l)});if(a.length)setTimeout(w)}w();');
  // Once the largest paint has been shown, as the browser reports it: a request started before that moment counts in
  // the page's LCP under Lighthouse, and a task after the next frame (requestAnimationFrame, setTimeout) came a few
  // milliseconds early on one load in three (docs/performance.md). Where the browser reports no LCP, the next frame;
  // a tab hidden before its first paint reports none at all, so two seconds after load the app starts anyway. Or at
  // the person's first tap or key, if that comes first: they see the page, and the browser reports no LCP after an
  // input, so a tap before load held the app back those two seconds (docs/performance.md (former decision 197)). An entry that cannot be fetched
  // is told to what the page holds (`fail`), which says so at a press.
  const start =
    `var d=0;function g(){if(!d){d=1;setTimeout(function(){${wave}import(${JSON.stringify(src)})` +
    '.catch(function(){var w=window.tebcEarly;if(w&&w.fail)w.fail()})})}}' +
    'function i(){removeEventListener("pointerdown",i,true);removeEventListener("keydown",i,true);g()}' +
    'addEventListener("pointerdown",i,true);addEventListener("keydown",i,true);' +
    'function s(){var P=window.PerformanceObserver,t=(P&&P.supportedEntryTypes)||[];' +
    'if(t.indexOf("largest-contentful-paint")<0){requestAnimationFrame(g);return}' +
    'new P(g).observe({type:"largest-contentful-paint",buffered:true});setTimeout(g,2000)}' +
    'document.readyState==="complete"?s():addEventListener("load",s,{once:true});';
  return (
    html
      .replace(scripts, '')
      // The build's own preload tags (app.html has them) would fetch before the first paint: the wave above replaces them.
      .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
      // In the head: a slow phone paints the form before it has parsed the end of the page, and a press in between
      // would be the browser's own submission (decision 085).
      .replace('</head>', `<script>(function(){${hold}${start}})()</script></head>`)
  );
}

function prerender(
  file: string,
  marker: string,
  markup: string,
  hold: string | null,
  preload?: Wave,
  { from = file, entrySrc }: { from?: string; entrySrc?: string } = {},
  head = '',
): void {
  const template = resolve(clientDir, from);
  const html = readFileSync(template, 'utf8');
  if (!html.includes(marker)) throw new Error(`${template} has no ${marker}: was it prerendered already?`);
  const filled = inlineCss(html)
    .replace(marker, markup)
    .replace('</head>', head ? `${head}\n  </head>` : '</head>');
  // A page without a script of its own (the privacy notice) is written as it is.
  writeFileSync(
    resolve(clientDir, file),
    hold === null ? filled : startAfterLargestPaint(filled, hold, preload, entrySrc),
  );
  console.log(`prerendered ${file}`);
}

const ssr = async <T>(name: string) => (await import(pathToFileURL(resolve(ssrDir, `${name}.js`)).href)) as T;

const { render } = await ssr<{ render: typeof renderLanding }>('entry-server');
// The FAQ and the key information cards are left as placeholders: the server renders the published words there
// (server/landingPage.ts, decision 246).
prerender(
  'index.html',
  '<!--landing-prerender-->',
  render(undefined, { leaveWordsOut: true }),
  holdLandingTaps,
);
const { renderGetStarted } = await ssr<{ renderGetStarted: () => string }>('apply-server');
prerender(
  'apply.html',
  '<!--apply-prerender-->',
  renderGetStarted(),
  holdGetStarted,
  firstPressWave(readViteManifest(clientDir), FIRST_PRESS_PAGE, FIRST_PRESS_SCREENS),
);
// Every other address, opened cold (a returning applicant, a link in an email, staff): the frame and the words that
// the page is opening, painted from the first response; the app replaces them with the screen this person may see
// (docs/decisions/085-apply-prerendered.md). The app's own scripts in one wave; the screen's
// chunk follows once the app knows the screen. staff.html is the same page with staff's words (server/routes/static.ts),
// and every staff page needs the back office: its chunks come in the same wave (docs/performance.md (former decision 209)).
const { renderOpening } = await ssr<{ renderOpening: (staff: boolean, poster?: string) => string }>(
  'apply-server',
);
// The app itself (APP_ENTRY) is their entry, not src/applyBoot.ts's stages: evaluated in stages, the app replaced the
// opening later on a cold load (docs/performance.md (former decisions 190 and 209)).
const manifest = readViteManifest(clientDir);
const appEntry = manifest[APP_ENTRY];
if (!appEntry) throw new Error(`the manifest names no ${APP_ENTRY}`);
const appChunks = chunkClosure(manifest, [APP_ENTRY]);
if (!manifest[STAFF_ENTRY]) throw new Error(`the manifest names no ${STAFF_ENTRY}`);
const staffChunks = [...chunkClosure(manifest, [STAFF_ENTRY], { css: true })].filter(
  (url) => !appChunks.has(url),
);
const appStart = { entrySrc: `/${appEntry.file}` };
prerender(
  'staff.html',
  '<!--app-prerender-->',
  renderOpening(true),
  '',
  // Every staff page first asks who is signed in: asked with the wave, not once the back office has run.
  { app: [...appChunks], ahead: staffChunks, answers: [staffPaths.me] },
  { ...appStart, from: 'app.html' },
);
// The selection video's page: its opening shows the poster, the page's largest paint, from the first response, and
// asks for it beside the scripts (a poster is not found by the browser's look-ahead). The server writes the configured
// poster where the placeholder is (decision 224).
prerender(
  'video.html',
  '<!--app-prerender-->',
  renderOpening(false, VIDEO_POSTER_PLACEHOLDER),
  '',
  { app: [...appChunks], ahead: [] },
  { ...appStart, from: 'app.html' },
  `<link rel="preload" as="image" href="${VIDEO_POSTER_PLACEHOLDER}" fetchpriority="high" />`,
);
prerender(
  'app.html',
  '<!--app-prerender-->',
  renderOpening(false),
  '',
  { app: [...appChunks], ahead: [] },
  appStart,
);
// `/privacy`: the notice with placeholders where the controller and the retention periods go (server/privacyPage.ts).
const { renderPrivacy } = await ssr<{ renderPrivacy: () => string }>('privacy-server');
prerender('privacy.html', '<!--privacy-prerender-->', renderPrivacy(), null);
