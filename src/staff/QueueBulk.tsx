/**
 * Bulk decisions on the queue (admins): what is selected, the three decisions, and the dialog that shows the
 * server's dry run (how many each way, the email that will go) before anything changes.
 */
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { BULK_EVENTS, type BulkEvent } from '../../machines/rules/staff/bulk';
import { undoWindowWords } from '../../machines/rules/staff/undo';
import { ConfirmDialog } from '../components/Dialog';
import { Button } from '../components/Button';
import { bulkConfirmLabel } from '../../machines/staffQueue.machine';
import type { QueueActor } from './QueueTable';

const VERB: Record<BulkEvent, string> = { ACCEPT: 'Accept', WAITLIST: 'Waitlist', REJECT: 'Reject' };
const PAST: Record<BulkEvent, string> = { ACCEPT: 'accepted', WAITLIST: 'waitlisted', REJECT: 'rejected' };

/** How many are chosen: every matching application, or the ticked rows. */
const useChosenCount = (queue: QueueActor) =>
  useSelector(queue, (s) =>
    s.context.allMatching ? (s.context.page?.total ?? 0) : s.context.selected.length,
  );

export function QueueBulkBar({ queue }: { queue: QueueActor }) {
  const total = useSelector(queue, (s) => s.context.page?.total ?? 0);
  const allMatching = useSelector(queue, (s) => s.context.allMatching);
  const selectedCount = useSelector(queue, (s) => s.context.selected.length);
  const pageSelected = useSelector(queue, (s) => {
    const rows = s.context.page?.rows ?? [];
    return rows.length > 0 && rows.every((r) => s.context.selected.includes(r.id));
  });
  const pageSize = useSelector(queue, (s) => s.context.page?.rows.length ?? 0);
  const ready = useSelector(queue, (s) => s.hasTag('ready'));
  const count = useChosenCount(queue);
  const [capSeats, setCapSeats] = useState(false);
  const [byScore, setByScore] = useState(false);
  return (
    <div className="staff-bulk" role="group" aria-label="Decide on the selected applications">
      <p aria-live="polite">
        {allMatching ? `All ${total} matching applications selected.` : `${selectedCount} selected.`}
        {pageSelected && !allMatching && total > pageSize && (
          <>
            {' '}
            <Button look="link" onClick={() => queue.send({ type: 'SELECT_ALL_MATCHING' })}>
              Select all {total} matching
            </Button>
          </>
        )}
        {count > 0 && (
          <>
            {' '}
            <Button look="link" onClick={() => queue.send({ type: 'CLEAR_SELECTION' })}>
              Clear selection
            </Button>
          </>
        )}
      </p>
      {BULK_EVENTS.map((event) => (
        <Button
          look="secondary"
          key={event}
          disabled={count === 0 || !ready}
          onClick={() => queue.send({ type: 'BULK', event, capSeats, byScore })}
        >
          {VERB[event]} selected
        </Button>
      ))}
      <label className="staff-bulk__cap">
        <input type="checkbox" checked={capSeats} onChange={(e) => setCapSeats(e.target.checked)} /> When
        accepting, waitlist those beyond the free seats
      </label>
      {allMatching && (
        <label className="staff-bulk__cap">
          <input type="checkbox" checked={byScore} onChange={(e) => setByScore(e.target.checked)} /> When
          accepting all matching, take the highest scores first
        </label>
      )}
    </div>
  );
}

export function QueueBulkDialog({ queue }: { queue: QueueActor }) {
  const open = useSelector(queue, (s) => s.hasTag('deciding'));
  const busy = useSelector(queue, (s) => s.hasTag('busy'));
  const preview = useSelector(queue, (s) => s.context.preview);
  const bulkEvent = useSelector(queue, (s) => s.context.bulkEvent);
  const count = useChosenCount(queue);
  return (
    <ConfirmDialog
      open={open}
      busy={busy}
      title={bulkEvent ? `${VERB[bulkEvent]} ${preview?.matched ?? count} applications?` : ''}
      text={
        preview && bulkEvent ? (
          <>
            <span className="staff-dialog__line">
              {Object.entries(preview.applied)
                .map(([event, n]) => `${n ?? 0} will be ${PAST[event as BulkEvent]}`)
                .join(', ') || 'None will change'}
              {preview.refused.length > 0 ? `; ${preview.refused.length} cannot be changed now` : ''}.{' '}
              {preview.seatsFree} seats are free.
            </span>
            {preview.preview.map((mail) => (
              <span key={mail.event} className="staff-dialog__mail">
                <strong>
                  {preview.undoSeconds > 0
                    ? `The email that will go (after ${undoWindowWords(preview.undoSeconds * 1000)}):`
                    : 'The email that will go at once (decisions here cannot be undone):'}
                </strong>{' '}
                {mail.subject}
                {/* It scrolls (a long email): focusable and named, so a keyboard can read all of it (axe's
                    scrollable-region-focusable). */}
                <span
                  className="staff-dialog__mail-text"
                  tabIndex={0}
                  role="region"
                  aria-label={`The text of the email: ${mail.subject}`}
                >
                  {mail.text}
                </span>
              </span>
            ))}
          </>
        ) : (
          ''
        )
      }
      confirmLabel={preview && bulkEvent ? bulkConfirmLabel(preview, bulkEvent) : 'Confirm'}
      cancelLabel="Cancel"
      onConfirm={() => queue.send({ type: 'CONFIRM' })}
      onCancel={() => queue.send({ type: 'CANCEL' })}
    />
  );
}
