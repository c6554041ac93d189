/**
 * What the person does in the prerendered Get Started before the app has hydrated it (src/applyBoot.ts starts
 * this; src/main.tsx takes over):
 * - Get Started pressed: the browser's own submission (a GET of this page with the email in its address) is held
 *   back, and the app sends the machine's SAVE once it is in charge, so the press is not lost;
 * - the email typed: kept for this tab (session storage) until the app has it, so that a reload before the app
 *   came does not lose it (once the app runs, it saves the form itself).
 */
/** Where the email typed before the app came is kept for the tab (also by the lines apply.html starts with). */
export const TYPED_EMAIL_KEY = 'tebc:typed-email';
let held = false;
let listening = false;

const hold = (event: SubmitEvent) => {
  event.preventDefault();
  held = true;
};

const keep = (event: Event) => {
  const field = event.target;
  if (!(field instanceof HTMLInputElement) || field.name !== 'email') return;
  try {
    sessionStorage.setItem(TYPED_EMAIL_KEY, field.value);
  } catch {
    // Storage refused (private mode): only a reload before the app comes loses the text.
  }
};

/** What the few lines written into apply.html hold until this module has come (scripts/prerender.ts). */
interface PageHold {
  held: boolean;
  stop: () => void;
}

export function holdEarlyInput(): void {
  if (listening) return;
  listening = true;
  const page = (window as { tebcEarly?: PageHold }).tebcEarly;
  if (page) {
    held ||= page.held;
    page.stop();
  }
  document.addEventListener('submit', hold, true);
  document.addEventListener('input', keep, true);
}

/** Stops holding (React's own handlers now answer) and says whether Get Started was pressed meanwhile. */
export function releaseEarlyInput(): boolean {
  document.removeEventListener('submit', hold, true);
  document.removeEventListener('input', keep, true);
  listening = false;
  try {
    sessionStorage.removeItem(TYPED_EMAIL_KEY);
  } catch {
    // nothing kept
  }
  const was = held;
  held = false;
  return was;
}

/** The email typed before an earlier copy of this page was reloaded, if the app never had it. */
export function typedBeforeReload(): string {
  try {
    return sessionStorage.getItem(TYPED_EMAIL_KEY) ?? '';
  } catch {
    return '';
  }
}
