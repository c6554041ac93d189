import { describe, expect, it } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { MESSAGES } from '../../machines/rules/messages';
import {
  reminderMachine,
  reminderMoment,
  timeSlots,
  toDateKey,
  type ReminderContext,
} from '../../machines/reminder.machine';
import { replay, replayEach, transitionPaths, uncovered, type Replay } from './support/graphReplay';

// 10:07 local time on 3 March 2025: a fixed clock keeps the slots deterministic.
const NOW = new Date(2025, 2, 3, 10, 7).getTime();
const TODAY = '2025-03-03';
const TOMORROW = '2025-03-04';
const YESTERDAY = '2025-03-02';
const actorIds = ['saveReminder'] as const;

const events = (): AnyEventObject[] => [
  { type: 'PICK_DATE', date: TODAY },
  { type: 'PICK_DATE', date: TOMORROW },
  { type: 'PICK_DATE', date: YESTERDAY },
  { type: 'PICK_TIME', time: '09:00' },
  { type: 'PICK_TIME', time: '10:15' },
  { type: 'SUBMIT' },
  { type: 'CLOCK', now: NOW + 60 * 60 * 1000 },
  { type: 'xstate.done.actor.saveReminder' },
  { type: 'xstate.error.actor.saveReminder', error: { message: 'Reminder service is down' } },
  { type: 'xstate.error.actor.saveReminder', error: { message: '' } },
  { type: 'CHANGE' },
];

/** A vertex: the state, what is picked, the clock, whether an error shows; not which message or saved date. */
const vertex = (s: AnyMachineSnapshot) => {
  const c = s.context as ReminderContext;
  return JSON.stringify([s.value, c.date, c.time, c.now, c.error !== '', c.reminderSet]);
};

function check(snapshot: AnyMachineSnapshot, run: Replay) {
  const c = snapshot.context as ReminderContext;
  // Whatever was picked, a past day or a slot already gone is never held.
  if (c.date) expect(c.date >= TODAY).toBe(true);
  if (c.time) expect(timeSlots(c.date, c.now)).toContain(c.time);
  if (snapshot.matches('saving')) {
    const call = run.calls.at(-1);
    expect(call).toEqual({
      src: 'saveReminder',
      input: { email: 'ada@example.com', reminderDate: reminderMoment(c.date, c.time)!.toISOString() },
    });
  }
  if (snapshot.matches('set') && run.snapshots.some((s) => s.matches('saving'))) {
    expect(c.reminderSet).toBe(true);
    expect(run.toParent.at(-1)).toEqual({ type: 'REMINDER.SET', reminderDate: c.reminderDate });
  }
}

for (const reminderSet of [false, true]) {
  const input = { email: 'ada@example.com', reminderSet, now: NOW };
  const paths = transitionPaths(reminderMachine, input, events, vertex);

  describe(`reminder machine: model-based paths (reminderSet ${reminderSet})`, () => {
    replayEach(reminderMachine, actorIds, input, paths, check);
  });
}

describe('reminder machine: coverage', () => {
  it('paths from both starting points visit every state and take every transition', () => {
    const runs = [false, true].map((reminderSet) => {
      const input = { email: 'ada@example.com', reminderSet, now: NOW };
      return uncovered(
        reminderMachine,
        actorIds,
        input,
        transitionPaths(reminderMachine, input, events, vertex),
      );
    });
    const both = (key: 'states' | 'transitions') => runs[0][key].filter((x) => runs[1][key].includes(x));
    expect({ states: both('states'), transitions: both('transitions') }).toEqual({
      states: [],
      transitions: [],
    });
    // Alone, the not-yet-set start never takes the 'already set' branch.
    expect(runs[0].transitions).toContain('reminder.start always #0');
  });
});

describe('reminder machine: what a person sees', () => {
  const input = { email: 'ada@example.com', reminderSet: false, now: NOW };
  const paths = transitionPaths(reminderMachine, input, events, vertex);
  const last = (run: Replay) => run.snapshots.at(-1)!;
  const outcomes = paths.map((p) => last(replay(reminderMachine, actorIds, input, p)));

  it('submitting without a date and a time says so', () => {
    expect(outcomes.some((s) => s.matches('editing') && s.context.error === MESSAGES.dateTimeRequired)).toBe(
      true,
    );
  });
  it('a past date is refused', () => {
    expect(
      outcomes.some((s) => s.context.error === MESSAGES.dateInvalid && s.context.date !== YESTERDAY),
    ).toBe(true);
    expect(outcomes.some((s) => s.context.date === YESTERDAY)).toBe(false);
  });
  it('a failed save shows the server message or the catalogue fallback', () => {
    expect(outcomes.some((s) => s.context.error === 'Reminder service is down')).toBe(true);
    expect(outcomes.some((s) => s.context.error === MESSAGES.reminderFailed)).toBe(true);
  });
  it('a time picked for today that the clock has passed cannot be saved', () => {
    const later = outcomes.find(
      (s) => s.context.now > NOW && s.context.date === TODAY && s.context.time === '10:15',
    );
    expect(later).toBeUndefined();
  });
});

describe('time slots', () => {
  it('are every 15 minutes, HH:mm, all day for a future date', () => {
    const slots = timeSlots(TOMORROW, NOW);
    expect(slots).toHaveLength(96);
    expect(slots.slice(0, 3)).toEqual(['00:00', '00:15', '00:30']);
    expect(slots.at(-1)).toBe('23:45');
  });
  it('today only offer what is still ahead', () => {
    expect(timeSlots(TODAY, NOW)[0]).toBe('10:15');
    expect(timeSlots(TODAY, NOW)).not.toContain('10:00');
  });
  it('a past or malformed date offers none', () => {
    expect(timeSlots(YESTERDAY, NOW)).toEqual([]);
    expect(timeSlots('2025-02-30', NOW)).toEqual([]);
    expect(timeSlots('tomorrow', NOW)).toEqual([]);
  });
  it('a date key is the local calendar day', () => {
    expect(toDateKey(new Date(NOW))).toBe(TODAY);
    expect(reminderMoment(TOMORROW, '09:30')?.getHours()).toBe(9);
    expect(reminderMoment(TOMORROW, '9:30')).toBeNull();
  });
});
