import { afterEach, describe, expect, it } from 'vitest';
import { isStale, resetStale, watchOtherTabs } from '../../src/app/otherTabs';
import { KEYS } from '../../src/app/persistence';
import { persisted } from '../support/persisted';

const mine = persisted({
  form: { email: 'ada@example.com', firstname: 'Ada' },
  started: true,
  existing: true,
});

const fromOtherTab = (key: string | null, value: unknown) =>
  window.dispatchEvent(
    new StorageEvent('storage', { key, newValue: value === null ? null : JSON.stringify(value) }),
  );

describe('another tab', () => {
  let stop = () => {};
  afterEach(() => {
    stop();
    resetStale();
  });

  it('that only repeats what this tab holds, or writes the progress or the cohort, changes nothing', () => {
    stop = watchOtherTabs(() => mine);
    fromOtherTab(KEYS.form, mine.form);
    fromOtherTab(KEYS.started, true);
    fromOtherTab(KEYS.progress, 5);
    fromOtherTab(KEYS.cohort, { id: 7, name: 'Cohort 7' });
    expect(isStale()).toBe(false);
  });

  it.each([
    ['another email', KEYS.form, { ...mine.form, email: 'bola@example.com', firstname: '' }],
    ['a saved step', KEYS.form, { ...mine.form, eligibilityStatus: 'eligible' }],
    ['a submission', KEYS.submitted, true],
    ['a sign-out (a key removed)', KEYS.existing, null],
    ['storage cleared', null, null],
  ])('that stores %s makes this tab stale', (_what, key, value) => {
    stop = watchOtherTabs(() => mine);
    fromOtherTab(key, value);
    expect(isStale()).toBe(true);
  });
});
