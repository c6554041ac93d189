/**
 * Messages staff write (admins; docs/decisions/161-messages-to-applicants.md): "Send a message" on an application's
 * page, and "Message these applications" on the queue, which sends only after a dry run has shown how many will go
 * and the first message as it will read. Both take the templates' variables and go through the outbox.
 */
import { useState } from 'react';
import type { MailTemplate, StaffMessageResult } from '../../machines/rules/mailTemplates';
import type { ErrorMap } from '../../machines/rules/messages';
import { STAFF_TEMPLATE_MESSAGES as M, type StaffQueueQuery } from '../../machines/rules/staff';
import { BusyButton } from '../components/BusyButton';
import { Button } from '../components/Button';
import { ErrorSummary } from '../components/ErrorSummary';
import { TextAreaField, TextField, useFieldState } from '../components/Fields';
import { Form } from '../components/Form';
import { Notice } from '../components/Notice';
import { useStaff } from './StaffContext';
import { TemplatePreview, TemplateVariables } from './TemplatesScreen';
import { useResource } from './useResource';

/**
 * The server's field errors under the form's own names: an application's page has a note form with a `body` too, and
 * two fields of one id would share a label.
 */
const asMessageFields = ({ subject, body, ...rest }: ErrorMap): ErrorMap => ({
  ...rest,
  ...(subject ? { message_subject: subject } : {}),
  ...(body ? { message_body: body } : {}),
});

/** Subject and body, the variables, a live preview with the sample applicant, and the form's button. */
function WordsForm({
  errors,
  busy,
  action,
  initial,
  onSubmit,
}: {
  errors: ErrorMap;
  busy: boolean;
  action: string;
  initial?: MailTemplate;
  onSubmit: (words: MailTemplate) => void;
}) {
  const subject = useFieldState('message_subject', errors, initial?.subject);
  const body = useFieldState('message_body', errors, initial?.body);
  const words = { subject: subject.value, body: body.value };
  return (
    <>
      <Form onSubmit={() => onSubmit(words)}>
        <TextField {...subject} label="Subject" />
        <TextAreaField
          {...body}
          label="Message"
          hint="About the applicant's own application. Paragraphs are separated by an empty line."
        />
        <BusyButton type="submit" busy={busy}>
          {action}
        </BusyButton>
      </Form>
      <TemplateVariables />
      {words.subject && words.body && <TemplatePreview wording={words} />}
    </>
  );
}

/** "Send a message" to one applicant, on their page. */
export function ApplicationMessage({ id }: { id: number }) {
  const { api } = useStaff();
  const { actor, view } = useResource<null, MailTemplate>(
    () => Promise.resolve(null),
    async (words) => {
      await api.messageOne(id, words);
      return M.sentOne;
    },
  );
  const { message, notice } = view;
  const errors = asMessageFields(view.errors);
  return (
    <section className="staff-section" aria-labelledby="message-title">
      <h2 id="message-title">Send a message</h2>
      <Notice>{notice}</Notice>
      <ErrorSummary message={message} errors={errors} />
      {/* Keyed by the notice: a sent message clears the form, a refused one stays for its writer to fix. */}
      <WordsForm
        key={notice ?? ''}
        errors={errors}
        busy={view.busy}
        action="Send the message"
        onSubmit={(words) => actor.send({ type: 'SAVE', request: words })}
      />
    </section>
  );
}

/** The dry run of a message to the view (its load), and the send after it (its save). */
function QueueMessageCheck({
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
        <WordsForm
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
