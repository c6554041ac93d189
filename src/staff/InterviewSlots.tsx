/**
 * A cohort's interviews on the queue page (docs/decisions/175-the-interview-stage.md): the switch, and the slots to
 * come. An admin switches interviews on, picks a day on the calendar and a time (UTC, decision 176) to offer a slot,
 * and removes a slot nobody booked; a reviewer only reads the list.
 */
import { INTERVIEW_MESSAGES as M, slotWords, type StaffInterviewSlots } from '../../machines/rules/interview';
import { BusyButton } from '../components/BusyButton';
import { Button } from '../components/Button';
import { ErrorSummary } from '../components/ErrorSummary';
import { Notice } from '../components/Notice';
import { useResource } from './useResource';
import { InterviewSlotForm } from './InterviewSlotForm';
import { useStaff } from './StaffContext';

type SlotChange =
  | { kind: 'switch'; on: boolean }
  | { kind: 'add'; start: string; minutes: number }
  | { kind: 'remove'; id: number };

export function InterviewSlots({ cohort }: { cohort: number }) {
  const { api, me: member } = useStaff();
  const admin = member.role === 'admin';
  const { actor, view } = useResource<StaffInterviewSlots, SlotChange>(
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
  );
  const { data: loaded, busy } = view;
  const save = (request: SlotChange) => actor.send({ type: 'SAVE', request });

  return (
    <details className="staff-interviews">
      <summary>Interviews of this cohort{loaded ? (loaded.interview ? ' (on)' : ' (off)') : ''}</summary>
      <Notice>{view.notice}</Notice>
      <ErrorSummary message={view.message} errors={view.errors} />
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
            <InterviewSlotForm
              busy={busy}
              onAdd={(start, minutes) => save({ kind: 'add', start, minutes })}
            />
          )}
        </>
      )}
    </details>
  );
}
