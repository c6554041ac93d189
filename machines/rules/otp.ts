/** docs/product.md §4 and §9: the first code can be re-sent after 120 s, and each resend doubles the next wait. */
export const CODE_FIRST_WAIT_SECONDS = 120;
/** The longest wait, 64 minutes: long enough to stop abuse. */
export const CODE_MAX_WAIT_SECONDS = CODE_FIRST_WAIT_SECONDS * 2 ** 5;
/** The wait before the next code, after `resendCount` resends; the server answers the same (server/codes.ts). */
export const codeWaitSeconds = (resendCount: number): number =>
  Math.min(CODE_FIRST_WAIT_SECONDS * 2 ** Math.max(0, resendCount), CODE_MAX_WAIT_SECONDS);

/** '1:05' for 65 seconds: what the countdown shows. */
export const formatCountdown = (seconds: number): string => {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/**
 * What a screen reader hears of the countdown: the text changes once a minute, then at under a minute and at the
 * last ten seconds, so a polite live region speaks a few times, not every second.
 */
export const countdownAnnouncement = (seconds: number): string => {
  const s = Math.max(0, Math.ceil(seconds));
  if (s === 0) return 'You can ask for a new code now.';
  if (s <= 10) return 'You can ask for a new code in a few seconds.';
  if (s <= 60) return 'You can ask for a new code in less than a minute.';
  const minutes = Math.ceil(s / 60);
  return `You can ask for a new code in about ${minutes} minutes.`;
};
