/**
 * What the person does in the prerendered Get Started before the app has hydrated it. The few lines apply.html
 * starts with (scripts/prerender.ts, decision 085) listen from the first paint:
 * - Get Started pressed: the browser's own submission (a GET of this page with the email in its address) is held
 *   back, the button shows at once that it is working, and the app sends the machine's SAVE once it is in charge
 *   (src/main.tsx), so the press is not lost;
 * - the email typed: kept for this tab (session storage) until the app has it, so that a reload before the app
 *   came does not lose it (once the app runs, it saves the form itself);
 * - the app's scripts failing, or not come 8 s after a press: a line says the connection failed and offers Retry;
 * - at the press, the lookup of the email and the current cohort asked for, their answers kept for the app (the
 *   cohort's by its path, read with src/app/askedEarly.ts).
 * This module is the app's side of those lines: it ends them and reads what they kept.
 */

/** Where the email typed before the app came is kept for the tab (written by the lines apply.html starts with). */
export const TYPED_EMAIL_KEY = 'tebc:typed-email';

/** What the lines written into apply.html hold until the app takes over. */
interface PageHold {
  held: boolean;
  /** Stops listening, takes the busy marks off the button and any failure line away: the app answers now. */
  stop: () => void;
  /** The app's scripts could not be fetched: said at once if Get Started was pressed, else at the press. */
  fail?: () => void;
  /** The app has come and answers the held press: no failure line from now, the press still held and shown busy. */
  answering?: () => void;
  /** The lookup the lines started at the press, for the email as the app looks it up (trimmed, lower case). */
  lookup?: { email: string; answer: Promise<Response> };
}

/** The page's hold, while its lines are in charge or until the app has taken what they kept. */
const pageHold = (): PageHold | undefined => (window as { tebcEarly?: PageHold }).tebcEarly;

/**
 * The server's answer to the lookup the page's lines started at the press, if they started one for this email:
 * taken once, so the app asks the server once (docs/performance.md (former decision 169)).
 */
export function takeEarlyLookup(email: string): Promise<Response> | undefined {
  const page = pageHold();
  const early = page?.lookup;
  if (!early || early.email !== email) return undefined;
  delete page.lookup;
  return early.answer;
}

/** Tells the page's lines that the app's scripts could not be fetched (src/applyBoot.ts). */
export function earlyInputFailed(): void {
  pageHold()?.fail?.();
}

/**
 * How long the app waits for the lookup of a held press before it renders (src/main.tsx): the answer is usually in
 * before the app's scripts; a slower one is waited for on the app's own busy Get Started.
 */
export const HELD_LOOKUP_WAIT_MS = 1_000;

/** The app has come and is answering the held press (src/main.tsx): the page's lines say no failure from now. */
export function answeringEarlyPress(): void {
  pageHold()?.answering?.();
}

/** Whether Get Started was pressed before the app came (the press is still held). */
export function earlyPressHeld(): boolean {
  return pageHold()?.held === true;
}

/** Stops holding (React's own handlers now answer) and says whether Get Started was pressed meanwhile. */
export function releaseEarlyInput(): boolean {
  const page = pageHold();
  page?.stop();
  try {
    sessionStorage.removeItem(TYPED_EMAIL_KEY);
  } catch {
    // nothing kept
  }
  const held = page?.held === true;
  if (page) page.held = false;
  return held;
}

/** The email typed before an earlier copy of this page was reloaded, if the app never had it. */
export function typedBeforeReload(): string {
  try {
    return sessionStorage.getItem(TYPED_EMAIL_KEY) ?? '';
  } catch {
    return '';
  }
}
