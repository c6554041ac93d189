/** docs/product.md §4 and §9: the OTP resend wait (120 s, doubling) and how the countdown is shown and announced. */
import { describe, expect, it } from 'vitest';
import {
  CODE_FIRST_WAIT_SECONDS,
  formatCountdown,
  codeWaitSeconds,
  countdownAnnouncement,
} from '../../machines/rules';

describe('codeWaitSeconds', () => {
  it.each([
    [0, 120],
    [1, 240],
    [2, 480],
    [3, 960],
    [4, 1920],
  ])('after %i resends the wait is %i s', (resends, seconds) => {
    expect(codeWaitSeconds(resends)).toBe(seconds);
  });
  it('the first wait is 120 s', () => {
    expect(CODE_FIRST_WAIT_SECONDS).toBe(120);
  });
  it('a negative count is treated as no resend', () => {
    expect(codeWaitSeconds(-1)).toBe(120);
  });
  it('stops growing at 64 minutes, the wait the server enforces', () => {
    expect([codeWaitSeconds(5), codeWaitSeconds(6), codeWaitSeconds(40)]).toEqual([3840, 3840, 3840]);
  });
});

describe('formatCountdown', () => {
  it.each([
    [120, '2:00'],
    [119, '1:59'],
    [65, '1:05'],
    [60, '1:00'],
    [59, '0:59'],
    [9, '0:09'],
    [1, '0:01'],
    [0, '0:00'],
    [480, '8:00'],
    [3600, '60:00'],
  ])('%i s shows %j', (seconds, shown) => {
    expect(formatCountdown(seconds)).toBe(shown);
  });
  it('a fraction of a second rounds up, so 0:00 shows only when the wait is over', () => {
    expect(formatCountdown(59.1)).toBe('1:00');
    expect(formatCountdown(0.2)).toBe('0:01');
  });
  it('a negative time shows 0:00', () => {
    expect(formatCountdown(-5)).toBe('0:00');
  });
});

describe('countdownAnnouncement', () => {
  it.each([
    [240, 'You can ask for a new code in about 4 minutes.'],
    [61, 'You can ask for a new code in about 2 minutes.'],
    [60, 'You can ask for a new code in less than a minute.'],
    [11, 'You can ask for a new code in less than a minute.'],
    [10, 'You can ask for a new code in a few seconds.'],
    [0.2, 'You can ask for a new code in a few seconds.'],
    [0, 'You can ask for a new code now.'],
    [-5, 'You can ask for a new code now.'],
  ])('%s s left reads "%s"', (seconds, text) => {
    expect(countdownAnnouncement(seconds)).toBe(text);
  });
  it('over a full 120 s countdown the text a screen reader hears changes only a few times', () => {
    const texts = Array.from({ length: 121 }, (_, i) => countdownAnnouncement(120 - i));
    const changes = texts.filter((t, i) => i === 0 || t !== texts[i - 1]);
    expect(changes).toEqual([
      'You can ask for a new code in about 2 minutes.',
      'You can ask for a new code in less than a minute.',
      'You can ask for a new code in a few seconds.',
      'You can ask for a new code now.',
    ]);
  });
});
