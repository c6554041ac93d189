/**
 * "Message these applications" on the queue (admins; docs/decisions/012-emails.md): it sends only
 * after a dry run has shown how many will go and the first message as it will read, through the outbox.
 */
import { useState } from 'react';
import type { MailTemplate } from '../../machines/rules/mailTemplates';
import type { StaffQueueQuery } from '../../machines/rules/staff/queue';
import { Button } from '../components/Button';
import { MessageWordsForm } from './MessageWordsForm';
import { QueueMessageCheck } from './QueueMessageCheck';

/** "Message these applications": the queue's view, the words, then the dry run's count and preview, then Send. */
export function QueueMessage({ filter, total }: { filter: StaffQueueQuery; total: number }) {
  const [open, setOpen] = useState(false);
  const [words, setWords] = useState<MailTemplate | null>(null);
  // The words last checked, to change them after the dry run.
  const [draft, setDraft] = useState<MailTemplate>();
  if (!open)
    return (
      <p>
        <Button look="secondary" disabled={total === 0} onClick={() => setOpen(true)}>
          Message these {total} applications
        </Button>
      </p>
    );
  return (
    <section className="staff-section" aria-labelledby="queue-message-title">
      <h2 id="queue-message-title">Message the {total} applications of this view</h2>
      {words ? (
        <QueueMessageCheck filter={filter} words={words} onEdit={() => setWords(null)} />
      ) : (
        <MessageWordsForm
          errors={{}}
          busy={false}
          action="Check who it goes to"
          initial={draft}
          onSubmit={(checked) => {
            setDraft(checked);
            setWords(checked);
          }}
        />
      )}
    </section>
  );
}
