/** SPEC §4 and §9: the first code can be re-sent after 120 s, and each resend doubles the next wait. */
export const OTP_FIRST_WAIT_SECONDS = 120;
export const otpWaitSeconds = (resendCount: number): number =>
  OTP_FIRST_WAIT_SECONDS * 2 ** Math.max(0, resendCount);

/** '1:05' for 65 seconds: what the countdown shows. */
export const formatCountdown = (seconds: number): string => {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** A screen reader hears the countdown once a minute and in the last ten seconds, not every second. */
export const shouldAnnounceCountdown = (seconds: number): boolean =>
  seconds > 0 && (seconds % 60 === 0 || seconds === 10);
