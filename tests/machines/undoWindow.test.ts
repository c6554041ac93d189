import { describe, expect, it } from 'vitest';
import { STAFF_MESSAGES } from '../../machines/rules/staff/messages';
import { undoWindowWords } from '../../machines/rules/staff/undo';

describe('the undo window in words follows the configured window', () => {
  it.each([
    [300_000, '5 minutes'],
    [60_000, '1 minute'],
    [30_000, '30 seconds'],
    [1_000, '1 second'],
    [90_000, '90 seconds'],
  ])('%i ms reads %j', (ms, words) => {
    expect(undoWindowWords(ms)).toBe(words);
  });

  it('the "window over" message names the window', () => {
    expect(STAFF_MESSAGES.undoWindowOver(30_000)).toBe(
      'A decision can be undone only within 30 seconds, before its email is sent',
    );
  });
});
