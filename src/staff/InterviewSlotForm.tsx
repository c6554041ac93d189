/**
 * "Offer a slot" (admins, docs/decisions/175-the-interview-stage.md): a day on the calendar, a time in UTC
 * (decision 176) and a length.
 */
import { useState } from 'react';
import Calendar from 'react-calendar';
import 'react-calendar/dist/Calendar.css';
import { DEFAULT_INTERVIEW_MINUTES, INTERVIEW_MINUTES, utcInstant } from '../../machines/rules/interview';
import { BusyButton } from '../components/BusyButton';
import { Form } from '../components/Form';
import { useStaff } from './StaffContext';

export function InterviewSlotForm({
  busy,
  onAdd,
}: {
  busy: boolean;
  /** The slot's start, a UTC instant, and its length in minutes. */
  onAdd: (start: string, minutes: number) => void;
}) {
  const { me: member } = useStaff();
  const [day, setDay] = useState<Date | null>(null);
  const [time, setTime] = useState('10:00');
  const [minutes, setMinutes] = useState<number>(DEFAULT_INTERVIEW_MINUTES);
  return (
    <Form
      onSubmit={() => {
        if (day) onAdd(utcInstant(day, time), minutes);
      }}
    >
      <h3>Offer a slot</h3>
      <fieldset className="field">
        <legend>Day</legend>
        <Calendar
          value={day}
          minDate={new Date()}
          minDetail="year"
          locale={member.locale}
          onChange={(value) => {
            if (value instanceof Date) setDay(value);
          }}
        />
        <p className="hint" aria-live="polite">
          {day
            ? `Chosen day: ${day.toLocaleDateString(member.locale, { dateStyle: 'full' })}`
            : 'No day chosen yet.'}
        </p>
      </fieldset>
      <div className="field">
        <label htmlFor="interview-time">Time (HH:mm, UTC)</label>
        <input
          id="interview-time"
          type="time"
          className="input"
          value={time}
          required
          onChange={(event) => setTime(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="interview-minutes">Length</label>
        <select
          id="interview-minutes"
          className="select"
          value={minutes}
          onChange={(event) => setMinutes(Number(event.target.value))}
        >
          {INTERVIEW_MINUTES.map((m) => (
            <option key={m} value={m}>
              {m} minutes
            </option>
          ))}
        </select>
      </div>
      <BusyButton busy={busy} type="submit" disabled={!day}>
        Add the slot
      </BusyButton>{' '}
    </Form>
  );
}
