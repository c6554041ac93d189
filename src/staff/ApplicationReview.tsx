import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { SEAT_MESSAGES } from '../../machines/rules/seats';
import { REVIEW_ACTION_LABELS } from '../../machines/rules/staff/reviewActions';
import { undoWindowWords } from '../../machines/rules/staff/undo';
import { type StaffRole } from '../../machines/rules/staff/roles';
import {
  offeredEvents,
  overbooking,
  type StaffApplicationPage,
  type staffApplicationMachine,
} from '../../machines/staffApplication.machine';
import { BusyButton } from '../components/BusyButton';
import { Button } from '../components/Button';
import { AppDialog } from '../components/Dialog';

/** The review's status, the seats, and the decisions the chart offers this team member now. */
export function ApplicationReview({
  page,
  role,
  actor,
}: {
  page: StaffApplicationPage;
  role: StaffRole;
  actor: ActorRefFrom<typeof staffApplicationMachine>;
}) {
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const deciding = useSelector(actor, (s) => s.hasTag('deciding'));
  const overbookAsked = useSelector(actor, (s) => s.hasTag('overbooking'));
  const offered = offeredEvents(page);
  const seats = page.review?.seats;
  const overbook = overbooking(page);
  return (
    <>
      <section className="staff-section staff-review" aria-labelledby="review-title">
        <h2 id="review-title">Review</h2>
        <p>
          Status: <strong>{page.review?.label ?? 'Not submitted yet'}</strong>
        </p>
        {seats && (
          <p>
            {seats.taken} of {seats.seats} seats taken in this cohort.
          </p>
        )}
        {offered.includes('UNDO') && (
          <p className="hint">
            The applicant does not see this decision yet. It can be undone within{' '}
            {undoWindowWords((page.review?.undoSeconds ?? 0) * 1000)} of taking it, before its email is sent.
          </p>
        )}
        {offered.length > 0 ? (
          <div className="actions">
            {offered.map((type) => (
              <BusyButton
                key={type}
                type="button"
                className={type === 'ACCEPT' ? 'button' : 'button button--secondary'}
                busy={deciding}
                disabled={busy}
                onClick={() => actor.send({ type: 'REVIEW', event: type })}
              >
                {REVIEW_ACTION_LABELS[type]}
              </BusyButton>
            ))}
          </div>
        ) : (
          page.review &&
          role !== 'admin' && <p>Only an admin can decide. Add a note with your recommendation.</p>
        )}
      </section>

      <AppDialog
        open={overbookAsked}
        title="Accept past the seats?"
        role="alertdialog"
        onClose={() => actor.send({ type: 'CANCEL' })}
        description={
          overbook
            ? `${SEAT_MESSAGES.overbook(overbook.seat, overbook.seats)} Accepting overbooks the cohort, and the audit log records it.`
            : undefined
        }
        actions={
          <>
            <Button onClick={() => actor.send({ type: 'OVERBOOK' })}>Accept and overbook</Button>
            <Button look="secondary" onClick={() => actor.send({ type: 'CANCEL' })}>
              Cancel
            </Button>
          </>
        }
      />
    </>
  );
}
