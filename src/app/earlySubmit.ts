/**
 * Get Started pressed before the app has hydrated the prerendered form (src/applyBoot.ts): the browser's own
 * submission (a GET of this page with the email in its address) is held back, and the app sends the machine's SAVE
 * once it is in charge (src/main.tsx), so the press is not lost.
 */
let held = false;
let listening = false;

const hold = (event: SubmitEvent) => {
  event.preventDefault();
  held = true;
};

export function holdEarlySubmits(): void {
  if (listening) return;
  listening = true;
  document.addEventListener('submit', hold, true);
}

/** Stops holding submissions (React's own handler now answers them) and says whether one was held. */
export function releaseEarlySubmits(): boolean {
  document.removeEventListener('submit', hold, true);
  listening = false;
  const was = held;
  held = false;
  return was;
}
