import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import Calendar from 'react-calendar';
import 'react-calendar/dist/Calendar.css';
import type { ActorRefFrom } from 'xstate';
import { reminderMachine, timeSlots, toDateKey } from '../../machines/reminder.machine';
import { deviceTimeZone, zoneLabel } from '../../machines/rules/timeZone';
import { BusyButton } from './BusyButton';
import { Form } from './Form';
import { Notice } from './Notice';
import { Button } from './Button';

export interface ReminderSchedulerProps {
  actor: ActorRefFrom<typeof reminderMachine>;
}

const keyToDate = (key: string): Date | null => {
  const [y, m, d] = key.split('-').map(Number);
  return key ? new Date(y, m - 1, d) : null;
};

/** The moment in the device's zone, with the zone named (decision 229). */
const readable = (iso: string) =>
  `${new Date(iso).toLocaleString('en-GB', { dateStyle: 'full', timeStyle: 'short' })}, ${zoneLabel(deviceTimeZone(), new Date(iso))}`;

/** An inline calendar and a 15-minute time slot for a payment reminder (docs/product.md §2.2). */
export function ReminderScheduler({ actor }: ReminderSchedulerProps) {
  const state = useSelector(actor, (s) => s);
  const { date, time, now, error, reminderDate } = state.context;
  const slots = timeSlots(date, now);
  const editing = !state.matches('set');

  // The clock moves on while the page is open: slots that pass are withdrawn.
  useEffect(() => {
    if (!editing) return;
    const timer = setInterval(() => actor.send({ type: 'CLOCK', now: Date.now() }), 60_000);
    return () => clearInterval(timer);
  }, [actor, editing]);

  return (
    <section className="card reminder" aria-labelledby="reminder-title">
      <h2 id="reminder-title">Remind me to pay</h2>
      {state.matches('set') ? (
        <>
          <Notice>
            {reminderDate ? `We will remind you on ${readable(reminderDate)}.` : 'Your reminder is set.'}
          </Notice>
          <Button look="secondary" onClick={() => actor.send({ type: 'CHANGE' })}>
            Change reminder
          </Button>
        </>
      ) : (
        <Form onSubmit={() => actor.send({ type: 'SUBMIT' })}>
          <p className="hint" id="reminder-hint">
            Pick a day and a time ({zoneLabel(deviceTimeZone(), new Date(now))}), and we will email you a
            reminder.
          </p>
          <div className="reminder__grid">
            <fieldset className="field">
              <legend>Date</legend>
              <Calendar
                className="reminder__calendar"
                value={keyToDate(date)}
                minDate={new Date(now)}
                defaultActiveStartDate={keyToDate(date) ?? new Date(now)}
                minDetail="year"
                locale="en-GB"
                onChange={(value) => {
                  if (value instanceof Date) actor.send({ type: 'PICK_DATE', date: toDateKey(value) });
                }}
              />
              <p className="hint" aria-live="polite">
                {date
                  ? `Chosen day: ${keyToDate(date)!.toLocaleDateString('en-GB', { dateStyle: 'full' })}`
                  : 'No day chosen yet.'}
              </p>
            </fieldset>
            <div className="field">
              <label htmlFor="reminder-time">Time (HH:mm)</label>
              <select
                id="reminder-time"
                className="select"
                value={time}
                disabled={!date}
                aria-describedby={error ? 'reminder-error' : 'reminder-hint'}
                aria-invalid={Boolean(error) || undefined}
                onChange={(event) => actor.send({ type: 'PICK_TIME', time: event.target.value })}
              >
                <option value="">{date ? 'Select a time' : 'Choose a day first'}</option>
                {slots.map((slot) => (
                  <option key={slot} value={slot}>
                    {slot}
                  </option>
                ))}
              </select>
            </div>
          </div>
          {error && (
            <p className="alert alert--error" id="reminder-error" role="alert">
              {error}
            </p>
          )}
          <BusyButton type="submit" busy={state.hasTag('busy')}>
            Set reminder
          </BusyButton>
        </Form>
      )}
    </section>
  );
}
