import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { ErrorMap } from '../../machines/rules/messages';
import type { StaffApplicationPage, staffApplicationMachine } from '../../machines/staffApplication.machine';
import { BusyButton } from '../components/BusyButton';
import { TextAreaField, useFieldState } from '../components/Fields';
import { Form } from '../components/Form';
import { useStaffDates } from './StaffContext';

function NoteForm({
  errors,
  busy,
  disabled,
  onAdd,
}: {
  errors: ErrorMap;
  busy: boolean;
  disabled: boolean;
  onAdd: (body: string) => void;
}) {
  const note = useFieldState('body', errors);
  return (
    <Form onSubmit={() => onAdd(note.value)}>
      <TextAreaField {...note} label="Add a note" hint="Only the team sees notes." />
      <BusyButton type="submit" busy={busy} disabled={disabled}>
        Add note
      </BusyButton>
    </Form>
  );
}

/** The team's internal notes on an application, newest last, and the form to add one. */
export function ApplicationNotes({
  page,
  actor,
}: {
  page: StaffApplicationPage;
  actor: ActorRefFrom<typeof staffApplicationMachine>;
}) {
  const { time: when } = useStaffDates();
  const errors = useSelector(actor, (s) => s.context.errors);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const noting = useSelector(actor, (s) => s.hasTag('noting'));
  return (
    <section className="staff-section" aria-labelledby="notes-title">
      <h2 id="notes-title">Internal notes</h2>
      {page.notes.length === 0 ? (
        <p>No notes yet. Applicants never see these.</p>
      ) : (
        <ul className="staff-notes">
          {page.notes.map((n) => (
            <li key={n.id}>
              <p className="staff-notes__by">
                {n.by}, <time dateTime={n.at}>{when(n.at)}</time>
              </p>
              <p className="staff-notes__body">{n.body}</p>
            </li>
          ))}
        </ul>
      )}
      {/* Keyed by the notes saved: a saved note clears the form, a refused one stays for its writer to fix. */}
      <NoteForm
        key={page.notes.length}
        errors={errors}
        busy={noting}
        disabled={busy}
        onAdd={(body) => actor.send({ type: 'ADD_NOTE', body })}
      />
    </section>
  );
}
