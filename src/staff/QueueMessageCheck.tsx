import { useState } from 'react';
import type { MailTemplate, StaffMessageResult } from '../../machines/rules/mailTemplates';
import { STAFF_TEMPLATE_MESSAGES as M } from '../../machines/rules/staff/templateMessages';
import { type StaffQueueQuery } from '../../machines/rules/staff/queue';
import { BusyButton } from '../components/BusyButton';
import { Button } from '../components/Button';
import { ErrorSummary } from '../components/ErrorSummary';
import { Notice } from '../components/Notice';
import { asMessageFields } from './MessageWordsForm';
import { useStaff } from './StaffContext';
import { useResource } from './useResource';

/** The dry run of a message to the view (its load), and the send after it (its save). */
export function QueueMessageCheck({
  filter,
  words,
  onEdit,
}: {
  filter: StaffQueueQuery;
  words: MailTemplate;
  onEdit: () => void;
}) {
  const { api } = useStaff();
  // The view and the words as checked: the send goes to what the dry run counted, whatever the queue shows meanwhile.
  const [request] = useState(() => ({ ...words, filter: filter as Record<string, string> }));
  const { actor, view } = useResource<StaffMessageResult, null>(
    () => api.messageMany({ ...request, dryRun: true }),
    async () => M.sentMany((await api.messageMany(request)).sent),
  );
  const { message, notice } = view;
  const errors = asMessageFields(view.errors);
  const plan = view.data;
  const sent = notice !== undefined;
  return (
    <div className="staff-message-check" aria-live="polite">
      <Notice>{notice}</Notice>
      <ErrorSummary message={message} errors={errors} />
      {plan && !sent && (
        <>
          <p>
            {M.wouldSend(plan.sent, plan.matched)}
            {plan.skipped.length > 0 &&
              `; ${plan.skipped.length} skipped (${[...new Set(plan.skipped.map((s) => s.reason))].join('; ')})`}
            .
          </p>
          {plan.preview && (
            <section className="staff-preview" aria-label="The first message">
              <p>
                <strong>To:</strong> {plan.preview.to}
                <br />
                <strong>Subject:</strong> {plan.preview.subject}
              </p>
              <pre className="staff-preview__text">{plan.preview.text}</pre>
            </section>
          )}
          <BusyButton
            type="button"
            busy={view.busy}
            disabled={plan.sent === 0}
            onClick={() => actor.send({ type: 'SAVE', request: null })}
          >
            Send {plan.sent} {plan.sent === 1 ? 'message' : 'messages'}
          </BusyButton>{' '}
        </>
      )}
      <Button look="secondary" onClick={onEdit}>
        {sent ? 'Write another message' : 'Change the message'}
      </Button>
    </div>
  );
}
