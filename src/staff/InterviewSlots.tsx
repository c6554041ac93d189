/**
 * A cohort's interviews on the queue page (docs/decisions/175-the-interview-stage.md): the switch, and the slots to
 * come. An admin switches interviews on, picks a day on the calendar and a time (UTC, decision 176) to offer a slot,
 * and removes a slot nobody booked; a reviewer only reads the list.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import Calendar from 'react-calendar';
import 'react-calendar/dist/Calendar.css';
import {
  DEFAULT_INTERVIEW_MINUTES,
  INTERVIEW_MESSAGES as M,
  INTERVIEW_MINUTES,
  slotWords,
  type StaffInterviewSlots,
} from '../../machines/rules/interview';
import { BusyButton } from '../components/BusyButton';
import { Button } from '../components/Button';
import { ErrorSummary } from '../components/ErrorSummary';
import { Form } from '../components/Form';
import { Notice } from '../components/Notice';
import { provideResource } from './staffActors';
import { useStaff } from './StaffContext';

type SlotChange =
  | { kind: 'switch'; on: boolean }
  | { kind: 'add'; start: string; minutes: number }
  | { kind: 'remove'; id: number };

/** The calendar's day (a local date) and a HH:mm time, as the UTC instant they name. */
const utcInstant = (day: Date, time: string) =>
  `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}T${time}:00Z`;

export function InterviewSlots({ cohort }: { cohort: number }) {
  const { api, me: member } = useStaff();
  const admin = member.role === 'admin';
  const actor = useActorRef(
    useMemo(
      () =>
        provideResource<StaffInterviewSlots, SlotChange>(
          () => api.interviewSlots(cohort),
          async (change) => {
            if (change.kind === 'switch') {
              await api.switchInterviews(cohort, change.on);
              return change.on ? M.switchedOn : M.switchedOff;
            }
            if (change.kind === 'add') {
              await api.addInterviewSlot(cohort, change.start, change.minutes);
              return M.slotAdded;
            }
            await api.removeInterviewSlot(change.id);
            return M.slotRemoved;
          },
        ),
      [api, cohort],
    ),
  );
  const state = useSelector(actor, (s) => s);
  const loaded = state.context.data as StaffInterviewSlots | null;
  const busy = state.hasTag('busy');
  const [day, setDay] = useState<Date | null>(null);
  const [time, setTime] = useState('10:00');
  const [minutes, setMinutes] = useState<number>(DEFAULT_INTERVIEW_MINUTES);
  const save = (request: SlotChange) => actor.send({ type: 'SAVE', request });

  return (
    <details className="staff-interviews">
      <summary>Interviews of this cohort{loaded ? (loaded.interview ? ' (on)' : ' (off)') : ''}</summary>
      <Notice>{state.context.notice}</Notice>
      <ErrorSummary message={state.context.message} errors={state.context.errors} />
      {loaded && (
        <>
          <p>{loaded.interview ? M.switchedOn : M.switchedOff}.</p>
          {admin && (
            <BusyButton busy={busy} onClick={() => save({ kind: 'switch', on: !loaded.interview })}>
              {loaded.interview ? 'Switch interviews off' : 'Switch interviews on'}
            </BusyButton>
          )}
          <h3>Slots to come</h3>
          {loaded.slots.length === 0 ? (
            <p>No slots offered yet.</p>
          ) : (
            <ul className="staff-interviews__slots">
              {loaded.slots.map((slot) => (
                <li key={slot.id}>
                  {slotWords(slot.start, slot.minutes, member.locale)}, offered by {slot.offeredBy}
                  {slot.booked >= slot.capacity ? ' (booked)' : ' (free)'}
                  {admin && slot.booked === 0 && (
                    <Button
                      look="secondary"
                      onClick={() => save({ kind: 'remove', id: slot.id })}
                      aria-label={`Remove the slot ${slotWords(slot.start, slot.minutes, member.locale)}`}
                    >
                      Remove
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
          {admin && (
            <Form
              onSubmit={() => {
                if (day) save({ kind: 'add', start: utcInstant(day, time), minutes });
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
              </BusyButton>
            </Form>
          )}
        </>
      )}
    </details>
  );
}
