/** The undo window of a decision: its length, and its words. */

/** How long a decision can be undone before its email leaves. */
export const DECISION_UNDO_MINUTES = 5;

/** The undo window in words ("5 minutes", "30 seconds"), so screens and messages follow DECISION_UNDO_SECONDS. */
export function undoWindowWords(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  const [n, unit] = seconds % 60 === 0 && seconds > 0 ? [seconds / 60, 'minute'] : [seconds, 'second'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}
