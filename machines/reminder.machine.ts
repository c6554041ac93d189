/**
 * The payment reminder on /apply/confirmation (docs/product.md §2.2, §4, §9): a date (never in the past) and a time slot
 * (every 15 minutes, HH:mm; today only the slots still ahead), saved as an ISO `reminderDate`. The clock is input
 * and the `CLOCK` event, so the machine stays pure and its tests deterministic.
 */
import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { BusyTag, NoMeta } from './tags';
import { MESSAGES } from './rules/messages';
import { failureMessage } from './rules/payments';
import type { ParentRef } from './parentRef';

export const SLOT_MINUTES = 15;

const pad = (n: number) => String(n).padStart(2, '0');

/** A local calendar day as 'YYYY-MM-DD' (what the calendar picks; no time zone surprises). */
export const toDateKey = (date: Date): string =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

const parseDateKey = (key: string): Date | null => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return toDateKey(date) === key ? date : null;
};

/** The local moment a date key and an 'HH:mm' slot name, or null when either is malformed. */
export function reminderMoment(dateKey: string, time: string): Date | null {
  const day = parseDateKey(dateKey);
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!day || !match) return null;
  day.setHours(Number(match[1]), Number(match[2]), 0, 0);
  return day;
}

export const isPastDate = (dateKey: string, now: number): boolean => dateKey < toDateKey(new Date(now));

/** The day's slots, every 15 minutes; for today only those still ahead of `now`; none for a past day. */
export function timeSlots(dateKey: string, now: number): string[] {
  if (!parseDateKey(dateKey) || isPastDate(dateKey, now)) return [];
  const all = Array.from({ length: (24 * 60) / SLOT_MINUTES }, (_, i) => {
    const minutes = i * SLOT_MINUTES;
    return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
  });
  return all.filter((slot) => (reminderMoment(dateKey, slot)?.getTime() ?? 0) > now);
}

export interface ReminderInput {
  email: string;
  reminderSet: boolean;
  /** The current time in ms. */
  now: number;
  /** The reminder already saved, if this browser knows it. */
  reminderDate?: string;
  /** Told when the reminder is saved. */
  parent?: ParentRef<ReminderSetEvent>;
}

export interface ReminderContext {
  email: string;
  reminderSet: boolean;
  reminderDate: string;
  now: number;
  date: string;
  time: string;
  error: string;
  parent: ParentRef<ReminderSetEvent> | null;
}

export type ReminderEvent =
  | { type: 'PICK_DATE'; date: string }
  | { type: 'PICK_TIME'; time: string }
  | { type: 'CLOCK'; now: number }
  | { type: 'SUBMIT' }
  | { type: 'CHANGE' };

export interface ReminderSetEvent {
  type: 'REMINDER.SET';
  reminderDate: string;
}

export interface SaveReminderInput {
  email: string;
  reminderDate: string;
}

const chosenIso = (context: ReminderContext): string | null => {
  if (!timeSlots(context.date, context.now).includes(context.time)) return null;
  return reminderMoment(context.date, context.time)?.toISOString() ?? null;
};

export const reminderMachine = setup({
  types: {
    context: {} as ReminderContext,
    events: {} as ReminderEvent,
    input: {} as ReminderInput,
    meta: {} as NoMeta,
    tags: {} as BusyTag,
  },
  actors: {
    saveReminder: fromPromise<void, SaveReminderInput>(() =>
      Promise.reject(new Error('saveReminder is provided by the app')),
    ),
  },
  guards: {
    alreadySet: ({ context }) => context.reminderSet,
    isFutureDate: ({ context, event }) =>
      event.type === 'PICK_DATE' && parseDateKey(event.date) !== null && !isPastDate(event.date, context.now),
    isOfferedSlot: ({ context, event }) =>
      event.type === 'PICK_TIME' && timeSlots(context.date, context.now).includes(event.time),
    hasDateAndTime: ({ context }) => chosenIso(context) !== null,
  },
  actions: {
    notifyParent: enqueueActions(({ enqueue, context }) => {
      if (context.parent) {
        enqueue.sendTo(context.parent, { type: 'REMINDER.SET', reminderDate: context.reminderDate });
      }
    }),
  },
}).createMachine({
  id: 'reminder',
  context: ({ input }) => ({
    email: input.email,
    reminderSet: input.reminderSet,
    reminderDate: input.reminderDate ?? '',
    now: input.now,
    date: '',
    time: '',
    error: '',
    parent: input.parent ?? null,
  }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'alreadySet', target: 'set' }, { target: 'editing' }],
    },
    editing: {
      on: {
        PICK_DATE: [
          {
            guard: 'isFutureDate',
            actions: assign(({ context, event }) => ({
              date: event.date,
              // A slot that the new day does not offer (earlier today) is dropped, not silently kept.
              time: timeSlots(event.date, context.now).includes(context.time) ? context.time : '',
              error: '',
            })),
          },
          { actions: assign({ error: MESSAGES.dateInvalid }) },
        ],
        PICK_TIME: {
          guard: 'isOfferedSlot',
          actions: assign({ time: ({ event }) => event.time, error: '' }),
        },
        // A slot the clock has overtaken is dropped, so a reminder is never set in the past.
        CLOCK: {
          actions: assign(({ context, event }) => ({
            now: event.now,
            time: timeSlots(context.date, event.now).includes(context.time) ? context.time : '',
          })),
        },
        SUBMIT: [
          { guard: 'hasDateAndTime', target: 'saving', actions: assign({ error: '' }) },
          { actions: assign({ error: MESSAGES.dateTimeRequired }) },
        ],
      },
    },
    saving: {
      tags: 'busy',
      invoke: {
        id: 'saveReminder',
        src: 'saveReminder',
        input: ({ context }) => ({ email: context.email, reminderDate: chosenIso(context) ?? '' }),
        onDone: {
          target: 'set',
          actions: [
            assign(({ context }) => ({ reminderSet: true, reminderDate: chosenIso(context) ?? '' })),
            'notifyParent',
          ],
        },
        onError: {
          target: 'editing',
          actions: assign({ error: ({ event }) => failureMessage(event.error, MESSAGES.reminderFailed) }),
        },
      },
    },
    set: {
      on: { CHANGE: { target: 'editing', actions: assign({ date: '', time: '', error: '' }) } },
    },
  },
});
